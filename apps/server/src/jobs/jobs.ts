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
  /** Also queued once when a server starts: work a new deployment should not wait for the schedule to do. */
  atStart?: boolean;
  /** Registered only on this kind of database (VACUUM is for the embedded one). */
  only?: DatabaseKind;
  /** Tries after the first failure (pg-boss's default is 2). */
  retryLimit?: number;
  /**
   * Runs sent with the same key within the same `seconds` (a window on the clock) collapse into the first:
   * a request repeated many times queues its work once.
   */
  collapse?: { key(data: Data): string; seconds: number };
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

/**
 * Jobs a server takes from a queue in one fetch, run side by side. A full batch is followed by the next one
 * at once, and a job sent by this server is taken at once: the poll interval only finds work other servers
 * sent, so a queue drains as fast as its jobs run, not one job per poll.
 */
export const JOB_BATCH = 10;

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
  /** This server's worker of each queue. */
  const workers = new Map<string, string>();
  for (const job of active) {
    const work = { pollingIntervalSeconds: pollSeconds, batchSize: JOB_BATCH };
    const worker = await boss.work<object>(job.name, work, async (batch) => {
      // Each job on its own: a failure fails (and retries) that job only; the others complete with the batch.
      await Promise.all(
        batch.map(async (run) => {
          try {
            await job.run(run.data, context);
          } catch (err) {
            log.warn({ err, job: job.name }, 'job failed');
            await boss.fail(job.name, run.id, err as Error);
          }
        }),
      );
      // More is likely waiting: fetch again now rather than after the poll interval.
      if (batch.length === JOB_BATCH) boss.notifyWorker(worker);
    });
    workers.set(job.name, worker);
  }
  // Servers that start together queue it once.
  for (const job of active.filter((each) => each.atStart))
    await boss.send(job.name, {}, { singletonKey: 'start', singletonSeconds: 60 });
  return {
    async send(job, data, sendOptions = {}) {
      const collapse = job.collapse && {
        singletonKey: job.collapse.key(data),
        singletonSeconds: job.collapse.seconds,
      };
      const id = await boss.send(job.name, data, { ...collapse, ...sendOptions });
      // Due now: this server's worker takes it at once instead of at its next poll.
      const worker = workers.get(job.name);
      if (id && worker && sendOptions.startAfter === undefined) boss.notifyWorker(worker);
      return id;
    },
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, close: false, timeout: timeoutMs }),
  };
}
