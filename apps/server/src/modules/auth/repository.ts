import { SESSION_TTL_MS } from '@cool/shared';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, loginFailures, roles, sessions } from '../../db/schema.ts';

export async function insertSession(
  db: Executor,
  values: {
    tokenHash: string;
    accountId: number;
    expiresAt: Date;
    idleSeconds: number | null;
    ip: string;
    userAgent?: string | undefined;
  },
) {
  await db.insert(sessions).values(values);
}

/** What decides where an account lands: the start page it chose and its role's grants and status. */
export async function findLanding(db: Executor, accountId: number) {
  const [row] = await db
    .select({ startPage: accounts.startPage, grants: roles.grants, roleStatus: roles.status })
    .from(accounts)
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

const liveSessionQuery = (db: Executor) =>
  db
    .select({
      accountId: accounts.id,
      username: accounts.username,
      roleId: roles.id,
      grants: roles.grants,
      roleStatus: roles.status,
      requireTwoStep: roles.requireTwoStep,
      twoStepEnabled: accounts.twoStepEnabled,
      expiresAt: sessions.expiresAt,
      idleSeconds: sessions.idleSeconds,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(accounts.status, 'enabled'),
      ),
    )
    .limit(1)
    .prepare('live_session');

/** Per database: the statement is built once, and each connection parses and plans it once. */
const liveSessionQueries = new WeakMap<Executor, ReturnType<typeof liveSessionQuery>>();

/**
 * A live session of an enabled account, with its role's grants and status. Every signed-in request asks
 * this, so it is a prepared statement; it still reads the rows each time, so a revoked session, a disabled
 * account or a changed role counts at once, on every server.
 */
export async function findLiveSession(db: Executor, tokenHash: string) {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: new Date() });
  return row ?? null;
}

/** A session used again lives its idle lifetime from now, but never longer than a remembered one. */
export async function extendIdleSession(db: Executor, tokenHash: string, idleSeconds: number) {
  await db
    .update(sessions)
    .set({
      expiresAt: sql`least(now() + make_interval(secs => ${idleSeconds}),
        ${sessions.createdAt} + make_interval(secs => ${SESSION_TTL_MS / 1000}))`,
    })
    .where(eq(sessions.tokenHash, tokenHash));
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

/** One throttling key of a sign-in attempt and how many failures it allows per window. */
export interface ThrottleKey {
  key: string;
  max: number;
}

export interface ThrottleWindow {
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * Takes one attempt on every key before the password is checked, in a single upsert: concurrent attempts
 * queue on the rows, so no more than `max` per window get through to the check. A key that is locked
 * counts nothing; an expired lock or window starts afresh.
 * Returns, per key, the seconds until this attempt could be tried, 0 when it may go ahead now.
 */
export async function takeAttempt(
  db: Executor,
  keys: ThrottleKey[],
  { windowSeconds }: ThrottleWindow,
): Promise<number[]> {
  const locked = sql`${loginFailures.lockedUntil} > now()`;
  const fresh = sql`(${loginFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})
    OR ${loginFailures.lockedUntil} <= now())`;
  const rows = await db
    .insert(loginFailures)
    .values(keys.map(({ key }) => ({ key, failures: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`CASE WHEN ${locked} THEN ${loginFailures.failures} WHEN ${fresh} THEN 1
          ELSE ${loginFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN NOT ${locked} AND ${fresh} THEN now()
          ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${loginFailures.lockedUntil} END`,
      },
    })
    .returning({
      key: loginFailures.key,
      failures: loginFailures.failures,
      lockedFor: sql<number>`ceil(extract(epoch FROM ${loginFailures.lockedUntil} - now()))::int`,
      windowEndsIn: sql<number>`ceil(extract(epoch FROM ${loginFailures.windowStartedAt}
        + make_interval(secs => ${windowSeconds}) - now()))::int`,
    });
  return keys.map(({ key, max }) => {
    const row = rows.find((r) => r.key === key);
    if (!row) return 0;
    if (row.lockedFor > 0) return row.lockedFor;
    return row.failures > max ? Math.max(1, row.windowEndsIn) : 0;
  });
}

/**
 * The attempt taken on the key failed: reaching `max` failures locks the key for `lockSeconds`.
 * Returns when the key is locked until if this failure locked it, or null.
 */
export async function countFailure(
  db: Executor,
  { key, max }: ThrottleKey,
  { lockSeconds }: ThrottleWindow,
): Promise<Date | null> {
  const lockedUntil = sql`now() + make_interval(secs => ${lockSeconds})`;
  const [row] = await db
    .update(loginFailures)
    .set({
      lockedUntil: sql`CASE WHEN ${loginFailures.failures} >= ${max} AND ${loginFailures.lockedUntil} IS NULL
        THEN ${lockedUntil} ELSE ${loginFailures.lockedUntil} END`,
    })
    .where(eq(loginFailures.key, key))
    .returning({
      lockedUntil: loginFailures.lockedUntil,
      lockedNow: sql<boolean>`${loginFailures.lockedUntil} = ${lockedUntil}`,
    });
  return row?.lockedNow ? row.lockedUntil : null;
}

/** The attempt taken on the key was not a wrong password: it no longer counts. */
export async function returnAttempt(db: Executor, key: string) {
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(eq(loginFailures.key, key));
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
