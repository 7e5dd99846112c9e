/**
 * A write-only secret belongs to where it was entered for: saving a new SMTP host (or user, key id, app id)
 * without entering the secret again must not send the saved one there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startSmtp } from './fakes/smtp.ts';
import { createTestServer, type TestServer } from './helpers.ts';

const PASSWORD = 'smtp-Owner-Secret-9';
let trusted: FakeSmtp;
let other: FakeSmtp;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  trusted = await startSmtp({ auth: { username: 'mailer', password: PASSWORD } });
  other = await startSmtp({ auth: { username: 'mailer', password: 'anything' } });
  // Both fakes listen on 127.0.0.1; `localhost` names the other one.
  server = await createTestServer({ smtpAllowPrivate: true });
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  await Promise.all([trusted.close(), other.close()]);
});

const put = (url: string, payload: object) => server.call(admin, { method: 'PUT', url, payload });
const mail = (changes: object) => ({
  host: '127.0.0.1',
  port: trusted.port,
  secure: 'none',
  username: 'mailer',
  from: { address: 'no-reply@cool.example', name: '' },
  ...changes,
});

describe('SMTP password', () => {
  it('is dropped with a new host unless entered again, so it never reaches that host', async () => {
    expect((await put('/api/settings/mail', mail({ password: PASSWORD }))).body.result.password.set).toBe(
      true,
    );
    const moved = await put('/api/settings/mail', mail({ host: 'localhost', port: other.port }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.password).toEqual({ set: false });
    await server.call(admin, {
      method: 'POST',
      url: '/api/settings/mail/test',
      payload: { to: 'a@example.com' },
    });
    expect(other.logins.map((login) => login.password)).not.toContain(PASSWORD);
  });

  it('is dropped with a new username, kept with the same host and user', async () => {
    await put('/api/settings/mail', mail({ password: PASSWORD }));
    const kept = await put(
      '/api/settings/mail',
      mail({ from: { address: 'ops@cool.example', name: 'Ops' } }),
    );
    expect(kept.body.result.password).toEqual({ set: true });
    const renamed = await put('/api/settings/mail', mail({ username: 'someone-else' }));
    expect(renamed.body.result.password).toEqual({ set: false });
  });

  it('moves with the host when entered again', async () => {
    await put('/api/settings/mail', mail({ password: PASSWORD }));
    const moved = await put('/api/settings/mail', mail({ host: 'localhost', password: PASSWORD }));
    expect(moved.body.result.password).toEqual({ set: true });
    const sent = await server.call(admin, {
      method: 'POST',
      url: '/api/settings/mail/test',
      payload: { to: 'b@example.com' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(trusted.logins.at(-1)).toEqual({ username: 'mailer', password: PASSWORD });
  });
});

describe('the other secrets', () => {
  it('drops an SMS provider’s secret when its key id changes', async () => {
    const sms = (aliyunId: string, tencentId: string, secrets: object = {}) => ({
      provider: 'aliyun',
      aliyun: { accessKeyId: aliyunId, signName: 'Cool', templateCode: { code: 'SMS_1', notification: '' } },
      tencent: { secretId: tencentId, sdkAppId: '1400000000', signName: 'Cool', region: 'ap-guangzhou' },
      ...secrets,
    });
    const first = sms('LTAIfirst', 'AKIDfirst');
    await put('/api/settings/sms', {
      ...first,
      aliyun: { ...first.aliyun, accessKeySecret: 'aliyun-secret-1' },
      tencent: { ...first.tencent, secretKey: 'tencent-secret-1' },
    });
    const same = await put('/api/settings/sms', first);
    expect(same.body.result.aliyun.accessKeySecret.set).toBe(true);
    expect(same.body.result.tencent.secretKey.set).toBe(true);
    const moved = await put('/api/settings/sms', sms('LTAIsecond', 'AKIDsecond'));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.aliyun.accessKeySecret.set).toBe(false);
    expect(moved.body.result.tencent.secretKey.set).toBe(false);
  });

  it('drops a sign-in app’s secret when its app or agent id changes', async () => {
    const app = (appId: string, agentId = '', secret?: string) => ({
      enabled: true,
      appId,
      agentId,
      ...(secret && { secret }),
    });
    await put('/api/settings/identity-providers', {
      wecom: app('ww-corp-1', '1000001', 'wecom-secret-1'),
      dingtalk: app('ding-app-1', '', 'ding-secret-1'),
      wechat: app('wx-open-1', '', 'wechat-secret-1'),
    });
    const res = await put('/api/settings/identity-providers', {
      wecom: app('ww-corp-1', '1000002'),
      dingtalk: app('ding-app-2'),
      wechat: app('wx-open-1'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.wecom.secret.set).toBe(false);
    expect(res.body.result.dingtalk.secret.set).toBe(false);
    expect(res.body.result.wechat.secret.set).toBe(true);
  });

  it('drops the official account’s secret when its app id changes', async () => {
    const url = '/api/settings/wechat-official-account';
    await put(url, { appId: 'wx0123456789abcdef', appSecret: 'a'.repeat(32) });
    expect((await put(url, { appId: 'wx0123456789abcdef' })).body.result.appSecret.set).toBe(true);
    const moved = await put(url, { appId: 'wxfedcba9876543210' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.appSecret.set).toBe(false);
  });
});
