import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from './lock.ts';

// Beside this file, bundled (dist/) or not (src/db/).
const WORKER_FILE = path.join(import.meta.dirname, 'pglite-worker.mjs');

/** The embedded engine, reached through a Unix socket in `host`. */
export interface Embedded {
  host: string;
  port: number;
  /** A round trip through the engine's thread, not through the app's connection. */
  ping(): Promise<number>;
  /** Stops the engine, then lets go of its directory. */
  stop(): Promise<void>;
}

/**
 * Locks `dataDir` (absent: an in-memory database) and starts the engine on it; on failure nothing is left
 * held. It needs neither pg nor drizzle, so a start can begin with it (see main.ts). `onThread` is called
 * once the engine's thread is started. `fromDump` (in memory only): a tar file PGlite's `dumpDataDir` wrote,
 * which the database starts as instead of empty.
 */
export async function startEmbedded(
  dataDir: string | undefined,
  onThread?: () => void,
  fromDump?: string,
): Promise<Embedded> {
  if (dataDir && fromDump) throw new Error('A dump loads into an in-memory database only');
  const unlock = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    const engine = await startPglite(dataDir && path.join(dataDir, 'pgdata'), onThread, fromDump);
    return {
      ...engine,
      async stop() {
        await engine.stop();
        await unlock?.();
      },
    };
  } catch (error) {
    await unlock?.();
    throw error;
  }
}

async function startPglite(dataDir: string | undefined, onThread?: () => void, fromDump?: string) {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-pg-'));
  const port = 5432;
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir, fromDump, socketPath: path.join(socketDir, `.s.PGSQL.${port}`) },
  });
  onThread?.();
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
    worker.once('message', (message: { type: string }) => {
      if (message.type === 'ready') {
        worker.off('error', onError);
        resolve();
      }
    });
  });
  const stop = async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      worker.once('message', (message: { type: string }) => {
        if (message.type === 'closed') {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.postMessage({ type: 'close' });
    });
    await worker.terminate();
    fs.rmSync(socketDir, { recursive: true, force: true });
  };
  let pings = 0;
  const ping = () =>
    new Promise<number>((resolve, reject) => {
      if (exited) return reject(new Error('the embedded database has stopped'));
      const id = ++pings;
      const started = performance.now();
      const timer = setTimeout(() => settle(false), 5000);
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        if (ok) resolve(performance.now() - started);
        else reject(new Error('the embedded database did not answer'));
      };
      const onMessage = (message: { type: string; id: number; ok: boolean }) => {
        if (message.type === 'pong' && message.id === id) settle(message.ok);
      };
      worker.on('message', onMessage);
      worker.postMessage({ type: 'ping', id });
    });
  return { host: socketDir, port, stop, ping };
}
