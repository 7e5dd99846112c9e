#!/usr/bin/env node
/**
 * Throwaway PostgreSQL cluster for tests.
 *
 * As a module:
 *   import { startPgCluster } from './pg-cluster.mjs';
 *   const pg = await startPgCluster();
 *   // pg.status: 'started'  (a fresh cluster is running; pg.url points at it)
 *   //            'absent'   (no binaries / no `postgres` user; pg.reason says why, pg.url is null)
 *   try { ... use pg.url ... } finally { pg.stop(); }   // stop() is synchronous and idempotent
 *
 * As a CLI:
 *   node scripts/pg-cluster.mjs                  # start, print the URL, stop on Ctrl+C / SIGTERM
 *   node scripts/pg-cluster.mjs -- <cmd> [args]  # run <cmd> with TEST_DATABASE_URL set, then stop
 *
 * Uses Debian's binaries (/usr/lib/postgresql/<highest version>/bin; install the `postgresql`
 * package). When running as root, initdb/postgres run as the `postgres` user via runuser.
 * The cluster listens on 127.0.0.1 on a free port with trust auth and no fsync; the data dir
 * lives in a temp dir that stop() removes.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PG_ROOT = '/usr/lib/postgresql';

/** Highest-versioned Debian PostgreSQL bin dir that has initdb, pg_ctl and postgres, or null. */
export function findPgBinDir() {
  let versions;
  try {
    versions = fs.readdirSync(PG_ROOT);
  } catch {
    return null;
  }
  const candidates = versions
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    .map((v) => path.join(PG_ROOT, v, 'bin'))
    .filter((dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => isExecutable(path.join(dir, b))));
  return candidates[0] ?? null;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** uid/gid of the `postgres` system user, or null. */
function postgresUser() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** A free TCP port on 127.0.0.1 (bind port 0, read it back, release it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Is a cluster startable here? Returns { ok: true, binDir, asUser } or { ok: false, reason }.
 * asUser is the user to run the server as (null = the current user, when not root).
 */
export function checkPgAvailable() {
  const binDir = findPgBinDir();
  if (!binDir) {
    return { ok: false, reason: `PostgreSQL binaries not found under ${PG_ROOT}/*/bin (install postgresql)` };
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return { ok: true, binDir, asUser: null };
  const user = postgresUser();
  if (!user) return { ok: false, reason: "the 'postgres' system user does not exist (install postgresql)" };
  if (!isExecutable('/usr/sbin/runuser') && !isExecutable('/sbin/runuser')) {
    return { ok: false, reason: 'runuser not found (util-linux)' };
  }
  return { ok: true, binDir, asUser: user };
}

function run(cmd, args, asUser, opts = {}) {
  const [file, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return spawnSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

/**
 * Start a throwaway cluster. Never throws for a missing installation: returns status 'absent'
 * with a reason instead. Throws if an installed PostgreSQL fails to initialise or start.
 */
export async function startPgCluster({ log = () => {} } = {}) {
  const avail = checkPgAvailable();
  if (!avail.ok) return { status: 'absent', url: null, reason: avail.reason, stop() {} };
  const { binDir, asUser } = avail;
  const bin = (name) => path.join(binDir, name);

  const t0 = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-pgcluster-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asUser) fs.chownSync(dir, asUser.uid, asUser.gid);

  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) run(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], asUser);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const init = run(
      bin('initdb'),
      [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      asUser,
    );
    if (init.status !== 0)
      throw new Error(`initdb failed (exit ${init.status}):\n${init.stdout}${init.stderr}`);

    let lastErr = '';
    for (let attempt = 1; attempt <= 3 && !started; attempt++) {
      const port = await freePort();
      const opts = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c full_page_writes=off',
        '-c synchronous_commit=off',
        '-c max_connections=200',
      ].join(' ');
      const res = run(
        bin('pg_ctl'),
        ['-D', dataDir, '-l', logFile, '-o', opts, '-w', '-t', '60', 'start'],
        asUser,
      );
      if (res.status === 0) {
        started = true;
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        log(`PostgreSQL ${path.basename(path.dirname(binDir))} started at ${url} in ${Date.now() - t0} ms`);
        return { status: 'started', url, port, dir, reason: '', stop };
      }
      let serverLog = '';
      try {
        serverLog = fs.readFileSync(logFile, 'utf8');
      } catch {}
      lastErr = `${res.stdout}${res.stderr}${serverLog}`;
      // A failed start may leave a half-started postmaster behind: make sure it is gone.
      run(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], asUser);
    }
    throw new Error(`pg_ctl start failed 3 times:\n${lastErr}`);
  } catch (err) {
    stop();
    throw err;
  }
}

// ---------------------------------------------------------------- CLI
async function main(argv) {
  const sep = argv.indexOf('--');
  const cmd = sep >= 0 ? argv.slice(sep + 1) : [];
  const pg = await startPgCluster({ log: (m) => console.error(m) });
  if (pg.status === 'absent') {
    console.error(`pg-cluster: absent: ${pg.reason}`);
    return 3;
  }
  const cleanup = () => pg.stop();
  process.on('exit', cleanup);

  if (cmd.length === 0) {
    console.log(pg.url);
    console.error(`export TEST_DATABASE_URL=${pg.url}   # Ctrl+C stops and deletes the cluster`);
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    cleanup();
    return 0;
  }
  const child = spawn(cmd[0], cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  const code = await new Promise((resolve) => {
    child.on('error', (e) => {
      console.error(`pg-cluster: ${e.message}`);
      resolve(127);
    });
    child.on('exit', (c, s) => resolve(c ?? (s ? 128 + (os.constants.signals[s] ?? 0) : 1)));
  });
  cleanup();
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`pg-cluster: ${err.stack ?? err}`);
      process.exit(1);
    },
  );
}
