import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { purgeRateLimitsJob } from '../src/jobRegistry.ts';
import { createTestServer, type TestServer } from './helpers.ts';

// Two servers on one PostgreSQL share the per-minute request limits: together they allow what one allows.
describe.skipIf(!process.env.TEST_DATABASE_URL)('request limits with two servers on one PostgreSQL', () => {
  let first: TestServer;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestServer({
      rateLimitMax: 8,
      clientRateLimitMax: 3,
      clientSessionRateLimitMax: 2,
      trustProxy: true,
    });
    // Another server: its own memory, the same database and settings.
    second = await buildApp(first.app.config, { logger: false, database: first.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const servers = () => [first.app, second];
  const from = async (
    app: FastifyInstance,
    address: string,
    method: 'GET' | 'POST',
    url: string,
    token?: string,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'x-forwarded-for': address, ...(token && { authorization: token }) },
      ...(method === 'POST' && { payload: {} }),
    });
    return { status: res.statusCode, body: res.json(), retryAfter: Number(res.headers['retry-after']) };
  };

  it('lets one address start the sessions one server allows, not twice as many', async () => {
    const [a, b] = servers() as [FastifyInstance, FastifyInstance];
    expect((await from(a, '198.51.100.1', 'POST', '/api/client/session')).status).toBe(201);
    expect((await from(b, '198.51.100.1', 'POST', '/api/client/session')).status).toBe(201);
    for (const app of [a, b]) {
      const refused = await from(app, '198.51.100.1', 'POST', '/api/client/session');
      expect(refused.status).toBe(429);
      expect(refused.body.result.error).toBe('request.tooMany');
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await from(b, '198.51.100.2', 'POST', '/api/client/session')).status).toBe(201);
  });

  it('counts an address across both servers', async () => {
    for (let i = 0; i < 8; i++) {
      const app = servers()[i % 2]!;
      expect((await from(app, '203.0.113.7', 'GET', '/api/health')).status).toBe(200);
    }
    for (const app of servers())
      expect((await from(app, '203.0.113.7', 'GET', '/api/health')).status).toBe(429);
    expect((await from(first.app, '203.0.113.8', 'GET', '/api/health')).status).toBe(200);
  });

  it('counts a participant across both servers', async () => {
    const token = (await from(first.app, '198.51.100.3', 'POST', '/api/client/session')).body.result.token;
    for (let i = 0; i < 3; i++) {
      const app = servers()[i % 2]!;
      expect((await from(app, `198.51.100.${10 + i}`, 'GET', '/api/client/me', token)).status).toBe(200);
    }
    for (const app of servers())
      expect((await from(app, '198.51.100.20', 'GET', '/api/client/me', token)).status).toBe(429);
  });

  it('keeps the counts in one row per key, and the hourly purge removes windows long past', async () => {
    const { pool } = first.database;
    const keys = async () =>
      (await pool.query('SELECT key FROM rate_limits ORDER BY key')).rows.map((r) => r.key);
    expect(await keys()).toContain('203.0.113.7');
    await pool.query(
      `UPDATE rate_limits SET window_started_at = now() - interval '2 hours' WHERE key = '203.0.113.7'`,
    );
    await purgeRateLimitsJob.run({}, { database: first.database, log: first.app.log });
    const left = await keys();
    expect(left).not.toContain('203.0.113.7');
    expect(left).toContain('203.0.113.8');
  });
});
