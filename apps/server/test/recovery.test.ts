import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { settledBackground } from '../src/jobs/background.ts';
import { startHangingSmtp } from './fakes/smtp.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { answer, lastCode, lastToken, messageCount } from './identityMessages.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    // The hanging SMTP server listens on 127.0.0.1.
    smtpAllowPrivate: true,
    loginThrottle: {
      maxFailuresPerAccount: 2,
      maxFailuresPerAddress: 1000,
      windowMs: 60_000,
      lockMs: 600_000,
    },
  });
});
afterAll(() => server.close());

const post = (url: string, payload: object) => server.call(null, { method: 'POST', url, payload });
const NEW_PASSWORD = 'marmot-quilt-42';

/** A viewer with an email and a phone, signed in (its session token). */
async function staffMember(email: string, phone: string) {
  const { id, username, token } = await server.accountWithRole('viewer');
  await server.database.db.update(accounts).set({ email, phone }).where(eq(accounts.id, id));
  return { id, username, token };
}

const signedIn = async (token: string) =>
  (await server.call(token, { method: 'GET', url: '/api/user/info' })).status;

describe('recovery by email link', () => {
  it('answers alike for unknown addresses and mails only an enabled account', async () => {
    await staffMember('known@example.com', '13800000001');
    const known = await post('/api/account/recover', { email: 'KNOWN@example.com' });
    const unknown = await post('/api/account/recover', { email: 'nobody@example.com' });
    expect(answer(unknown)).toEqual(answer(known));
    expect(known.status).toBe(200);
    expect(await messageCount(server, 'known@example.com')).toBe(1);
    expect(await messageCount(server, 'nobody@example.com')).toBe(0);
    // Asked again at once: the same answer, no second mail.
    expect(answer(await post('/api/account/recover', { email: 'known@example.com' }))).toEqual(answer(known));
    expect(await messageCount(server, 'known@example.com')).toBe(1);
  });

  it('answers before the mail goes: a slow mail server does not tell a known address from an unknown one', async () => {
    const smtp = await startHangingSmtp(server, await server.login());
    try {
      await staffMember('slow@example.com', '13800000009');
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
      const known = await Promise.race([post('/api/account/recover', { email: 'slow@example.com' }), late]);
      expect(known, 'the answer waited for the mail server').not.toBeNull();
      const unknown = await post('/api/account/recover', { email: 'nobody-slow@example.com' });
      expect(answer(unknown)).toEqual(answer(known!));
      await smtp.firstConnection;
      expect(smtp.connections(), 'one mail is on its way').toBe(1);
    } finally {
      smtp.hangUp();
      await settledBackground();
      await smtp.close();
    }
  });

  it('sets the new password once, ends every session, clears the sign-in lock and writes recover', async () => {
    const { id, username, token: session } = await staffMember('locked@example.com', '13800000002');
    for (let i = 0; i < 3; i++) await post('/api/account/login', { username, password: 'wrong-one' });
    expect((await post('/api/account/login', { username, password: 'secret-pass-1' })).status).toBe(429);
    await post('/api/account/recover', { email: 'locked@example.com' });
    const token = await lastToken(server, 'locked@example.com', 'recovery-link');
    const check = await server.call(null, {
      method: 'GET',
      url: `/api/account/links/check?purpose=recover&token=${token}`,
    });
    expect(check.body.result.valid).toBe(true);
    const common = await post('/api/account/reset', { token, password: 'password1' });
    expect(common.body.result.errors[0]).toMatchObject({ field: 'password', error: 'signUp.passwordCommon' });
    expect((await post('/api/account/reset', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await signedIn(session)).toBe(401);
    expect((await post('/api/account/login', { username, password: NEW_PASSWORD })).status).toBe(200);
    const again = await post('/api/account/reset', { token, password: 'another-marmot-9' });
    expect(again.status).toBe(410);
    const admin = await server.login();
    const audit = await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${id}&action=recover`,
    });
    expect(audit.body.result.data).toHaveLength(1);
  });

  it('refuses a link past its 30 minutes', async () => {
    await staffMember('late@example.com', '13800000003');
    await post('/api/account/recover', { email: 'late@example.com' });
    const token = await lastToken(server, 'late@example.com', 'recovery-link');
    await server.database.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second'`);
    const res = await post('/api/account/reset', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(410);
    expect(res.body.result.error).toBe('recovery.linkInvalid');
  });
});

describe('recovery by SMS code', () => {
  it('answers alike for unknown phones, throttles resends, and resets with the code', async () => {
    const { username, token: session } = await staffMember('sms.recover@example.com', '13800000004');
    const known = await post('/api/account/recover/sms', { mobile: '138 0000 0004' });
    const unknown = await post('/api/account/recover/sms', { mobile: '13899999999' });
    expect(answer(unknown)).toEqual(answer(known));
    expect(known.body.result).toEqual({ resendAfterSeconds: 60 });
    expect(await messageCount(server, '13899999999')).toBe(0);
    const soon = await post('/api/account/recover/sms', { mobile: '13800000004' });
    expect(soon.status).toBe(429);
    expect(soon.body.result.error).toBe('code.tooSoon');

    const captcha = await lastCode(server, '13800000004', 'recover-code');
    const wrong = await post('/api/account/recover/reset', {
      mobile: '13800000004',
      captcha: '000000',
      password: NEW_PASSWORD,
    });
    expect(wrong.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'code.invalid' });
    const ok = await post('/api/account/recover/reset', {
      mobile: '13800000004',
      captcha,
      password: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(await signedIn(session)).toBe(401);
    expect((await post('/api/account/login', { username, password: NEW_PASSWORD })).status).toBe(200);
    const reused = await post('/api/account/recover/reset', {
      mobile: '13800000004',
      captcha,
      password: 'other-marmot-5',
    });
    expect(reused.body.result.errors[0].error).toBe('code.invalid');
  });

  it('tells nothing about whose phone it is: the owner’s username as password is refused only with the code', async () => {
    const { username } = await staffMember('sms.owner@example.com', '13800000005');
    // Someone guessing whose phone this is, without its code: the same answer as any other guess.
    const guess = await post('/api/account/recover/reset', {
      mobile: '13800000005',
      captcha: '000000',
      password: username,
    });
    expect(guess.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'code.invalid' });
    // The rules that hold for anyone still come first.
    const short = await post('/api/account/recover/reset', {
      mobile: '13800000005',
      captcha: '000000',
      password: 'x',
    });
    expect(short.body.result.errors[0].field).toBe('password');
  });

  it('refuses an unknown phone with the wrong-code answer', async () => {
    const res = await post('/api/account/recover/reset', {
      mobile: '13899999999',
      captcha: '123456',
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'code.invalid' });
  });
});
