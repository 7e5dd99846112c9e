import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-build-'));
beforeAll(() => {
  execFileSync('node', ['build.mjs'], { cwd: serverDir, env: { ...process.env, SERVER_OUT_DIR: outDir } });
}, 60_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** The packages a built file imports before any of its code runs, through the chunks it imports too. */
const staticImports = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']/gm)].flatMap(
    ([, name = '']) => (name.startsWith('./') ? staticImports(path.join(path.dirname(file), name)) : [name]),
  );

it('the built entry starts the embedded engine before it loads pg, drizzle, Fastify and the app', () => {
  const entry = staticImports(path.join(outDir, 'main.js'));
  expect(entry).toContain('node:worker_threads');
  // Before: the entry imported pg and drizzle, so the engine's thread started only once they had loaded
  // (and before that, once every package had).
  for (const later of ['pg', 'drizzle-orm', 'fastify', '@fastify/swagger', 'zod', 'pg-boss'])
    expect(entry).not.toContain(later);
});

it('a start loads the job queue, the mailer, the QR code maker and argon2 only once it answers or first uses them', () => {
  const name = fs.readdirSync(outDir).find((file) => /^serve-\w+\.cjs$/.test(file)) ?? 'no app script';
  const script = fs.readFileSync(path.join(outDir, name), 'utf8');
  // The app's packages are inside the script, compiled with it...
  expect(script).toContain('node_modules/fastify/fastify.js');
  expect(script).not.toContain('require("fastify")');
  // ...the late ones load only where an import() was, at their first use: required from node_modules, or
  // (the job queue, inside the script) its module run.
  const boss = /var (\w+)=__commonJS\(\{"[^"]*node_modules\/pg-boss\/src\/index\.js"/.exec(script)?.[1];
  const loads = ['require("nodemailer")', 'require("qrcode")', 'require("@node-rs/argon2")', `${boss}()`];
  for (const load of loads) {
    const at = [...script.matchAll(new RegExp(`(.{40})${load.replace(/[()]/g, '\\$&')}`, 'g'))];
    expect(at.length, load).toBeGreaterThan(0);
    for (const [, before] of at) expect(before, load).toMatch(/Promise\.resolve\(\)\.then\(\(\)=>__toESM\($/);
  }
});

it('with --enable-source-maps, the stack trace of a failed start points into the sources', () => {
  const run = spawnSync('node', ['--enable-source-maps', path.join(outDir, 'main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://x@127.0.0.1:1/x',
      // Fail at once instead of waiting for PostgreSQL to come up.
      DATABASE_CONNECT_TIMEOUT_S: '0',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  // Before: positions in the minified app script (serve-<hash>.cjs:17:95412).
  expect(run.stderr).toContain('src/db/database.ts:');
  expect(run.stderr).not.toMatch(/serve-\w+\.cjs:\d+/);
});

it("loading the app (pg, the server's modules) does not load Node's fetch", () => {
  const name = fs.readdirSync(outDir).find((file) => /^serve-\w+\.cjs$/.test(file)) ?? 'no app script';
  const probe = `
    const read = [];
    for (const name of ['fetch', 'Response', 'Request', 'Headers', 'FormData', 'File', 'navigator']) {
      const lazy = Object.getOwnPropertyDescriptor(globalThis, name);
      if (lazy?.get)
        Object.defineProperty(globalThis, name, { configurable: true, get() { read.push(name); return lazy.get.call(this); } });
    }
    const app = require(${JSON.stringify(path.join(outDir, name))});
    Promise.all([app.loadDatabase(), app.loadServer()]).then(() => console.log(JSON.stringify(read)));`;
  const run = spawnSync('node', ['-e', probe], { encoding: 'utf8', timeout: 30_000 });
  // Before: pg's check for Cloudflare's runtime built a Response, whose first read loads undici (~20 ms).
  expect(JSON.parse(run.stdout)).toEqual([]);
});
