import { BACKGROUND_HEADER } from '@cool/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { accounts, roles, sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/modules/auth/credentials.ts';
import { ADMIN_PASSWORD, createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    loginThrottle: {
      maxFailuresPerAccount: 3,
      maxFailuresPerAddress: 1000,
      windowMs: 60_000,
      lockMs: 120_000,
    },
  });
});
afterAll(() => server.close());

const login = (payload: Record<string, unknown>, ip = '127.0.0.1') =>
  server.call(null, { method: 'POST', url: '/api/account/login', payload, remoteAddress: ip });

describe('sign-in', () => {
  it('returns a 256-bit token and its 7-day expiry, and stores only its hash', async () => {
    const before = Date.now();
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD, remember_me: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, success: true });
    const { token, expiresAt } = res.body.result;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const week = 7 * 24 * 3600 * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + week - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + week + 1000);
    const stored = await server.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('accepts the email in place of the username, case-insensitively', async () => {
    await server.database.db
      .update(accounts)
      .set({ email: 'Boss@Example.com' })
      .where(eq(accounts.username, 'admin'));
    const res = await login({ username: 'boss@example.COM', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('gives the same 401 text for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: 'admin', password: 'nope-nope' }, '10.0.0.1');
    const unknown = await login({ username: 'ghost', password: 'nope-nope' }, '10.0.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, success: false, message: 'Invalid username or password' });
    }
  });

  it('throttles repeated failures for an account with 429 and says when to retry', async () => {
    const { username } = await server.accountWithRole('viewer');
    for (let i = 0; i < 3; i++) {
      expect((await login({ username, password: 'bad-password' }, `10.1.0.${i}`)).status).toBe(401);
    }
    const blocked = await login({ username, password: 'secret-pass-1' }, '10.1.0.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.result.retryAfterSeconds).toBeGreaterThan(100);
    expect(Number(blocked.headers['retry-after'])).toBe(blocked.body.result.retryAfterSeconds);
    expect(blocked.body.message).toMatch(/try again in 2 min/i);
  });

  it('throttles repeated failures from one address across accounts', async () => {
    const strict = await (await import('./helpers.ts')).createTestServer({
      loginThrottle: {
        maxFailuresPerAccount: 1000,
        maxFailuresPerAddress: 2,
        windowMs: 60_000,
        lockMs: 60_000,
      },
    });
    try {
      const attempt = (username: string) =>
        strict.call(null, {
          method: 'POST',
          url: '/api/account/login',
          payload: { username, password: 'whatever1' },
          remoteAddress: '10.9.9.9',
        });
      expect((await attempt('a1')).status).toBe(401);
      expect((await attempt('a2')).status).toBe(401);
      expect((await attempt('admin')).status).toBe(429);
      const failures = await strict.call(await strict.login(), {
        method: 'GET',
        url: '/api/audit-log?action=sign-in-failed&sortField=time&sortOrder=ascend',
      });
      expect(failures.body.result.data.map((e: { changes: object }) => e.changes)).toEqual([
        { reason: { to: 'unknown-account' } },
        { reason: { to: 'unknown-account' }, addressLockedUntil: { to: expect.any(String) } },
      ]);
    } finally {
      await strict.close();
    }
  });

  it('verifies at most the allowed number of wrong passwords when they arrive at once', async () => {
    const { username } = await server.accountWithRole('viewer');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ username, password: 'bad-password' }, `10.5.0.${i}`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
  });

  it('verifies at most the allowed number of wrong passwords from one address at once', async () => {
    const strict = await (await import('./helpers.ts')).createTestServer({
      loginThrottle: {
        maxFailuresPerAccount: 1000,
        maxFailuresPerAddress: 5,
        windowMs: 60_000,
        lockMs: 60_000,
      },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          strict.call(null, {
            method: 'POST',
            url: '/api/account/login',
            payload: { username: `nobody-${i}`, password: 'whatever1' },
            remoteAddress: '10.6.6.6',
          }),
        ),
      );
      expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(25);
    } finally {
      await strict.close();
    }
  });

  it('locks the account, not the name typed: its email is refused too', async () => {
    const { id, username } = await server.accountWithRole('viewer');
    const email = `${username}@example.com`;
    await server.database.db.update(accounts).set({ email }).where(eq(accounts.id, id));
    for (let i = 0; i < 3; i++) await login({ username, password: 'bad-password' }, `10.7.0.${i}`);
    const byEmail = await login({ username: email.toUpperCase(), password: 'secret-pass-1' }, '10.7.0.9');
    expect(byEmail.status).toBe(429);
  });

  it('a right password does not count against the address', async () => {
    const strict = await (await import('./helpers.ts')).createTestServer({
      loginThrottle: {
        maxFailuresPerAccount: 1000,
        maxFailuresPerAddress: 2,
        windowMs: 60_000,
        lockMs: 60_000,
      },
    });
    try {
      for (let i = 0; i < 4; i++) await strict.login();
      const wrong = () =>
        strict.call(null, {
          method: 'POST',
          url: '/api/account/login',
          payload: { username: 'admin', password: 'wrong-one' },
        });
      expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('refuses a disabled account and ends its sessions', async () => {
    const user = await server.accountWithRole('viewer');
    const admin = await server.login();
    const disable = await server.call(admin, { method: 'POST', url: `/api/accounts/${user.id}/disable` });
    expect(disable.status).toBe(200);
    expect((await server.call(user.token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
    const res = await login({ username: user.username, password: 'secret-pass-1' });
    expect(res.status).toBe(403);
  });
});

describe('session', () => {
  it('user/info returns the name, avatar and role with permission entries', async () => {
    const token = await server.login();
    const res = await server.call(token, { method: 'GET', url: '/api/user/info' });
    expect(res.status).toBe(200);
    const { name, avatar, role } = res.body.result;
    expect(name).toBe('Administrator');
    expect(typeof avatar).toBe('string');
    expect(role.id).toBe('admin');
    const categories = role.permissions.find(
      (p: { permissionId: string }) => p.permissionId === 'categories',
    );
    expect(categories.actionList).toEqual(
      expect.arrayContaining(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable']),
    );
    expect(categories.actionEntitySet[0]).toMatchObject({
      action: expect.any(String),
      describe: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
  });

  it('user/nav lists only the pages the role may open', async () => {
    const finance = await server.accountWithRole('finance');
    const res = await server.call(finance.token, { method: 'GET', url: '/api/user/nav' });
    const paths = res.body.result.map((r: { path: string }) => r.path);
    expect(paths).toContain('/order');
    expect(paths).toContain('/order/weixin');
    expect(paths).toContain('/game');
    expect(paths).not.toContain('/user');
    const admin = await server.call(await server.login(), { method: 'GET', url: '/api/user/nav' });
    expect(admin.body.result.map((r: { path: string }) => r.path)).toEqual([
      '/game',
      '/qtable',
      '/user',
      '/records',
      '/alerts',
      '/participants',
      '/center',
      '/order',
      '/order/weixin',
      '/system',
      '/dashboard',
      '/form',
      '/list',
      '/profile',
      '/result',
      '/exception',
    ]);
    expect(admin.body.result[1].hideInMenu).toBe(true);
    const children = (path: string) =>
      admin.body.result
        .find((r: { path: string }) => r.path === path)
        .children.map((r: { path: string }) => r.path);
    // Finance reads the goals but not the records: of the forms, the goals' and the refunds'.
    const financeForms = res.body.result.find((r: { path: string }) => r.path === '/form');
    expect(financeForms.children.map((r: { path: string }) => r.path)).toEqual([
      '/form/basic-form',
      '/form/step-form',
      '/form/advanced-form',
    ]);
    expect(children('/system')).toEqual([
      '/system/accounts',
      '/system/roles',
      '/system/audit',
      '/system/outbox',
    ]);
  });

  it('logout revokes the token everywhere', async () => {
    const token = await server.login();
    expect((await server.call(token, { method: 'POST', url: '/api/auth/logout' })).status).toBe(200);
    for (const url of ['/api/user/info', '/api/categories', '/api/user/nav']) {
      expect((await server.call(token, { method: 'GET', url })).status).toBe(401);
    }
    expect((await server.call(token, { method: 'POST', url: '/api/auth/logout' })).status).toBe(401);
  });

  it('an expired token gets 401', async () => {
    const token = await server.login();
    expect((await server.call(token, { method: 'GET', url: '/api/user/info' })).status).toBe(200);
    await server.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await server.call(token, { method: 'GET', url: '/api/user/info' })).status).toBe(401);
  });

  it('accepts the token with or without the Bearer prefix', async () => {
    const token = await server.login();
    const res = await server.call(null, {
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('2step-code tells whether two-step verification is in use on the service, and nothing about an account', async () => {
    const ask = (payload: object) =>
      server.call(null, { method: 'POST', url: '/api/auth/2step-code', payload });
    const setAdmin = (twoStepEnabled: number) =>
      server.database.db.update(accounts).set({ twoStepEnabled }).where(eq(accounts.username, 'admin'));
    expect((await ask({})).body.result).toEqual({ stepCode: 0 });
    await setAdmin(1);
    try {
      expect((await ask({})).body.result).toEqual({ stepCode: 1 });
      // Naming an account is refused the same way whether it exists or has a second factor.
      const named = await ask({ username: 'admin' });
      const unknown = await ask({ username: 'nobody-at-all' });
      expect(named.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(named.body.message).toBe(unknown.body.message);
    } finally {
      // Later tests sign in as admin without a code.
      await setAdmin(0);
    }
    // A role that requires it puts it in use too, while an enabled account has that role.
    const member = await server.accountWithRole('two-step-policy', {});
    const { db } = server.database;
    await db.update(roles).set({ requireTwoStep: true }).where(eq(roles.id, 'two-step-policy'));
    expect((await ask({})).body.result).toEqual({ stepCode: 1 });
    await db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, member.id));
    expect((await ask({})).body.result).toEqual({ stepCode: 0 });
  });
});

describe('remember me', () => {
  const hour = 3600 * 1000;
  const signIn = async (rememberMe: boolean) => {
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD, remember_me: rememberMe });
    expect(res.status).toBe(200);
    return res.body.result as { token: string; expiresAt: number };
  };
  const expiryOf = async (token: string) => {
    const [row] = await server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row?.expiresAt.getTime() ?? 0;
  };
  const expireIn = (token: string, seconds: number) =>
    server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + make_interval(secs => ${seconds})` })
      .where(eq(sessions.tokenHash, hashToken(token)));
  const use = (token: string) => server.call(token, { method: 'GET', url: '/api/user/info' });

  it('unticked: the session ends after 12 idle hours, and each use moves that on', async () => {
    const before = Date.now();
    const { token, expiresAt } = await signIn(false);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 12 * hour - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 12 * hour + 1000);
    await expireIn(token, 60);
    expect((await use(token)).status).toBe(200);
    expect(await expiryOf(token)).toBeGreaterThan(Date.now() + 12 * hour - 60_000);
    await expireIn(token, -1);
    expect((await use(token)).status).toBe(401);
  });

  it("unticked: the console's own polling (X-Background) does not keep an unattended session alive", async () => {
    const { token } = await signIn(false);
    await expireIn(token, 60);
    const poll = await server.call(token, {
      method: 'GET',
      url: '/api/alerts/counts',
      headers: { [BACKGROUND_HEADER]: '1' },
    });
    expect(poll.status).toBe(200);
    expect(await expiryOf(token)).toBeLessThan(Date.now() + 61_000);
    // A person's own request still moves it on.
    expect((await use(token)).status).toBe(200);
    expect(await expiryOf(token)).toBeGreaterThan(Date.now() + 12 * hour - 60_000);
  });

  it('ticked: the session lasts 7 days from sign-in, however it is used', async () => {
    const { token, expiresAt } = await signIn(true);
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * 24 * hour - 60_000);
    await expireIn(token, 60);
    expect((await use(token)).status).toBe(200);
    expect(await expiryOf(token)).toBeLessThan(Date.now() + 61_000);
  });

  it('the idle lifetime is SESSION_IDLE_HOURS', () => {
    expect(loadConfig({}).sessionIdleHours).toBe(12);
    expect(loadConfig({ SESSION_IDLE_HOURS: '2' }).sessionIdleHours).toBe(2);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
  });
});

describe('sign-ins in the audit log', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await server.login();
  });

  const entries = async (query: string, order = 'ascend') =>
    (
      await server.call(admin, {
        method: 'GET',
        url: `/api/audit-log?entityType=account&pageSize=100&sortField=time&sortOrder=${order}&${query}`,
      })
    ).body.result.data;

  it('records a sign-in with the account as actor and entity, and a sign-out', async () => {
    const user = await server.accountWithRole('viewer');
    const signIns = await entries(`entityId=${user.id}&action=sign-in`);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actorId: user.id,
      actorUsername: user.username,
      entityId: String(user.id),
      ip: '127.0.0.1',
      changes: { lastLoginIp: { from: null, to: '127.0.0.1' }, lastLoginAt: { from: null } },
    });
    expect((await server.call(user.token, { method: 'POST', url: '/api/auth/logout' })).status).toBe(200);
    const signOuts = await entries(`entityId=${user.id}&action=sign-out`);
    expect(signOuts).toHaveLength(1);
    expect(signOuts[0]).toMatchObject({ actorId: user.id, entityId: String(user.id), changes: {} });
  });

  it('records each refused sign-in without an actor: its reason, and the lock it caused', async () => {
    const user = await server.accountWithRole('viewer');
    for (let i = 0; i < 3; i++)
      await login({ username: user.username, password: 'bad-password' }, `10.3.0.${i}`);
    expect((await login({ username: user.username, password: 'secret-pass-1' }, '10.3.0.9')).status).toBe(
      429,
    );
    const failures = await entries(`entityId=${user.id}&action=sign-in-failed`);
    expect(failures.map((e: { ip: string }) => e.ip)).toEqual(['10.3.0.0', '10.3.0.1', '10.3.0.2']);
    for (const entry of failures) expect(entry).toMatchObject({ actorId: null, actorUsername: null });
    expect(failures[0].changes).toEqual({ reason: { to: 'wrong-password' } });
    expect(failures[2].changes).toEqual({
      reason: { to: 'wrong-password' },
      lockedUntil: { to: expect.any(String) },
    });
    expect(new Date(failures[2].changes.lockedUntil.to).getTime()).toBeGreaterThan(Date.now() + 100_000);
  });

  it('records unknown logins without keeping the text typed, and disabled accounts by id', async () => {
    const since = new Date().toISOString();
    expect(
      (await login({ username: 'typed-my-password-here', password: 'x-x-x-x' }, '10.4.0.1')).status,
    ).toBe(401);
    const unknown = await entries(`action=sign-in-failed&from=${since}`);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ entityId: null, changes: { reason: { to: 'unknown-account' } } });
    expect(JSON.stringify(unknown)).not.toContain('typed-my-password-here');

    const user = await server.accountWithRole('viewer');
    await server.call(admin, { method: 'POST', url: `/api/accounts/${user.id}/disable` });
    expect((await login({ username: user.username, password: 'secret-pass-1' }, '10.4.0.2')).status).toBe(
      403,
    );
    const disabled = await entries(`entityId=${user.id}&action=sign-in-failed`);
    expect(disabled.map((e: { changes: object }) => e.changes)).toEqual([{ reason: { to: 'disabled' } }]);
  });

  it('never holds a password, a token or a hash', async () => {
    const token = await server.login();
    const all = JSON.stringify(await entries('', 'descend'));
    for (const secret of [
      token,
      hashToken(token),
      ADMIN_PASSWORD,
      'secret-pass-1',
      'bad-password',
      '$argon2',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/"\w*(password|hash|token)\w*":/i);
  });
});
