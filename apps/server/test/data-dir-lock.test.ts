import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';

/** The embedded database's directory lock: it dies with its process and trusts no pid. */

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A child process that takes the lock and then waits to be killed. */
async function holderProcess(dir: string) {
  const lock = path.resolve(import.meta.dirname, '../src/db/lock.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(lock)}).then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}); ` +
        "console.log('locked'); setInterval(() => {}, 1000); })",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, and lets it in once released', async () => {
    const dir = dataDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses while a holder process lives, and takes over at once when it was killed with SIGKILL', async () => {
    const dir = dataDir();
    const child = await holderProcess(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${child.pid})`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const started = Date.now();
    const release = await lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(1000);
    await release();
  }, 20_000);

  it('is not blocked by an old pid lock file, even one holding a live pid or its own', async () => {
    for (const pid of [process.pid, process.ppid, 1]) {
      const dir = dataDir();
      fs.writeFileSync(path.join(dir, 'cool-evaluation.lock'), String(pid));
      const release = await lockDataDir(dir);
      await release();
    }
  });

  it('lets exactly one of many simultaneous contenders in', async () => {
    const dir = dataDir();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason),
    ).toEqual(Array(7).fill(expect.any(DataDirLockedError)));
    await (held[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('works in a directory whose path is too long for a socket address', async () => {
    const dir = path.join(dataDir(), 'a-rather-long-directory-name-'.repeat(4));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });
});
