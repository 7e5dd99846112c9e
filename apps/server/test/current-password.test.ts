import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

/** The password `accountWithRole` gives. */
const PASSWORD = 'secret-pass-1';
const MAX = 3;
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    loginThrottle: {
      maxFailuresPerAccount: MAX,
      maxFailuresPerAddress: 1000,
      windowMs: 60_000,
      lockMs: 600_000,
    },
  });
});
afterAll(() => server.close());

type Change = (token: string, password: string) => ReturnType<TestServer['call']>;
let moves = 0;

const changes: Record<string, Change> = {
  'the password': (token, currentPassword) =>
    server.call(token, {
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword, password: 'Tr0ub4dor&3x-new' },
    }),
  'the sign-in email': (token, currentPassword) =>
    server.call(token, {
      method: 'PUT',
      url: '/api/account/profile',
      payload: {
        name: 'Someone',
        profile: 'Reviews alerts',
        country: 'China',
        region: 'Zhejiang Hangzhou',
        address: '1 West Lake Road',
        email: `moved-${++moves}@example.com`,
        currentPassword,
      },
    }),
};

/** Turning two-step off, on an account that has it (the code is a current one each time). */
async function twoStepOff() {
  const account = await server.accountWithRole('operator');
  const post = (url: string, payload?: object) =>
    server.call(account.token, {
      method: 'POST',
      url: `/api/account/two-step${url}`,
      ...(payload && { payload }),
    });
  const { secret } = (await post('/setup')).body.result;
  const code = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  expect((await post('/enable', { code: code() })).status).toBe(200);
  return { account, off: (password: string) => post('/disable', { password, code: code() }) };
}

const failedSignIns = async (accountId: number) => {
  const res = await server.call(await server.login(), {
    method: 'GET',
    url: `/api/audit-log?entityType=account&entityId=${accountId}&action=sign-in-failed`,
  });
  return res.body.result.data as { changes: Record<string, unknown> }[];
};

/** Refused for the wrong password, and for nothing else. */
const wrongPassword = async (answer: ReturnType<Change>) => {
  const { status, body } = await answer;
  expect([status, body.result.errors?.[0]?.error]).toEqual([400, 'profile.wrongPassword']);
};

const signIn = (username: string) =>
  server.call(null, { method: 'POST', url: '/api/account/login', payload: { username, password: PASSWORD } });

describe('wrong current passwords lock the account as wrong sign-ins do', () => {
  for (const [name, change] of Object.entries(changes)) {
    it(`changing ${name}: refused with 429 once locked, the right password too, and sign-in as well`, async () => {
      const { id, username, token } = await server.accountWithRole('operator');
      for (let i = 0; i < MAX; i++) await wrongPassword(change(token, `guess-${i}-abcd`));
      // In the account's sign-in history, the last one with the lock it set.
      const failures = await failedSignIns(id);
      expect(failures.map((f) => f.changes.reason)).toEqual(
        Array(MAX).fill({ to: 'wrong-current-password' }),
      );
      expect(failures[0]?.changes.lockedUntil).toBeDefined();
      const locked = await change(token, PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body.result.error).toBe('auth.tooManyAttempts');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(username)).status).toBe(429);
    });
  }

  it('turning two-step off: refused with 429 once locked, the right password too', async () => {
    const { account, off } = await twoStepOff();
    for (let i = 0; i < MAX; i++) await wrongPassword(off(`guess-${i}-abcd`));
    const locked = await off(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.result.error).toBe('auth.tooManyAttempts');
    expect((await signIn(account.username)).status).toBe(429);
  });

  it('the right password clears the failures before the limit, as a sign-in does', async () => {
    const { token } = await server.accountWithRole('operator');
    const change = changes['the sign-in email']!;
    for (let i = 0; i < MAX - 1; i++) await wrongPassword(change(token, `guess-${i}-abcd`));
    expect((await change(token, PASSWORD)).status).toBe(200);
    for (let i = 0; i < MAX - 1; i++) await wrongPassword(change(token, `again-${i}-abcd`));
    expect((await change(token, PASSWORD)).status).toBe(200);
  });
});

describe('wrong two-step codes lock the account as wrong sign-ins do', () => {
  const wrongCode = async (answer: ReturnType<TestServer['call']>) => {
    const { status, body } = await answer;
    expect([status, body.result.errors?.[0]?.error]).toEqual([400, 'twoStep.codeInvalid']);
  };

  const guesses: Record<string, (token: string) => (code: string) => ReturnType<TestServer['call']>> = {
    'new recovery codes (a session and a code)': (token) => (code) =>
      server.call(token, { method: 'POST', url: '/api/account/two-step/recovery-codes', payload: { code } }),
    'turning two-step off (the right password, wrong codes)': (token) => (code) =>
      server.call(token, {
        method: 'POST',
        url: '/api/account/two-step/disable',
        payload: { password: PASSWORD, code },
      }),
  };
  for (const [name, guessWith] of Object.entries(guesses)) {
    it(`${name}: guessing the code locks, and the right one is then refused`, async () => {
      const { account } = await twoStepOff();
      const guess = guessWith(account.token);
      for (let i = 0; i < MAX; i++) await wrongCode(guess(String(100000 + i)));
      const failures = await failedSignIns(account.id);
      expect(failures.map((f) => f.changes.reason)).toEqual(Array(MAX).fill({ to: 'wrong-two-step-code' }));
      const locked = await guess('000000');
      expect(locked.status).toBe(429);
      expect(locked.body.result.error).toBe('auth.tooManyAttempts');
      expect((await signIn(account.username)).status).toBe(429);
    });
  }
});
