import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer(loadConfig());
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
