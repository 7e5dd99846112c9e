#!/usr/bin/env node
// `npm run bench`: starts the built server on a throwaway embedded database (or BENCH_DATABASE_URL),
// fills it, and prints latency figures. Figures, not pass/fail: compare runs on the same machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, staleBuilds } from './build-state.mjs';

if (staleBuilds().some((s) => s.workspace === '@cool/server')) {
  console.error('Build the server first: npm run build -w @cool/server');
  process.exit(1);
}

const PORT = 8199;
const BASE = `http://127.0.0.1:${PORT}/api`;
const PASSWORD = 'bench-password-1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-bench-'));
const started = performance.now();
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${BASE}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Runs `count` calls of `fn` with `concurrency` in flight; returns each call's latency. */
async function load(count, concurrency, fn) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        latencies.push(await timed(() => fn(i)));
      }
    }),
  );
  return latencies;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * JavaScript each screen downloads, gzipped as a server or CDN would send it: the login page alone, then the
 * first console page after signing in (the shell plus the category list). Needs /usr/bin/chromium.
 */
async function pageWeights(token) {
  if (!fs.existsSync('/usr/bin/chromium')) return [['page JS (gzip)', 'skipped: no /usr/bin/chromium']];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const seen = new Map();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) seen.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    const total = () => [...seen.values()].reduce((a, b) => a + b, 0);
    const origin = `http://127.0.0.1:${PORT}`;
    await page.goto(`${origin}/user/login`, { waitUntil: 'networkidle' });
    const login = { bytes: total(), files: seen.size };
    await page.evaluate(
      (value) =>
        localStorage.setItem('Authorization', JSON.stringify({ value, expire: Date.now() + 3_600_000 })),
      token,
    );
    await page.goto(`${origin}/user`, { waitUntil: 'networkidle' });
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    return [
      ['login page JS (gzip)', `${kib(login.bytes)} in ${login.files} files`],
      ['first console page JS, shell + category list (gzip)', `${kib(total())} in ${seen.size} files`],
    ];
  } finally {
    await browser.close();
  }
}

try {
  await waitReady();
  const coldStart = performance.now() - started;
  const loginLatencies = [];
  let token;
  for (let i = 0; i < 5; i++) {
    loginLatencies.push(
      await timed(async () => {
        const res = await fetch(`${BASE}/account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: PASSWORD }),
        });
        token = (await res.json()).result.token;
      }),
    );
  }
  const headers = { authorization: token, 'content-type': 'application/json' };
  const categories = 1000;
  const fill = await load(categories, 4, (i) =>
    fetch(`${BASE}/categories`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nameZh: `分类${i}`, nameEn: `Category ${i}`, sortOrder: i % 9999 }),
    }).then((r) => r.arrayBuffer()),
  );
  const list = (i) =>
    fetch(`${BASE}/categories?pageNo=${(i % 50) + 1}&pageSize=20&sortField=updateTime&sortOrder=descend`, {
      headers,
    }).then((r) => r.arrayBuffer());
  const pings = [];
  let listing = true;
  const pinger = (async () => {
    while (listing) {
      pings.push(await timed(() => fetch(`${BASE}/health`).then((r) => r.arrayBuffer())));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const listStart = performance.now();
  const lists = await load(500, 8, list);
  const listSeconds = (performance.now() - listStart) / 1000;
  listing = false;
  await pinger;

  const rows = [
    ['cold start to healthy', fmt(coldStart)],
    ['sign-in (argon2id), median of 5', fmt(percentile(loginLatencies, 50))],
    [
      `create category (x${categories}, 4 in flight) p50 / p99`,
      `${fmt(percentile(fill, 50))} / ${fmt(percentile(fill, 99))}`,
    ],
    [
      'category list page (500, 8 in flight) p50 / p99',
      `${fmt(percentile(lists, 50))} / ${fmt(percentile(lists, 99))}`,
    ],
    ['category list throughput', `${(500 / listSeconds).toFixed(0)} req/s`],
    [
      '/api/health during list load p50 / p99',
      `${fmt(percentile(pings, 50))} / ${fmt(percentile(pings, 99))}`,
    ],
  ];
  rows.push(...(await pageWeights(token)));
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `\nCool Evaluation bench (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
} finally {
  stop();
}
