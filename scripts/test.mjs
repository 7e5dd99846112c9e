#!/usr/bin/env node
/**
 * Test harness: `npm test` (= `node scripts/test.mjs`).
 *
 * Runs, in order:
 *   unit  vitest projects `unit` + `unit-web` (`--project 'unit*'`)
 *   api   vitest project `api` on embedded PGlite (TEST_DATABASE_URL unset)
 *   pg    vitest project `api` on real PostgreSQL: TEST_DATABASE_URL if already set, else a
 *         throwaway cluster from scripts/pg-cluster.mjs (stopped afterwards, also on failure/Ctrl+C)
 *   e2e   Playwright (`playwright test`, root playwright.config.ts, JSON in .test-output/playwright.json);
 *         runs `npm run build` first when apps/web/dist/index.html or apps/server/dist/main.js is
 *         missing or older than the sources
 *
 * Flags:
 *   --only=unit,api,pg,e2e   run a subset (comma-separated, any order; also `--only unit`)
 *   --help                   print this help
 *
 * Environment:
 *   CI=true            a missing PostgreSQL installation or /usr/bin/chromium counts as 1 failure
 *                      (otherwise that part is skipped with a loud banner)
 *   TEST_DATABASE_URL  use this PostgreSQL server for the `pg` part instead of starting a cluster
 *   CHROMIUM_PATH      browser the e2e part requires (default /usr/bin/chromium)
 *
 * Output: each runner's own output is streamed; JSON results go to .test-output/. At the end a
 * per-runner table, then the last line `N passed, N failed` over all runners (skips on the line before).
 * Exit code 0 only if nothing failed and at least one test passed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuilds } from './build-state.mjs';
import { startPgCluster } from './pg-cluster.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, '.test-output');
const IS_CI = process.env.CI === 'true' || process.env.CI === '1';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PARTS = ['unit', 'api', 'pg', 'e2e'];

// ---------------------------------------------------------------- args
function parseArgs(argv) {
  let only = PARTS;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      const src = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
      console.log(
        src
          .split('*/')[0]
          .split('\n')
          .slice(2)
          .map((l) => l.replace(/^ \*( |$)/, ''))
          .join('\n'),
      );
      process.exit(0);
    } else if (a.startsWith('--only=') || a === '--only') {
      const value = a === '--only' ? argv[++i] : a.slice('--only='.length);
      only = (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = only.filter((p) => !PARTS.includes(p));
      if (bad.length || only.length === 0) {
        console.error(`test.mjs: --only takes a comma-separated list of ${PARTS.join(',')} (got "${value}")`);
        process.exit(2);
      }
    } else {
      console.error(`test.mjs: unknown argument "${a}" (see --help)`);
      process.exit(2);
    }
  }
  return new Set(only);
}

// ---------------------------------------------------------------- helpers
const results = []; // { name, passed, failed, skipped, ms, note }
let currentChild = null;
let pgCluster = null;

function banner(msg) {
  const line = '!'.repeat(Math.min(100, msg.length + 8));
  console.log(`\n${line}\n!!! ${msg} !!!\n${line}\n`);
}

function heading(msg) {
  console.log(`\n=== ${msg} ${'='.repeat(Math.max(3, 76 - msg.length))}\n`);
}

/** Run a command, streaming its output; resolves to its exit code (a signal or spawn error -> non-zero). */
function runStreaming(cmd, args, { env = process.env, cwd = ROOT } = {}) {
  return new Promise((resolve) => {
    // Own process group, so that an interrupt can take down the runner's workers too.
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    currentChild = child;
    child.on('error', (err) => {
      console.error(`test.mjs: failed to start ${cmd}: ${err.message}`);
      currentChild = null;
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      currentChild = null;
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function rmForce(file) {
  fs.rmSync(file, { force: true });
}

/** Combine a runner's exit code with its parsed counts into a result row. */
function record(name, { code, counts, ms, note = '' }) {
  const row = { name, passed: 0, failed: 0, skipped: 0, ms, note };
  if (!counts) {
    row.failed = 1;
    row.note = note || `no JSON results (exit ${code})`;
  } else {
    Object.assign(row, counts);
    if (code !== 0 && row.failed === 0) {
      // e.g. a test file that fails to import, an unhandled error, a failing global setup
      row.failed = 1;
      row.note = note || `runner exited ${code} with no failed test`;
    }
  }
  results.push(row);
  return row;
}

function recordAbsent(name, what, reason) {
  if (IS_CI) {
    banner(`FAILED (CI=true): ${reason}`);
    results.push({ name, passed: 0, failed: 1, skipped: 0, ms: 0, note: `FAILED: ${what} missing` });
  } else {
    banner(`SKIPPED: ${reason}`);
    results.push({
      name,
      passed: 0,
      failed: 0,
      skipped: 0,
      ms: 0,
      note: `SKIPPED: ${what} missing`,
      skippedPart: true,
    });
  }
}

// ---------------------------------------------------------------- vitest
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

async function runVitest(name, projectArgs, jsonName, env, t0 = Date.now()) {
  const outFile = path.join(OUT, jsonName);
  rmForce(outFile);
  const args = [
    VITEST,
    'run',
    ...projectArgs,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outFile}`,
  ];
  const code = await runStreaming(process.execPath, args, { env });
  const json = readJson(outFile);
  const counts = json && {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
  const badFiles = json?.numFailedTestSuites ?? 0;
  const note = badFiles && !counts.failed ? `${badFiles} test file(s) failed to run` : '';
  return record(name, { code, counts, ms: Date.now() - t0, note });
}

function envWithout(...keys) {
  const env = { ...process.env };
  for (const k of keys) delete env[k];
  return env;
}

// ---------------------------------------------------------------- parts
async function partUnit() {
  heading('unit');
  await runVitest('unit', ['--project', 'unit*'], 'vitest-unit.json', process.env);
}

async function partApiPglite() {
  heading('api (pglite)');
  await runVitest(
    'api (pglite)',
    ['--project', 'api'],
    'vitest-api-pglite.json',
    envWithout('TEST_DATABASE_URL'),
  );
}

async function partApiPg() {
  const name = 'api (postgres)';
  heading(name);
  const t0 = Date.now();
  try {
    pgCluster = await startPgCluster({ log: (m) => console.log(m) });
  } catch (err) {
    console.error(String(err?.stack ?? err));
    results.push({ name, passed: 0, failed: 1, skipped: 0, ms: 0, note: 'PostgreSQL failed to start' });
    return;
  }
  if (pgCluster.status === 'absent') {
    recordAbsent(name, 'PostgreSQL', `PostgreSQL not available: ${pgCluster.reason}`);
    return;
  }
  if (pgCluster.status === 'external') console.log(`Using TEST_DATABASE_URL=${pgCluster.url}`);
  try {
    await runVitest(
      name,
      ['--project', 'api'],
      'vitest-api-pg.json',
      {
        ...process.env,
        TEST_DATABASE_URL: pgCluster.url,
      },
      t0,
    );
  } finally {
    pgCluster.stop();
    pgCluster = null;
  }
}

async function partE2e() {
  const name = 'e2e';
  heading(name);
  const configs = [
    'playwright.config.ts',
    'playwright.config.mts',
    'playwright.config.js',
    'playwright.config.mjs',
  ];
  const config = configs.find((c) => fs.existsSync(path.join(ROOT, c)));
  if (!config) {
    console.log('No playwright.config.* at the repo root: no e2e tests to run.');
    results.push({ name, passed: 0, failed: 0, skipped: 0, ms: 0, note: 'no playwright.config' });
    return;
  }
  if (!fs.existsSync(CHROMIUM)) {
    recordAbsent(name, 'Chromium', `Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  const t0 = Date.now();
  const stale = staleBuilds();
  if (stale.length > 0) {
    console.log(
      `Building the app first (${stale.map((s) => `${s.workspace}: ${s.reason}`).join('; ')}): npm run build`,
    );
    const code = await runStreaming('npm', ['run', 'build']);
    if (code !== 0) {
      results.push({
        name,
        passed: 0,
        failed: 1,
        skipped: 0,
        ms: Date.now() - t0,
        note: 'npm run build failed',
      });
      return;
    }
  }
  const outFile = path.join(OUT, 'playwright.json');
  rmForce(outFile);
  const cli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  const [cmd, args] = fs.existsSync(cli) ? [process.execPath, [cli]] : ['npx', ['playwright']];
  const code = await runStreaming(cmd, [...args, 'test', '--config', config, '--pass-with-no-tests'], {
    // never serve/open the HTML report and wait for Ctrl+C
    env: { ...process.env, PW_TEST_HTML_REPORT_OPEN: 'never' },
  });
  const json = readJson(outFile);
  const stats = json?.stats;
  const counts = stats && {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
  const note = stats?.flaky
    ? `${stats.flaky} flaky`
    : json?.errors?.length
      ? `${json.errors.length} error(s)`
      : '';
  record(name, { code, counts, ms: Date.now() - t0, note });
}

// ---------------------------------------------------------------- summary
function summary() {
  const total = results.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const rows = [['runner', 'passed', 'failed', 'skipped', 'time', 'note']];
  for (const r of results) {
    rows.push(
      [r.name, r.passed, r.failed, r.skipped, `${(r.ms / 1000).toFixed(1)}s`, r.note ?? ''].map(String),
    );
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const fmt = (row) =>
    row
      .map((cell, i) => (i >= 1 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${fmt(rows[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(fmt(row));
  const skippedParts = results.filter((r) => r.skippedPart).map((r) => r.name);
  if (skippedParts.length) console.log(`\n!!! NOT RUN (missing tools): ${skippedParts.join(', ')} !!!`);
  if (total.passed === 0 && total.failed === 0) console.log('\n!!! No test passed: failing the run. !!!');
  if (total.skipped) console.log(`\n${total.skipped} skipped`);
  // CI reads the last line: exactly `N passed, N failed`.
  console.log(`\n${total.passed} passed, ${total.failed} failed`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

// ---------------------------------------------------------------- main
function cleanup() {
  if (pgCluster) {
    try {
      pgCluster.stop();
    } catch {}
    pgCluster = null;
  }
}

function killChildGroup(sig) {
  if (!currentChild?.pid) return;
  try {
    process.kill(-currentChild.pid, sig);
  } catch {}
}

let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    const code = 128 + (os.constants.signals[sig] ?? 0);
    if (interrupted) process.exit(code);
    interrupted = true;
    console.error(`\ntest.mjs: ${sig}, stopping`);
    const child = currentChild;
    killChildGroup(sig === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    const finish = () => {
      killChildGroup('SIGKILL');
      cleanup();
      process.exit(code);
    };
    if (!child) return finish();
    child.once('exit', finish);
    setTimeout(finish, 5000).unref();
  });
}
process.on('exit', () => {
  killChildGroup('SIGKILL');
  cleanup();
});

async function main() {
  const only = parseArgs(process.argv.slice(2));
  fs.mkdirSync(OUT, { recursive: true });
  if (!fs.existsSync(VITEST) && ['unit', 'api', 'pg'].some((p) => only.has(p))) {
    console.error('test.mjs: node_modules/vitest missing: run `npm ci` first');
  }
  if (only.has('unit')) await partUnit();
  if (only.has('api')) await partApiPglite();
  if (only.has('pg')) await partApiPg();
  if (only.has('e2e')) await partE2e();
  return summary();
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err?.stack ?? err);
    cleanup();
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  },
);
