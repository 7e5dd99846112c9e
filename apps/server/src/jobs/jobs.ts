import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database, DatabaseKind } from '../db/database.ts';

export interface JobContext {
  database: Database;
  log: FastifyBaseLogger;
  /** The server's `WECHATPAY_API_BASE`; without it the payment jobs do nothing. */
  wechatPayApiBase?: string;
  /** The server's `SMTP_ALLOW_PRIVATE`, for the jobs that send mail. */
  smtpAllowPrivate?: boolean;
}

/** One kind of background work: its queue, its handler and, for recurring work, its schedule. */
export interface Job<Data extends object = object> {
  /** Queue name (letters, digits, `-`, `_`, `.`, `/`); also names the schedule. */
  name: string;
  /** Cron expression in UTC; a job without one runs only when sent. */
  cron?: string;
  /** Registered only on this kind of database (VACUUM is for the embedded one). */
  only?: DatabaseKind;
  /** Tries after the first failure (pg-boss's default is 2). */
  retryLimit?: number;
  run(data: Data, context: JobContext): Promise<void>;
}

/** Typed helper for job modules: `export const expireOrders = defineJob({ ... })`. */
export const defineJob = <Data extends object>(job: Job<Data>): Job<Data> => job;

export interface Jobs {
  /** Queues one run of `job` (e.g. `startAfter` for an order that expires in 15 minutes). */
  send<Data extends object>(job: Job<Data>, data: Data, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Stops taking work, waits up to `timeoutMs` for running jobs; leaves the database open. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobOptions {
  /** How often each server looks for queued work and due schedules (pg-boss's floor is 1s for cron). */
  pollSeconds?: number;
  /** Handed to the jobs (the payment jobs call WeChat Pay there). */
  wechatPayApiBase?: string;
  smtpAllowPrivate?: boolean;
}

/**
 * Runs `jobs` on pg-boss in the app's own database and pool (the embedded database allows one
 * connection, so pg-boss must not open its own). Queued jobs and schedules live in the `pgboss`
 * schema: they survive restarts, and each due run is taken by exactly one server.
 */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  jobs: readonly Job[],
  options: JobOptions = {},
): Promise<Jobs> {
  const pollSeconds = options.pollSeconds ?? 10;
  // Loaded here, once the server answers (see startServer), not on its way there.
  const { default: Boss } = await import('pg-boss');
  const boss = new Boss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    cronMonitorIntervalSeconds: Math.max(1, Math.min(30, pollSeconds)),
    cronWorkerIntervalSeconds: Math.max(1, Math.min(30, pollSeconds)),
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  const active = jobs.filter((job) => !job.only || job.only === database.kind);
  // Servers that boot together set up the schema, queues and schedules in turn.
  await database.exclusive(async () => {
    await boss.start();
    for (const job of active) {
      // pg-boss refuses an option that is present but undefined.
      const retry = job.retryLimit === undefined ? {} : { retryLimit: job.retryLimit };
      await boss.createQueue(job.name, { name: job.name, ...retry });
      if (job.cron) await boss.schedule(job.name, job.cron);
    }
    // A schedule whose job is gone (or runs on the other kind of database) would queue work nobody takes.
    const scheduled = new Set(active.filter((job) => job.cron).map((job) => job.name));
    for (const { name } of await boss.getSchedules()) if (!scheduled.has(name)) await boss.unschedule(name);
  });
  const context: JobContext = {
    database,
    log,
    wechatPayApiBase: options.wechatPayApiBase,
    smtpAllowPrivate: options.smtpAllowPrivate,
  };
  for (const job of active) {
    await boss.work<object>(job.name, { pollingIntervalSeconds: pollSeconds }, async ([run]) => {
      if (!run) return;
      try {
        await job.run(run.data, context);
      } catch (err) {
        log.warn({ err, job: job.name }, 'job failed');
        throw err;
      }
    });
  }
  return {
    send: (job, data, sendOptions = {}) => boss.send(job.name, data, sendOptions),
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, close: false, timeout: timeoutMs }),
  };
}
