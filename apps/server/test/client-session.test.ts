import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantSessions, participants, participantWechat } from '../src/db/schema.ts';
import { purgeSessionsJob } from '../src/jobRegistry.ts';
import { hashToken } from '../src/modules/auth/credentials.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const startSession = async (target = server, payload: object = {}) => {
  const res = await target.call(null, { method: 'POST', url: '/api/client/session', payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.result.token as string;
};

const me = (token: string | null, target = server) =>
  target.call(token, { method: 'GET', url: '/api/client/me' });

const participantIdOf = async (token: string) => (await me(token)).body.result.id as number;

describe('client sessions', () => {
  it('starts an anonymous participant and stores only the hash of a 256-bit token', async () => {
    const token = await startSession(server, { locale: 'en-US' });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 0,
      success: true,
      result: { nickname: null, avatar: null, locale: 'en-US', wechat: false },
    });
    const [row] = await server.database.db
      .select()
      .from(participantSessions)
      .where(eq(participantSessions.participantId, res.body.result.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.ip).toBe('127.0.0.1');
    // Thirty days from now, give or take the test's own run time.
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('starts a session without a body too, and refuses unknown fields', async () => {
    const bare = await server.call(null, { method: 'POST', url: '/api/client/session' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    const refused = await server.call(null, {
      method: 'POST',
      url: '/api/client/session',
      payload: { locale: 'en-US', participantId: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.result.errors).toEqual([
      expect.objectContaining({ field: 'participantId', error: 'field.unknown' }),
    ]);
  });

  it('lets participants set their nickname and language, and nothing else', async () => {
    const token = await startSession();
    const put = (payload: object) => server.call(token, { method: 'PUT', url: '/api/client/me', payload });
    expect((await put({ nickname: '  小明 ' })).body.result).toMatchObject({
      nickname: '小明',
      locale: null,
    });
    expect((await put({ locale: 'zh-CN' })).body.result).toMatchObject({ nickname: '小明', locale: 'zh-CN' });
    expect((await put({})).body.result).toMatchObject({ nickname: '小明', locale: 'zh-CN' });
    expect((await put({ nickname: '' })).body.result.nickname).toBeNull();
    expect((await put({ locale: 'fr-FR' })).status).toBe(400);
    expect((await put({ status: 'active' })).status).toBe(400);
    expect((await put({ nickname: 'x'.repeat(33) })).status).toBe(400);
  });

  it('keeps participant and staff tokens apart: each gets 401 where the other belongs', async () => {
    const token = await startSession();
    for (const url of ['/api/categories', '/api/user/info', '/api/participants']) {
      const res = await server.call(token, { method: 'GET', url });
      expect(res.status, url).toBe(401);
      expect(res.body.result.error).toBe('auth.signInRequired');
    }
    const staff = await me(admin);
    expect(staff.status).toBe(401);
    expect(staff.body).toMatchObject({ code: 401, success: false, result: { error: 'auth.signInRequired' } });
    expect((await me(null)).status).toBe(401);
    expect((await me('Bearer not-a-token')).status).toBe(401);
    expect((await me(`Bearer ${token}`)).status).toBe(200);
  });

  it('ends a session 30 days after its last use, and each use slides that end (at most once a minute)', async () => {
    const token = await startSession();
    const id = await participantIdOf(token);
    const db = server.database.db;
    const session = eq(participantSessions.tokenHash, hashToken(token));
    const expiresAt = async () =>
      (await db.select().from(participantSessions).where(session))[0]!.expiresAt.getTime();
    const lastSeen = async () => (await db.select().from(participants).where(eq(participants.id, id)))[0]!;

    // Used 10 days ago, seen then: this use slides the end back to 30 days ahead and marks it seen.
    await db.update(participantSessions).set({ expiresAt: sql`now() + interval '20 days'` }).where(session);
    await db
      .update(participants)
      .set({ lastSeenAt: sql`now() - interval '10 days'` })
      .where(eq(participants.id, id));
    expect((await me(token)).status).toBe(200);
    expect((await expiresAt()) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(Date.now() - (await lastSeen()).lastSeenAt.getTime()).toBeLessThan(60_000);

    // Within the minute nothing is written again.
    await db
      .update(participantSessions)
      .set({ expiresAt: sql`now() + interval '30 days' - interval '30 seconds'` })
      .where(session);
    const unchanged = await expiresAt();
    expect((await me(token)).status).toBe(200);
    expect(await expiresAt()).toBe(unchanged);

    // Thirty days unused: the token no longer works.
    await db.update(participantSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(session);
    expect((await me(token)).status).toBe(401);

    // The hourly purge then deletes it; live sessions stay.
    const live = await startSession();
    await purgeSessionsJob.run(undefined as never, { database: server.database } as never);
    expect(await db.$count(participantSessions, session)).toBe(0);
    expect((await me(live)).status).toBe(200);
  });

  it('refuses a blocked participant with 403 on every client route, and lets them back when unblocked', async () => {
    const token = await startSession();
    const id = await participantIdOf(token);
    expect((await server.call(admin, { method: 'POST', url: `/api/participants/${id}/block` })).status).toBe(
      200,
    );
    const refused = await me(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      success: false,
      result: { error: 'participant.blocked' },
    });
    const put = await server.call(token, {
      method: 'PUT',
      url: '/api/client/me',
      payload: { nickname: 'x' },
    });
    expect(put.status).toBe(403);
    expect(
      (await server.call(admin, { method: 'POST', url: `/api/participants/${id}/unblock` })).status,
    ).toBe(200);
    expect((await me(token)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- WeChat

interface FakeWechat {
  base: string;
  /** Query strings the fake was asked with. */
  asked: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A stand-in for api.weixin.qq.com speaking `/sns/oauth2/access_token`'s documented answers: the code
 * `code-<openid>[-<unionid>]` signs that person in, `used` is refused as WeChat refuses a used code, `busy`
 * answers WeChat's system error.
 */
async function fakeWechat(appId: string, secret: string): Promise<FakeWechat> {
  const asked: URLSearchParams[] = [];
  const answer = (request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/sns/oauth2/access_token') return { errcode: 40001, errmsg: 'invalid path' };
    asked.push(url.searchParams);
    const code = url.searchParams.get('code') ?? '';
    if (url.searchParams.get('appid') !== appId || url.searchParams.get('secret') !== secret)
      return { errcode: 40125, errmsg: 'invalid appsecret, rid: 1' };
    if (url.searchParams.get('grant_type') !== 'authorization_code')
      return { errcode: 40002, errmsg: 'invalid grant_type' };
    if (code === 'used') return { errcode: 40163, errmsg: 'code been used, rid: 2' };
    if (code === 'busy') return { errcode: -1, errmsg: 'system error, rid: 3' };
    if (code === 'snapshot')
      return {
        access_token: 'AT',
        expires_in: 7200,
        openid: 'virtual',
        scope: 'snsapi_base',
        is_snapshotuser: 1,
      };
    const [, openid, unionid] = code.split('-');
    return {
      access_token: 'ACCESS_TOKEN',
      expires_in: 7200,
      refresh_token: 'REFRESH_TOKEN',
      openid,
      scope: unionid ? 'snsapi_userinfo' : 'snsapi_base',
      ...(unionid && { unionid }),
    };
  };
  const http: Server = createServer((request, response) => {
    if (request.url?.includes('code=html')) return response.end('<html>502 Bad Gateway</html>');
    response.setHeader('content-type', 'application/json; encoding=utf-8');
    response.end(JSON.stringify(answer(request)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

describe('signing in with WeChat', () => {
  const APP_ID = 'wx520c15f417810387';
  const SECRET = 'the-app-secret-never-logged';
  let wechat: FakeWechat;
  let withWechat: TestServer;
  let logged = '';

  beforeAll(async () => {
    wechat = await fakeWechat(APP_ID, SECRET);
    // Everything the server logs, to show that the secret and the codes never reach it.
    withWechat = await createTestServer(
      { wechat: { appId: APP_ID, appSecret: SECRET, apiBase: wechat.base } },
      {
        logStream: {
          write: (line) => {
            logged += line;
          },
        },
      },
    );
  });
  afterAll(async () => {
    await withWechat.close();
    await wechat.close();
  });

  const login = (token: string, code: string) =>
    withWechat.call(token, { method: 'POST', url: '/api/client/wechat/login', payload: { code } });

  it('answers 503 when the official account is not configured', async () => {
    const token = await startSession();
    const res = await server.call(token, {
      method: 'POST',
      url: '/api/client/wechat/login',
      payload: { code: 'code-o1' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, success: false, result: { error: 'wechat.notConfigured' } });
  });

  it("binds the openid and unionid to the session's participant", async () => {
    const token = await startSession(withWechat);
    const id = await participantIdOf2(token);
    const res = await login(token, 'code-openidA-unionA');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ id, wechat: true });
    const asked = wechat.asked.at(-1)!;
    expect(Object.fromEntries(asked)).toEqual({
      appid: APP_ID,
      secret: SECRET,
      code: 'code-openidA-unionA',
      grant_type: 'authorization_code',
    });
    const rows = await withWechat.database.db
      .select()
      .from(participantWechat)
      .where(eq(participantWechat.participantId, id));
    expect(rows).toEqual([expect.objectContaining({ appId: APP_ID, openid: 'openidA', unionid: 'unionA' })]);
    // Signing in again as the same person changes nothing.
    expect((await login(token, 'code-openidA')).body.result).toMatchObject({ id, wechat: true });
  });

  it('merges an anonymous participant into the one already holding the openid, keeping the token', async () => {
    const first = await startSession(withWechat);
    const existing = await participantIdOf2(first);
    await withWechat.call(first, { method: 'PUT', url: '/api/client/me', payload: { nickname: 'Ming' } });
    expect((await login(first, 'code-openidB')).status).toBe(200);

    // The same person on another device: anonymous at first, then signed in.
    const second = await startSession(withWechat);
    const anonymous = await participantIdOf2(second);
    expect(anonymous).not.toBe(existing);
    const res = await login(second, 'code-openidB-unionB');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: existing, nickname: 'Ming', wechat: true });
    // Both tokens now stand for the existing participant; the anonymous one is gone.
    expect(await participantIdOf2(second)).toBe(existing);
    expect(await participantIdOf2(first)).toBe(existing);
    const db = withWechat.database.db;
    expect(await db.$count(participants, eq(participants.id, anonymous))).toBe(0);
    const [bound] = await db.select().from(participantWechat).where(eq(participantWechat.openid, 'openidB'));
    expect(bound).toMatchObject({ participantId: existing, unionid: 'unionB' });
  });

  it('switches a participant with a WeChat identity of its own to the other person, merging nothing', async () => {
    const one = await startSession(withWechat);
    const oneId = await participantIdOf2(one);
    await login(one, 'code-openidC');
    const other = await startSession(withWechat);
    const otherId = await participantIdOf2(other);
    await login(other, 'code-openidD');
    // On the first device, WeChat now says it is D.
    expect((await login(one, 'code-openidD')).body.result.id).toBe(otherId);
    expect(await participantIdOf2(one)).toBe(otherId);
    const db = withWechat.database.db;
    expect(await db.$count(participants, eq(participants.id, oneId))).toBe(1);
    const [c] = await db.select().from(participantWechat).where(eq(participantWechat.openid, 'openidC'));
    expect(c?.participantId).toBe(oneId);
  });

  it('refuses signing in as a participant staff blocked', async () => {
    const blocked = await startSession(withWechat);
    const blockedId = await participantIdOf2(blocked);
    await login(blocked, 'code-openidE');
    const staff = await withWechat.login();
    await withWechat.call(staff, { method: 'POST', url: `/api/participants/${blockedId}/block` });
    const res = await login(await startSession(withWechat), 'code-openidE');
    expect(res.status).toBe(403);
    expect(res.body.result.error).toBe('participant.blocked');
  });

  it("passes WeChat's refusal on: 400 for a bad code, 502 for WeChat's own errors", async () => {
    const token = await startSession(withWechat);
    const used = await login(token, 'used');
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({
      code: 400,
      success: false,
      result: { error: 'wechat.exchangeFailed', params: { reason: '40163 code been used, rid: 2' } },
    });
    expect(used.body.message).toContain('40163');
    const busy = await login(token, 'busy');
    expect(busy.status).toBe(502);
    expect(busy.body.result).toMatchObject({ error: 'wechat.exchangeFailed' });
    expect((await login(token, 'snapshot')).status).toBe(400);
    const garbled = await login(token, 'html');
    expect(garbled.status).toBe(502);
    expect(garbled.body.result.params).toEqual({ reason: 'unexpected answer' });
    expect((await participantIdOf2(token)) > 0).toBe(true);
    expect((await withWechat.call(token, { method: 'GET', url: '/api/client/me' })).body.result.wechat).toBe(
      false,
    );
  });

  it('answers 502 when WeChat cannot be reached', async () => {
    const config = withWechat.app.config;
    const reachable = config.wechat;
    config.wechat = { appId: APP_ID, appSecret: SECRET, apiBase: 'http://127.0.0.1:1' };
    try {
      const res = await login(await startSession(withWechat), 'code-x');
      expect(res.status).toBe(502);
      expect(res.body.result).toMatchObject({
        error: 'wechat.exchangeFailed',
        params: { reason: 'unreachable' },
      });
    } finally {
      config.wechat = reachable;
    }
  });

  it('never logs the app secret or a code', () => {
    // The 502s were logged, so the log was written to.
    expect(logged).toContain('wechat.exchangeFailed');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain('code-openid');
  });

  const participantIdOf2 = async (token: string) => (await me(token, withWechat)).body.result.id as number;
});

describe('client request limits', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await createTestServer({
      rateLimitMax: 12,
      clientRateLimitMax: 3,
      clientSessionRateLimitMax: 2,
      trustProxy: true,
    });
  });
  afterAll(() => limited.close());

  const from = (address: string, token: string | null, method: 'GET' | 'PUT' | 'POST', url: string) =>
    limited.call(token, {
      method,
      url,
      headers: { 'x-forwarded-for': address },
      ...(method !== 'GET' && { payload: {} }),
    });
  const sessionFrom = async (address: string) =>
    (await from(address, null, 'POST', '/api/client/session')).body.result?.token as string;

  const expectTooMany = (res: { status: number; body: any; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 429, success: false, result: { error: 'request.tooMany' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('lets one address start only a few sessions a minute', async () => {
    expect(await sessionFrom('198.51.100.1')).toBeTruthy();
    expect(await sessionFrom('198.51.100.1')).toBeTruthy();
    expectTooMany(await from('198.51.100.1', null, 'POST', '/api/client/session'));
    expect(await sessionFrom('198.51.100.2')).toBeTruthy();
  });

  it('counts every client route per participant, whatever address it comes from', async () => {
    const token = await sessionFrom('198.51.100.3');
    const other = await sessionFrom('198.51.100.3');
    expect((await from('198.51.100.4', token, 'GET', '/api/client/me')).status).toBe(200);
    expect((await from('198.51.100.5', token, 'PUT', '/api/client/me')).status).toBe(200);
    expect((await from('198.51.100.6', token, 'GET', '/api/client/me')).status).toBe(200);
    expectTooMany(await from('198.51.100.7', token, 'GET', '/api/client/me'));
    // Another participant on the same address is not held back.
    expect((await from('198.51.100.4', other, 'GET', '/api/client/me')).status).toBe(200);
  });

  it('counts client routes per address too, across participants', async () => {
    const tokens = [
      await sessionFrom('198.51.100.8'),
      await sessionFrom('198.51.100.8'),
      await sessionFrom('198.51.100.9'),
      await sessionFrom('198.51.100.9'),
    ];
    // Twelve requests from one address, three per participant, are all allowed; the thirteenth is not.
    for (const token of tokens) {
      for (let i = 0; i < 3; i++)
        expect((await from('203.0.113.20', token, 'GET', '/api/client/me')).status).toBe(200);
    }
    const fresh = await sessionFrom('198.51.100.10');
    expectTooMany(await from('203.0.113.20', fresh, 'GET', '/api/client/me'));
  });
});
