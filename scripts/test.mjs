#!/usr/bin/env node
/**
 * Test harness: `npm test` (= `node scripts/test.mjs`). It only runs the runners one after another and
 * sums up; the runners do the rest (vitest.config.ts, playwright.config.ts).
 *
 *   unit  vitest projects `unit` and `unit-web` (`--project 'unit*'`)
 *   api   vitest project `api` on embedded PGlite
 *   pg    vitest project `api` on PostgreSQL: TEST_DATABASE_URL when set, else the project's globalSetup
 *         (scripts/vitest-postgres.mjs) starts a throwaway cluster for the run
 *   e2e   Playwright in Chromium; runs `npm run build` first when the built app is older than its sources
 *
 * Flags:
 *   --only=unit,api,pg,e2e   run a subset (comma-separated; also `--only unit`)
 *   --help                   print this help
 *
 * Environment:
 *   CI=true            a missing PostgreSQL or Chromium counts as a failure (otherwise a loud skip)
 *   TEST_DATABASE_URL  PostgreSQL server for the `pg` part instead of a throwaway cluster
 *   CHROMIUM_PATH      browser of the e2e part (default /usr/bin/chromium-headless-shell, else
 *                      /usr/bin/chromium)
 *   E2E_WORKERS        e2e workers, each with its own server and database (default 2)
 *
 * Output: each runner's own output, then a table per runner and, as the last line, `N passed, N failed`
 * (CI reads it). Exit code 0 only if nothing failed and at least one test passed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, staleBuilds } from './build-state.mjs';
import { checkPgAvailable } from './pg-cluster.mjs';

const OUT = path.join(ROOT, '.test-output');
const IS_CI = process.env.CI === 'true' || process.env.CI === '1';
// As playwright.config.ts picks it.
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ||
  '/usr/bin/chromium';
const PARTS = ['unit', 'api', 'pg', 'e2e'];

function parseArgs(argv) {
  let only = PARTS;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      const source = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
      console.log(
        source
          .split('*/')[0]
          .split('\n')
          .slice(2)
          .join('\n')
          .replace(/^ \*( |$)/gm, '')
          .trimEnd(),
      );
      process.exit(0);
    }
    if (arg !== '--only' && !arg.startsWith('--only=')) {
      console.error(`test.mjs: unknown argument "${arg}" (see --help)`);
      process.exit(2);
    }
    const value = arg === '--only' ? (argv[++i] ?? '') : arg.slice('--only='.length);
    only = value.split(',').map((part) => part.trim());
    if (only.some((part) => !PARTS.includes(part))) {
      console.error(`test.mjs: --only takes a comma-separated list of ${PARTS.join(',')} (got "${value}")`);
      process.exit(2);
    }
  }
  return new Set(only);
}

/** One row of the summary per runner. */
const results = [];
let child = null;
let interrupted = null;

/** Runs a command with its output streamed; `env` adds variables, or removes those set to undefined. */
function run(command, args, env = {}) {
  const merged = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  return new Promise((resolve) => {
    // Own process group: a Ctrl+C reaches the harness only, which passes it on once (see below).
    child = spawn(command, args, {
      cwd: ROOT,
      env: merged,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    child.on('error', (error) => {
      console.error(`test.mjs: cannot start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) process.exit(128 + os.constants.signals[signal]);
    interrupted = signal;
    console.error(`\ntest.mjs: ${signal}, stopping after the current runner`);
    // The runner stops its own workers and servers, and a cluster it started (vitest-postgres.mjs).
    child?.kill(signal);
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A runner's counts, or one failure when it exited badly without reporting a failed test. */
function record(name, code, counts, started, note = '') {
  const row = { name, passed: 0, failed: 0, skipped: 0, ms: Date.now() - started, note };
  if (counts) Object.assign(row, counts);
  if (code !== 0 && row.failed === 0) {
    row.failed = 1;
    row.note ||= counts ? `exited ${code} without a failed test` : `no results (exit ${code})`;
  }
  results.push(row);
}

/** A tool the part needs is missing: a failure under CI, else a loud skip. */
function missing(name, reason) {
  const line = '!'.repeat(Math.min(100, reason.length + 20));
  console.log(`\n${line}\n!!! ${IS_CI ? 'FAILED (CI=true)' : 'SKIPPED'}: ${reason} !!!\n${line}\n`);
  results.push({ name, passed: 0, failed: IS_CI ? 1 : 0, skipped: 0, ms: 0, note: `NOT RUN: ${reason}` });
}

async function vitest(name, project, json, env = {}) {
  console.log(`\n=== ${name} ${'='.repeat(Math.max(3, 76 - name.length))}\n`);
  const started = Date.now();
  const file = path.join(OUT, json);
  fs.rmSync(file, { force: true });
  const cli = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile=${file}`];
  const code = await run(
    process.execPath,
    [cli, 'run', '--project', project, '--passWithNoTests', ...reporters],
    env,
  );
  const report = readJson(file);
  const counts = report && {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  const broken = report?.numFailedTestSuites && !report.numFailedTests ? 'a test file failed to run' : '';
  record(name, code, counts, started, broken);
}

const parts = {
  unit: () => vitest('unit', 'unit*', 'vitest-unit.json'),
  api: () =>
    vitest('api (pglite)', 'api', 'vitest-api-pglite.json', {
      TEST_DATABASE_URL: undefined,
      TEST_DATABASE: undefined,
    }),
  pg: async () => {
    const available = process.env.TEST_DATABASE_URL ? { ok: true } : checkPgAvailable();
    if (!available.ok) return missing('api (postgres)', `PostgreSQL not available: ${available.reason}`);
    await vitest('api (postgres)', 'api', 'vitest-api-pg.json', { TEST_DATABASE: 'postgres' });
  },
  e2e: async () => {
    if (!fs.existsSync(CHROMIUM))
      return missing('e2e', `Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
    console.log(`\n=== e2e ${'='.repeat(73)}\n`);
    const started = Date.now();
    const stale = staleBuilds();
    if (stale.length > 0) {
      console.log(`Building first (${stale.map((s) => `${s.workspace}: ${s.reason}`).join('; ')})`);
      const code = await run('npm', ['run', 'build']);
      if (code !== 0) return record('e2e', code, null, started, 'npm run build failed');
    }
    // The reporter set in playwright.config.ts (named by port when E2E_PORT is set).
    const file = path.join(OUT, `playwright${process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : ''}.json`);
    fs.rmSync(file, { force: true });
    const cli = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
    // Never serve the HTML report and wait for Ctrl+C.
    const code = await run(process.execPath, [cli, 'test', '--pass-with-no-tests'], {
      PW_TEST_HTML_REPORT_OPEN: 'never',
    });
    const stats = readJson(file)?.stats;
    const counts = stats && {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
    };
    record('e2e', code, counts, started, stats?.flaky ? `${stats.flaky} flaky` : '');
  },
};

function summary() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const row of results) for (const key of Object.keys(total)) total[key] += row[key];
  const rows = [
    ['runner', 'passed', 'failed', 'skipped', 'time', 'note'],
    ...results.map((r) => [r.name, r.passed, r.failed, r.skipped, `${(r.ms / 1000).toFixed(1)}s`, r.note]),
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const format = (row) =>
    row
      .map((cell, i) => (i >= 1 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${format(rows[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(format(row));
  if (interrupted) console.log(`\n!!! Interrupted (${interrupted}): later runners did not run. !!!`);
  if (total.passed === 0 && total.failed === 0) console.log('\n!!! No test passed: failing the run. !!!');
  if (total.skipped) console.log(`\n${total.skipped} skipped`);
  // CI reads the last line: exactly `N passed, N failed`.
  console.log(`\n${total.passed} passed, ${total.failed} failed`);
  return total.failed === 0 && total.passed > 0 && !interrupted ? 0 : 1;
}

const only = parseArgs(process.argv.slice(2));
fs.mkdirSync(OUT, { recursive: true });
try {
  for (const part of PARTS) if (only.has(part) && !interrupted) await parts[part]();
  process.exitCode = summary();
} catch (error) {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
