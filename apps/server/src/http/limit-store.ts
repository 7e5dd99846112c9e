import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';

/** Keys this server remembers as over their limit; past it, those whose window has ended go first. */
const REMEMBERED_MAX = 10_000;

// One statement per counted request: a key's row starts a window, counts in it, or starts the next one.
const COUNT = `
  INSERT INTO rate_limits AS r (key, hits, window_started_at) VALUES ($1, 1, now())
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_started_at > now() - $2::int * interval '1 millisecond' THEN r.hits + 1 ELSE 1 END,
    window_started_at = CASE WHEN r.window_started_at > now() - $2::int * interval '1 millisecond'
      THEN r.window_started_at ELSE now() END
  RETURNING r.hits, ceil(extract(epoch FROM r.window_started_at - now()) * 1000 + $2::int)::int AS ttl`;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_limits`), so every server on the database
 * counts the same windows: one upsert per counted request. A key found over its limit is refused from this
 * server's memory for the rest of its window, so a flood from one address costs the database one statement
 * per server and window, not one per request. Before the database is ready nothing is counted (every route
 * that reads it answers 503 then).
 */
export function sharedLimitStore(slot: { current: Database | null }): FastifyRateLimitStoreCtor {
  const over = new Map<string, { until: number; hits: number }>();
  const remember = (key: string, until: number, hits: number) => {
    over.delete(key);
    over.set(key, { until, hits });
    if (over.size <= REMEMBERED_MAX) return;
    const now = Date.now();
    for (const [k, v] of over) if (v.until <= now) over.delete(k);
    for (const k of over.keys()) {
      if (over.size <= REMEMBERED_MAX) break;
      over.delete(k);
    }
  };
  class SharedLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const now = Date.now();
      const known = over.get(key);
      if (known && known.until > now) {
        known.hits += 1;
        done(null, { current: known.hits, ttl: known.until - now });
        return;
      }
      if (known) over.delete(key);
      const database = slot.current;
      if (!database) {
        done(null, { current: 0, ttl: timeWindow });
        return;
      }
      database.pool.query<{ hits: number; ttl: number }>(COUNT, [key, timeWindow]).then(
        ({ rows: [row] }) => {
          const hits = row?.hits ?? 0;
          const ttl = Math.max(0, row?.ttl ?? timeWindow);
          if (hits > max) remember(key, now + ttl, hits);
          done(null, { current: hits, ttl });
        },
        (error: Error) => done(error),
      );
    }

    child() {
      return new SharedLimitStore();
    }
  }
  return SharedLimitStore;
}

/** Windows long past (every limit's window is a minute). */
export async function purgeRateLimits(db: Executor) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, sql`now() - interval '1 hour'`));
}
