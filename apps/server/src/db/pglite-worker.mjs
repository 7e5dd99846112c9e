// Plain JavaScript on purpose: worker threads load files with Node's own loader, which (on Node 20)
// cannot run TypeScript, and the same file must serve the built server and the test runner.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Runs PGlite off the main thread: in-process PGlite blocks the event loop while it works,
 * so the API would stall under list load. The app reaches it through a unix socket with `pg`.
 * `fromDump`: a tar file of `dumpDataDir` to start the in-memory database from.
 * @type {{ dataDir: string | undefined, fromDump: string | undefined, socketPath: string }}
 */
const { dataDir, fromDump, socketPath } = workerData;

// pg_trgm backs the lists' name searches (migration 0004 creates it).
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(fromDump ? { loadDataDir: new Blob([fs.readFileSync(fromDump)]) } : {}),
  extensions: { pg_trgm },
});
// The app's pool holds one connection at a time (see database.ts), but pg-pool drops a client after a
// failed query and reconnects at once, before this server has noticed the old socket close: the
// headroom keeps that reconnect from being refused.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
await server.start();
parentPort?.postMessage({ type: 'ready' });

parentPort?.on('message', async (message) => {
  if (message.type === 'ping') {
    // /api/health asks the engine itself, not through the app's one connection (where it would queue
    // behind every waiting list query). Inside the app's open transaction a statement would join it, so
    // then it only waits for the engine's turn.
    const ok = await (db.isInTransaction() ? db.runExclusive(async () => {}) : db.query('SELECT 1')).then(
      () => true,
      () => false,
    );
    parentPort?.postMessage({ type: 'pong', id: message.id, ok });
    return;
  }
  if (message.type !== 'close') return;
  await server.stop();
  await db.close();
  parentPort?.postMessage({ type: 'closed' });
});
