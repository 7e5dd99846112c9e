import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: string) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** What a contender's socket answers: `held` once it owns the directory, `wait` while it is still deciding. */
type Answer = { state: 'held' | 'wait'; pid: string } | { state: 'dead' };

/** Asks the socket at `file` what it is; a socket whose process died refuses the connection. */
function probe(file: string): Promise<Answer> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(file);
    socket.setTimeout(2000, () => {
      // A live process too busy to answer still holds what it holds.
      socket.destroy();
      resolve({ state: 'held', pid: 'unknown' });
    });
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => {
      const [state, pid = 'unknown'] = text.split(' ');
      resolve(state === 'held' ? { state, pid } : { state: 'wait', pid });
    });
    socket.on('error', () => resolve({ state: 'dead' }));
  });
}

/**
 * The directory for the sockets, reached by a short path: a Unix socket's path must fit in about 100 bytes,
 * so a long one is reached through a link in the temporary directory (bind follows directory links).
 */
function socketDir(dir: string): string {
  if (Buffer.byteLength(dir) + 24 <= 100) return dir;
  const hash = createHash('sha256').update(fs.realpathSync(dir)).digest('hex').slice(0, 16);
  const link = path.join(os.tmpdir(), `cool-evaluation-${hash}`);
  try {
    fs.symlinkSync(dir, link);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (fs.realpathSync(link) !== fs.realpathSync(dir)) throw new Error(`${link} does not lead to ${dir}`);
  }
  return link;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it. Each server that wants
 * the directory listens on a Unix socket of its own in `<dataDir>/cool-evaluation.locks/`: a socket answers
 * exactly as long as its process lives (a pid may be reused, a dead socket never answers), so a crashed
 * server's socket is removed at once. A server holds the directory when, after its own socket is listening,
 * no other socket answers: one that answers `held` refuses the newcomer; one still deciding (`wait`) makes
 * it step back and retry. Whoever listens later sees the earlier one, so two never both hold it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = path.join(dataDir, 'cool-evaluation.locks');
  fs.mkdirSync(dir, { recursive: true });
  // The pid file of earlier versions: a pid proves nothing (a restarted container gets the same one).
  fs.rmSync(path.join(dataDir, 'cool-evaluation.lock'), { force: true });
  const sockets = socketDir(dir);
  for (let attempt = 0; attempt < 50; attempt++) {
    let state: 'held' | 'wait' = 'wait';
    const own = `${randomBytes(8).toString('hex')}.sock`;
    const server = net.createServer((socket) => socket.end(`${state} ${process.pid}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path.join(sockets, own), resolve);
    });
    // The socket must not keep a process alive that has nothing else to do.
    server.unref();
    const release = async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(path.join(sockets, own), { force: true });
    };
    const others = fs.readdirSync(sockets).filter((name) => name.endsWith('.sock') && name !== own);
    const answers = await Promise.all(
      others.map(async (name) => {
        const answer = await probe(path.join(sockets, name));
        if (answer.state === 'dead') fs.rmSync(path.join(sockets, name), { force: true });
        return answer;
      }),
    );
    const holder = answers.find((answer) => answer.state === 'held');
    if (holder) {
      await release();
      throw new DataDirLockedError(dataDir, 'pid' in holder ? holder.pid : 'unknown');
    }
    if (answers.every((answer) => answer.state === 'dead')) {
      state = 'held';
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await release();
      };
    }
    await release();
    await pause(10 + Math.random() * 90);
  }
  throw new DataDirLockedError(dataDir, 'unknown');
}

/** Key of the session advisory lock taken while migrating and seeding ("Cool" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x436f6f6c;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so servers that boot together take turns (drizzle's
 * migrator has no lock of its own). The lock lives on a connection of its own, outside the pool `fn` uses,
 * and goes with it: when `fn` ends, or when this process dies.
 */
export async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  // Imported here: the start's first step locks the data directory (see main.ts), before pg is loaded.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'cool-evaluation-lock' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}
