import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, migrateDatabase, openDatabase, scheduleVacuum } from './db/database.ts';
import { seed } from './db/seed.ts';
import { purgeSessions } from './modules/auth/service.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it; on failure nothing is left open. */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const report = await seed(database.db, { adminPassword: config.adminPassword });
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

/** Listens first so /api/health can answer 503 while the database is being prepared. */
export async function startServer(config: Config): Promise<RunningServer> {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  let database: Database;
  try {
    database = await prepareDatabase(config, (m) => app.log.info(m));
  } catch (error) {
    await app.close();
    throw error;
  }
  app.database.current = database;
  const stopVacuum = scheduleVacuum(database, config.vacuumIntervalMs, (err) =>
    app.log.warn({ err }, 'vacuum failed'),
  );
  const purge = setInterval(
    () => purgeSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
    60 * 60 * 1000,
  );
  purge.unref();
  app.log.info(
    `Console and API ready on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port} (${database.kind})`,
  );
  return {
    app,
    database,
    async stop() {
      stopVacuum();
      clearInterval(purge);
      await app.close();
      app.database.current = null;
      await database.close();
    },
  };
}
