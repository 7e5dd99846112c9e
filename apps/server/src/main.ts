import path from 'node:path';
import { runCached } from './code-cache.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startEmbedded } from './db/pglite.ts';
import type * as Serve from './serve.ts';

/** The app's script beside this file, named by build.mjs. */
declare const SERVE_SCRIPT: string;

try {
  const config = loadConfig();
  // The embedded engine starts first, on a thread of its own, while the app's script compiles and its
  // modules load: a restart costs the slower of the two, not their sum. The script runs once the thread
  // started (after the data directory's lock): running it holds this thread, and the lock's steps with it.
  let threadStarted = () => {};
  const starting = new Promise<void>((resolve) => {
    threadStarted = resolve;
  });
  const embedded = config.databaseUrl ? undefined : startEmbedded(config.dataDir, threadStarted);
  if (embedded) await Promise.race([starting, embedded]);
  const app = runCached<typeof Serve>(path.join(import.meta.dirname, SERVE_SCRIPT));
  const opening = app.exports
    .loadDatabase()
    .then(({ openConfiguredDatabase }) => openConfiguredDatabase(config, embedded));
  for (const pending of [embedded, opening])
    pending?.catch(() => {
      // startServer reports it.
    });
  const [{ startServer }, { default: closeWithGrace }] = await Promise.all([
    app.exports.loadServer(),
    app.exports.loadCloseWithGrace(),
  ]);
  // What this start compiled is kept for the next (on the first start after a build), as soon as it serves:
  // a server is often stopped before its job queue has started.
  const server = await startServer(config, { opening, onServing: app.saveCache });
  // SIGINT, SIGTERM or a crash: stop taking jobs and requests, let running ones finish, close the database.
  // Past the delay (running jobs get 10 s of it) the process exits anyway.
  closeWithGrace({ delay: 20_000, logger: server.app.log }, async ({ err, signal }) => {
    if (err) server.app.log.error({ err }, 'shutting down after an unexpected error');
    else server.app.log.info(`${signal ?? 'close'}: shutting down`);
    await server.stop();
  });
} catch (error) {
  // The secrets' error comes from the app's script, with its own copy of the class: known by its name.
  const told = error instanceof DataDirLockedError || (error as Error)?.name === 'SecretsKeyError';
  console.error(told ? `\n${(error as Error).message}\n` : error);
  process.exit(1);
}
