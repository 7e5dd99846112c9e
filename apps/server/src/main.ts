import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/database.ts';
import { DataDirLockedError } from './db/lock.ts';

try {
  const config = loadConfig();
  // The embedded engine starts on a thread of its own while the app's modules load (import() below), so
  // a restart costs the slower of the two, not their sum.
  const opening = openConfiguredDatabase(config);
  opening.catch(() => {
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
