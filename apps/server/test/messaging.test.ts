import { createHash } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { sendCode } from '../src/modules/messaging/codes.ts';
import { channelStatus } from '../src/modules/messaging/delivery.ts';
import { type FakeAliyunSms, startAliyunSms } from './fakes/aliyunSms.ts';
import { type FakeSmtp, startSmtp } from './fakes/smtp.ts';
import { type FakeTencentSms, startTencentSms } from './fakes/tencentSms.ts';
import { createTestServer, type TestServer } from './helpers.ts';

const SMTP_PASSWORD = 'smtp-Secret-42';
let smtp: FakeSmtp;
let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp({ auth: { username: 'mailer', password: SMTP_PASSWORD } });
  aliyun = await startAliyunSms({ signName: '酷测评' });
  tencent = await startTencentSms();
  server = await createTestServer({
    smsApiBase: { aliyun: aliyun.url, tencent: tencent.url },
    // The fake SMTP server listens on 127.0.0.1.
    smtpAllowPrivate: true,
  });
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  await Promise.all([smtp.close(), aliyun.close(), tencent.close()]);
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'en-US') =>
  server.call(admin, { method, url, payload, headers: { 'accept-language': language } });
const ctx = () => ({
  db: server.database.db,
  actor: SYSTEM_ACTOR,
  smtpAllowPrivate: true,
  smsApiBase: { aliyun: aliyun.url, tencent: tencent.url },
});
const lastMessage = async () =>
  (await server.database.db.select().from(messages).orderBy(desc(messages.id)).limit(1))[0];
const mailSettings = (changes: object = {}) => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: 'none',
  username: 'mailer',
  password: SMTP_PASSWORD,
  from: { address: 'no-reply@cool.example', name: 'Cool Evaluation' },
  ...changes,
});
const auditOf = async (entityId: string) =>
  (
    await call(
      'GET',
      `/api/audit-log?entityType=settings&entityId=${entityId}&pageSize=100&sortField=time&sortOrder=ascend`,
    )
  ).body.result.data;

describe('mail by SMTP', () => {
  it('keeps mail in the outbox until SMTP is set up, and refuses a test mail', async () => {
    const settings = await call('GET', '/api/settings/mail');
    expect(settings.body.result).toMatchObject({ host: '', configured: false, password: { set: false } });
    expect(await channelStatus(ctx())).toEqual({ email: 'outbox', sms: 'outbox' });
    const test = await call('POST', '/api/settings/mail/test', { to: 'ops@example.com' });
    expect(test.status).toBe(409);
    expect(test.body.result.error).toBe('mail.notConfigured');
  });

  it('saves the settings with the password write-only, and audits it only as changed', async () => {
    const saved = await call('PUT', '/api/settings/mail', mailSettings());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ configured: true, password: { set: true }, secure: 'none' });
    expect(JSON.stringify(saved.body)).not.toContain(SMTP_PASSWORD);
    // Left out keeps it.
    const { password: _, ...withoutPassword } = mailSettings({ port: smtp.port });
    const kept = await call('PUT', '/api/settings/mail', withoutPassword);
    expect(kept.body.result.password).toEqual(saved.body.result.password);
    const got = await call('GET', '/api/settings/mail');
    // A human password: nothing derived from it (a hash prefix is a wordlist away from it) goes out, only "set".
    expect(got.body.result.password).toEqual({ set: true });
    const hash = createHash('sha256').update(SMTP_PASSWORD).digest('hex');
    expect(JSON.stringify(got.body).toLowerCase()).not.toContain(hash.slice(0, 6));
    // The save that kept the password changed nothing, so it left no audit entry.
    const entries = await auditOf('mail');
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toMatchObject({ host: { to: '127.0.0.1' }, password: { changed: true } });
    expect(JSON.stringify(entries)).not.toContain(SMTP_PASSWORD);
    expect(await channelStatus(ctx())).toEqual({ email: 'smtp', sms: 'outbox' });
  });

  it('sends a test mail, in the caller’s language', async () => {
    const res = await call('POST', '/api/settings/mail/test', { to: 'Ops@Example.com' }, 'zh-CN');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ transport: 'smtp', recipient: 'Ops@Example.com' });
    const mail = await smtp.waitForMail('ops@example.com');
    expect(mail.subject).toBe('酷测评测试邮件');
    expect(mail.fromHeader).toContain('Cool Evaluation');
    expect(mail.from).toBe('no-reply@cool.example');
    // Sent mail is recorded without its text.
    expect(await lastMessage()).toMatchObject({
      transport: 'smtp',
      kind: 'test',
      status: 'sent',
      body: null,
    });
  });

  it('mails a verification code', async () => {
    await sendCode(ctx(), {
      purpose: 'sign-in',
      channel: 'email',
      target: 'Ann@Example.com',
      language: 'en-US',
    });
    const mail = await smtp.waitForMail('ann@example.com');
    const code = /is (\d{6})\./.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your code: ${code}`);
    // Only the recipient reads the code: the outbox keeps sent mail for weeks, for whoever may query it.
    expect(await lastMessage()).toMatchObject({ kind: 'sign-in-code', status: 'sent', body: null });
    expect((await lastMessage())?.subject).not.toContain(code);
    const outbox = await call('GET', '/api/outbox?pageSize=100');
    expect(outbox.status).toBe(200);
    expect(JSON.stringify(outbox.body)).not.toContain(code);
  });

  it('answers a refused login as a translated 502 and records it', async () => {
    await call('PUT', '/api/settings/mail', mailSettings({ password: 'wrong' }));
    const res = await call('POST', '/api/settings/mail/test', { to: 'ops@example.com' });
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('mail.signInRefused');
    expect(res.body.message).toBe('The mail server refused the sign-in: check the username and password');
    // What the server said is not passed on.
    expect(JSON.stringify(res.body)).not.toMatch(/wrong|535|Invalid/);
    expect(await lastMessage()).toMatchObject({
      transport: 'smtp',
      status: 'failed',
      error: 'The mail server refused the sign-in: check the username and password',
    });
    // A code that did not go is kept no more than a sent one.
    const refused = sendCode(ctx(), { purpose: 'sign-in', channel: 'email', target: 'cy@example.com' });
    await expect(refused).rejects.toMatchObject({ code: 'mail.signInRefused' });
    expect(await lastMessage()).toMatchObject({ kind: 'sign-in-code', status: 'failed', body: null });
    expect((await lastMessage())?.subject).not.toMatch(/\d{4}/);
  });

  it('goes back to the outbox when the host is cleared', async () => {
    await call('PUT', '/api/settings/mail', mailSettings({ host: '', password: null }));
    const mails = smtp.mails.length;
    await sendCode(ctx(), { purpose: 'sign-in', channel: 'email', target: 'bob@example.com' });
    expect(await lastMessage()).toMatchObject({ transport: 'outbox', recipient: 'bob@example.com' });
    expect(smtp.mails.length).toBe(mails);
    expect((await call('GET', '/api/settings/mail')).body.result.password.set).toBe(false);
  });
});

const smsSettings = (
  provider: 'aliyun' | 'tencent' | 'none',
  changes: { aliyun?: object; tencent?: object } = {},
) => ({
  provider,
  aliyun: {
    accessKeyId: aliyun.accessKeyId,
    accessKeySecret: aliyun.accessKeySecret,
    signName: '酷测评',
    templateCode: { code: 'SMS_100000001', notification: 'SMS_100000002' },
    ...changes.aliyun,
  },
  tencent: {
    secretId: tencent.secretId,
    secretKey: tencent.secretKey,
    sdkAppId: '1400000001',
    signName: '酷测评',
    region: 'ap-guangzhou',
    templateId: { code: '1000001', notification: '1000002' },
    ...changes.tencent,
  },
});

describe('SMS by Alibaba Cloud and Tencent Cloud', () => {
  it('saves both providers with their secrets write-only', async () => {
    const saved = await call('PUT', '/api/settings/sms', smsSettings('aliyun'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({
      provider: 'aliyun',
      configured: true,
      aliyun: { accessKeySecret: { set: true }, templateCode: { code: 'SMS_100000001' } },
      tencent: { secretKey: { set: true }, region: 'ap-guangzhou' },
    });
    const text = JSON.stringify([
      saved.body,
      (await call('GET', '/api/settings/sms')).body,
      await auditOf('sms'),
    ]);
    expect(text).not.toContain(aliyun.accessKeySecret);
    expect(text).not.toContain(tencent.secretKey);
    const [entry] = await auditOf('sms');
    expect(entry.changes).toMatchObject({
      'aliyun.accessKeySecret': { changed: true },
      'tencent.secretKey': { changed: true },
    });
    expect(await channelStatus(ctx())).toEqual({ email: 'outbox', sms: 'aliyun' });
  });

  it('audits a changed AccessKey ID and SecretId (they name a key), never the secrets', async () => {
    const ids = { aliyun: { accessKeyId: 'LTAI_OTHER' }, tencent: { secretId: 'AKID_OTHER' } };
    try {
      expect((await call('PUT', '/api/settings/sms', smsSettings('aliyun', ids))).status).toBe(200);
      const entry = (await auditOf('sms')).at(-1);
      expect(entry.changes).toMatchObject({
        aliyun: { from: { accessKeyId: aliyun.accessKeyId }, to: { accessKeyId: 'LTAI_OTHER' } },
        tencent: { from: { secretId: tencent.secretId }, to: { secretId: 'AKID_OTHER' } },
      });
      expect(JSON.stringify(entry)).not.toContain(aliyun.accessKeySecret);
      expect(JSON.stringify(entry)).not.toContain(tencent.secretKey);
    } finally {
      await call('PUT', '/api/settings/sms', smsSettings('aliyun'));
    }
  });

  it('sends a code by Alibaba Cloud with a signature it accepts', async () => {
    await sendCode(ctx(), {
      purpose: 'sign-in',
      channel: 'sms',
      target: '+86 138 0000 1111',
      language: 'zh-CN',
    });
    expect(aliyun.refused).toEqual([]);
    expect(aliyun.sent).toHaveLength(1);
    const [sms] = aliyun.sent;
    expect(sms).toMatchObject({
      phoneNumbers: '13800001111',
      signName: '酷测评',
      templateCode: 'SMS_100000001',
    });
    expect(sms?.templateParam.code).toMatch(/^\d{6}$/);
    expect(await lastMessage()).toMatchObject({
      transport: 'aliyun',
      status: 'sent',
      recipient: '+8613800001111',
    });
  });

  it('sends a test SMS by Tencent Cloud with a signature it accepts', async () => {
    await call('PUT', '/api/settings/sms', { ...smsSettings('tencent'), aliyun: undefined });
    const res = await call('POST', '/api/settings/sms/test', { to: '13800002222' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.transport).toBe('tencent');
    expect(tencent.refused).toEqual([]);
    expect(tencent.sent).toEqual([
      {
        phoneNumberSet: ['+8613800002222'],
        smsSdkAppId: '1400000001',
        signName: '酷测评',
        templateId: '1000001',
        templateParamSet: ['000000'],
        region: 'ap-guangzhou',
      },
    ]);
    // Leaving the other provider out kept its saved key.
    expect((await call('GET', '/api/settings/sms')).body.result.aliyun.accessKeySecret.set).toBe(true);
  });

  it('answers a provider refusal as a translated 502, recorded with its code, no secret', async () => {
    await call('PUT', '/api/settings/sms', smsSettings('tencent', { tencent: { secretKey: 'not-the-key' } }));
    const res = await call('POST', '/api/settings/sms/test', { to: '+8613800003333' }, 'zh-CN');
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('sms.providerFailed');
    expect(res.body.message).toContain('短信服务商拒绝发送：AuthFailure.SignatureFailure');
    expect(JSON.stringify(res.body)).not.toContain('not-the-key');
    expect(await lastMessage()).toMatchObject({
      transport: 'tencent',
      status: 'failed',
      recipient: '+8613800003333',
    });
    expect((await lastMessage())?.error).toMatch(/^AuthFailure\.SignatureFailure: /);

    await call(
      'PUT',
      '/api/settings/sms',
      smsSettings('aliyun', { aliyun: { accessKeySecret: 'not-the-key' } }),
    );
    const wrongKey = await call('POST', '/api/settings/sms/test', { to: '+8613800003333' });
    expect(wrongKey.status).toBe(502);
    expect(aliyun.refused).toContain('SignatureDoesNotMatch');

    await call(
      'PUT',
      '/api/settings/sms',
      smsSettings('aliyun', { aliyun: { templateCode: { code: 'SMS_9', notification: '' } } }),
    );
    const badTemplate = await call('POST', '/api/settings/sms/test', { to: '+8613800003333' });
    expect(badTemplate.body.message).toContain('isv.SMS_TEMPLATE_ILLEGAL');
    const failed = await server.call(admin, { method: 'GET', url: '/api/outbox?channel=sms&recipient=3333' });
    expect(failed.body.result.data.map((m: { error: string }) => m.error.split(':')[0])).toEqual([
      'isv.SMS_TEMPLATE_ILLEGAL',
      'SignatureDoesNotMatch',
      'AuthFailure.SignatureFailure',
    ]);
  });

  it('keeps SMS in the outbox with no provider', async () => {
    await call('PUT', '/api/settings/sms', smsSettings('none'));
    const test = await call('POST', '/api/settings/sms/test', { to: '+8613800004444' });
    expect(test.body.result.error).toBe('sms.notConfigured');
    await sendCode(ctx(), { purpose: 'sign-in', channel: 'sms', target: '+8613800004444' });
    const row = await lastMessage();
    expect(row).toMatchObject({ transport: 'outbox', channel: 'sms', kind: 'sign-in-code' });
    expect(row?.body).toMatch(/\d{6}/);
  });
});
