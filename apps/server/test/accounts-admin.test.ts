import { PERMISSION_ACTIONS } from '@cool/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, messages } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import * as delivery from '../src/modules/messaging/delivery.ts';
import { startHangingSmtp } from './fakes/smtp.ts';
import { createTestServer, type TestServer } from './helpers.ts';

// Mail "works" when a test says so; the message itself still lands in the outbox, where the test reads it.
vi.mock(import('../src/modules/messaging/delivery.ts'), async (original) => {
  const module = await original();
  return { ...module, transportFor: vi.fn(module.transportFor) };
});
const withMail = () =>
  vi.mocked(delivery.transportFor).mockResolvedValue({ name: 'smtp', send: async () => {} });

let server: TestServer;
let admin: string;
let adminId: number;

beforeAll(async () => {
  server = await createTestServer({ publicUrl: 'https://console.example', smtpAllowPrivate: true });
  admin = await server.login();
  adminId = (await server.call(admin, { method: 'GET', url: '/api/user/info' })).body.result.id;
});
afterAll(() => server.close());

const post = (token: string, url: string, payload?: object) =>
  server.call(token, { method: 'POST', url, ...(payload && { payload }) });
const entries = async (id: number, action: string) =>
  (
    await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${id}&action=${action}`,
    })
  ).body.result.data;
const lastMail = async (to: string) =>
  (
    await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.recipient, to))
      .orderBy(desc(messages.id))
      .limit(1)
  )[0];

/** A signed-up account as helper B's sign-up leaves it: pending, no role, activated or not. */
async function signedUp(username: string, activated: boolean) {
  const [row] = await server.database.db
    .insert(accounts)
    .values({
      username,
      name: username,
      email: `${username}@example.com`,
      status: 'pending',
      passwordHash: await hashPassword('signed-up-pass-1'),
      activatedAt: activated ? new Date() : null,
    })
    .returning();
  return row!.id;
}

describe('approving sign-ups', () => {
  it('gives an activated pending sign-up its role and enables it; it can then sign in', async () => {
    const id = await signedUp('applicant', true);
    const res = await post(admin, `/api/accounts/${id}/approve`, { roleId: 'operator' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'enabled', roleId: 'operator' });
    expect(await server.login('applicant', 'signed-up-pass-1')).toBeTruthy();
    const [entry] = await entries(id, 'approve');
    expect(entry.changes).toEqual({
      status: { from: 'pending', to: 'enabled' },
      roleId: { from: null, to: 'operator' },
    });
  });

  it('refuses one not activated yet, one not pending, an unknown role and an unknown account', async () => {
    const waiting = await signedUp('not-yet', false);
    const early = await post(admin, `/api/accounts/${waiting}/approve`, { roleId: 'viewer' });
    expect([early.status, early.body.result.error]).toEqual([409, 'account.notActivated']);
    const again = await post(admin, `/api/accounts/${adminId}/approve`, { roleId: 'viewer' });
    expect([again.status, again.body.result.error]).toEqual([409, 'account.notPending']);
    const role = await post(admin, `/api/accounts/${waiting}/approve`, { roleId: 'wizard' });
    expect(role.status).toBe(400);
    expect((await post(admin, `/api/accounts/${waiting}/approve`, {})).status).toBe(400);
    expect((await post(admin, '/api/accounts/99999/approve', { roleId: 'viewer' })).status).toBe(404);
    expect(await entries(waiting, 'approve')).toEqual([]);
  });

  it('deletes (rejects) a pending sign-up, but no account in use', async () => {
    const id = await signedUp('rejected', true);
    expect((await server.call(admin, { method: 'DELETE', url: `/api/accounts/${id}` })).status).toBe(200);
    expect((await server.call(admin, { method: 'GET', url: `/api/accounts/${id}` })).status).toBe(404);
    expect((await entries(id, 'delete'))[0].changes.username).toEqual({ from: 'rejected' });
    const used = await server.call(admin, { method: 'DELETE', url: `/api/accounts/${adminId}` });
    expect([used.status, used.body.result.error]).toEqual([409, 'account.notPending']);
  });
});

describe('enable, disable and sessions', () => {
  it('disabling ends the account’s sessions; enabling lets it sign in again', async () => {
    const user = await server.accountWithRole('viewer');
    const off = await post(admin, `/api/accounts/${user.id}/disable`);
    expect(off.body.result.status).toBe('disabled');
    expect((await server.call(user.token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
    const on = await post(admin, `/api/accounts/${user.id}/enable`);
    expect(on.body.result.status).toBe('enabled');
    expect(await server.login(user.username, 'secret-pass-1')).toBeTruthy();
    expect((await entries(user.id, 'disable'))[0].changes).toEqual({
      status: { from: 'enabled', to: 'disabled' },
    });
    expect(await entries(user.id, 'enable')).toHaveLength(1);
  });

  it('refuses disabling oneself and enabling a pending account (approve it instead)', async () => {
    const self = await post(admin, `/api/accounts/${adminId}/disable`);
    expect([self.status, self.body.result.error]).toEqual([409, 'account.selfChange']);
    const pending = await signedUp('pending-enable', true);
    const enable = await post(admin, `/api/accounts/${pending}/enable`);
    expect([enable.status, enable.body.result.error]).toEqual([409, 'account.pending']);
    // Editing an account never changes its status: that is enable's and disable's, each with its permission.
    const put = await server.call(admin, {
      method: 'PUT',
      url: `/api/accounts/${pending}`,
      payload: { status: 'enabled' },
    });
    expect([put.status, put.body.result.errors]).toMatchObject([
      400,
      [{ field: 'status', error: 'field.unknown' }],
    ]);
  });

  it('keeps a disabled account disabled, and a pending one pending, when its details are edited', async () => {
    const user = await server.accountWithRole('viewer');
    await post(admin, `/api/accounts/${user.id}/disable`);
    const edited = await server.call(admin, {
      method: 'PUT',
      url: `/api/accounts/${user.id}`,
      payload: { name: 'Renamed while disabled' },
    });
    expect([edited.status, edited.body.result.name, edited.body.result.status]).toEqual([
      200,
      'Renamed while disabled',
      'disabled',
    ]);
    await expect(server.login(user.username, 'secret-pass-1')).rejects.toThrow(/login .* failed: 403/);
    const pending = await signedUp('pending-rename', true);
    const renamed = await server.call(admin, {
      method: 'PUT',
      url: `/api/accounts/${pending}`,
      payload: { name: 'Pending, renamed' },
    });
    expect([renamed.status, renamed.body.result.status]).toEqual([200, 'pending']);
  });

  it('signs an account out everywhere', async () => {
    const user = await server.accountWithRole('viewer');
    const second = await server.login(user.username, 'secret-pass-1');
    expect((await post(admin, `/api/accounts/${user.id}/revoke-sessions`)).status).toBe(200);
    for (const token of [user.token, second]) {
      expect((await server.call(token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
    }
    expect(await entries(user.id, 'revoke-sessions')).toHaveLength(1);
    // Doing it to oneself keeps the session one is using.
    expect((await post(admin, `/api/accounts/${adminId}/revoke-sessions`)).status).toBe(200);
    expect((await server.call(admin, { method: 'GET', url: '/api/user/info' })).status).toBe(200);
  });
});

describe('password resets', () => {
  it('without mail answers a temporary password once and ends the sessions', async () => {
    const user = await server.accountWithRole('viewer');
    const res = await post(admin, `/api/accounts/${user.id}/reset-password`);
    expect(res.body.result.delivery).toBe('password');
    const password = res.body.result.password as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await server.call(user.token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
    expect(await server.login(user.username, password)).toBeTruthy();
    const [entry] = await entries(user.id, 'reset-password');
    expect(entry.changes).toEqual({ delivery: { to: 'password' }, password: { changed: true } });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('with mail mails a recovery link and keeps the password', async () => {
    withMail();
    try {
      const created = await post(admin, '/api/accounts', {
        username: 'mailed-reset',
        name: 'Mailed',
        email: 'mailed-reset@example.com',
        password: 'mailed-pass-1',
        roleId: 'viewer',
      });
      const id = created.body.result.id;
      const token = await server.login('mailed-reset', 'mailed-pass-1');
      const res = await post(admin, `/api/accounts/${id}/reset-password`);
      expect(res.body.result).toEqual({ delivery: 'link' });
      const mail = await lastMail('mailed-reset@example.com');
      expect(mail).toMatchObject({ kind: 'recovery-link' });
      expect(mail!.body).toMatch(/https:\/\/console\.example\/user\/reset\?token=[\w-]{43}/);
      expect((await server.call(token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
      expect(await server.login('mailed-reset', 'mailed-pass-1')).toBeTruthy();
    } finally {
      vi.mocked(delivery.transportFor).mockReset();
    }
  });
});

describe('invitations', () => {
  it('without mail a password must be typed', async () => {
    const res = await post(admin, '/api/accounts', {
      username: 'no-mail-invite',
      name: 'x',
      email: 'no-mail@example.com',
      roleId: 'viewer',
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors[0]).toMatchObject({ field: 'password', error: 'account.passwordNeeded' });
  });

  it('with mail invites: pending with its role, a link mailed, resent on request', async () => {
    withMail();
    try {
      const res = await post(admin, '/api/accounts', {
        username: 'invitee',
        name: 'Invitee',
        email: 'invitee@example.com',
        roleId: 'finance',
      });
      expect(res.status).toBe(201);
      expect(res.body.result).toMatchObject({ status: 'pending', roleId: 'finance' });
      const id = res.body.result.id;
      const first = await lastMail('invitee@example.com');
      expect(first).toMatchObject({ kind: 'invitation' });
      expect(first!.body).toContain('https://console.example/user/invite?token=');
      expect(await entries(id, 'invite')).toHaveLength(1);

      expect((await post(admin, `/api/accounts/${id}/invitation`)).status).toBe(200);
      const second = await lastMail('invitee@example.com');
      expect(second!.id).toBeGreaterThan(first!.id);
      expect(await entries(id, 'invite')).toHaveLength(2);

      const noEmail = await post(admin, '/api/accounts', {
        username: 'no-email',
        name: 'x',
        roleId: 'viewer',
      });
      expect(noEmail.body.result.errors[0]).toMatchObject({ field: 'email' });
      const notInvited = await post(admin, `/api/accounts/${adminId}/invitation`);
      expect([notInvited.status, notInvited.body.result.error]).toEqual([409, 'account.notInvited']);
    } finally {
      vi.mocked(delivery.transportFor).mockReset();
    }
  });
});

describe('mail that does not go', () => {
  it('a hung mail server holds no transaction: others are answered, the change stays, the outbox says failed', async () => {
    const smtp = await startHangingSmtp(server, admin);
    /** Runs the mailing request, checks another is answered meanwhile, then lets the mail server hang up. */
    const whileMailHangs = async (request: () => ReturnType<typeof post>) => {
      const pending = request();
      while (smtp.connections() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000));
      const other = server.call(admin, { method: 'GET', url: '/api/settings/general' });
      const answered = await Promise.race([other, late]);
      smtp.hangUp();
      expect(answered, 'another request waited for the mail server').not.toBeNull();
      const res = await pending;
      expect([res.status, res.body.result.error]).toEqual([502, 'account.mailNotSent']);
      return res;
    };
    try {
      await whileMailHangs(() =>
        post(admin, '/api/accounts', {
          username: 'hung-invite',
          name: 'Hung',
          email: 'hung-invite@example.com',
          roleId: 'viewer',
        }),
      );
      const [created] = await server.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.username, 'hung-invite'));
      expect(created).toMatchObject({ status: 'pending' });
      expect(await entries(created!.id, 'invite')).toHaveLength(1);
      expect(await lastMail('hung-invite@example.com')).toMatchObject({
        kind: 'invitation',
        transport: 'smtp',
        status: 'failed',
      });

      await whileMailHangs(() => post(admin, `/api/accounts/${created!.id}/invitation`));
      expect(await entries(created!.id, 'invite')).toHaveLength(2);

      const user = await server.accountWithRole('viewer');
      await server.database.db
        .update(accounts)
        .set({ email: 'hung-reset@example.com' })
        .where(eq(accounts.id, user.id));
      await whileMailHangs(() => post(admin, `/api/accounts/${user.id}/reset-password`));
      expect(await entries(user.id, 'reset-password')).toHaveLength(1);
      expect((await server.call(user.token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
      expect(await lastMail('hung-reset@example.com')).toMatchObject({
        kind: 'recovery-link',
        status: 'failed',
      });
    } finally {
      await smtp.close();
    }
  });
});

describe('sign-in history', () => {
  it('lists an account’s successes, failures with their reason and locks, newest first', async () => {
    const user = await server.accountWithRole('viewer');
    const wrong = () =>
      server.call(null, {
        method: 'POST',
        url: '/api/account/login',
        payload: { username: user.username, password: 'wrong-password' },
      });
    for (let i = 0; i < 5; i++) await wrong();
    const page = await server.call(admin, {
      method: 'GET',
      url: `/api/accounts/${user.id}/sign-ins?pageSize=3`,
    });
    expect(page.status).toBe(200);
    expect(page.body.result.totalCount).toBe(6);
    const [locked, failed] = page.body.result.data;
    expect(locked).toMatchObject({ outcome: 'failure', reason: 'wrong-password' });
    expect(Date.parse(locked.lockedUntil)).toBeGreaterThan(Date.now());
    expect(failed).toMatchObject({ outcome: 'failure', lockedUntil: null });
    const oldest = await server.call(admin, {
      method: 'GET',
      url: `/api/accounts/${user.id}/sign-ins?pageSize=3&pageNo=2`,
    });
    expect(oldest.body.result.data.at(-1)).toMatchObject({ outcome: 'success', reason: null });
    expect((await server.call(admin, { method: 'GET', url: '/api/accounts/99999/sign-ins' })).status).toBe(
      404,
    );
  });
});

describe('the last enabled administrator', () => {
  it('cannot be disabled or demoted, also by two changes at once', async () => {
    // Every right an administrator has (so administrators are within reach), but not the admin role.
    const manager = await server.accountWithRole(
      'all-rights',
      Object.fromEntries(Object.entries(PERMISSION_ACTIONS).map(([id, actions]) => [id, [...actions]])),
    );
    const refused = await post(manager.token, `/api/accounts/${adminId}/disable`);
    expect([refused.status, refused.body.result.error]).toEqual([409, 'account.lastAdmin']);
    const demote = await server.call(manager.token, {
      method: 'PUT',
      url: `/api/accounts/${adminId}`,
      payload: { roleId: 'viewer' },
    });
    expect([demote.status, demote.body.result.error]).toEqual([409, 'account.lastAdmin']);

    const second = await server.accountWithRole('admin');
    const results = await Promise.all([
      post(manager.token, `/api/accounts/${adminId}/disable`),
      post(manager.token, `/api/accounts/${second.id}/disable`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const enabledAdmins = (
      await server.call(manager.token, { method: 'GET', url: '/api/accounts?roleId=admin&status=enabled' })
    ).body.result.totalCount;
    expect(enabledAdmins).toBe(1);
    // Leave the seeded admin enabled for whatever runs next.
    await post(manager.token, `/api/accounts/${adminId}/enable`);
  });
});
