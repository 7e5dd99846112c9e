// Shared by the bench sections: starting the server and a bare comparison server, load loops, figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { ROOT } from '../build-state.mjs';

export const PASSWORD = 'bench-password-1';
const WORKER_FILE = path.join(ROOT, 'apps/server/dist/pglite-worker.mjs');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET or POST over a kept-alive connection; resolves with status, headers and the raw body. */
export function request(url, { method = 'GET', headers = {}, body, signal } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, signal }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const json = async (url, options) => JSON.parse((await request(url, options)).body.toString());

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Calls `fn(i)` with `concurrency` in flight for `seconds` (after a short warm-up); returns throughput and
 * latencies. Every call must answer 200, or the figure would flatter an error page.
 */
export async function load(fn, { seconds = 3, concurrency = 8, warmup = 0.5 } = {}) {
  const run = async (duration, record) => {
    const end = performance.now() + duration * 1000;
    let i = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const n = i++;
          const t = performance.now();
          const res = await fn(n);
          if (res.status !== 200)
            throw new Error(`load: status ${res.status}: ${res.body.toString().slice(0, 200)}`);
          record?.(performance.now() - t);
        }
      }),
    );
    return i;
  };
  await run(warmup);
  const latencies = [];
  const started = performance.now();
  const count = await run(seconds, (ms) => latencies.push(ms));
  return { rps: count / ((performance.now() - started) / 1000), latencies };
}

export async function waitFor(url, { status = 200, timeoutMs = 120_000 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await request(url).then(
      (r) => r.status === status,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer ${status}`);
}

/** Starts a node process and resolves once `readyUrl` answers 200, with the time that took. */
export async function startProcess(args, env, readyUrl) {
  const started = performance.now();
  const child = spawn('node', args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitFor(readyUrl),
    exited.then((code) => {
      throw new Error(`${args.join(' ')} exited with ${code}`);
    }),
  ]);
  return {
    readyMs: performance.now() - started,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The built server on `target` (a data directory, or a PostgreSQL URL); `env` adds settings. */
export const startApp = (port, target, env = {}) =>
  startProcess(
    ['apps/server/dist/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist'),
      ...(target.url ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
      ...env,
    },
    `http://127.0.0.1:${port}/api/health`,
  );

/** The floor: bare Fastify + pg answering the same SQL on the same data (scripts/bench/bare-server.mjs). */
export const startBare = (port, target) =>
  startProcess(
    ['scripts/bench/bare-server.mjs'],
    { PORT: String(port), ...(target.url ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }) },
    `http://127.0.0.1:${port}/ready`,
  );

/** A pg pool on `target`: the URL, or the embedded engine of a data directory run as the server runs it. */
export async function connect(target, max = 10) {
  if (target.url) {
    const pool = new pg.Pool({ connectionString: target.url, max });
    return { pool, close: () => pool.end() };
  }
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-bench-pg-'));
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      dataDir: path.join(target.dataDir, 'pgdata'),
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    },
  });
  await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m) => m.type === 'ready' && resolve());
  });
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  return {
    pool,
    async close() {
      await pool.end();
      await new Promise((resolve) => {
        worker.on('message', (m) => m.type === 'closed' && resolve());
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** One figure of the report: `value` against its `floor` (what a bare implementation does) and `budget`. */
export const figure = (name, value, unit, { floor, budget, pass, note } = {}) => ({
  name,
  value,
  unit,
  floor,
  budget,
  pass,
  note,
});

const show = (v, unit) =>
  v === undefined
    ? ''
    : typeof v === 'number'
      ? `${v < 10 ? v.toFixed(2) : v.toFixed(unit === 'x' ? 2 : 0)} ${unit}`
      : v;

export function printReport(title, figures) {
  const rows = figures.map((f) => [
    f.name,
    show(f.value, f.unit),
    f.floor === undefined ? '' : `floor ${show(f.floor, f.unit)}`,
    f.budget ?? '',
    f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL',
    f.note ?? '',
  ]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log(`\n${title}`);
  for (const r of rows)
    console.log(
      `  ${r
        .map((c, i) => String(c).padEnd(widths[i]))
        .join('  ')
        .trimEnd()}`,
    );
}
