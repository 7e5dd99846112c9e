import { execFileSync } from 'node:child_process';
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

it('the built entry starts the database before it loads Fastify and the app (they load in parallel)', () => {
  const entry = staticImports(path.join(outDir, 'main.js'));
  expect(entry).toContain('pg');
  // Before: every package was imported by the entry, so the embedded engine started only once they were all
  // loaded and evaluated.
  for (const heavy of ['fastify', '@fastify/swagger', 'zod', 'pg-boss']) expect(entry).not.toContain(heavy);
});

it('a start loads the job queue, the mailer and the QR code maker only once it answers or first uses them', () => {
  const loaded = fs
    .readdirSync(outDir)
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => staticImports(path.join(outDir, name)));
  expect(loaded).toContain('fastify');
  // Before: the app's chunk imported them with the rest, all loaded and evaluated before the server listened.
  for (const late of ['pg-boss', 'nodemailer', 'qrcode']) expect(loaded).not.toContain(late);
});
