import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, deliver, nativeOrder, paidTest, payNotified } from './payers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const get = async (url: string, token = admin) => {
  const res = await server.call(token, { method: 'GET', url });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

describe('orders to act on', () => {
  it('counts refunds processing and abnormal, and unpaid orders lapsing within 10 minutes', async () => {
    expect(await get('/api/workplace/orders')).toEqual({
      refundsProcessing: 0,
      refundsAbnormal: 0,
      unpaidExpiringSoon: 0,
    });
    await configureWechatPay(server, admin, fake);
    const testId = await paidTest(server, admin);
    const refund = async () => {
      const { orderNo } = await nativeOrder(server, testId);
      await payNotified(server, fake, orderNo);
      const res = await server.call(admin, {
        method: 'POST',
        url: `/api/orders/${orderNo}/refunds`,
        payload: { amountFen: 100, reason: '' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.refunds[0].outRefundNo as string;
    };
    await refund();
    await refund();
    // WeChat Pay reports one abnormal (the payer's account cannot take it back).
    const stuck = await refund();
    fake.settleRefund(stuck, 'ABNORMAL');
    expect(
      (await deliver(server, fake.buildRefundNotification(stuck), '/api/pay/wechat/refund-notify')).status,
    ).toBe(204);

    // Unpaid orders lapse after 30 minutes (the settings): one moved to lapse in 5, one already lapsed.
    const soon = await nativeOrder(server, testId);
    const lapsed = await nativeOrder(server, testId);
    await nativeOrder(server, testId);
    const expireIn = (orderNo: string, minutes: number) =>
      server.database.db.execute(
        sql`update orders set expires_at = now() + make_interval(mins => ${minutes}) where order_no = ${orderNo}`,
      );
    await expireIn(soon.orderNo, 5);
    await expireIn(lapsed.orderNo, -1);

    expect(await get('/api/workplace/orders')).toEqual({
      refundsProcessing: 2,
      refundsAbnormal: 1,
      unpaidExpiringSoon: 1,
    });
  });
});

describe('the team', () => {
  it('lists each role with its accounts, all and those that may sign in', async () => {
    const before = (await get('/api/workplace/team')) as {
      id: string;
      members: number;
      enabledMembers: number;
    }[];
    const admins = before.find((role) => role.id === 'admin')!;
    expect(admins).toMatchObject({ name: expect.any(String), members: 1, enabledMembers: 1 });
    const roles = (await get('/api/roles')) as { id: string; name: string }[];
    expect(before.map((role) => role.id).sort()).toEqual(roles.map((role) => role.id).sort());

    const one = await server.accountWithRole('admin');
    await server.accountWithRole('admin');
    const disabled = await server.call(admin, {
      method: 'POST',
      url: `/api/accounts/${one.id}/disable`,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const after = (await get('/api/workplace/team')) as typeof before;
    expect(after.find((role) => role.id === 'admin')).toMatchObject({ members: 3, enabledMembers: 2 });
  });
});

describe('access', () => {
  it('answers each card only to roles that may query its resource', async () => {
    const cards = { '/api/workplace/orders': 'orders', '/api/workplace/team': 'roles' } as const;
    for (const [url, resource] of Object.entries(cards)) {
      const { token } = await server.accountWithRole(`workplace_${resource}`, {
        dashboard: ['query'],
        [resource]: ['query'],
      });
      for (const other of Object.keys(cards)) {
        const res = await server.call(token, { method: 'GET', url: other });
        expect(res.status, `${other} as ${resource}`).toBe(other === url ? 200 : 403);
      }
      expect((await server.call(null, { method: 'GET', url })).status).toBe(401);
    }
  });
});
