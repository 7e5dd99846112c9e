import { generateKeyPairSync } from 'node:crypto';
import type { Grants } from '@cool/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { roles } from '../src/db/schema.ts';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { WechatPayError, wechatPayClient } from '../src/integrations/wechatpay/client.ts';
import { loadMerchant } from '../src/integrations/wechatpay/protocol.ts';
import { getWechatPayMerchant } from '../src/modules/settings/wechatPay.ts';
import { type FakeWechatPay, hasOpenssl, startFakeWechatPay } from './fakes/wechatpay.ts';
import { ADMIN_PASSWORD, openSeededTestDatabase } from './helpers.ts';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let admin: string;
let fake: FakeWechatPay;
const lines: string[] = [];

beforeAll(async () => {
  fake = await startFakeWechatPay();
  database = await openSeededTestDatabase();
  // Every level logged, so a secret in any line would be caught.
  const config = loadConfig(
    {},
    { webDist: undefined, rateLimitMax: 0, logLevel: 'trace', wechatPayApiBase: fake.url },
  );
  app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  admin = login.json().result.token;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

const call = async (token: string, method: 'GET' | 'PUT', payload?: object) => {
  const response = await app.inject({
    method,
    url: '/api/settings/wechat-pay',
    headers: { authorization: token },
    ...(payload && { payload }),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
};

const base = () => ({
  appId: fake.appId,
  mchId: fake.mchId,
  merchantSerialNo: fake.merchantSerialNo.toLowerCase(),
  platformPublicKeyId: fake.platformSerial,
  notifyBaseUrl: 'https://pay.example.com/',
});
const secrets = () => ({
  merchantPrivateKey: fake.merchantKey.privatePem,
  apiV3Key: fake.apiV3Key,
  platformPublicKey: fake.platformKey.publicPem,
});
/** The parts of the secrets that must appear nowhere: the key's base64 lines and the APIv3 key. */
const secretTexts = () => [
  fake.apiV3Key,
  ...fake.merchantKey.privatePem.split('\n').filter((line) => line.length > 40),
];
const expectNoSecret = (text: string) => {
  for (const secret of secretTexts()) expect(text).not.toContain(secret);
};

describe('WeChat Pay settings', () => {
  it('start empty and not configured', async () => {
    const { status, body } = await call(admin, 'GET');
    expect(status).toBe(200);
    expect(body.result).toEqual({
      appId: '',
      mchId: '',
      merchantSerialNo: '',
      merchantPrivateKey: { set: false, fingerprint: null },
      apiV3Key: { set: false, fingerprint: null },
      platformPublicKeyId: '',
      platformPublicKey: { set: false, fingerprint: null },
      platformCertificates: [],
      notifyBaseUrl: '',
      orderExpireMinutes: 30,
      configured: false,
    });
  });

  it('are saved, and the secrets come back only as set with a fingerprint', async () => {
    const saved = await call(admin, 'PUT', { ...base(), ...secrets(), orderExpireMinutes: 15 });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      appId: fake.appId,
      merchantSerialNo: fake.merchantSerialNo,
      merchantPrivateKey: { set: true, fingerprint: expect.stringMatching(/^[0-9A-F]{16}$/) },
      apiV3Key: { set: true, fingerprint: expect.stringMatching(/^[0-9A-F]{8}$/) },
      platformPublicKey: { set: true, fingerprint: expect.stringMatching(/^[0-9A-F]{16}$/) },
      notifyBaseUrl: 'https://pay.example.com',
      orderExpireMinutes: 15,
      configured: true,
    });
    const read = await call(admin, 'GET');
    expect(read.body.result).toEqual(saved.body.result);
    expectNoSecret(saved.text);
    expectNoSecret(read.text);
  });

  it('keep a secret that a save leaves out, and remove one sent as null', async () => {
    const before = (await call(admin, 'GET')).body.result;
    const kept = await call(admin, 'PUT', { ...base(), appId: 'wx0123456789abcdef' });
    expect(kept.status).toBe(200);
    expect(kept.body.result).toMatchObject({
      appId: 'wx0123456789abcdef',
      merchantPrivateKey: before.merchantPrivateKey,
      apiV3Key: before.apiV3Key,
      platformPublicKey: before.platformPublicKey,
      orderExpireMinutes: 30,
      configured: true,
    });
    const cleared = await call(admin, 'PUT', { ...base(), apiV3Key: null });
    expect(cleared.body.result).toMatchObject({
      apiV3Key: { set: false, fingerprint: null },
      configured: false,
    });
    expect((await call(admin, 'PUT', { ...base(), apiV3Key: fake.apiV3Key })).body.result.configured).toBe(
      true,
    );
  });

  it('refuse keys that do not parse, a short APIv3 key, and a public key without its id, keeping the old ones', async () => {
    const before = (await call(admin, 'GET')).body.result;
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const refused = async (payload: object) => {
      const { status, body, text } = await call(admin, 'PUT', { ...base(), ...payload });
      expect(status).toBe(400);
      expectNoSecret(text);
      return body.result.errors.map((e: { field: string; error: string }) => `${e.field} ${e.error}`);
    };
    expect(await refused({ merchantPrivateKey: 'garbage' })).toEqual([
      'merchantPrivateKey wechatpay.privateKeyInvalid',
    ]);
    expect(await refused({ merchantPrivateKey: small.toString() })).toEqual([
      'merchantPrivateKey wechatpay.privateKeyInvalid',
    ]);
    expect(await refused({ platformPublicKey: fake.merchantKey.privatePem })).toEqual([
      'platformPublicKey wechatpay.publicKeyInvalid',
    ]);
    expect(await refused({ apiV3Key: fake.apiV3Key.slice(1) })).toEqual([
      'apiV3Key wechatpay.apiV3KeyInvalid',
    ]);
    expect(await refused({ platformPublicKeyId: '' })).toEqual([
      'platformPublicKeyId wechatpay.publicKeyIncomplete',
    ]);
    expect(
      await refused({
        platformCertificates: ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'],
      }),
    ).toEqual(['platformCertificates.0 wechatpay.certificateInvalid']);
    expect(await refused({ notifyBaseUrl: 'http://pay.example.com' })).toEqual([
      'notifyBaseUrl wechatpay.notifyUrlInvalid',
    ]);
    expect(await refused({ mchId: '12ab', orderExpireMinutes: 2 })).toEqual([
      'mchId field.invalidFormat',
      'orderExpireMinutes field.tooSmall',
    ]);
    expect((await call(admin, 'GET')).body.result).toEqual(before);
  });

  it.skipIf(!hasOpenssl)(
    'take platform certificates instead of the public key, shown by serial',
    async () => {
      const certificates = await startFakeWechatPay({ mode: 'certificate' });
      try {
        const { status, body } = await call(admin, 'PUT', {
          ...base(),
          platformPublicKeyId: '',
          platformPublicKey: null,
          platformCertificates: [certificates.platformCertificate],
        });
        expect(status).toBe(200);
        expect(body.result).toMatchObject({
          platformPublicKey: { set: false },
          platformCertificates: [{ serialNo: certificates.platformSerial, validTo: expect.any(String) }],
          configured: true,
        });
      } finally {
        await certificates.close();
      }
      await call(admin, 'PUT', { ...base(), ...secrets(), platformCertificates: null });
    },
  );

  it('need paySettings.get to read and paySettings.edit to change', async () => {
    const signIn = async (roleId: string, grants: Grants) => {
      await database.db.insert(roles).values({ id: roleId, name: roleId, grants });
      const username = `${roleId}-user`;
      await app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: { authorization: admin },
        payload: { username, name: username, password: 'a-good-password-1', roleId },
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { username, password: 'a-good-password-1' },
      });
      return login.json().result.token as string;
    };
    const nobody = await signIn('paynone', { tests: ['query'] });
    expect((await call(nobody, 'GET')).status).toBe(403);
    const reader = await signIn('payreader', { paySettings: ['get'] });
    const read = await call(reader, 'GET');
    expect(read.status).toBe(200);
    expectNoSecret(read.text);
    expect((await call(reader, 'PUT', { ...base(), apiV3Key: null })).status).toBe(403);
    expect((await call(admin, 'GET')).body.result.apiV3Key.set).toBe(true);
  });

  it('leave audit entries that say a secret changed, never its value', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/audit-log?entityType=settings&entityId=wechatPay&pageSize=100&sortField=time&sortOrder=ascend',
      headers: { authorization: admin },
    });
    const entries = res.json().result.data;
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries[0].changes).toMatchObject({
      appId: { from: '', to: fake.appId },
      merchantPrivateKey: { changed: true },
      apiV3Key: { changed: true },
      platformPublicKey: { from: { set: false }, to: { set: true } },
      configured: { from: false, to: true },
    });
    // A save that kept the secrets says nothing about them.
    expect(entries[1].changes).not.toHaveProperty('merchantPrivateKey');
    expect(entries[1].changes).not.toHaveProperty('apiV3Key');
    expectNoSecret(res.body);
  });

  it('gives orders a merchant that signs calls WeChat Pay accepts', async () => {
    const saved = await getWechatPayMerchant({ db: database.db, actor: SYSTEM_ACTOR });
    expect(saved).toMatchObject({ notifyBaseUrl: 'https://pay.example.com', orderExpireMinutes: 30 });
    const client = wechatPayClient({
      merchant: loadMerchant(saved?.merchant ?? fake.merchantConfig),
      apiBase: fake.url,
    });
    fake.addOrder('T20261123999999', 100);
    expect(await client.queryByOutTradeNo('T20261123999999')).toMatchObject({ trade_state: 'NOTPAY' });
    const missing = await client.queryByOutTradeNo('T20261123000000').catch((error: WechatPayError) => error);
    expect(missing).toBeInstanceOf(WechatPayError);
    expect(fake.calls.every((c) => c.authorized)).toBe(true);
  });

  it('never puts a secret in a log line', () => {
    expect(lines.length).toBeGreaterThan(10);
    expectNoSecret(lines.join(''));
  });
});
