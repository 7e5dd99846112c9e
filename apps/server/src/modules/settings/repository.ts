import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';

/** The stored JSON of a setting, or undefined when staff never saved it. */
export async function findSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

export async function saveSetting(db: Executor, key: string, value: unknown, accountId: number) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: accountId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedBy: accountId, updatedAt: new Date() },
    });
}
