/**
 * Secrets are sealed at rest: a copy of the `settings` table alone reveals none of them, while the server
 * still signs, decrypts and signs in with them; keys rotate and a server without the key refuses to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_FILE, keyringOf, newKey, useKeyring } from '../src/db/secrets.ts';
import { prepareSecrets, rotateSecretsKey, sealStoredSecrets } from '../src/modules/settings/secrets.ts';
import { type FakeSmtp, startSmtp } from './fakes/smtp.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { TEST_SECRETS_KEY } from './setup.ts';

const SMTP_PASSWORD = 'smtp-AtRest-Secret-3';
let smtp: FakeSmtp;
let pay: FakeWechatPay;
let server: TestServer;
let admin: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-secrets-'));
  dirs.push(dir);
  return dir;
};

/** The nine secrets staff can save, each a value no other field holds. */
const SECRETS = {
  smtp: SMTP_PASSWORD,
  aliyun: 'aliyun-AtRest-secret-1',
  tencent: 'tencent-AtRest-secret-2',
  wecom: 'wecom-AtRest-secret-4',
  dingtalk: 'dingtalk-AtRest-secret-5',
  wechatOpen: 'wechat-open-AtRest-secret-6',
  officialAccount: 'OfficialAccountAtRestSecret00007',
};

beforeAll(async () => {
  smtp = await startSmtp({ auth: { username: 'mailer', password: SMTP_PASSWORD } });
  pay = await startFakeWechatPay();
  server = await createTestServer({ smtpAllowPrivate: true, wechatPayApiBase: pay.url });
  admin = await server.login();
  // Under load the fake's RSA keys and the server's start take a while.
}, 180_000);
afterAll(async () => {
  useKeyring(keyringOf(TEST_SECRETS_KEY));
  await server.close();
  await Promise.all([smtp.close(), pay.close()]);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  server.call(admin, { method, url, payload });
const dump = async () =>
  (
    await server.database.pool.query<{ key: string; value: string }>(
      'SELECT key, value::text AS value FROM settings',
    )
  ).rows;
/** Every plain value, and the body of the merchant's private key (its PEM lines, without the armour). */
const plainValues = () => [
  ...Object.values(SECRETS),
  pay.apiV3Key,
  ...pay.merchantConfig.merchantPrivateKey
    .split('\n')
    .filter((line) => line.length > 40 && !line.startsWith('-----')),
];
const views = async () =>
  Promise.all(
    ['mail', 'sms', 'wechat-pay', 'identity-providers', 'wechat-official-account'].map(
      async (name) => (await call('GET', `/api/settings/${name}`)).body.result,
    ),
  );
const sendTestMail = async () => {
  const res = await call('POST', '/api/settings/mail/test', { to: 'ops@example.com' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(smtp.logins.at(-1)).toEqual({ username: 'mailer', password: SMTP_PASSWORD });
};
const testWechatPay = async () => {
  const res = await call('POST', '/api/settings/wechat-pay/test');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('secrets at rest', () => {
  it('keeps none of the nine secrets readable in the settings table, and still uses them', async () => {
    const saves = [
      call('PUT', '/api/settings/mail', {
        host: '127.0.0.1',
        port: smtp.port,
        secure: 'none',
        username: 'mailer',
        password: SECRETS.smtp,
        from: { address: 'no-reply@cool.example', name: '' },
      }),
      call('PUT', '/api/settings/sms', {
        provider: 'aliyun',
        aliyun: {
          accessKeyId: 'LTAIatrest',
          accessKeySecret: SECRETS.aliyun,
          signName: 'Cool',
          templateCode: { code: 'SMS_1', notification: '' },
        },
        tencent: {
          secretId: 'AKIDatrest',
          secretKey: SECRETS.tencent,
          sdkAppId: '1400000000',
          signName: 'Cool',
          region: 'ap-guangzhou',
        },
      }),
      call('PUT', '/api/settings/wechat-pay', {
        ...pay.merchantConfig,
        notifyBaseUrl: 'https://pay.example.com',
      }),
      call('PUT', '/api/settings/identity-providers', {
        wecom: { enabled: true, appId: 'ww-corp', agentId: '1000001', secret: SECRETS.wecom },
        dingtalk: { enabled: true, appId: 'ding-app', secret: SECRETS.dingtalk },
        wechat: { enabled: true, appId: 'wx-open', secret: SECRETS.wechatOpen },
      }),
      call('PUT', '/api/settings/wechat-official-account', {
        appId: 'wx0123456789abcdef',
        appSecret: SECRETS.officialAccount,
      }),
    ];
    for (const saved of await Promise.all(saves)) expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rows = JSON.stringify(await dump());
    for (const plain of plainValues()) expect(rows).not.toContain(plain);
    expect(rows.match(/aes-256-gcm/g)).toHaveLength(9);
    // What the console shows is worked out from the opened values.
    const [mail, sms, wechatPay, apps, account] = await views();
    expect(mail.password.set).toBe(true);
    expect(sms.aliyun.accessKeySecret.set && sms.tencent.secretKey.set).toBe(true);
    expect(wechatPay.configured).toBe(true);
    expect(apps.wecom.configured && apps.dingtalk.configured && apps.wechat.configured).toBe(true);
    expect(account.appSecret.set).toBe(true);
    await sendTestMail();
    await testWechatPay();
  });

  it('seals plain values left by an older version at start, once', async () => {
    await server.database.pool.query(
      `UPDATE settings SET value = jsonb_set(value, '{apiV3Key}', $1) WHERE key = 'wechatPay'`,
      [JSON.stringify(pay.apiV3Key)],
    );
    expect(JSON.stringify(await dump())).toContain(pay.apiV3Key);
    const log: string[] = [];
    const config = { secretsKey: TEST_SECRETS_KEY, dataDir: tempDir(), databaseUrl: undefined };
    await prepareSecrets(server.database.db, config, (line) => log.push(line));
    expect(log).toEqual(['Sealed the plain-text secrets of: wechatPay']);
    expect(JSON.stringify(await dump())).not.toContain(pay.apiV3Key);
    const again: string[] = [];
    await prepareSecrets(server.database.db, config, (line) => again.push(line));
    expect(again).toEqual([]);
    await testWechatPay();
  });

  it('makes and keeps a key file without SECRETS_KEY, and says so', async () => {
    const dataDir = tempDir();
    const log: string[] = [];
    const first = await prepareSecrets(
      server.database.db,
      { secretsKey: undefined, dataDir, databaseUrl: undefined },
      (line) => log.push(line),
    ).catch((error: Error) => error);
    // The database's secrets were sealed with the test key: a new key file cannot open them.
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toMatch(/sealed with a key this server does not have.*secrets:rotate/s);
    const file = path.join(dataDir, KEY_FILE);
    expect(log).toEqual([expect.stringMatching(/^SECRETS_KEY is not set: made .*secrets\.key/)]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8');
    await prepareSecrets(
      server.database.db,
      { secretsKey: undefined, dataDir, databaseUrl: undefined },
      () => {},
    ).catch(() => undefined);
    expect(fs.readFileSync(file, 'utf8')).toBe(key);
    useKeyring(keyringOf(TEST_SECRETS_KEY));
  });

  it('rotates to a new key given in SECRETS_KEY: old values resealed, the old key no longer needed', async () => {
    const fresh = newKey();
    const before = await views();
    const config = { secretsKey: `${fresh},${TEST_SECRETS_KEY}`, dataDir: tempDir(), databaseUrl: undefined };
    const report = await rotateSecretsKey(server.database.db, config);
    expect(report.resealed.sort()).toEqual([
      'identityProviders',
      'mail',
      'sms',
      'wechatOfficialAccount',
      'wechatPay',
    ]);
    expect(report.kid).toBe(keyringOf(fresh).current);
    await prepareSecrets(server.database.db, { ...config, secretsKey: fresh }, () => {});
    expect(await views()).toEqual(before);
    await sendTestMail();
    await testWechatPay();
    // The old key alone now opens nothing: a server still on it refuses to start.
    const stale = prepareSecrets(server.database.db, { ...config, secretsKey: TEST_SECRETS_KEY }, () => {});
    await expect(stale).rejects.toThrow(/does not have/);
    // Without SECRETS_KEY the key file gets the new key, and keeps only it once all is resealed.
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, KEY_FILE), `${fresh}\n`);
    const byFile = await rotateSecretsKey(server.database.db, { secretsKey: undefined, dataDir });
    expect(byFile.resealed).toHaveLength(5);
    const keys = fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim().split('\n');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(fresh);
    await prepareSecrets(
      server.database.db,
      { secretsKey: undefined, dataDir, databaseUrl: undefined },
      () => {},
    );
    expect(await views()).toEqual(before);
    await sendTestMail();
  });

  it('lets an operator who lost the key drop what it sealed, to enter it again', async () => {
    const other = keyringOf(newKey());
    const report = await sealStoredSecrets(server.database.db, other, { dropUnreadable: true });
    expect(report.dropped).toHaveLength(9);
    useKeyring(other);
    const [mail, , wechatPay] = await views();
    expect(mail.password.set).toBe(false);
    expect(wechatPay.configured).toBe(false);
  });
});
