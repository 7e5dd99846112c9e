import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

/** The participant app asks this before sending someone inside WeChat through the OAuth page. */
let plain: TestServer;
let withWechat: TestServer;

beforeAll(async () => {
  plain = await createTestServer();
  withWechat = await createTestServer({
    wechat: { appId: 'wx0123456789abcdef', appSecret: 'never-sent', apiBase: 'http://127.0.0.1:9' },
  });
});
afterAll(async () => {
  await plain.close();
  await withWechat.close();
});

const session = async (server: TestServer) =>
  (await server.call(null, { method: 'POST', url: '/api/client/session' })).body.result.token as string;

describe('GET /api/client/wechat/config', () => {
  it('names the official account when one is configured, never its secret', async () => {
    const res = await withWechat.call(await session(withWechat), {
      method: 'GET',
      url: '/api/client/wechat/config',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ appId: 'wx0123456789abcdef' });
    expect(JSON.stringify(res.body)).not.toContain('never-sent');
  });

  it('answers null without one, and 401 without a participant token', async () => {
    const res = await plain.call(await session(plain), { method: 'GET', url: '/api/client/wechat/config' });
    expect(res.body.result).toEqual({ appId: null });
    expect((await plain.call(null, { method: 'GET', url: '/api/client/wechat/config' })).status).toBe(401);
  });
});
