import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, MIGRATION_LOCK_KEY, withAdvisoryLock } from './lock.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  pool: pg.Pool;
  /** Round trip to the database, in ms; throws when it cannot answer. */
  ping(): Promise<number>;
  /** Runs `fn` while no other server runs an `exclusive` one on the same database. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent an embedded PGlite is started. */
  url?: string | undefined;
  /** PGlite directory; `undefined` with no url means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Pool size on PostgreSQL (default 10); the embedded database always gets one connection. */
  poolMax?: number | undefined;
}

// The same code runs bundled (dist/main.js) and from source (src/db/database.ts).
const bundled = path.basename(import.meta.dirname) === 'dist';
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, bundled ? '../drizzle' : '../../drizzle');
const WORKER_FILE = path.join(import.meta.dirname, 'pglite-worker.mjs');

async function startPglite(dataDir: string | undefined) {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-pg-'));
  const port = 5432;
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir, socketPath: path.join(socketDir, `.s.PGSQL.${port}`) },
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
  return { host: socketDir, port, stop };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let kind: DatabaseKind;
  let pool: pg.Pool;
  const cleanups: (() => Promise<void> | void)[] = [];
  const url = options.url;
  if (url) {
    kind = 'postgres';
    pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 });
  } else {
    kind = 'pglite';
    if (options.dataDir) cleanups.push(lockDataDir(options.dataDir));
    try {
      const embedded = await startPglite(options.dataDir && path.join(options.dataDir, 'pgdata'));
      cleanups.unshift(embedded.stop);
      // One connection: the embedded server interleaves statements of concurrent connections.
      pool = new pg.Pool({
        host: embedded.host,
        port: embedded.port,
        user: 'postgres',
        database: 'postgres',
        max: 1,
      });
    } catch (error) {
      for (const cleanup of cleanups) await cleanup();
      throw error;
    }
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema });
  return {
    kind,
    db,
    pool,
    async ping() {
      const started = performance.now();
      await pool.query('SELECT 1');
      return Math.round((performance.now() - started) * 100) / 100;
    },
    // The embedded database has one process (its directory is locked) and so nobody to take turns with.
    exclusive: (fn) => (url ? withAdvisoryLock(url, MIGRATION_LOCK_KEY, fn) : fn()),
    async close() {
      await pool.end();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}

/** A transaction handle; services that may run inside one accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
