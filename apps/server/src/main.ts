import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startEmbedded } from './db/pglite.ts';

try {
  const config = loadConfig();
  // The embedded engine starts first, on a thread of its own, while pg, drizzle and the app's modules load
  // (import() below): a restart costs the slower of the two, not their sum.
  const embedded = config.databaseUrl ? undefined : startEmbedded(config.dataDir);
  const opening = import('./db/database.ts').then(({ openConfiguredDatabase }) =>
    openConfiguredDatabase(config, embedded),
  );
  for (const starting of [embedded, opening])
    starting?.catch(() => {
      // startServer reports it.
    });
  const [{ startServer }, { default: closeWithGrace }] = await Promise.all([
    import('./server.ts'),
    import('close-with-grace'),
  ]);
  const server = await startServer(config, { opening });
  // SIGINT, SIGTERM or a crash: stop taking jobs and requests, let running ones finish, close the database.
  // Past the delay (running jobs get 10 s of it) the process exits anyway.
  closeWithGrace({ delay: 20_000, logger: server.app.log }, async ({ err, signal }) => {
    if (err) server.app.log.error({ err }, 'shutting down after an unexpected error');
    else server.app.log.info(`${signal ?? 'close'}: shutting down`);
    await server.stop();
  });
} catch (error) {
  console.error(error instanceof DataDirLockedError ? `\n${error.message}\n` : error);
  process.exit(1);
}
