import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';
import { currentKeyring, SecretsKeyError } from '../../db/secrets.ts';
import { HttpError } from '../../http/reply.ts';
import { openSecrets, SECRET_FIELDS, sealSecrets } from './secrets.ts';

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
