import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';

const PASSWORD = 'secret-pass-1';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer({
    loginThrottle: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 100, windowMs: 60_000, lockMs: 60_000 },
  });
  admin = await server.login();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

/** The authenticator's code `steps` time steps (30 s each) from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Moves the clock on by whole time steps, so each sign-in below has a code it has not used yet. */
const nextStep = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 30_000);
};

const signIn = (username: string, twoStepCode?: string, password = PASSWORD) =>
  server.call(null, {
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password, ...(twoStepCode !== undefined && { twoStepCode }) },
  });

const post = (token: string, url: string, payload?: object) =>
  server.call(token, { method: 'POST', url: `/api/account/two-step${url}`, ...(payload && { payload }) });

/** A fresh account with two-step verification on: its secret, recovery codes and a session. */
async function enrolled(roleId = 'operator') {
  const account = await server.accountWithRole(roleId);
  const setup = await post(account.token, '/setup');
  expect(setup.status).toBe(200);
  const { secret } = setup.body.result;
  const enable = await post(account.token, '/enable', { code: codeAt(secret) });
  expect(enable.status).toBe(200);
  return { ...account, secret, recoveryCodes: enable.body.result.recoveryCodes as string[] };
}

const auditOf = async (accountId: number, action: string) => {
  const res = await server.call(admin, {
    method: 'GET',
    url: `/api/audit-log?entityType=account&entityId=${accountId}&action=${action}`,
  });
  return res.body.result.data as { changes: Record<string, unknown>; actorUsername: string | null }[];
};

describe('enrolment', () => {
  it('gives a QR code for a new secret, turns on with the first code and shows ten recovery codes once', async () => {
    const account = await server.accountWithRole('operator');
    const state = await server.call(account.token, { method: 'GET', url: '/api/account/two-step' });
    expect(state.body.result).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await post(account.token, '/setup');
    const { secret, otpauthUrl, qrSvg } = setup.body.result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain('otpauth://totp/Cool%20Evaluation:');
    expect(otpauthUrl).toContain(account.username);
    expect(otpauthUrl).toContain('issuer=Cool%20Evaluation');
    expect(qrSvg).toMatch(/^<svg/);

    // Not on until a code confirms it.
    expect((await signIn(account.username)).status).toBe(200);
    expect((await post(account.token, '/enable', { code: '000000' })).status).toBe(400);
    const enable = await post(account.token, '/enable', { code: codeAt(secret) });
    expect(enable.status).toBe(200);
    const codes: string[] = enable.body.result.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await server.call(account.token, { method: 'GET', url: '/api/account/two-step' });
    expect(after.body.result).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const info = await server.call(account.token, { method: 'GET', url: '/api/user/info' });
    expect(info.body.result.twoStep).toEqual({ enabled: true, required: false });

    // The audit says it was turned on; the secret and the codes are not in it.
    const [entry] = await auditOf(account.id, 'two-step-on');
    expect(entry?.changes).toEqual({
      twoStepEnabled: { from: false, to: true },
      recoveryCodesLeft: { from: 0, to: 10 },
    });
    const setupEntries = await auditOf(account.id, 'update');
    expect(JSON.stringify(setupEntries)).not.toContain(secret);
  });

  it('refuses to enable without a started set-up', async () => {
    const account = await server.accountWithRole('operator');
    const res = await post(account.token, '/enable', { code: '123456' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Start the set-up again');
  });
});

describe('signing in', () => {
  it('tells no one before the password which accounts need a code', async () => {
    const { username } = await enrolled();
    const plain = await server.accountWithRole('operator');
    const ask = (payload: object) =>
      server.call(null, { method: 'POST', url: '/api/auth/2step-code', payload });
    const answers = await Promise.all(
      [username, plain.username, 'nobody-at-all'].map(async (name) => (await ask({ username: name })).body),
    );
    expect(new Set(answers.map((body) => JSON.stringify([body.code, body.message, body.result]))).size).toBe(
      1,
    );
    // The service's answer: an account here has it.
    expect((await ask({})).body.result).toEqual({ stepCode: 1 });
    // The account's own answer comes once its password checks out.
    expect((await signIn(username)).body.result).toMatchObject({ error: 'twoStep.codeRequired' });
  });

  it('asks for the code, accepts each time step once, and a recovery code once', async () => {
    const account = await enrolled();
    const missing = await signIn(account.username);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toContain('authenticator');

    // The code that enabled it was this step's: it does not sign in again.
    expect((await signIn(account.username, codeAt(account.secret))).status).toBe(401);
    nextStep();
    const code = codeAt(account.secret);
    expect((await signIn(account.username, code)).status).toBe(200);
    const replay = await signIn(account.username, code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toContain('already used');

    const [recovery] = account.recoveryCodes;
    // Case and the dash do not matter.
    expect((await signIn(account.username, recovery!.toUpperCase().replace('-', ' '))).status).toBe(200);
    expect((await signIn(account.username, recovery)).status).toBe(401);
    const state = await server.call(account.token, { method: 'GET', url: '/api/account/two-step' });
    expect(state.body.result.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes as failed sign-ins: audited, and the account locks', async () => {
    const account = await enrolled();
    for (let i = 0; i < 3; i++) expect((await signIn(account.username, '000000')).status).toBe(401);
    nextStep();
    const locked = await signIn(account.username, codeAt(account.secret));
    expect(locked.status).toBe(429);
    const failures = await auditOf(account.id, 'sign-in-failed');
    expect(failures).toHaveLength(3);
    expect(failures.map((f) => f.changes.reason)).toEqual(Array(3).fill({ to: 'wrong-two-step-code' }));
    expect(failures[0]?.changes.lockedUntil).toBeDefined();
  });

  it('a wrong password with a right code is still a wrong password', async () => {
    const account = await enrolled();
    nextStep();
    const res = await signIn(account.username, codeAt(account.secret), 'not-the-password');
    expect(res.status).toBe(401);
    expect(res.body.message).not.toContain('code');
  });
});

describe('managing it', () => {
  it('renews the recovery codes with a code: the old ones stop working', async () => {
    const account = await enrolled();
    expect((await post(account.token, '/recovery-codes', { code: '000000' })).status).toBe(400);
    nextStep();
    const renew = await post(account.token, '/recovery-codes', { code: codeAt(account.secret) });
    expect(renew.status).toBe(200);
    const fresh: string[] = renew.body.result.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await signIn(account.username, account.recoveryCodes[0])).status).toBe(401);
    expect((await signIn(account.username, fresh[0])).status).toBe(200);
  });

  it('changes the device only with the password and a current code: a session alone cannot', async () => {
    const account = await enrolled();
    // What a stolen session would do: start a set-up and confirm it with the new secret's code.
    const bare = await post(account.token, '/setup');
    expect(bare.status).toBe(400);
    expect(bare.body.result.errors).toMatchObject([{ field: 'password', error: 'field.required' }]);
    nextStep();
    const wrongPassword = await post(account.token, '/setup', {
      password: 'nope-nope',
      code: codeAt(account.secret),
    });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await post(account.token, '/setup', { password: PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    // Nothing changed: the old authenticator and recovery codes still sign in.
    expect((await signIn(account.username, codeAt(account.secret))).status).toBe(200);

    // The owner: password and a recovery code (the old device may be gone).
    const setup = await post(account.token, '/setup', { password: PASSWORD, code: account.recoveryCodes[0] });
    expect(setup.status).toBe(200);
    const { secret } = setup.body.result;
    nextStep();
    const enable = await post(account.token, '/enable', { code: codeAt(secret) });
    expect(enable.status).toBe(200);
    nextStep();
    expect((await signIn(account.username, codeAt(account.secret))).status).toBe(401);
    expect((await signIn(account.username, account.recoveryCodes[1])).status).toBe(401);
    expect((await signIn(account.username, codeAt(secret))).status).toBe(200);
  });

  it('turns off with the password and a code', async () => {
    const account = await enrolled();
    nextStep();
    const code = codeAt(account.secret);
    const wrongPassword = await post(account.token, '/disable', { password: 'nope-nope', code });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await post(account.token, '/disable', { password: PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    const res = await post(account.token, '/disable', { password: PASSWORD, code });
    expect(res.status).toBe(200);
    expect((await signIn(account.username)).status).toBe(200);
    const state = await server.call(account.token, { method: 'GET', url: '/api/account/two-step' });
    expect(state.body.result).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const [entry] = await auditOf(account.id, 'two-step-off');
    expect(entry?.changes).toEqual({ twoStepEnabled: { from: true, to: false } });
    expect((await post(account.token, '/disable', { password: PASSWORD, code })).status).toBe(409);
  });
});

describe('a role that requires it', () => {
  const ROLE = 'two_step_required';

  it('leaves a session without it only enrolment, user info, the menu and sign-out', async () => {
    const account = await server.accountWithRole(ROLE, { tests: ['query'], categories: ['query'] });
    await server.database.db.update(roles).set({ requireTwoStep: true }).where(eq(roles.id, ROLE));

    const blocked = await server.call(account.token, { method: 'GET', url: '/api/categories' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toContain('requires two-step');
    // Every other signed-in route answers the same, before its own access check.
    for (const route of server.app.apiRoutes) {
      const open = 'public' in route.access || 'participant' in route.access;
      if (open || route.url === '/api/auth/logout') continue;
      const res = await server.call(account.token, { method: route.method as 'GET', url: route.url });
      if ('duringTwoStepSetup' in route.access) expect(res.status, route.url).not.toBe(403);
      else expect([route.method, route.url, res.status]).toEqual([route.method, route.url, 403]);
    }
    const info = await server.call(account.token, { method: 'GET', url: '/api/user/info' });
    expect(info.body.result.twoStep).toEqual({ enabled: false, required: true });

    const { secret } = (await post(account.token, '/setup')).body.result;
    expect((await post(account.token, '/enable', { code: codeAt(secret) })).status).toBe(200);
    expect((await server.call(account.token, { method: 'GET', url: '/api/categories' })).status).toBe(200);

    nextStep();
    const off = await post(account.token, '/disable', { password: PASSWORD, code: codeAt(secret) });
    expect(off.status).toBe(409);
    expect(off.body.message).toContain('cannot be turned off');
  });
});
