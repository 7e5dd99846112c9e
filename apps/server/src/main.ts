import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer(loadConfig());
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? `\n${error.message}\n` : error);
  process.exit(1);
}
