import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/database.ts';
import { openTestDatabase } from './helpers.ts';

// Requests whose statement takes a second: on the embedded database they queue for its one connection.
const SLOW = 10;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
let base: string;
const logLines: string[] = [];
/** Times the answer of /api/slow-answer was serialized. */
let serialized = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateDatabase(database);
  app = await buildApp(loadConfig({}, { webDist: undefined, rateLimitMax: 0 }), {
    logStream: { write: (line) => logLines.push(line) },
    database,
  });
  const access = { public: true } as const;
  app.get('/api/slow', { config: { access } }, async () => {
    await app.db.execute(sql`select pg_sleep(1)`);
    return { done: true };
  });
  app.get('/api/slow-change', { config: { access } }, async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(1)`);
      await tx.execute(sql`select 1`);
    });
    return { done: true };
  });
  app.get('/api/slow-answer', { config: { access } }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      toJSON() {
        serialized++;
        return { done: true };
      },
    };
  });
  app.get('/api/slow-error', { config: { access } }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    throw new Error('a bug');
  });
  app.get('/api/quick', { config: { access } }, async () => {
    await app.db.execute(sql`select 1`);
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const timed = async (url: string) => {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

/** Starts the slow requests; resolves once they have reached the server, with a way to abandon them. */
async function slowRequests() {
  const abandon = new AbortController();
  const requests = Array.from({ length: SLOW }, () =>
    fetch(`${base}/api/slow`, { signal: abandon.signal }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    ),
  );
  await pause(200);
  return { abandon: () => abandon.abort(), done: Promise.all(requests) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for `path` and goes away after `ms`, as a client that gives up; resolves once it has. */
async function abandonAfter(path: string, ms: number) {
  const abandon = new AbortController();
  const request = fetch(`${base}${path}`, { signal: abandon.signal }).catch(() => undefined);
  await pause(ms);
  abandon.abort();
  await request;
}

describe('abandoned requests', () => {
  it('are not logged as errors: the client left, the server did nothing wrong', async () => {
    const slow = await slowRequests();
    logLines.length = 0;
    slow.abandon();
    await slow.done;
    expect((await timed(`${base}/api/quick`)).status).toBe(200);
    // Before: one 'unhandled error' entry, with its stack, per abandoned request.
    expect(logLines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });

  it('drop their queries when the client goes away, so the next request does not wait for them', async () => {
    const slow = await slowRequests();
    slow.abandon();
    // Before: the abandoned statements ran one after another (about SLOW seconds) ahead of this one.
    const quick = await timed(`${base}/api/quick`);
    expect(quick.status).toBe(200);
    expect(quick.ms).toBeLessThan(3000);
    await slow.done;
    if (database.kind === 'postgres') {
      // The running statements were cancelled (the cancel lands a moment later), not left to finish.
      await vi.waitFor(
        async () => {
          const { rows } = await database.pool.query(
            "select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'",
          );
          expect(rows[0].n).toBe(0);
        },
        { timeout: 500 },
      );
    }
  }, 30_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'are cancelled on PostgreSQL without signing in a connection per cancel',
    async () => {
      const connects = vi.spyOn(pg.Client.prototype, 'connect');
      try {
        const slow = await slowRequests();
        slow.abandon();
        await slow.done;
        await vi.waitFor(async () => {
          const { rows } = await database.pool.query(
            "select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'",
          );
          expect(rows[0].n).toBe(0);
        });
        // Before: each cancel signed in on a new connection (a backend started) to run pg_cancel_backend.
        expect(connects).not.toHaveBeenCalled();
      } finally {
        connects.mockRestore();
      }
    },
    30_000,
  );

  it('are not serialized when their answer comes after the client left', async () => {
    await abandonAfter('/api/slow-answer', 200);
    await pause(600);
    // Before: serialized (and written to the closed socket), while the next requests waited.
    expect(serialized).toBe(0);
    expect((await fetch(`${base}/api/slow-answer`).then((r) => r.json())) as unknown).toEqual({ done: true });
    expect(serialized).toBe(1);
  });

  it('log an error raised after the client left once, as before', async () => {
    logLines.length = 0;
    await abandonAfter('/api/slow-error', 200);
    await pause(600);
    const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.msg)).toEqual(['unhandled error']);
  });

  it('leave /api/health answering at once, not behind the queued list queries', async () => {
    const slow = await slowRequests();
    // Before: health waited for the database's one connection like every other query.
    const health = await timed(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(3000);
    slow.abandon();
    await slow.done;
  }, 30_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('rolls back a transaction whose request was abandoned before its connection goes back to the pool', async () => {
    await abandonAfter('/api/slow-change', 300);
    await vi.waitFor(
      async () => {
        const { rows } = await database.pool.query(
          "select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%' or (state = 'active' and query like 'select pg_sleep%')",
        );
        expect(rows[0].n).toBe(0);
      },
      { timeout: 3000 },
    );
    expect((await timed(`${base}/api/quick`)).status).toBe(200);
  });

  it('cancels a statement that runs longer than DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const timed = await openDatabase({ url: database.url, statementTimeoutMs: 300 });
    try {
      await expect(timed.pool.query('select pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    } finally {
      await timed.close();
    }
  });
});
