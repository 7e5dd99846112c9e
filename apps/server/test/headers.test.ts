import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-headers-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await createTestServer({
    webDist,
    loginThrottle: {
      maxFailuresPerAccount: 1,
      maxFailuresPerAddress: 1000,
      windowMs: 60_000,
      lockMs: 60_000,
    },
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('response headers', () => {
  it('the sign-in answer, which carries the token, is never stored by a cache', async () => {
    const res = await server.call(null, {
      method: 'POST',
      url: '/api/account/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('every API answer forbids content sniffing, errors from the framework included', async () => {
    const admin = await server.login();
    await server.call(null, {
      method: 'POST',
      url: '/api/account/login',
      payload: { username: 'ghost', password: 'wrong-one' },
    });
    const answers = await Promise.all([
      server.call(admin, { method: 'GET', url: '/api/categories' }),
      server.call(null, { method: 'GET', url: '/api/categories' }),
      server.call(null, { method: 'GET', url: '/api/no-such-thing' }),
      server.call(admin, { method: `GET`, url: `/api/categories/${'9'.repeat(120)}` }),
      server.call(null, {
        method: 'POST',
        url: '/api/account/login',
        payload: '{"username":',
        headers: { 'content-type': 'application/json' },
      }),
      server.call(null, {
        method: 'POST',
        url: '/api/account/login',
        payload: { username: 'ghost', password: 'wrong-two' },
      }),
      server.call(admin, { method: 'GET', url: '/api/docs/json' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 401, 404, 414, 400, 429, 200]);
    expect(answers.map((res) => res.headers['x-content-type-options'])).toEqual(answers.map(() => 'nosniff'));
  });

  it('the console page has a content security policy and may not be framed', async () => {
    for (const url of ['/', '/user/login', '/qtable?testId=7']) {
      const res = await server.call(null, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const asset = await server.call(null, { method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HEAD', () => {
  it('answers for the health probe and the console files, not for the API JSON answers', async () => {
    const head = (url: string) => server.app.inject({ method: 'HEAD', url });
    expect((await head('/api/health')).statusCode).toBe(200);
    expect((await head('/')).statusCode).toBe(200);
    expect((await head('/assets/app-1234.js')).statusCode).toBe(200);
    // Before: every GET route had a HEAD twin, registered and compiled at each start.
    expect((await head('/api/categories')).statusCode).toBe(404);
  });
});
