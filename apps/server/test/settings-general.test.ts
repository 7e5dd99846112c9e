import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;
let logged = '';

beforeAll(async () => {
  server = await createTestServer(
    {},
    {
      logStream: {
        write: (line) => {
          logged += line;
        },
      },
    },
  );
  admin = await server.login();
});
afterAll(() => server.close());

const general = {
  serviceName: { zh: '心理测评中心', en: 'Assessment Centre' },
  logoUrl: '/uploads/logo.png',
  hotline: '400-161-9995',
  icpLicence: '京ICP备12345678号',
  disclaimer: { zh: '测评结果仅供参考。', en: 'Results are for reference only.' },
  privacyPolicy: { zh: '我们只保存您的答案。', en: 'We keep only your answers.' },
};

const auditOf = async (entityId: string) =>
  (
    await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=settings&entityId=${entityId}&sortField=time&sortOrder=ascend`,
    })
  ).body.result.data as { changes: Record<string, unknown> }[];

describe('general settings', () => {
  it('start empty, are saved, and leave an audit entry of what changed', async () => {
    const empty = await server.call(admin, { method: 'GET', url: '/api/settings/general' });
    expect(empty.status).toBe(200);
    expect(empty.body.result).toMatchObject({ hotline: '', serviceName: { zh: '', en: '' } });
    const saved = await server.call(admin, { method: 'PUT', url: '/api/settings/general', payload: general });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual(general);
    expect((await server.call(admin, { method: 'GET', url: '/api/settings/general' })).body.result).toEqual(
      general,
    );
    const [entry] = await auditOf('general');
    expect(entry?.changes).toMatchObject({ hotline: { from: '', to: '400-161-9995' } });
  });

  it('refuse a hotline with letters and a logo that is not a link', async () => {
    const res = await server.call(admin, {
      method: 'PUT',
      url: '/api/settings/general',
      payload: { ...general, hotline: 'call us', logoUrl: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'hotline',
      'logoUrl',
    ]);
  });

  it('are shown to participants, and need settings.get / settings.edit for staff', async () => {
    const session = await server.call(null, { method: 'POST', url: '/api/client/session', payload: {} });
    const participant = session.body.result.token as string;
    const shown = await server.call(participant, { method: 'GET', url: '/api/client/settings' });
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual(general);
    expect((await server.call(admin, { method: 'GET', url: '/api/client/settings' })).status).toBe(401);

    const reader = await server.accountWithRole('generalreader', { settings: ['get'] });
    expect((await server.call(reader.token, { method: 'GET', url: '/api/settings/general' })).status).toBe(
      200,
    );
    const put = await server.call(reader.token, {
      method: 'PUT',
      url: '/api/settings/general',
      payload: general,
    });
    expect(put.status).toBe(403);
    // The settings permission does not open the payment settings.
    for (const url of ['/api/settings/wechat-pay', '/api/settings/wechat-official-account'])
      expect((await server.call(reader.token, { method: 'GET', url })).status).toBe(403);
  });
});

/** A WeChat OAuth endpoint that knows one app id and secret. */
async function fakeOauth(appId: string, secret: string) {
  const http: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const known = query.get('appid') === appId && query.get('secret') === secret;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(
        known
          ? { openid: `o-${query.get('code')}`, scope: 'snsapi_base' }
          : { errcode: 40125, errmsg: 'bad' },
      ),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

describe('WeChat official account', () => {
  const APP_ID = 'wx1234567890abcdef';
  const SECRET = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f';
  let oauth: Awaited<ReturnType<typeof fakeOauth>>;
  let withEnv: TestServer;
  let envAdmin: string;

  beforeAll(async () => {
    oauth = await fakeOauth(APP_ID, SECRET);
    // The server's own (environment) account is another app, which the fake does not know.
    withEnv = await createTestServer(
      {
        wechat: { appId: 'wxenvironment00000', appSecret: 'env-secret', apiBase: oauth.base },
        wechatApiBase: oauth.base,
      },
      {
        logStream: {
          write: (line) => {
            logged += line;
          },
        },
      },
    );
    envAdmin = await withEnv.login();
  });
  afterAll(async () => {
    await withEnv.close();
    await oauth.close();
  });

  const get = () => withEnv.call(envAdmin, { method: 'GET', url: '/api/settings/wechat-official-account' });
  const put = (payload: object) =>
    withEnv.call(envAdmin, { method: 'PUT', url: '/api/settings/wechat-official-account', payload });
  const signIn = async (code: string) => {
    const session = await withEnv.call(null, { method: 'POST', url: '/api/client/session', payload: {} });
    const token = session.body.result.token as string;
    const config = await withEnv.call(token, { method: 'GET', url: '/api/client/wechat/config' });
    const login = await withEnv.call(token, {
      method: 'POST',
      url: '/api/client/wechat/login',
      payload: { code },
    });
    return { appId: config.body.result.appId, status: login.status };
  };

  it('fall back to the environment until saved', async () => {
    expect((await get()).body.result).toEqual({
      appId: '',
      appSecret: { set: false, fingerprint: null },
      source: 'environment',
    });
    expect(await signIn('c1')).toEqual({ appId: 'wxenvironment00000', status: 502 });
  });

  it('win once saved: the secret comes back only as set with a fingerprint', async () => {
    const res = await put({ appId: APP_ID, appSecret: SECRET });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      appId: APP_ID,
      appSecret: { set: true, fingerprint: expect.stringMatching(/^[0-9A-F]{8}$/) },
      source: 'settings',
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(await signIn('c2')).toEqual({ appId: APP_ID, status: 200 });
    // A save that leaves the secret out keeps it.
    expect((await put({ appId: APP_ID })).body.result.appSecret.set).toBe(true);
    expect(await signIn('c3')).toEqual({ appId: APP_ID, status: 200 });
  });

  it('refuse a secret that is not 32 letters and digits', async () => {
    const res = await put({ appId: APP_ID, appSecret: 'short' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('short');
  });

  it('removing the secret goes back to the environment', async () => {
    expect((await put({ appId: APP_ID, appSecret: null })).body.result.source).toBe('environment');
    expect((await signIn('c4')).appId).toBe('wxenvironment00000');
  });

  it('are audited without the secret, and need paySettings', async () => {
    const res = await withEnv.call(envAdmin, {
      method: 'GET',
      url: '/api/audit-log?entityType=settings&entityId=wechatOfficialAccount&sortField=time&sortOrder=ascend',
    });
    const entries = res.body.result.data;
    expect(entries[0].changes).toMatchObject({ appId: { to: APP_ID }, appSecret: { changed: true } });
    // Set, then removed; the save that kept it says nothing about it.
    expect(entries.filter((e: { changes: object }) => 'appSecret' in e.changes)).toHaveLength(2);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    const payer = await withEnv.accountWithRole('payonly', { paySettings: ['get'] });
    expect(
      (await withEnv.call(payer.token, { method: 'GET', url: '/api/settings/wechat-official-account' }))
        .status,
    ).toBe(200);
    const refused = await withEnv.call(payer.token, {
      method: 'PUT',
      url: '/api/settings/wechat-official-account',
      payload: { appId: APP_ID },
    });
    expect(refused.status).toBe(403);
  });

  it('never puts the secret in a log line', () => {
    expect(logged.length).toBeGreaterThan(100);
    expect(logged).not.toContain(SECRET);
  });
});
