import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { answer, lastCode, lastToken, messageCount } from './identityMessages.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const post = (url: string, payload: object) => server.call(null, { method: 'POST', url, payload });
let phones = 0;
const newPhone = () => `1390000${String(++phones).padStart(4, '0')}`;
const PASSWORD = 'tapir-lantern-9';

/** Signs up through the API and answers the new account's email and phone. */
async function signUp(email: string, mobile = newPhone(), password = PASSWORD) {
  expect((await post('/api/account/register/code', { mobile })).status).toBe(200);
  const captcha = await lastCode(server, mobile, 'sign-up-code');
  const res = await post('/api/account/register', {
    name: 'Ada Lovelace',
    email,
    password,
    confirm: password,
    mobile,
    captcha,
  });
  return { res, email, mobile };
}

const accountByEmail = async (email: string) =>
  (await server.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!;

describe('sign-up', () => {
  it('creates a pending account with no role, a username from the email and the name given, and mails a 24-hour activation link', async () => {
    const { res, mobile } = await signUp('Ada.Lovelace@Example.com');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ email: 'ada.lovelace@example.com' });
    const account = await accountByEmail('ada.lovelace@example.com');
    expect(account).toMatchObject({
      username: 'ada.lovelace',
      name: 'Ada Lovelace',
      status: 'pending',
      roleId: null,
      phone: mobile,
    });
    expect(account.activatedAt).toBeNull();
    const token = await lastToken(server, 'ada.lovelace@example.com', 'activation');
    expect(token.length).toBeGreaterThan(40);
    const audit = await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${account.id}&action=sign-up`,
    });
    expect(audit.body.result.data).toHaveLength(1);
  });

  it('answers two simultaneous sign-ups with one email or one phone without a server error', async () => {
    const codeFor = async (mobile: string) => {
      expect((await post('/api/account/register/code', { mobile })).status).toBe(200);
      return lastCode(server, mobile, 'sign-up-code');
    };
    const attempt = (email: string, mobile: string, captcha: string) =>
      post('/api/account/register', {
        name: 'Twice',
        email,
        password: PASSWORD,
        confirm: PASSWORD,
        mobile,
        captcha,
      });
    // One email from two phones: both hear the same, one account exists.
    const [a, b] = [newPhone(), newPhone()];
    const [codeA, codeB] = [await codeFor(a), await codeFor(b)];
    const sameEmail = await Promise.all([
      attempt('twice@example.com', a, codeA),
      attempt('twice@example.com', b, codeB),
    ]);
    expect(sameEmail.map((r) => r.status)).toEqual([200, 200]);
    expect(sameEmail.map((r) => r.body.result)).toEqual([
      { email: 'twice@example.com' },
      { email: 'twice@example.com' },
    ]);
    // One phone for two emails: the phone's holder is told it is taken on the second.
    const phone = newPhone();
    const code = await codeFor(phone);
    const samePhone = await Promise.all([
      attempt('first-of-two@example.com', phone, code),
      attempt('second-of-two@example.com', phone, code),
    ]);
    expect(samePhone.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('gives the next sign-up with the same local part a numbered username', async () => {
    await signUp('ada.lovelace@elsewhere.org');
    expect((await accountByEmail('ada.lovelace@elsewhere.org')).username).toBe('ada.lovelace2');
  });

  it('refuses a wrong code, mismatched passwords, a common password and the email as password', async () => {
    const mobile = newPhone();
    await post('/api/account/register/code', { mobile });
    const base = { name: 'X One', email: 'x1@example.com', password: PASSWORD, confirm: PASSWORD, mobile };
    const wrong = await post('/api/account/register', { ...base, captcha: '000000' });
    expect(wrong.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'code.invalid' });
    const mismatch = await post('/api/account/register', { ...base, confirm: 'other', captcha: '1' });
    expect(mismatch.body.result.errors[0]).toMatchObject({
      field: 'confirm',
      error: 'field.passwordMismatch',
    });
    const common = await post('/api/account/register', {
      ...base,
      password: 'qwerty123',
      confirm: 'qwerty123',
      captcha: '1',
    });
    expect(common.status).toBe(400);
    expect(common.body.result.errors[0]).toMatchObject({ field: 'password', error: 'signUp.passwordCommon' });
    const own = { ...base, password: 'x1@example.com', confirm: 'x1@example.com', captcha: '1' };
    expect((await post('/api/account/register', own)).body.result.errors[0].error).toBe(
      'signUp.passwordPersonal',
    );
    expect(
      await server.database.db.select().from(accounts).where(eq(accounts.email, 'x1@example.com')),
    ).toEqual([]);
  });

  it('answers an email already in use exactly like a new one and mails its owner instead', async () => {
    const fresh = await signUp('fresh.one@example.com');
    const before = await messageCount(server, 'admin@example.com');
    await server.database.db
      .update(accounts)
      .set({ email: 'admin@example.com' })
      .where(eq(accounts.username, 'admin'));
    const taken = await signUp('admin@example.com');
    expect(answer(taken.res)).toEqual({
      ...answer(fresh.res),
      body: { ...answer(fresh.res).body, result: { email: 'admin@example.com' } },
    });
    expect(await messageCount(server, 'admin@example.com')).toBe(before + 1);
    await lastToken(server, 'admin@example.com', 'recovery-link');
    expect((await accountByEmail('admin@example.com')).username).toBe('admin');
  });

  it('tells the holder of a phone already in use, once the code proved it', async () => {
    const first = await signUp('phone.one@example.com');
    await server.database.db.execute(
      sql`update verification_codes set created_at = now() - interval '2 minutes'`,
    );
    const again = await signUp('phone.two@example.com', first.mobile);
    expect(again.res.body.result.errors[0]).toMatchObject({ field: 'mobile', error: 'signUp.phoneInUse' });
  });
});

describe('what sign-up asks for', () => {
  const withoutPhone = (email: string, name?: string) =>
    post('/api/account/register', {
      email,
      password: PASSWORD,
      confirm: PASSWORD,
      ...(name ? { name } : {}),
    });

  it('requires a name', async () => {
    const res = await withoutPhone('nameless@example.com');
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'name', error: 'field.required' });
    const blank = await withoutPhone('nameless@example.com', '   ');
    expect(blank.body.result.errors[0]).toMatchObject({ field: 'name' });
  });

  it('with SMS not set up, verifies the email only: no phone or code is asked for', async () => {
    const res = await withoutPhone('no.phone@example.com', 'No Phone');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await accountByEmail('no.phone@example.com')).toMatchObject({ name: 'No Phone', phone: null });
    await lastToken(server, 'no.phone@example.com', 'activation');
    // A phone given anyway must still come with its code.
    const unproven = await post('/api/account/register', {
      name: 'Some Phone',
      email: 'some.phone@example.com',
      password: PASSWORD,
      confirm: PASSWORD,
      mobile: newPhone(),
    });
    expect(unproven.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'field.required' });
  });

  it('with SMS set up, requires the phone and its code as before', async () => {
    const sms = await server.call(admin, {
      method: 'PUT',
      url: '/api/settings/sms',
      payload: {
        provider: 'aliyun',
        aliyun: {
          accessKeyId: 'LTAI-test',
          accessKeySecret: 'secret-test',
          signName: '酷测评',
          templateCode: { code: 'SMS_100000001', notification: 'SMS_100000002' },
        },
      },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    const options = await server.call(null, { method: 'GET', url: '/api/account/sign-in-options' });
    expect(options.body.result.outbox.sms).toBe(false);
    const res = await withoutPhone('needs.phone@example.com', 'Needs Phone');
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'mobile', error: 'field.required' });
    const reset = await server.call(admin, {
      method: 'PUT',
      url: '/api/settings/sms',
      payload: { provider: 'none' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});

describe('activation and approval', () => {
  it('says in words that activation, then approval, is pending; only after the password checks out', async () => {
    const { email } = await signUp('grace.hopper@example.com');
    const signIn = (password: string) => post('/api/account/login', { username: email, password });
    expect((await signIn('wrong-password')).status).toBe(401);
    const pending = await signIn(PASSWORD);
    expect(pending.status).toBe(403);
    expect(pending.body.result.error).toBe('auth.activationPending');

    const token = await lastToken(server, email, 'activation');
    const check = await server.call(null, {
      method: 'GET',
      url: `/api/account/links/check?purpose=activate&token=${token}`,
    });
    expect(check.body.result).toEqual({ valid: true });
    const activated = await post('/api/account/activate', { token });
    expect(activated.body.result).toEqual({ awaitingApproval: true });
    const account = await accountByEmail(email);
    expect(account.activatedAt).not.toBeNull();
    expect(account.status).toBe('pending');
    const approval = await signIn(PASSWORD);
    expect(approval.status).toBe(403);
    expect(approval.body.result.error).toBe('auth.approvalPending');

    const reused = await post('/api/account/activate', { token });
    expect(reused.status).toBe(410);
    expect(reused.body.result.error).toBe('recovery.linkInvalid');

    await server.database.db
      .update(accounts)
      .set({ status: 'enabled', roleId: 'viewer' })
      .where(eq(accounts.id, account.id));
    expect((await signIn(PASSWORD)).status).toBe(200);
  });

  it('refuses an expired activation link and says so before it is used', async () => {
    const { email } = await signUp('expired.link@example.com');
    const token = await lastToken(server, email, 'activation');
    await server.database.db.execute(sql`update account_tokens set expires_at = now() - interval '1 minute'`);
    const check = await server.call(null, {
      method: 'GET',
      url: `/api/account/links/check?purpose=activate&token=${token}`,
    });
    expect(check.body.result).toEqual({ valid: false });
    expect((await post('/api/account/activate', { token })).status).toBe(410);
    expect((await accountByEmail(email)).activatedAt).toBeNull();
  });
});

describe('invitations', () => {
  it('sets the password, confirms the email and enables the invited account once', async () => {
    const [invited] = await server.database.db
      .insert(accounts)
      .values({
        username: 'invited1',
        name: 'Invited',
        email: 'invited1@example.com',
        status: 'pending',
        roleId: 'viewer',
      })
      .returning();
    const { issueLink } = await import('../src/modules/identity/links.ts');
    const { url } = await issueLink(server.database.db, invited!.id, 'invite', 'http://console.test');
    const token = new URL(url).searchParams.get('token')!;
    const weak = await post('/api/account/invitation/accept', { token, password: '123456' });
    expect(weak.body.result.errors[0].error).toBe('signUp.passwordCommon');
    expect((await post('/api/account/invitation/accept', { token, password: PASSWORD })).status).toBe(200);
    const account = await accountByEmail('invited1@example.com');
    expect(account.status).toBe('enabled');
    expect(account.activatedAt).not.toBeNull();
    expect((await post('/api/account/login', { username: 'invited1', password: PASSWORD })).status).toBe(200);
    expect(
      (await post('/api/account/invitation/accept', { token, password: 'another-pass-77' })).status,
    ).toBe(410);
  });
});

describe('sign-up switched off', () => {
  it('refuses codes and sign-ups with 403 signUp.disabled and tells the sign-in page', async () => {
    const options = () => server.call(null, { method: 'GET', url: '/api/account/sign-in-options' });
    expect((await options()).body.result).toEqual({ signUp: true, outbox: { email: true, sms: true } });
    const put = await server.call(admin, {
      method: 'PUT',
      url: '/api/settings/sign-up',
      payload: { enabled: false },
    });
    expect(put.body.result).toEqual({ enabled: false });
    expect((await server.call(admin, { method: 'GET', url: '/api/settings/sign-up' })).body.result).toEqual({
      enabled: false,
    });
    expect((await options()).body.result.signUp).toBe(false);
    const code = await post('/api/account/register/code', { mobile: newPhone() });
    expect(code.status).toBe(403);
    expect(code.body.result.error).toBe('signUp.disabled');
    const body = {
      name: 'Off',
      email: 'off@example.com',
      password: PASSWORD,
      confirm: PASSWORD,
      mobile: newPhone(),
      captcha: '123456',
    };
    expect((await post('/api/account/register', body)).body.result.error).toBe('signUp.disabled');
    await server.call(admin, { method: 'PUT', url: '/api/settings/sign-up', payload: { enabled: true } });
  });
});

describe('console policies', () => {
  it('gives anyone the privacy policy, the disclaimer as terms and the hotline from the general settings', async () => {
    const general = await server.call(admin, { method: 'GET', url: '/api/settings/general' });
    const saved = {
      ...general.body.result,
      hotline: '400-000-0000',
      privacyPolicy: { zh: '隐私政策', en: 'Privacy policy' },
      disclaimer: { zh: '免责声明', en: 'Disclaimer' },
    };
    expect(
      (await server.call(admin, { method: 'PUT', url: '/api/settings/general', payload: saved })).status,
    ).toBe(200);
    const res = await server.call(null, { method: 'GET', url: '/api/account/policies' });
    expect(res.body.result).toEqual({
      privacyPolicy: { zh: '隐私政策', en: 'Privacy policy' },
      terms: { zh: '免责声明', en: 'Disclaimer' },
      hotline: '400-000-0000',
    });
  });
});
