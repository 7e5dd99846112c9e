#!/usr/bin/env node
// `npm run bench:scale`: the service on a year of data. Fills a throwaway database with records,
// participants, alerts and orders of the shapes the service writes (scripts/bench/scale-fill.mjs), then times
// what staff and participants do on it, each figure beside its floor (the plain SQL, or a bare Fastify + pg
// route doing the same writes) and its goal. Not a test: CI does not run it.
//
//   SCALE_RECORDS   records to make (default 3,000,000 on PostgreSQL, 300,000 on the embedded database);
//                   participants are a sixth of it, orders a third
//   BENCH_DB        postgres (default) or embedded
//   BENCH_DATABASE_URL  an existing PostgreSQL database to fill instead of a throwaway cluster (it must be empty)
//   SCALE_FILL=0    with BENCH_DATABASE_URL: measure a database an earlier run filled, without filling more
//   BENCH_PORT      the app's port (default 8199; the bare server takes the one below)
//   SCREEN_PARTICIPANTS / SCREEN_CONCURRENCY  the screening's size (default 200 / 50)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connect,
  figure,
  json,
  PASSWORD,
  percentile,
  printReport,
  request,
  startApp,
  startBare,
  timed,
} from './bench/lib.mjs';
import { fillYear, takeTemplates, yearSizes } from './bench/scale-fill.mjs';
import { screening } from './bench/screening.mjs';
import { staleBuilds } from './build-state.mjs';
import { findPgBinDir, startPgCluster } from './pg-cluster.mjs';

if (staleBuilds().some((s) => s.workspace === '@cool/server')) {
  console.error('Build the server first: npm run build -w @cool/server');
  process.exit(1);
}

const DB = process.env.BENCH_DB ?? 'postgres';
const RECORDS = Number(process.env.SCALE_RECORDS ?? (DB === 'embedded' ? 300_000 : 3_000_000));
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const SCREEN = {
  participants: Number(process.env.SCREEN_PARTICIPANTS ?? 200),
  concurrency: Number(process.env.SCREEN_CONCURRENCY ?? 50),
};
/** SCALE_FILL=0 measures a BENCH_DATABASE_URL filled by an earlier run again, as it is (after a change). */
const FILL = process.env.SCALE_FILL !== '0';
const APP_ENV = { CLIENT_RATE_LIMIT_MAX: '0', CLIENT_SESSION_RATE_LIMIT_MAX: '0' };

const median = (values) => percentile(values, 50);
const ms = (v) => `${v.toFixed(0)} ms`;
async function repeat(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) times.push(await timed(fn));
  return times;
}
const expectOk = async (promise) => {
  const res = await promise;
  if (res.status !== 200) throw new Error(`status ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return res;
};

/** A China day `days` before today, as the console sends it. */
const chinaDay = (offsetDays = 0) =>
  new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The floors: plain SQL on the same data, measured while the app is stopped (the embedded database has one user). */
async function sqlFloors(target, testId) {
  const db = await connect(target);
  const floors = {};
  try {
    const start = await repeat(20, () =>
      db.pool.query(
        `with v as (select id, (snapshot ->> 'priceFen')::int as price from test_versions
                    where test_id = $1 order by version desc limit 1)
         insert into records (participant_id, test_id, test_version_id, answers, price_fen)
         select (select min(id) from participants), $1, v.id, '[]', coalesce(v.price, 0) from v returning id`,
        [testId],
      ),
    );
    floors.start = median(start);
    await db.pool.query(
      `delete from records where answers = '[]' and test_id = $1 and status = 'in_progress'
                         and started_at > now() - interval '1 hour'`,
      [testId],
    );
    floors.csv = await csvFloor(target, db);
  } finally {
    await db.close();
  }
  return floors;
}

const ORDER_COLUMNS = `order_no, title ->> 'zh-CN', amount_fen, refunded_fen, status, channel, transaction_id,
  participant_id, record_id, created_at, paid_at`;

/** `\copy` of the orders through psql on PostgreSQL; on the embedded database one plain select of them. */
async function csvFloor(target, db) {
  if (!target.url) return timed(() => db.pool.query(`select ${ORDER_COLUMNS} from orders order by id`));
  const psql = path.join(findPgBinDir(), 'psql');
  return timed(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(
          psql,
          [
            target.url,
            '-c',
            `\\copy (select ${ORDER_COLUMNS} from orders order by id) to '/dev/null' csv header`,
          ],
          {
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
      }),
  );
}

/** The server's resident memory, sampled every 100 ms while `fn` runs: [before, peak] in MiB. */
async function rssDuring(pid, fn) {
  const read = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  };
  const before = read();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 100);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return [before, peak];
}

async function benchOn(kind, target) {
  const figures = [];
  const base = `http://127.0.0.1:${PORT}/api`;
  const log = (m) => console.log(`[${kind}] ${m}`);

  // ---- Fill ---------------------------------------------------------------------------------------------
  let app = await startApp(PORT, target, APP_ENV);
  let templates = [];
  if (FILL) {
    log('first start: migrate, seed, take the template records');
    templates = await takeTemplates(base);
  }
  await app.stop();
  const sizes = yearSizes(RECORDS);
  const db = await connect(target);
  let fillMs = 0;
  let counts;
  let tests;
  try {
    if (FILL) {
      log(
        `filling ${sizes.records} records, ${sizes.participants} participants, up to ${sizes.orders} orders`,
      );
      fillMs = await timed(() => fillYear(db.pool, templates, sizes, log));
    }
    ({ rows: counts } = await db.pool.query(
      `select (select count(*) from records)::int as records, (select count(*) from orders)::int as orders,
            (select count(*) from alerts)::int as alerts, (select count(*) from participants)::int as participants,
            pg_size_pretty(pg_database_size(current_database())) as size`,
    ));
    ({ rows: tests } = await db.pool.query(
      `select t.id, jsonb_array_length(v.snapshot -> 'questions') as questions
     from tests t join test_versions v on v.test_id = t.id and v.version = t.version
     where t.status = 'on_shelf' and (v.snapshot ->> 'priceFen')::int = 0 order by questions desc limit 1`,
    ));
  } finally {
    await db.close();
  }
  const c = counts[0];
  figures.push(
    figure('fill a year (generate_series)', fillMs / 1000, 's', {
      note: `${c.records} records, ${c.participants} participants, ${c.orders} orders, ${c.alerts} alerts, ${c.size}`,
    }),
  );
  const freeTest = tests[0];
  const floors = await sqlFloors(target, freeTest.id);

  // ---- The screening, on the bare route and then the app ------------------------------------------------
  const bare = await startBare(PORT - 1, target);
  let bareScreen;
  try {
    bareScreen = await screening(`http://127.0.0.1:${PORT - 1}/screen`, freeTest.id, SCREEN);
  } finally {
    await bare.stop();
  }

  app = await startApp(PORT, target, APP_ENV);
  try {
    const login = await json(`${base}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const headers = { authorization: login.result.token };
    const get = (p) => () => expectOk(request(`${base}${p}`, { headers }));

    // The first call of a long filtered list, right after the start (nothing counted or cached yet).
    const deepFirst = await timed(get('/records?pageNo=500&pageSize=20&hasAlert=true'));
    figures.push(
      figure('records page 500 with alerts, first call', deepFirst, 'ms', {
        budget: '< 300 ms',
        pass: deepFirst < 300,
      }),
    );

    // Starting a test: a participant who has none of it yet.
    const sessions = [];
    for (let i = 0; i < 20; i++)
      sessions.push(
        (
          await json(`${base}/client/session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).result.token,
      );
    const starts = [];
    for (const token of sessions)
      starts.push(
        await timed(async () => {
          const res = await request(`${base}/client/records`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ testId: freeTest.id }),
          });
          if (res.status !== 201) throw new Error(`start: ${res.status} ${res.body}`);
        }),
      );
    const start = median(starts);
    figures.push(
      figure('POST /api/client/records (start a test), p50 of 20', start, 'ms', {
        floor: floors.start,
        budget: '<= 2 x floor',
        pass: start <= 2 * floors.start,
        note: `${(start / floors.start).toFixed(1)} x floor`,
      }),
    );

    const appScreen = await screening(`${base}/client`, freeTest.id, SCREEN);
    figures.push(
      figure(
        `screening ${SCREEN.participants} participants, ${SCREEN.concurrency} at a time`,
        appScreen.rps,
        'req/s',
        {
          floor: bareScreen.rps,
          budget: '>= 0.5 x floor',
          pass: appScreen.rps >= 0.5 * bareScreen.rps,
          note: `start p50 ${ms(appScreen.startP50)}, save p99 ${ms(appScreen.saveP99)} (bare: ${ms(bareScreen.startP50)}, ${ms(bareScreen.saveP99)})`,
        },
      ),
    );

    // The server rolls up past days' visits when it starts: the dashboard is measured as it serves once done.
    const rollupMs = await timed(async () => {
      for (;;) {
        const { result } = await json(`${base}/monitor/jobs`, { headers });
        const rollup = result.queues.find((q) => q.name === 'roll-up-visits');
        if (rollup?.failed) throw new Error('the visits rollup failed: see the server log');
        if (rollup?.completed) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });
    figures.push(figure('roll up a year of visits (at start, once)', rollupMs / 1000, 's'));

    // Dashboard > Analysis: the page's five requests at once, as the browser sends them.
    for (const [preset, from, unit, budget] of [
      ['month', `${chinaDay().slice(0, 8)}01`, 'day', 1000],
      ['year', `${chinaDay().slice(0, 5)}01-01`, 'month', 1500],
    ]) {
      const to = preset === 'month' ? chinaDay() : `${chinaDay().slice(0, 5)}12-31`;
      const period = `from=${from}&to=${to}`;
      const page = () =>
        Promise.all(
          [
            '/analysis/sales/overview',
            '/analysis/visits/overview',
            `/analysis/sales?${period}&unit=${unit}`,
            `/analysis/visits?${period}&unit=${unit}`,
            `/analysis/sales/categories?${period}`,
          ].map((p) => get(p)()),
        );
      const times = await repeat(3, page);
      figures.push(
        figure(`Analysis page, ${preset} preset, median of 3`, median(times), 'ms', {
          budget: `< ${budget} ms`,
          pass: median(times) < budget,
        }),
      );
    }
    for (const card of ['sales', 'visits']) {
      const times = await repeat(5, get(`/analysis/${card}/overview`));
      figures.push(
        figure(`${card} overview card, median of 5`, median(times), 'ms', {
          budget: '< 150 ms',
          pass: median(times) < 150,
        }),
      );
    }

    const session = sessions[0];
    for (const [name, fn] of [
      ['tests list (console home)', get('/tests?pageNo=1&pageSize=10')],
      [
        '/h5/ shelf',
        () => expectOk(request(`${base}/client/tests?pageSize=20`, { headers: { authorization: session } })),
      ],
      ['monitor: records in progress', get('/monitor/records')],
    ]) {
      const times = await repeat(10, fn);
      figures.push(
        figure(`${name}, median of 10`, median(times), 'ms', { budget: '< 50 ms', pass: median(times) < 50 }),
      );
    }

    // Sign-in to the first table: sign in, the user info, then the home's list and its categories.
    const signIn = await repeat(5, async () => {
      const res = await json(`${base}/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      const own = { authorization: res.result.token };
      await expectOk(request(`${base}/user/info`, { headers: own }));
      await Promise.all(
        ['/tests?pageNo=1&pageSize=10', '/categories?pageSize=100'].map((p) =>
          expectOk(request(`${base}${p}`, { headers: own })),
        ),
      );
    });
    figures.push(
      figure('sign-in to the first table (API calls), median of 5', median(signIn), 'ms', {
        budget: '< 1000 ms',
        pass: median(signIn) < 1000,
      }),
    );

    let csvBytes = 0;
    const [rssBefore, rssPeak] = await rssDuring(app.pid, async () => {
      const csv = await timed(async () => {
        const res = await expectOk(request(`${base}/orders/export?format=csv`, { headers }));
        csvBytes = res.body.length;
      });
      figures.push(
        figure(`CSV export of ${c.orders} orders`, csv / 1000, 's', {
          floor: floors.csv / 1000,
          budget: '<= 3 x floor',
          pass: csv <= 3 * floors.csv,
          note: `${(csv / floors.csv).toFixed(1)} x floor, ${(csvBytes / 1048576).toFixed(0)} MiB`,
        }),
      );
    });
    figures.push(
      figure('server memory during the export', rssPeak - rssBefore, 'MiB', {
        note: `RSS ${rssBefore.toFixed(0)} -> peak ${rssPeak.toFixed(0)} MiB`,
      }),
    );
  } finally {
    await app.stop();
  }
  return figures;
}

const results = [];
if (DB === 'embedded') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-scale-'));
  try {
    results.push([`embedded PGlite, ${RECORDS} records`, await benchOn('embedded', { dataDir })]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const cluster = process.env.BENCH_DATABASE_URL
    ? { status: 'started', url: process.env.BENCH_DATABASE_URL, stop() {} }
    : await startPgCluster();
  if (cluster.status !== 'started') {
    console.error(`PostgreSQL: ${cluster.reason}`);
    process.exit(1);
  }
  try {
    results.push([`PostgreSQL, ${RECORDS} records`, await benchOn('postgres', { url: cluster.url })]);
  } finally {
    cluster.stop();
  }
}

console.log(
  `\nCool Evaluation at scale, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [title, figures] of results) printReport(title, figures);
const failed = results.flatMap(([, figures]) => figures).filter((f) => f.pass === false);
console.log(failed.length ? `\n${failed.length} over budget` : '\nEvery budget met');
