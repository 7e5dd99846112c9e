import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

// A built console as `npm run build` leaves it: hashed assets with .br and .gz beside them.
const script = `console.log(${JSON.stringify('the console '.repeat(400))});`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const html = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const h5Html = `<!doctype html><html><body><div id="h5"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  for (const [name, body] of [
    ['index.html', html],
    ['h5.html', h5Html],
    ['assets/index-3f2a1b.js', script],
  ] as const) {
    const file = path.join(dist, name);
    fs.writeFileSync(file, body);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
  }
  app = await buildApp(loadConfig({}, { webDist: dist, rateLimitMax: 0 }), { logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built console', () => {
  it('sends a hashed asset brotli-compressed when the browser accepts it, cached for a year', async () => {
    const res = await get('/assets/index-3f2a1b.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-3f2a1b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-3f2a1b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('answers the app shell compressed and never cached without revalidation, on / and on a console path', async () => {
    for (const url of ['/', '/user/login']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('serves the hashed assets through one route, not one registered per file at every start', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-3f2a1b.js' })).toBe(false);
    expect((await get('/assets/index-3f2a1b.js')).statusCode).toBe(200);
  });

  it('answers an unknown asset 404 in the envelope', async () => {
    const res = await get('/assets/missing-000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404 });
  });
});

describe('the participant app at /h5/', () => {
  it('answers its own page, compressed and revalidated, on /h5, /h5/ and every path under it', async () => {
    for (const url of ['/h5', '/h5/', '/h5/tests/3', '/h5/records/12/answer?lang=zh']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="h5">');
    }
  });

  it('leaves the console its own page, and a missing file under /h5/ a 404', async () => {
    const console = await get('/h5x/tests', 'br');
    expect(zlib.brotliDecompressSync(console.rawPayload).toString()).toContain('<div id="root">');
    const missing = await get('/h5/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 404 });
  });
});
