import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';
import { currentKeyring, SecretsKeyError } from '../../db/secrets.ts';
import { HttpError } from '../../http/reply.ts';
import { openSecrets, SECRET_FIELDS, sealSecrets } from './secretFields.ts';

/** The document with its secrets opened; a server without their key answers 503, not a wrong value. */
function opened(key: string, value: unknown): unknown {
  if (value === undefined || !SECRET_FIELDS[key]) return value;
  try {
    return openSecrets(currentKeyring(), key, value);
  } catch (error) {
    if (error instanceof SecretsKeyError) throw new HttpError(503, 'server.secretsUnreadable');
    throw error;
  }
}

/** The stored JSON of a setting (its secrets opened), or undefined when staff never saved it. */
export const findSetting = async (db: Executor, key: string): Promise<unknown> =>
  opened(
    key,
    (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1))[0]
      ?.value,
  );

/** Reads a setting for a change, locking it until the transaction ends. */
export const lockSetting = async (db: Executor, key: string): Promise<unknown> =>
  opened(
    key,
    (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update'))[0]
      ?.value,
  );

/** Writes a setting, its secrets sealed with the current key. */
export async function saveSetting(db: Executor, key: string, plain: unknown, updatedBy: number | null) {
  const value = SECRET_FIELDS[key] ? sealSecrets(currentKeyring(), key, plain) : plain;
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

// ---- The stored documents as they are, secrets sealed (secrets.ts reseals them) ----------------------

/** The rows of these settings, their secrets left sealed, locked until the transaction ends. */
export const lockStoredSettings = (tx: Executor, keys: string[]) =>
  tx.select().from(settings).where(inArray(settings.key, keys)).for('update');

/** Replaces a setting's stored document with `value` as given (its secrets already sealed). */
export async function rewriteStoredSetting(tx: Executor, key: string, value: unknown) {
  await tx.update(settings).set({ value }).where(eq(settings.key, key));
}
