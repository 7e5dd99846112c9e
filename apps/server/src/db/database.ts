import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { inlined, streamCopy } from './copy.ts';
import { MIGRATION_LOCK_KEY, withAdvisoryLock } from './lock.ts';
import { type Embedded, startEmbedded } from './pglite.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  pool: pg.Pool;
  /**
   * Whether the database answers, never queued behind the app's statements: up at once when one of them
   * came back within the last ANSWER_FRESH_MS and no connection failed since (`latencyMs` null); else a
   * round trip of its own (PostgreSQL on a connection of its own, the embedded engine through its thread).
   */
  check(): Promise<{ up: boolean; latencyMs: number | null }>;
  /**
   * PostgreSQL only: what `statement` (a `COPY ... TO STDOUT`, its values written into its text) writes, as a
   * stream that holds a pool connection until it ends (`streamCopy`); a request that goes away cancels it.
   * The embedded database has none: its one connection would be held for the whole COPY. Undefined when the
   * pool's share for downloads is taken: the caller then reads in batches.
   */
  copyOut?: (statement: SQL) => Promise<Readable> | undefined;
  /** Runs `fn` while no other server runs an `exclusive` one on the same database. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent an embedded PGlite is started. */
  url?: string | undefined;
  /** PGlite directory; `undefined` with no url means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** In-memory PGlite only: a tar file PGlite's `dumpDataDir` wrote, to start from instead of empty (tests). */
  fromDump?: string | undefined;
  /** Pool size on PostgreSQL (default 10); the embedded database always gets one connection. */
  poolMax?: number | undefined;
  /** PostgreSQL cancels a statement running longer (0: never). The embedded engine cannot time one out. */
  statementTimeoutMs?: number | undefined;
  /** The embedded engine, already starting on `dataDir` (main.ts starts it before it loads pg and drizzle). */
  embedded?: Promise<Embedded> | undefined;
}

/** The request a query runs for has been abandoned by its client. */
export class QueryAbandonedError extends Error {
  constructor(options?: ErrorOptions) {
    super('The client went away before the answer', options);
  }
}

const requestSignal = new AsyncLocalStorage<AbortSignal>();

/** How recent an answer to one of the app's statements must be to show that the database answers. */
export const ANSWER_FRESH_MS = 1000;

/**
 * When the database last answered on one of the pool's connections (each statement ends with the server's
 * ReadyForQuery), and whether a connection failed or closed since.
 */
function watchAnswers(pool: pg.Pool) {
  let answeredAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  const failed = () => {
    failedAt = performance.now();
  };
  pool.on('connect', (client) => {
    client.connection.on('readyForQuery', () => {
      answeredAt = performance.now();
    });
    client.on('error', failed);
    client.connection.once('end', failed);
  });
  return () => answeredAt > failedAt && performance.now() - answeredAt < ANSWER_FRESH_MS;
}

/**
 * Runs `fn` (and every query it starts) for a request that `signal` aborts when its client goes away:
 * queries still waiting for a connection are dropped, and one running on PostgreSQL is cancelled.
 */
export const forRequest = <T>(signal: AbortSignal, fn: () => T): T => requestSignal.run(signal, fn);

/**
 * Runs `fn` as no request's work: what it starts (a read several requests share, a refresh of a cache) is
 * neither dropped nor cancelled when the request that happened to start it is abandoned.
 */
export const detached = <T>(fn: () => T): T => requestSignal.exit(fn);

/** Whether the request this runs for has been abandoned by its client (never, outside a request). */
export const requestAbandoned = () => requestSignal.getStore()?.aborted === true;

/** What the server gave a connection to cancel its statements with (BackendKeyData). */
const cancelKeyOf = (client: pg.PoolClient) => client as unknown as { processID: number; secretKey: number };

/** Where PostgreSQL takes cancel requests: pg's own reading of the URL (host or socket directory, port). */
function cancelAddress(url: string) {
  // Not in pg's types.
  return (
    new pg.Client({ connectionString: url }) as unknown as {
      connectionParameters: { host: string; port: number };
    }
  ).connectionParameters;
}

/**
 * Asks PostgreSQL to cancel what the connection of `key` is running: a CancelRequest on a socket of its own,
 * settled once the server closed that socket (it has signalled the backend by then). Unlike a query on a
 * new connection it needs no sign-in and starts no session, so cancelling a burst of abandoned requests
 * does not hold up the next one.
 */
function sendCancelRequest(
  { host, port }: { host: string; port: number },
  key: { processID: number; secretKey: number },
) {
  return new Promise<void>((resolve) => {
    const socket = host.startsWith('/')
      ? net.connect(path.join(host, `.s.PGSQL.${port}`))
      : net.connect(port, host);
    const message = Buffer.alloc(16);
    message.writeInt32BE(16, 0);
    message.writeInt32BE(80877102, 4);
    message.writeInt32BE(key.processID, 8);
    message.writeInt32BE(key.secretKey, 12);
    socket.once('connect', () => socket.end(message));
    socket.once('error', () => socket.destroy());
    socket.once('close', () => resolve());
  });
}

// The same code runs bundled (dist/main.js) and from source (src/db/database.ts).
const bundled = path.basename(import.meta.dirname) === 'dist';
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, bundled ? '../drizzle' : '../../drizzle');
/**
 * Makes the pool's queries follow their request (see `forRequest`): a query whose request was abandoned
 * never takes a connection, and on PostgreSQL a running one is cancelled (`sendCancelRequest`; the client
 * is released only after the cancel, so it cannot hit a later query).
 */
function followRequests(
  pool: pg.Pool,
  cancel: ((key: { processID: number; secretKey: number }) => Promise<void>) | undefined,
) {
  const acquire = pool.connect.bind(pool);
  const patched = new WeakSet<pg.PoolClient>();
  const followQueries = (client: pg.PoolClient) => {
    if (!cancel || patched.has(client)) return client;
    patched.add(client);
    const run = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = (async (...args: unknown[]) => {
      // Once the request is abandoned, statements on a held client still run: a transaction's ROLLBACK must
      // reach the server before the connection goes back to the pool.
      const signal = requestSignal.getStore();
      if (!signal || signal.aborted) return run(...args);
      let cancelling: Promise<void> | undefined;
      const onAbort = () => {
        cancelling = cancel(cancelKeyOf(client)).catch(() => {});
      };
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await run(...args);
      } catch (error) {
        // Cancelled for its abandoned request: the same refusal as a query that never got a connection.
        throw cancelling ? new QueryAbandonedError({ cause: error }) : error;
      } finally {
        signal.removeEventListener('abort', onAbort);
        await cancelling;
      }
    }) as typeof client.query;
    return client;
  };
  const connectFor = async (signal: AbortSignal | undefined): Promise<pg.PoolClient> => {
    if (!signal) return followQueries(await acquire());
    signal.throwIfAborted();
    const pending = acquire();
    return new Promise((resolve, reject) => {
      // Abandoned while waiting: answer at once, and hand the connection on as soon as it comes.
      const onAbort = () => {
        reject(signal.reason);
        pending.then(
          (client) => client.release(),
          () => {},
        );
      };
      signal.addEventListener('abort', onAbort, { once: true });
      pending.then(
        (client) => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) return;
          resolve(followQueries(client));
        },
        (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };
  pool.connect = ((callback?: (...args: unknown[]) => void) =>
    callback ? acquire(callback as never) : connectFor(requestSignal.getStore())) as typeof pool.connect;
  pool.query = (async (...args: unknown[]) => {
    const client = await connectFor(requestSignal.getStore());
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      client.release();
    }
  }) as typeof pool.query;
}

/** Failures that waiting may cure: no connection yet, or PostgreSQL starting up or shutting down. */
const notUpYet = (error: unknown) =>
  !(error instanceof pg.DatabaseError) || error.code === '57P03' || error.code === '57P01';

/** What went wrong, without the URL (its password): a refused connection's message may be empty. */
const reason = (error: unknown) =>
  error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);

/**
 * Waits until PostgreSQL at `url` takes a connection, trying again with back-off (0.5 s, doubling up to 5 s)
 * for up to `timeoutMs`, so a server and its database can start together. `say` hears when it is not
 * answering yet and when it answered. A refusal waiting will not cure (a wrong password, a database that does
 * not exist) is thrown at once; so is the last failure once the time is up.
 */
export async function waitForPostgres(
  url: string,
  timeoutMs: number,
  say: (message: string, level?: 'warn') => void,
): Promise<void> {
  const { hostname, port } = new URL(url);
  const where = `${hostname}:${port || 5432}`;
  const seconds = timeoutMs / 1000;
  const started = Date.now();
  let pause = 500;
  for (let waiting = false; ; waiting = true) {
    const left = () => started + timeoutMs - Date.now();
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.min(5000, Math.max(1000, left())),
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      if (waiting) say(`PostgreSQL answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (!notUpYet(error)) throw error;
      if (left() <= 0) {
        throw new Error(
          `PostgreSQL at ${where} did not answer within ${seconds} s (DATABASE_CONNECT_TIMEOUT_S): ${reason(error)}`,
          { cause: error },
        );
      }
      if (!waiting)
        say(
          `PostgreSQL at ${where} is not answering yet (${reason(error)}); trying again for up to ${seconds} s`,
          'warn',
        );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left())));
    pause = Math.min(pause * 2, 5000);
  }
}

/** The database the configuration names; not yet migrated or seeded. */
export const openConfiguredDatabase = (config: Config, embedded?: Promise<Embedded>) =>
  openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    embedded,
  });

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let kind: DatabaseKind;
  let pool: pg.Pool;
  let ping: () => Promise<number>;
  let copyOut: Database['copyOut'];
  const cleanups: (() => Promise<void> | void)[] = [];
  const url = options.url;
  if (url) {
    kind = 'postgres';
    pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? 10,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs ?? 0,
      // JIT compiling cost the dashboard's year of visits 1.1 s of its 2.5 s on 3,000,000 records (1.4 s
      // without), and the app's statements are short: off for its connections.
      options: '-c jit=off',
    });
    const pinger = pingOnOwnConnection(url);
    cleanups.push(pinger.close);
    ping = pinger.ping;
    // Read once: a burst of abandoned requests sends as many cancels.
    const address = cancelAddress(url);
    followRequests(pool, (key) => sendCancelRequest(address, key));
    const cancel = (client: pg.PoolClient) => sendCancelRequest(address, cancelKeyOf(client));
    // A download holds its connection for as long as its client reads: a quarter of the pool at most, so
    // slow downloads never take the connections every other request needs (past it, exports read in batches).
    const copySlots = Math.max(1, Math.floor((options.poolMax ?? 10) / 4));
    let copying = 0;
    copyOut = (statement) => {
      if (copying >= copySlots) return undefined;
      copying++;
      return streamCopy(pool, cancel, inlined(statement), requestSignal.getStore()).then(
        (stream) => {
          stream.once('close', () => copying--);
          return stream;
        },
        (error: unknown) => {
          copying--;
          throw error;
        },
      );
    };
  } else {
    kind = 'pglite';
    const embedded = await (options.embedded ?? startEmbedded(options.dataDir, undefined, options.fromDump));
    cleanups.push(embedded.stop);
    ping = embedded.ping;
    // One connection: the embedded server interleaves statements of concurrent connections.
    pool = new pg.Pool({
      host: embedded.host,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    });
    // The engine's connections share one session, prepared statements included: a new connection (after
    // one was dropped) starts with none, as the pool's client believes, instead of failing to prepare
    // a name its predecessor left behind.
    pool.on('connect', (client) => {
      client.query('DEALLOCATE ALL').catch(() => {});
    });
    // The engine can neither cancel nor time out a running statement: abandoned ones are only dropped.
    followRequests(pool, undefined);
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const answeredRecently = watchAnswers(pool);
  const db = drizzle(pool, { schema });
  return {
    kind,
    db,
    pool,
    ...(copyOut && { copyOut }),
    async check() {
      if (answeredRecently()) return { up: true, latencyMs: null };
      return ping().then(
        (ms) => ({ up: true, latencyMs: Math.round(ms * 100) / 100 }),
        () => ({ up: false, latencyMs: null }),
      );
    },
    // The embedded database has one process (its directory is locked) and so nobody to take turns with.
    exclusive: (fn) => (url ? withAdvisoryLock(url, MIGRATION_LOCK_KEY, fn) : fn()),
    async close() {
      await pool.end();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

/** Health checks on a connection of their own, made on first use and again after it fails. */
function pingOnOwnConnection(url: string) {
  let client: Promise<pg.Client> | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, statement_timeout: 5000 });
    c.on('error', () => {
      client = undefined;
    });
    await c.connect();
    return c;
  };
  return {
    async ping() {
      client ??= connect();
      const started = performance.now();
      try {
        await (await client).query('SELECT 1');
      } catch (error) {
        const failed = client;
        client = undefined;
        failed?.then((c) => c.end()).catch(() => {});
        throw error;
      }
      return performance.now() - started;
    },
    async close() {
      const c = client;
      client = undefined;
      await c?.then((open) => open.end()).catch(() => {});
    },
  };
}

/**
 * Whether the newest migration is applied (drizzle applies those newer than the last it recorded), in
 * two short statements instead of the migrator's five: a restart, which finds them all applied, asks only this.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const journal = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: { when: number }[] };
  const { rows: table } = await database.pool.query(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!table[0]?.present) return false;
  const { rows } = await database.pool.query(
    'SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.at ?? 0) >= (entries.at(-1)?.when ?? 0);
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (await migrationsApplied(database)) return;
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}

/** A transaction handle; services that may run inside one accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
