import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ rateLimitMax: 3, trustProxy: true });
});
afterAll(() => server.close());

const from = (address: string, url = '/api/health') =>
  server.call(null, { method: 'GET', url, headers: { 'x-forwarded-for': address } });

describe('security headers and request limits', () => {
  it('sends a content security policy that allows only this origin to run scripts or frame it', async () => {
    const res = await from('198.51.100.1');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 429 past the per-address limit, counting requests that fail to sign in too', async () => {
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', '/api/accounts')).status).toBe(401);
    const limited = await from('203.0.113.7', '/api/accounts');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, success: false, result: { error: 'request.tooMany' } });
    expect(limited.headers['retry-after']).toBeDefined();
    // Behind TRUST_PROXY each forwarded client address has its own allowance.
    expect((await from('203.0.113.8')).status).toBe(200);
    // The console's own files are not counted: a page load asks for dozens.
    expect((await from('203.0.113.7', '/assets/index.js')).status).toBe(404);
  });
});
