import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { answer, lastCode, messageCount } from './identityMessages.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    loginThrottle: {
      maxFailuresPerAccount: 3,
      maxFailuresPerAddress: 1000,
      windowMs: 60_000,
      lockMs: 600_000,
    },
  });
});
afterAll(() => server.close());

const post = (url: string, payload: object) => server.call(null, { method: 'POST', url, payload });

async function withPhone(phone: string, status: 'enabled' | 'disabled' = 'enabled') {
  const member = await server.accountWithRole('viewer');
  await server.database.db.update(accounts).set({ phone, status }).where(eq(accounts.id, member.id));
  return member;
}

/** Lets the next code be requested at once (the 60 s between sends is tested on its own). */
const forgetSends = () =>
  server.database.db.execute(sql`update verification_codes set created_at = now() - interval '2 minutes'`);

describe('SMS sign-in', () => {
  it('sends the code only to an enabled account, answering alike for unknown and disabled phones', async () => {
    await withPhone('13700000001');
    await withPhone('13700000002', 'disabled');
    const known = await post('/api/account/sms', { mobile: '13700000001' });
    const disabled = await post('/api/account/sms', { mobile: '13700000002' });
    const unknown = await post('/api/account/sms', { mobile: '13799999999' });
    expect(known.status).toBe(200);
    expect(answer(disabled)).toEqual(answer(known));
    expect(answer(unknown)).toEqual(answer(known));
    expect(await messageCount(server, '13700000001')).toBe(1);
    expect(await messageCount(server, '13700000002')).toBe(0);
    expect(await messageCount(server, '13799999999')).toBe(0);
    const again = await post('/api/account/sms', { mobile: '13700000001' });
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
  });

  it('signs in with the phone and its code once, and writes sign-in', async () => {
    const { id } = await withPhone('13700000003');
    await post('/api/account/sms', { mobile: '13700000003' });
    const captcha = await lastCode(server, '13700000003', 'sign-in-code');
    const res = await post('/api/account/login', { mobile: '137-0000-0003', captcha, remember_me: true });
    expect(res.status).toBe(200);
    const info = await server.call(res.body.result.token, { method: 'GET', url: '/api/user/info' });
    expect(info.body.result.id).toBe(id);
    const reused = await post('/api/account/login', { mobile: '13700000003', captcha });
    expect(reused.status).toBe(401);
    expect(reused.body.result.error).toBe('auth.invalidCode');
  });

  it('counts a wrong code as a failed sign-in and locks the account like wrong passwords', async () => {
    const { id, username } = await withPhone('13700000004');
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/account/login', { mobile: '13700000004', captcha: '000000' });
      expect(res.status).toBe(401);
    }
    await forgetSends();
    await post('/api/account/sms', { mobile: '13700000004' });
    const captcha = await lastCode(server, '13700000004', 'sign-in-code');
    expect((await post('/api/account/login', { mobile: '13700000004', captcha })).status).toBe(429);
    expect((await post('/api/account/login', { username, password: 'secret-pass-1' })).status).toBe(429);
    const admin = await server.login();
    const audit = await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${id}&action=sign-in-failed`,
    });
    expect(audit.body.result.data.length).toBeGreaterThanOrEqual(3);
  });

  it('asks for the code when the mobile is given without one', async () => {
    const res = await post('/api/account/login', { mobile: '13700000001' });
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toEqual([
      expect.objectContaining({ field: 'captcha', error: 'field.required' }),
    ]);
    const neither = await post('/api/account/login', {});
    expect(neither.body.result.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'password',
      'username',
    ]);
  });
});
