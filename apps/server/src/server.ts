import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import {
  type Database,
  migrateDatabase,
  migrationsApplied,
  openConfiguredDatabase,
  waitForPostgres,
} from './db/database.ts';
import { JOBS } from './jobRegistry.ts';
import { useJobQueue } from './jobs/background.ts';
import { type Job, type JobOptions, type Jobs, startJobs } from './jobs/jobs.ts';
import { prepareSecrets } from './modules/settings/secrets.ts';
import { seed, seeded } from './seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  /** Stops taking jobs and requests, lets running ones finish, then closes the database. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Background jobs to run (default: every job in the registry). */
  jobs?: readonly Job[];
  jobOptions?: JobOptions;
  /** The database already being opened (main.ts starts it before it loads the app's modules). */
  opening?: Promise<Database>;
  /** Called once requests are served, before the job queue starts. */
  onServing?: () => void;
}

/**
 * Opens the database (waiting for PostgreSQL up to `DATABASE_CONNECT_TIMEOUT_S`), migrates and seeds it (one
 * server at a time); on failure nothing is left open.
 */
export async function prepareDatabase(
  config: Config,
  log: (message: string, level?: 'warn') => void,
  opening = openConfiguredDatabase(config),
): Promise<Database> {
  const database = await opening;
  try {
    if (config.databaseUrl)
      await waitForPostgres(config.databaseUrl, config.databaseConnectTimeoutS * 1000, log);
    // A restart finds both done: it then takes no lock (on PostgreSQL a connection of its own) to learn it.
    const done = (await migrationsApplied(database)) && (await seeded(database.db));
    const report = done
      ? undefined
      : await database.exclusive(async () => {
          await migrateDatabase(database);
          return seed(database.db, { adminPassword: config.adminPassword });
        });
    await prepareSecrets(database.db, config, log);
    if (!report) return database;
    if (report.stepsApplied.length > 0) log(`Seeded: ${report.stepsApplied.join(', ')}`);
    if (report.generatedAdminPassword) {
      // Printed once, straight to the terminal: it must not end up in structured logs.
      process.stdout.write(
        `\n  An admin account was created.\n  username: admin\n  password: ${report.generatedAdminPassword}\n  (shown only this once; set ADMIN_PASSWORD to choose it)\n\n`,
      );
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Starts Fastify and the database together (an embedded database takes about as long to start as the app),
 * so a restart costs the slower of the two, not their sum. /api/health answers 503 until the database is
 * migrated and seeded.
 */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  // The app's logger exists only once it is built: the database's messages wait for it.
  const messages: [string, 'info' | 'warn'][] = [];
  let logger: FastifyBaseLogger | undefined;
  const say = (message: string, level: 'info' | 'warn' = 'info') =>
    logger ? logger[level](message) : messages.push([message, level]);
  const [listening, prepared] = await Promise.allSettled([
    buildApp(config).then(async (app) => {
      logger = app.log;
      for (const [message, level] of messages.splice(0)) app.log[level](message);
      await app.listen({ port: config.port, host: config.host }).catch(async (error) => {
        await app.close();
        throw error;
      });
      return app;
    }),
    prepareDatabase(config, say, options.opening),
  ]);
  if (listening.status === 'rejected' || prepared.status === 'rejected') {
    if (listening.status === 'fulfilled') await listening.value.close();
    if (prepared.status === 'fulfilled') await prepared.value.close();
    throw listening.status === 'rejected' ? listening.reason : (prepared as PromiseRejectedResult).reason;
  }
  const app = listening.value;
  const database = prepared.value;
  // Requests are served while the job queue sets itself up (a dozen statements): jobs are background work.
  app.database.current = database;
  options.onServing?.();
  let jobs: Jobs;
  try {
    jobs = await startJobs(database, app.log, options.jobs ?? JOBS, {
      wechatPayApiBase: config.wechatPayApiBase,
      smtpAllowPrivate: config.smtpAllowPrivate,
      ...options.jobOptions,
    });
  } catch (error) {
    app.database.current = null;
    await app.close();
    await database.close();
    throw error;
  }
  useJobQueue(jobs);
  app.log.info(
    `Console and API ready on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port} (${database.kind})`,
  );
  return {
    app,
    database,
    jobs,
    async stop() {
      useJobQueue(null);
      await jobs.stop();
      await app.close();
      app.database.current = null;
      await database.close();
    },
  };
}
