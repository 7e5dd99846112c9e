import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/** The participant app asks this before sending someone inside WeChat through the OAuth page. */
let withWechat: TestServer;
/** A second app on the same database without WeChat: one database to migrate and seed, not two. */
let plain: FastifyInstance;

beforeAll(async () => {
  withWechat = await createTestServer({
    wechat: { appId: 'wx0123456789abcdef', appSecret: 'never-sent', apiBase: 'http://127.0.0.1:9' },
  });
  plain = await buildApp(loadConfig({}, { webDist: undefined, rateLimitMax: 0 }), {
    logger: false,
    database: withWechat.database,
  });
  await plain.ready();
});
afterAll(async () => {
  await plain.close();
  await withWechat.close();
});

const session = async () =>
  (await withWechat.call(null, { method: 'POST', url: '/api/client/session' })).body.result.token as string;

describe('GET /api/client/wechat/config', () => {
  it('names the official account when one is configured, never its secret', async () => {
    const res = await withWechat.call(await session(), { method: 'GET', url: '/api/client/wechat/config' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ appId: 'wx0123456789abcdef' });
    expect(JSON.stringify(res.body)).not.toContain('never-sent');
  });

  it('answers null without one, and 401 without a participant token', async () => {
    const url = '/api/client/wechat/config';
    const res = await plain.inject({ method: 'GET', url, headers: { authorization: await session() } });
    expect(res.json().result).toEqual({ appId: null });
    expect((await plain.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
