import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { messages, verificationCodes } from '../../db/schema.ts';

export const insertMessage = async (db: Executor, values: typeof messages.$inferInsert) => {
  await db.insert(messages).values(values);
};

/** Serialises code requests for one target (and one address) until the transaction ends. */
export const lockCodeTarget = async (db: Executor, key: string) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code:${key}`}, 0))`);
};

export async function lastCodeAt(db: Executor, target: string, purpose: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function codesSince(
  db: Executor,
  by: { target: string } | { ip: string },
  since: Date,
): Promise<number> {
  const where =
    'target' in by
      ? and(eq(verificationCodes.target, by.target), gte(verificationCodes.createdAt, since))
      : and(eq(verificationCodes.ip, by.ip), gte(verificationCodes.createdAt, since));
  const [row] = await db.select({ n: count() }).from(verificationCodes).where(where);
  return row?.n ?? 0;
}

export const insertCode = async (db: Executor, values: typeof verificationCodes.$inferInsert) => {
  await db.insert(verificationCodes).values(values);
};

/** The newest live code for the target and purpose, locked for the check. */
export async function lockLiveCode(db: Executor, target: string, purpose: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countTry(db: Executor, id: number, used: boolean) {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1`, ...(used && { usedAt: new Date() }) })
    .where(eq(verificationCodes.id, id));
}

/** Codes are clutter once a day old (the hourly limits read only the last hour). */
export async function deleteCodesBefore(db: Executor, before: Date) {
  await db.delete(verificationCodes).where(sql`${verificationCodes.createdAt} < ${before}`);
}

export async function deleteMessagesBefore(db: Executor, before: Date) {
  await db.delete(messages).where(lt(messages.createdAt, before));
}
