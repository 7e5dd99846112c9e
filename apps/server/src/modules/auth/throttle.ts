import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginFailures } from '../../db/schema.ts';

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
  lockMs: number;
}

export const throttleKeys = (username: string, ip: string) => ({
  account: `account:${username.toLowerCase()}`,
  address: `ip:${ip}`,
});

/** Seconds until the earliest moment every key is unlocked, or 0 when sign-in may be tried now. */
export async function lockedFor(db: Db, keys: string[]): Promise<number> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts a failure per key inside a sliding window; reaching the limit locks the key for `lockMs`. */
export async function recordFailure(db: Db, key: string, max: number, limits: ThrottleLimits) {
  const windowSeconds = limits.windowMs / 1000;
  const lockSeconds = limits.lockMs / 1000;
  const fresh = sql`${loginFailures.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  await db
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
    });
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [key]));
}
