import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/database.ts';
import { JOBS, vacuumJob } from '../src/jobRegistry.ts';
import { defineJob, type Jobs, startJobs } from '../src/jobs/jobs.ts';
import { openTestDatabase } from './helpers.ts';

const log = Fastify({ logger: false }).log;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateDatabase(database);
});
afterAll(() => database.close());

const until = async (done: () => boolean | Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('background jobs', () => {
  it('keeps a queued job across a restart and runs it after', async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: 'test-greet',
      async run(data: { who: string }) {
        seen.push(data.who);
      },
    });
    let jobs: Jobs = await startJobs(database, log, [greet], { pollSeconds: 1 });
    await jobs.send(greet, { who: 'later' }, { startAfter: 3 });
    await jobs.stop();
    jobs = await startJobs(database, log, [greet], { pollSeconds: 1 });
    try {
      await until(() => seen.length > 0);
      expect(seen).toEqual(['later']);
    } finally {
      await jobs.stop();
    }
  });

  it('drains a queue as fast as its jobs run, failing only the job that failed', async () => {
    const seen: number[] = [];
    const count = defineJob({
      name: 'test-count',
      retryLimit: 0,
      async run({ n }: { n: number }) {
        if (n === 3) throw new Error('three');
        seen.push(n);
      },
    });
    // The server's own poll interval: 25 jobs must not wait for 25 polls.
    const jobs = await startJobs(database, log, [count]);
    try {
      const sent = Date.now();
      for (let n = 0; n < 25; n++) await jobs.send(count, { n });
      await until(() => seen.length === 24, 8000);
      expect(Date.now() - sent).toBeLessThan(8000);
      expect(seen.sort((a, b) => a - b)).toEqual([...Array(25).keys()].filter((n) => n !== 3));
      const states = async () =>
        (
          await database.pool.query(
            `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'test-count' GROUP BY state ORDER BY state`,
          )
        ).rows;
      await until(async () =>
        (await states()).every((row) => row.state === 'completed' || row.state === 'failed'),
      );
      expect(await states()).toEqual([
        { state: 'completed', n: 24 },
        { state: 'failed', n: 1 },
      ]);
    } finally {
      await jobs.stop();
    }
  });

  it('schedules the registry, with VACUUM on the embedded database only, and VACUUM runs', async () => {
    const jobs = await startJobs(database, log, JOBS, { pollSeconds: 1 });
    try {
      const { rows } = await database.pool.query('SELECT name FROM pgboss.schedule ORDER BY name');
      const names = rows.map((row) => row.name);
      const pay = [
        'pay-close-expired-orders',
        'pay-poll-refunds',
        'pay-query-unnotified-orders',
        'pay-reconcile-yesterday',
      ];
      expect(names).toEqual(
        database.kind === 'pglite'
          ? [...pay, 'purge-codes-and-messages', 'purge-sessions', 'roll-up-visits', 'vacuum']
          : [...pay, 'purge-codes-and-messages', 'purge-rate-limits', 'purge-sessions', 'roll-up-visits'],
      );
      // The visits rollup is also queued at start: a first deployment does not wait for its schedule.
      const { rows: started } = await database.pool.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'roll-up-visits'`,
      );
      expect(started[0].n).toBeGreaterThanOrEqual(1);
      // ...and runs to its end (stopping while it runs would close the database under it).
      await until(
        async () =>
          (
            await database.pool.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'roll-up-visits' AND state = 'completed'`,
            )
          ).rows[0].n >= 1,
      );
      if (database.kind !== 'pglite') return;
      const id = await jobs.send(vacuumJob, {});
      let state = '';
      await until(async () => {
        state = (await database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [id])).rows[0]
          ?.state;
        return state === 'completed' || state === 'failed';
      });
      expect(state).toBe('completed');
    } finally {
      await jobs.stop();
    }
  });
});
