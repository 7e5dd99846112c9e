import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its directory, and two processes on one directory corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'cool-evaluation.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid))
        throw new DataDirLockedError(dataDir, pid);
      if (pid === process.pid) throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Key of the session advisory lock taken while migrating and seeding ("Cool" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x436f6f6c;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so servers that boot together take turns (drizzle's
 * migrator has no lock of its own). The lock lives on a connection of its own, outside the pool `fn` uses,
 * and goes with it: when `fn` ends, or when this process dies.
 */
export async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
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
