#!/usr/bin/env node
// `npm run bench`: each figure beside its floor (a bare Fastify + pg route on the same data, or the best a
// file can be compressed) and its budget, PASS or FAIL. Runs on a throwaway embedded database, then on a
// throwaway PostgreSQL cluster (or BENCH_DATABASE_URL) when one can be started, each seeded with
// BENCH_ROWS categories (200,000). A section is a function `(ctx) => figures` in scripts/bench/: add yours to
// APP_SECTIONS (the app is running, signed in) or ONCE (run on the embedded database only).
// While working on one figure: BENCH_ONLY=lists,health runs only those sections (by function name) and
// BENCH_DB=embedded or BENCH_DB=postgres only that database (seeding, floors and the restart always run);
// BENCH_PORT moves the app (the bare server takes the port below it) so two benches can run side by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assets } from './bench/assets.mjs';
import { firstScreen } from './bench/first-screen.mjs';
import { h5Weight } from './bench/h5-weight.mjs';
import { health } from './bench/health.mjs';
import {
  connect,
  figure,
  json,
  PASSWORD,
  percentile,
  printReport,
  startApp,
  startBare,
} from './bench/lib.mjs';
import { listFloor, lists } from './bench/lists.mjs';
import { pageWeights } from './bench/page-weight.mjs';
import { search, searchSql } from './bench/search.mjs';
import { staleBuilds } from './build-state.mjs';
import { startPgCluster } from './pg-cluster.mjs';

if (staleBuilds().some((s) => s.workspace === '@cool/server')) {
  console.error('Build the server first: npm run build -w @cool/server');
  process.exit(1);
}

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const BARE_PORT = PORT - 1;
const RESTARTS = 5;
/** Run on the database itself right after seeding, `(ctx, pool)`; they fill `ctx.floors`. */
const SQL_SECTIONS = [searchSql];
/** Measured on the bare server; they fill `ctx.floors`. */
const FLOOR_SECTIONS = [listFloor];
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = (sections) => (ONLY ? sections.filter((section) => ONLY.includes(section.name)) : sections);
const APP_SECTIONS = chosen([lists, search, health]);
const ONCE = chosen([assets, pageWeights, h5Weight, firstScreen]);
const DB = process.env.BENCH_DB;

/** Seeds `rows` categories in one statement (seconds, not the minutes of one request per row). */
async function seedCategories(ctx, target, rows) {
  const db = await connect(target);
  try {
    // Indexes built once over the whole table, not row by row (the trigram ones above all).
    const { rows: indexes } = await db.pool.query(
      "select indexname, indexdef from pg_indexes where tablename = 'categories' and indexname <> 'categories_pkey'",
    );
    for (const { indexname } of indexes) await db.pool.query(`drop index "${indexname}"`);
    await db.pool.query(
      `insert into categories (name_zh, name_en, sort_order, status, created_at, updated_at)
       select '分类' || i, 'Category ' || i, i % 9999, case when i % 10 = 0 then 'disabled' else 'enabled' end,
              now() - i * interval '1 second', now() - i * interval '1 second'
       from generate_series(1, $1::int) i`,
      [rows],
    );
    for (const { indexdef } of indexes) await db.pool.query(indexdef);
    // As autovacuum (or the embedded database's vacuum job) leaves it: statistics taken, the trigram
    // indexes' pending entries merged.
    await db.pool.query('vacuum analyze categories');
    for (const section of SQL_SECTIONS) await section(ctx, db.pool);
  } finally {
    await db.close();
  }
}

async function benchOn(kind, target) {
  const figures = [];
  const origin = `http://127.0.0.1:${PORT}`;
  const ctx = {
    kind,
    rows: ROWS,
    origin,
    base: `${origin}/api`,
    bareBase: `http://127.0.0.1:${BARE_PORT}`,
    floors: {},
  };

  const first = await startApp(PORT, target);
  figures.push(figure('first start (migrate, seed the admin)', first.readyMs, 'ms'));
  await first.stop();
  const seeding = performance.now();
  await seedCategories(ctx, target, ROWS);
  figures.push(figure(`seed ${ROWS} categories (generate_series)`, performance.now() - seeding, 'ms'));

  // Restarts, the bare server's and the app's in turn: one start of each swung by half (1.0-1.5x) with what
  // else the machine did, so each figure is the median of RESTARTS. The floors are measured on the first bare
  // start, the app's sections on its last start.
  const bareStarts = [];
  const appStarts = [];
  let app;
  for (let round = 0; round < RESTARTS; round++) {
    const bare = await startBare(BARE_PORT, target);
    bareStarts.push(bare.readyMs);
    try {
      if (round === 0) for (const section of FLOOR_SECTIONS) await section(ctx);
    } finally {
      await bare.stop();
    }
    app = await startApp(PORT, target);
    appStarts.push(app.readyMs);
    if (round < RESTARTS - 1) await app.stop();
  }
  try {
    const [appMs, bareMs] = [percentile(appStarts, 50), percentile(bareStarts, 50)];
    figures.push(
      figure(`restart on ${ROWS} rows, to healthy, median of ${RESTARTS}`, appMs, 'ms', {
        floor: bareMs,
        budget: '<= 1.25 x floor',
        pass: appMs <= 1.25 * bareMs,
        note: `${(appMs / bareMs).toFixed(2)} x floor; app ${Math.min(...appStarts).toFixed(0)}-${Math.max(...appStarts).toFixed(0)} ms`,
      }),
    );
    const login = await json(`${ctx.base}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    ctx.token = login.result.token;
    ctx.headers = { authorization: ctx.token };
    for (const section of [...APP_SECTIONS, ...(kind === 'embedded' ? ONCE : [])])
      figures.push(...(await section(ctx)));
  } finally {
    await app.stop();
  }
  return figures;
}

const results = [];
if (DB !== 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-bench-'));
  try {
    results.push(['embedded PGlite', await benchOn('embedded', { dataDir })]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (DB !== 'embedded') {
  const cluster = process.env.BENCH_DATABASE_URL
    ? { status: 'started', url: process.env.BENCH_DATABASE_URL, stop() {} }
    : await startPgCluster();
  try {
    if (cluster.status === 'started')
      results.push(['PostgreSQL', await benchOn('postgres', { url: cluster.url })]);
    else results.push(['PostgreSQL', [figure('PostgreSQL', `skipped: ${cluster.reason}`)]]);
  } finally {
    cluster.stop();
  }
}

console.log(`\nCool Evaluation bench, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
for (const [title, figures] of results) printReport(title, figures);
const failed = results.flatMap(([, figures]) => figures).filter((f) => f.pass === false);
console.log(failed.length ? `\n${failed.length} over budget` : '\nEvery budget met');
