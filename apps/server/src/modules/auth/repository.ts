import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, loginFailures, roles, sessions } from '../../db/schema.ts';

export async function insertSession(
  db: Executor,
  values: {
    tokenHash: string;
    accountId: number;
    expiresAt: Date;
    ip: string;
    userAgent?: string | undefined;
  },
) {
  await db.insert(sessions).values(values);
}

/** A live session of an enabled account, with its role's grants and status. */
export async function findLiveSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      username: accounts.username,
      roleId: accounts.roleId,
      grants: roles.grants,
      roleStatus: roles.status,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(accounts.status, 'enabled'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Executor, tokenHash: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAccountSessions(db: Executor, accountId: number, exceptTokenHash?: string) {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (exceptTokenHash) conditions.push(ne(sessions.tokenHash, exceptTokenHash));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

export async function deleteSessionsBefore(db: Executor, expiredBefore: Date, revokedBefore: Date) {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, expiredBefore), lt(sessions.revokedAt, revokedBefore)));
}

export const lockExpiries = (db: Executor, keys: string[]) =>
  db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));

/**
 * Counts a failure for the key inside a sliding window; reaching `max` locks the key for `lockSeconds`.
 * Returns when the key is locked until, or null.
 */
export async function countFailure(
  db: Executor,
  key: string,
  max: number,
  window: { windowSeconds: number; lockSeconds: number },
): Promise<Date | null> {
  const { windowSeconds, lockSeconds } = window;
  const fresh = sql`${loginFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: max <= 1 ? sql`now() + make_interval(secs => ${lockSeconds})` : null,
    })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN now() ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${failures} >= ${max} THEN now() + make_interval(secs => ${lockSeconds}) ELSE NULL END`,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
