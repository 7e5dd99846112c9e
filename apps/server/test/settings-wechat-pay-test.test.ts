import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLog } from '../src/db/schema.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let fake: FakeWechatPay;
let stranger: FakeWechatPay;
let server: TestServer;
let admin: string;
let logged = '';

beforeAll(async () => {
  fake = await startFakeWechatPay();
  // Another merchant's keys: what a wrong paste looks like.
  stranger = await startFakeWechatPay();
  server = await createTestServer(
    { wechatPayApiBase: fake.url },
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
afterAll(async () => {
  await server.close();
  await fake.close();
  await stranger.close();
});

const settings = (changes: object = {}) => ({
  ...fake.merchantConfig,
  notifyBaseUrl: 'https://pay.example.com',
  ...changes,
});
const save = async (changes?: object) => {
  const res = await server.call(admin, {
    method: 'PUT',
    url: '/api/settings/wechat-pay',
    payload: settings(changes),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const test = (token = admin, language = 'en-US') =>
  server.call(token, {
    method: 'POST',
    url: '/api/settings/wechat-pay/test',
    headers: { 'accept-language': language },
  });

describe('WeChat Pay test connection', () => {
  it('says WeChat Pay is not set up before the settings are saved', async () => {
    const res = await test();
    expect(res.status).toBe(409);
    expect(res.body.result.error).toBe('wechatpay.notConfigured');
  });

  it('succeeds with the right keys: one signed query, its answer verified', async () => {
    await save();
    const calls = fake.calls.length;
    const res = await test();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ durationMs: expect.any(Number) });
    expect(fake.calls.slice(calls)).toHaveLength(1);
    expect(fake.calls.at(-1)).toMatchObject({ authorized: true });
    // The call is in the payment log like every other call to WeChat Pay.
    const logged = await server.database.db
      .select()
      .from(payLog)
      .where(like(payLog.orderNo, 'CONNECTIONTEST%'));
    expect(logged).toMatchObject([{ direction: 'outbound', operation: 'query', verdict: 'wechatError' }]);
  });

  it('says our signature was refused when the merchant key or serial is wrong', async () => {
    await save({ merchantPrivateKey: stranger.merchantKey.privatePem });
    let res = await test();
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('wechatpay.signRejected');
    expect(res.body.message).toMatch(/private key/);
    await save({ merchantSerialNo: stranger.merchantSerialNo });
    res = await test(admin, 'zh-CN');
    expect(res.body.result.error).toBe('wechatpay.signRejected');
    expect(res.body.message).toMatch(/商户私钥/);
  });

  it("says the answer could not be verified when the WeChat Pay public key is someone else's", async () => {
    await save({ platformPublicKey: stranger.platformKey.publicPem });
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('wechatpay.answerUnverified');
    expect(res.body.message).toMatch(/public key/);
  });

  it('says the answer could not be verified when the public key id is not the one WeChat Pay signs with', async () => {
    await save({ platformPublicKeyId: stranger.platformSerial });
    const res = await test();
    expect(res.body.result.error).toBe('wechatpay.answerUnverified');
  });

  it('needs paySettings.edit', async () => {
    const reader = await server.accountWithRole('payreader', { paySettings: ['get', 'query'] });
    expect((await test(reader.token)).status).toBe(403);
    const settingsEditor = await server.accountWithRole('settingseditor', { settings: ['get', 'edit'] });
    expect((await test(settingsEditor.token)).status).toBe(403);
  });

  it('says WeChat Pay could not be reached', async () => {
    await save();
    await fake.close();
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('wechatpay.unreachable');
  });

  it('never logs a secret', () => {
    expect(logged).not.toContain(fake.apiV3Key);
    for (const line of fake.merchantKey.privatePem.split('\n').filter((l) => l.length > 40))
      expect(logged).not.toContain(line);
  });
});
