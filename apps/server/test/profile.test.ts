import { passwordLevel } from '@cool/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, roles, verificationCodes } from '../src/db/schema.ts';
import { ADMIN_PASSWORD, createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

const ROLE = 'alerts-reader';

beforeAll(async () => {
  server = await createTestServer();
  await server.database.db
    .insert(roles)
    .values({ id: ROLE, name: 'Alerts reader', grants: { alerts: ['query'] } });
});
afterAll(() => server.close());

const api = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

const auditOf = async (id: number) => {
  const admin = await server.login();
  const res = await api(admin, 'GET', `/audit-log?entityType=account&entityId=${id}&pageSize=100`);
  return res.body.result.data as { action: string; changes: Record<string, unknown>; actorId: number }[];
};

/** The newest code kept in the outbox for a recipient. */
const codeFor = async (recipient: string) => {
  const [row] = await server.database.db
    .select()
    .from(messages)
    .where(eq(messages.recipient, recipient))
    .orderBy(desc(messages.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
};

/** The password `accountWithRole` gives, which a new email needs. */
const PASSWORD = 'secret-pass-1';

const PROFILE = {
  email: 'editor@example.com',
  name: 'Editor Wang',
  profile: 'Reviews alerts',
  country: 'China',
  region: 'Zhejiang Hangzhou',
  address: '1 West Lake Road',
};

describe('the account profile', () => {
  it('answers the own profile with role, permissions and security state, for any role', async () => {
    const { id, username, token } = await server.accountWithRole(ROLE);
    const res = await api(token, 'GET', '/account/profile');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id,
      username,
      role: {
        id: ROLE,
        name: 'Alerts reader',
        permissions: [{ permissionId: 'alerts', actionList: ['query'] }],
      },
      security: {
        // The level of the password the admin set ('secret-pass-1').
        passwordLevel: 'medium',
        phoneSet: false,
        backupEmailSet: false,
        twoStepEnabled: false,
        bindings: 0,
      },
    });
    expect((await api(null, 'GET', '/account/profile')).status).toBe(401);
  });

  it('saves the fields docs/spec.md section 5 requires, refuses missing ones and audits the change', async () => {
    const { id, token } = await server.accountWithRole(ROLE);
    const missing = await api(token, 'PUT', '/account/profile', { ...PROFILE, address: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.result.errors.map((e: { field: string }) => e.field)).toContain('address');
    const badEmail = await api(token, 'PUT', '/account/profile', { ...PROFILE, email: 'nope' });
    expect(badEmail.status).toBe(400);

    const saved = await api(token, 'PUT', '/account/profile', {
      ...PROFILE,
      avatar: '/uploads/a.png',
      currentPassword: PASSWORD,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ ...PROFILE, avatar: '/uploads/a.png' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'update',
      actorId: id,
      changes: { address: { from: '', to: PROFILE.address } },
    });
  });

  it("refuses another account's email", async () => {
    const first = await server.accountWithRole(ROLE);
    const second = await server.accountWithRole(ROLE);
    await api(first.token, 'PUT', '/account/profile', {
      ...PROFILE,
      email: 'taken@example.com',
      currentPassword: PASSWORD,
    });
    const res = await api(second.token, 'PUT', '/account/profile', {
      ...PROFILE,
      email: 'Taken@example.com',
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'email', error: 'profile.emailTaken' });
  });
});

describe('changing the email', () => {
  it('needs the current password, so a session alone cannot move where recovery links go', async () => {
    const { token } = await server.accountWithRole(ROLE);
    const first = { ...PROFILE, email: 'mine@example.com' };
    const missing = await api(token, 'PUT', '/account/profile', first);
    expect([missing.status, missing.body.result.errors[0]]).toMatchObject([
      400,
      { field: 'currentPassword', error: 'field.required' },
    ]);
    const wrong = await api(token, 'PUT', '/account/profile', { ...first, currentPassword: 'guess-1234' });
    expect([wrong.status, wrong.body.result.errors[0]]).toMatchObject([
      400,
      { field: 'currentPassword', error: 'profile.wrongPassword' },
    ]);
    const profile = async () => (await api(token, 'GET', '/account/profile')).body.result;
    expect((await profile()).email).toBeNull();
    expect(
      (await api(token, 'PUT', '/account/profile', { ...first, currentPassword: PASSWORD })).status,
    ).toBe(200);
    // The other fields change without it, the same address written differently too.
    const renamed = await api(token, 'PUT', '/account/profile', {
      ...first,
      email: 'Mine@Example.com',
      name: 'New',
    });
    expect([renamed.status, renamed.body.result.name, renamed.body.result.email]).toEqual([
      200,
      'New',
      'mine@example.com',
    ]);
    const moved = await api(token, 'PUT', '/account/profile', { ...first, email: 'attacker@example.com' });
    expect(moved.status).toBe(400);
    expect((await profile()).email).toBe('mine@example.com');
  });
});

describe('changing the password', () => {
  it('needs the current password, applies the policy, keeps the level and ends the other sessions', async () => {
    const { id, username, token } = await server.accountWithRole(ROLE);
    const other = await server.login(username, 'secret-pass-1');

    const wrong = await api(token, 'PUT', '/account/password', {
      currentPassword: 'nope',
      password: 'Tr0ub4dor&3x',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.errors[0]).toMatchObject({
      field: 'currentPassword',
      error: 'profile.wrongPassword',
    });
    const common = await api(token, 'PUT', '/account/password', {
      currentPassword: 'secret-pass-1',
      password: 'password1',
    });
    expect(common.body.result.errors[0]).toMatchObject({ field: 'password', error: 'signUp.passwordCommon' });
    const short = await api(token, 'PUT', '/account/password', {
      currentPassword: 'secret-pass-1',
      password: 'a1',
    });
    expect(short.body.result.errors[0]).toMatchObject({
      field: 'password',
      error: 'signUp.passwordTooShort',
    });

    const changed = await api(token, 'PUT', '/account/password', {
      currentPassword: 'secret-pass-1',
      password: 'Tr0ub4dor&3x-horse',
    });
    expect(changed.status).toBe(200);
    expect((await api(token, 'GET', '/account/profile')).body.result.security.passwordLevel).toBe('strong');
    expect((await api(other, 'GET', '/account/profile')).status).toBe(401);
    await expect(server.login(username, 'secret-pass-1')).rejects.toThrow();
    await server.login(username, 'Tr0ub4dor&3x-horse');
    const entries = await auditOf(id);
    expect(entries.find((e) => e.action === 'change-password')?.changes).toEqual({
      password: { changed: true },
    });
  });
});

describe('the security phone', () => {
  it('changes with the code sent to the new number, once, and refuses a wrong or spent code', async () => {
    const { id, token } = await server.accountWithRole(ROLE);
    const sent = await api(token, 'POST', '/account/phone/code', { mobile: '+86 138-0000-1111' });
    expect(sent.status).toBe(200);
    expect(sent.body.result.resendAfterSeconds).toBe(60);
    const code = await codeFor('+8613800001111');
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await api(token, 'PUT', '/account/phone', { mobile: '+8613800001111', captcha: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.errors[0]).toMatchObject({ field: 'captcha', error: 'code.invalid' });
    // A code sent to one number does not change the phone to another.
    const otherNumber = await api(token, 'PUT', '/account/phone', {
      mobile: '+8613900002222',
      captcha: code,
    });
    expect(otherNumber.status).toBe(400);

    const changed = await api(token, 'PUT', '/account/phone', { mobile: '+8613800001111', captcha: code });
    expect(changed.status).toBe(200);
    expect(changed.body.result).toMatchObject({ phone: '+8613800001111', security: { phoneSet: true } });
    const reused = await api(token, 'PUT', '/account/phone', { mobile: '+8613800001111', captcha: code });
    expect(reused.status).toBe(400);
    expect((await auditOf(id))[0]?.changes).toMatchObject({ phone: { from: null, to: '+8613800001111' } });
  });

  it('refuses an expired code', async () => {
    const { token } = await server.accountWithRole(ROLE);
    await api(token, 'POST', '/account/phone/code', { mobile: '13700003333' });
    const code = await codeFor('13700003333');
    await server.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, '13700003333'));
    const res = await api(token, 'PUT', '/account/phone', { mobile: '13700003333', captcha: code });
    expect(res.status).toBe(400);
  });
});

describe('the backup email', () => {
  it('is set with the code mailed to it', async () => {
    const { token } = await server.accountWithRole(ROLE);
    expect(
      (await api(token, 'POST', '/account/backup-email/code', { email: 'Backup@Example.com' })).status,
    ).toBe(200);
    const code = await codeFor('backup@example.com');
    const res = await api(token, 'PUT', '/account/backup-email', {
      email: 'backup@example.com',
      captcha: code,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      backupEmail: 'backup@example.com',
      security: { backupEmailSet: true },
    });
  });
});

const DISPLAY = {
  language: 'zh-CN',
  pageStyle: 'light',
  themeColor: 'purple',
  layout: 'topmenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: true,
  multiTab: false,
  hideHintAlert: false,
  sidebarCollapsed: false,
};

describe('display preferences and notification choices', () => {
  it('round-trip the display settings, refuse unknown values and keep the language for mail', async () => {
    const { id, token } = await server.accountWithRole(ROLE);
    expect((await api(token, 'GET', '/account/preferences')).body.result).toEqual({});
    expect((await api(token, 'PUT', '/account/preferences', { ...DISPLAY, themeColor: 'pink' })).status).toBe(
      400,
    );
    expect((await api(token, 'PUT', '/account/preferences', DISPLAY)).status).toBe(200);
    expect((await api(token, 'GET', '/account/preferences')).body.result).toEqual(DISPLAY);
    expect((await api(token, 'GET', '/account/profile')).body.result.language).toBe('zh-CN');
    expect((await auditOf(id))[0]?.action).toBe('update');
    // An empty document forgets them: each browser goes back to its own until the next change.
    expect((await api(token, 'PUT', '/account/preferences', {})).status).toBe(200);
    expect((await api(token, 'GET', '/account/preferences')).body.result).toEqual({});
    expect((await api(token, 'GET', '/account/profile')).body.result.language).toBe('zh-CN');
  });

  it('keeps which events mail this person, all off at first', async () => {
    const { token } = await server.accountWithRole(ROLE);
    expect((await api(token, 'GET', '/account/notifications')).body.result).toEqual({
      alert: false,
      refund: false,
      signUp: false,
    });
    const choice = { alert: true, refund: false, signUp: true };
    expect((await api(token, 'PUT', '/account/notifications', { ...choice, other: true })).status).toBe(400);
    expect((await api(token, 'PUT', '/account/notifications', choice)).status).toBe(200);
    expect((await api(token, 'GET', '/account/notifications')).body.result).toEqual(choice);
  });
});

describe('recent activity', () => {
  it('lists own sign-ins (failures too) and own actions, newest first', async () => {
    const { id, username, token } = await server.accountWithRole(ROLE);
    await expect(server.login(username, 'wrong-password')).rejects.toThrow();
    await api(token, 'PUT', '/account/notifications', { alert: true, refund: false, signUp: false });
    const res = await api(token, 'GET', '/account/activity');
    expect(res.status).toBe(200);
    const { signIns, actions } = res.body.result;
    expect(signIns.map((s: { outcome: string }) => s.outcome)).toEqual(['failure', 'success']);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ actorId: id, action: 'update', entityType: 'account' });
  });
});

describe('the start page (Account settings > Custom)', () => {
  const signIn = async (username: string) =>
    (
      await server.call(null, {
        method: 'POST',
        url: '/api/account/login',
        payload: { username, password: PASSWORD },
      })
    ).body.result as { token: string; home: string };

  it('lands finance on the payment orders, not on a tests list it can only half use, until it chooses', async () => {
    const { id, username, token } = await server.accountWithRole('finance');
    expect((await signIn(username)).home).toBe('/order');
    expect((await api(token, 'GET', '/user/info')).body.result).toMatchObject({
      startPage: null,
      home: '/order',
    });

    const chosen = await api(token, 'PUT', '/account/start-page', { startPage: '/dashboard/analysis' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.result).toEqual({ startPage: '/dashboard/analysis', home: '/dashboard/analysis' });
    expect((await signIn(username)).home).toBe('/dashboard/analysis');
    expect((await api(token, 'GET', '/user/info')).body.result).toMatchObject({
      startPage: '/dashboard/analysis',
      home: '/dashboard/analysis',
    });
    expect((await auditOf(id)).find((entry) => entry.action === 'update')?.changes).toMatchObject({
      startPage: expect.anything(),
    });

    // Back to the role's.
    expect((await api(token, 'PUT', '/account/start-page', { startPage: null })).body.result).toEqual({
      startPage: null,
      home: '/order',
    });
  });

  it('refuses a page the role may not open, a menu group and a path of no page, changing nothing', async () => {
    const { token } = await server.accountWithRole('finance');
    for (const startPage of ['/system/accounts', '/dashboard', '/nowhere', '/user/login', '']) {
      const res = await api(token, 'PUT', '/account/start-page', { startPage });
      expect(res.status, startPage).toBe(400);
      expect(res.body.result.errors[0]).toMatchObject({ field: 'startPage' });
    }
    expect((await api(token, 'GET', '/user/info')).body.result.startPage).toBeNull();
    expect((await api(null, 'PUT', '/account/start-page', { startPage: null })).status).toBe(401);
  });

  it("lands on the role's page again once the role may no longer open the chosen one", async () => {
    const role = 'start-page-role';
    const { username, token } = await server.accountWithRole(role, {
      dashboard: ['query'],
      orders: ['query'],
      goals: ['query'],
    });
    expect((await api(token, 'PUT', '/account/start-page', { startPage: '/list/table-list' })).status).toBe(
      200,
    );
    await server.database.db
      .update(roles)
      .set({ grants: { dashboard: ['query'], orders: ['query'] } })
      .where(eq(roles.id, role));
    expect((await signIn(username)).home).toBe('/order');
  });
});

describe('the seeded admin', () => {
  it('knows the strength of the password the seed set (ADMIN_PASSWORD), and when it was set', async () => {
    const admin = await server.login();
    const { security } = (await api(admin, 'GET', '/account/profile')).body.result;
    expect(security.passwordLevel).toBe(passwordLevel(ADMIN_PASSWORD));
    expect(security.passwordChangedAt).not.toBeNull();
  });
});
