import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';

/** The stored JSON of a setting, or undefined when staff never saved it. */
export const findSetting = async (db: Executor, key: string): Promise<unknown> =>
  (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1))[0]?.value;

/** Reads a setting for a change, locking it until the transaction ends. */
export const lockSetting = async (db: Executor, key: string): Promise<unknown> =>
  (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update'))[0]
    ?.value;

export async function saveSetting(db: Executor, key: string, value: unknown, updatedBy: number | null) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}
