import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { RunningServer } from '../src/server.ts';

// What happened in which order while the server started.
const events: string[] = [];

vi.mock('../src/db/database.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/db/database.ts')>();
  return {
    ...original,
    openConfiguredDatabase: (...args: Parameters<typeof original.openConfiguredDatabase>) => {
      events.push('database opening');
      return original.openConfiguredDatabase(...args);
    },
  };
});

vi.mock('../src/app.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/app.ts')>();
  return {
    ...original,
    buildApp: async (...args: Parameters<typeof original.buildApp>) => {
      const app = await original.buildApp(...args);
      app.addHook('onListen', async () => {
        events.push('listening');
      });
      return app;
    },
  };
});

const { startServer } = await import('../src/server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-start-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts the embedded database while Fastify starts, not after it listens, and then answers healthy', async () => {
  server = await startServer(
    loadConfig({}, { port: 0, host: '127.0.0.1', dataDir, webDist: undefined, logLevel: 'silent' }),
    { jobs: [] },
  );
  expect(events).toEqual(['database opening', 'listening']);
  const health = await server.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.json().result.status).toBe('ok');
}, 60_000);

it('never loads Fastify default schema compilers: every route validates and serializes with zod', () => {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.some((file) => file.includes(`${path.sep}fastify${path.sep}`))).toBe(true);
  // Before: Fastify loaded ajv and fast-json-stringify's compilers while it was created, for nothing.
  for (const compiler of ['ajv-compiler', 'fast-json-stringify-compiler'])
    expect(loaded.filter((file) => file.includes(`${path.sep}${compiler}${path.sep}`))).toEqual([]);
});
