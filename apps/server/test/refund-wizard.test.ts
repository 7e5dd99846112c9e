import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, nativeOrder, paidTest, payNotified } from './payers.ts';

/**
 * What the refund wizard, its outcome page and the order profile add to the orders API: an order by its id,
 * and asking WeChat Pay about one refund now ("sync now" on the outcome page).
 */

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let testId: number;

type Method = 'GET' | 'POST';
const staff = (method: Method, url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  await configureWechatPay(server, admin, fake);
  testId = await paidTest(server, admin, 1990);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function paidOrder() {
  const { orderNo } = await nativeOrder(server, testId);
  await payNotified(server, fake, orderNo);
  return orderNo;
}

describe('an order by its id', () => {
  it('is the same detail as by its number, and 404 for an id no order has', async () => {
    const orderNo = await paidOrder();
    const byNo = (await staff('GET', `/orders/${orderNo}`)).body.result;
    const byId = await staff('GET', `/orders/by-id/${byNo.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.result).toEqual(byNo);
    expect(byId.body.result).toMatchObject({ orderNo, status: 'paid', amountFen: 1990 });

    const missing = await staff('GET', '/orders/by-id/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.result.error).toBe('order.notFound');
    expect((await staff('GET', '/orders/by-id/abc')).status).toBe(400);
  });
});

describe('when WeChat Pay accepted a refund', () => {
  it('is when our application got its answer, kept once the refund ends; none while unanswered', async () => {
    const orderNo = await paidOrder();
    const before = Date.now();
    const requested = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 300 });
    const after = Date.now();
    expect(requested.status).toBe(200);
    const refund = requested.body.result.refunds[0];
    expect(refund.status).toBe('processing');
    const accepted = Date.parse(refund.acceptTime);
    expect(accepted).toBeGreaterThanOrEqual(before);
    expect(accepted).toBeLessThanOrEqual(after);
    // It stays the time WeChat Pay accepted it once the refund has succeeded.
    fake.settleRefund(refund.outRefundNo);
    const synced = await staff('POST', `/refunds/${refund.id}/sync`);
    expect(synced.body.result.refunds[0]).toMatchObject({
      status: 'success',
      acceptTime: refund.acceptTime,
    });

    // An application that got no answer: not known to be accepted.
    const lostOrderNo = await paidOrder();
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' };
    expect((await staff('POST', `/orders/${lostOrderNo}/refunds`, { amountFen: 300 })).status).toBe(502);
    const lost = await staff('GET', `/orders/${lostOrderNo}`);
    expect(lost.body.result.refunds[0]).toMatchObject({ status: 'processing', acceptTime: null });
  });
});

describe('syncing one refund', () => {
  it('applies what WeChat Pay says now, audited as the order sync; an ended refund is answered as it is', async () => {
    const orderNo = await paidOrder();
    const requested = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 500, reason: 'wizard' });
    expect(requested.status).toBe(200);
    const refund = requested.body.result.refunds[0];
    expect(refund).toMatchObject({ amountFen: 500, status: 'processing', requestedBy: 'admin' });
    // WeChat Pay accepted it (its refund id), and has not finished it yet: a sync changes nothing.
    expect(refund.refundId).toMatch(/^50\d+$/);
    const early = await staff('POST', `/refunds/${refund.id}/sync`);
    expect(early.status).toBe(200);
    expect(early.body.result).toMatchObject({ status: 'refunding', refundedFen: 0 });
    expect(early.body.result.refunds[0].status).toBe('processing');

    // WeChat Pay finishes it, its notification is lost: sync now finds out.
    const at = new Date('2026-03-02T10:00:05.000Z');
    fake.settleRefund(refund.outRefundNo, 'SUCCESS', at);
    const synced = await staff('POST', `/refunds/${refund.id}/sync`);
    expect(synced.status).toBe(200);
    expect(synced.body.result).toMatchObject({ orderNo, status: 'paid', refundedFen: 500 });
    expect(synced.body.result.refunds[0]).toMatchObject({
      status: 'success',
      successTime: at.toISOString(),
    });
    const events = synced.body.result.events.map((e: { toStatus: string; cause: string }) => e.toStatus);
    expect(events).toEqual(['unpaid', 'paid', 'refunding', 'paid']);
    expect(synced.body.result.events.at(-1)).toMatchObject({ cause: 'staff', actorUsername: 'admin' });

    const audit = await staff('GET', `/audit-log?entityType=order&entityId=${orderNo}&action=sync`);
    const syncs = audit.body.result.data.filter((e: { action: string }) => e.action === 'sync');
    expect(syncs).toHaveLength(2);
    expect(syncs[0].changes).toMatchObject({
      refundStatus: { from: 'processing', to: 'success' },
      verdict: { to: 'applied' },
    });

    // Ended: answered as it is, WeChat Pay not asked and nothing audited.
    const calls = fake.calls.length;
    const again = await staff('POST', `/refunds/${refund.id}/sync`);
    expect(again.body.result.refunds[0].status).toBe('success');
    expect(fake.calls.length).toBe(calls);
    const after = await staff('GET', `/audit-log?entityType=order&entityId=${orderNo}&action=sync`);
    expect(after.body.result.data.filter((e: { action: string }) => e.action === 'sync')).toHaveLength(2);
  });

  it('answers 404 for a refund that does not exist, and 403 to a role that may only refund', async () => {
    const missing = await staff('POST', '/refunds/999999/sync');
    expect(missing.status).toBe(404);
    expect(missing.body.result.error).toBe('refund.notFound');
    const refunder = await server.accountWithRole('refunder', {
      dashboard: ['query', 'get'],
      orders: ['query', 'get', 'refund'],
    });
    expect((await staff('POST', '/refunds/1/sync', undefined, refunder.token)).status).toBe(403);
    expect((await staff('GET', '/orders/by-id/1', undefined, refunder.token)).status).not.toBe(403);
  });

  it('refuses an amount beyond what is refundable, naming the most that may still go back', async () => {
    const orderNo = await paidOrder();
    await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 1500 });
    const tooLarge = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 491 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.result.errors).toMatchObject([
      { field: 'amountFen', error: 'order.refundTooLarge', params: { maximumYuan: '4.90' } },
    ]);
  });
});
