import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, refunds } from '../src/db/schema.ts';
import type { JobContext } from '../src/jobs/jobs.ts';
import {
  closeExpiredOrdersJob,
  PAY_JOBS,
  pollRefundsJob,
  queryUnnotifiedOrdersJob,
  reconcileYesterdayJob,
} from '../src/modules/paylog/jobs.ts';
import { chinaDate } from '../src/modules/paylog/reconcile.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, nativeOrder, paidTest, payNotified } from './payers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let testId: number;
let context: JobContext;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  testId = await paidTest(server, admin);
  context = { database: server.database, log: Fastify({ logger: false }).log, wechatPayApiBase: fake.url };
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const orderRow = async (orderNo: string) =>
  (await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const lastEvent = async (orderNo: string) => {
  const { id } = await orderRow(orderNo);
  const events = await server.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
  return events.sort((a, b) => a.id - b.id).at(-1)!;
};
/** Moves an order's times back, as if it had been made `minutes` ago. */
const age = (orderNo: string, minutes: number, expired = false) =>
  server.database.db
    .update(orders)
    .set({
      createdAt: sql`${orders.createdAt} - make_interval(mins => ${minutes})`,
      expiresAt: expired ? sql`now() - interval '1 second'` : orders.expiresAt,
      lastQueriedAt: null,
    })
    .where(eq(orders.orderNo, orderNo));

describe('payment jobs', () => {
  it('do nothing while WeChat Pay is not set up', async () => {
    const calls = fake.calls.length;
    for (const job of PAY_JOBS) await job.run({}, context);
    expect(fake.calls.length).toBe(calls);
    await configureWechatPay(server, admin, fake);
  });

  it('an expired order WeChat Pay says is paid becomes paid; one it does not is closed there and here', async () => {
    const paid = await nativeOrder(server, testId);
    const unpaid = await nativeOrder(server, testId);
    fake.pay(paid.orderNo);
    await age(paid.orderNo, 40, true);
    await age(unpaid.orderNo, 40, true);
    await closeExpiredOrdersJob.run({}, context);

    expect(await orderRow(paid.orderNo)).toMatchObject({ status: 'paid', transactionId: expect.any(String) });
    expect(await lastEvent(paid.orderNo)).toMatchObject({
      fromStatus: 'unpaid',
      toStatus: 'paid',
      cause: 'job',
    });
    expect((await paid.client('GET', `/records/${paid.recordId}`)).body.result.unlocked).toBe(true);

    expect(await orderRow(unpaid.orderNo)).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
    expect(await lastEvent(unpaid.orderNo)).toMatchObject({ toStatus: 'closed', cause: 'job' });
    expect(fake.orders.get(unpaid.orderNo)?.state).toBe('CLOSED');

    // Every call is in the payment log, as the jobs made them.
    const log = await server.call(admin, { method: 'GET', url: `/api/pay-log?orderNo=${unpaid.orderNo}` });
    expect(log.body.result.data.map((e: { operation: string }) => e.operation)).toEqual([
      'close',
      'query',
      'prepay.native',
    ]);
  });

  it('finds a payment whose notification never came', async () => {
    const { orderNo, client, recordId } = await nativeOrder(server, testId);
    fake.pay(orderNo);
    // Too young: the notification may still come.
    await queryUnnotifiedOrdersJob.run({}, context);
    expect((await orderRow(orderNo)).status).toBe('unpaid');
    await age(orderNo, 3);
    await queryUnnotifiedOrdersJob.run({}, context);
    expect(await orderRow(orderNo)).toMatchObject({ status: 'paid', lastQueriedAt: expect.any(Date) });
    expect(await lastEvent(orderNo)).toMatchObject({ toStatus: 'paid', cause: 'job' });
    expect((await client('GET', `/records/${recordId}`)).body.result.unlocked).toBe(true);
  });

  it('asks an unpaid order again only once its age has doubled since the last question', async () => {
    const { orderNo } = await nativeOrder(server, testId);
    await age(orderNo, 3);
    const queries = () =>
      fake.calls.filter((c) => c.path === `/v3/pay/transactions/out-trade-no/${orderNo}`).length;
    await queryUnnotifiedOrdersJob.run({}, context);
    expect(queries()).toBe(1);
    await queryUnnotifiedOrdersJob.run({}, context);
    expect(queries()).toBe(1);
  });

  it('polls a refund in progress with back-off until WeChat Pay says it succeeded', async () => {
    const { orderNo, client, recordId } = await nativeOrder(server, testId);
    await payNotified(server, fake, orderNo);
    const refunded = await server.call(admin, {
      method: 'POST',
      url: `/api/orders/${orderNo}/refunds`,
      payload: { amountFen: 1990, reason: 'job test' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const outRefundNo: string = refunded.body.result.refunds[0].outRefundNo;
    const refundRow = async () =>
      (await server.database.db.select().from(refunds).where(eq(refunds.outRefundNo, outRefundNo)))[0]!;
    const due = () =>
      server.database.db
        .update(refunds)
        .set({ nextPollAt: sql`now() - interval '1 second'` })
        .where(eq(refunds.outRefundNo, outRefundNo));

    // Not due yet: its first look is a minute after it was made.
    await pollRefundsJob.run({}, context);
    expect((await refundRow()).pollCount).toBe(0);

    await due();
    await pollRefundsJob.run({}, context);
    let row = await refundRow();
    expect(row).toMatchObject({ status: 'processing', pollCount: 1 });
    const wait = (row.nextPollAt!.getTime() - Date.now()) / 60_000;
    expect(wait).toBeGreaterThan(4.9);
    expect(wait).toBeLessThanOrEqual(5);
    expect((await orderRow(orderNo)).status).toBe('refunding');

    // ABNORMAL (a frozen card) is no end: it is still asked about until the merchant resolves it.
    fake.settleRefund(outRefundNo, 'ABNORMAL');
    await due();
    await pollRefundsJob.run({}, context);
    row = await refundRow();
    expect(row).toMatchObject({ status: 'abnormal', pollCount: 2 });
    expect(row.nextPollAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await orderRow(orderNo)).status).toBe('refunding');

    fake.settleRefund(outRefundNo);
    await due();
    await pollRefundsJob.run({}, context);
    row = await refundRow();
    expect(row).toMatchObject({ status: 'success', pollCount: 3, nextPollAt: null });
    expect(await orderRow(orderNo)).toMatchObject({ status: 'refunded', refundedFen: 1990 });
    expect(await lastEvent(orderNo)).toMatchObject({ toStatus: 'refunded', cause: 'job' });
    // Refunded in full: the report is locked again.
    expect((await client('GET', `/records/${recordId}`)).body.result.unlocked).toBe(false);
  });

  /** A paid order with a refund whose application got no answer (WeChat Pay never saw it): processing. */
  async function unansweredRefund(amountFen: number) {
    const { orderNo } = await nativeOrder(server, testId);
    await payNotified(server, fake, orderNo);
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' };
    const lost = await server.call(admin, {
      method: 'POST',
      url: `/api/orders/${orderNo}/refunds`,
      payload: { amountFen, reason: 'lost answer' },
    });
    expect(lost.status).toBe(502);
    const [row] = await server.database.db
      .select()
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.orderNo, orderNo));
    expect(row!.refunds.status).toBe('processing');
    expect((await orderRow(orderNo)).status).toBe('refunding');
    return { orderNo, outRefundNo: row!.refunds.outRefundNo };
  }

  const refundDue = (outRefundNo: string) =>
    server.database.db
      .update(refunds)
      .set({ nextPollAt: sql`now() - interval '1 second'` })
      .where(eq(refunds.outRefundNo, outRefundNo));

  it('applies again, under the same number, for a refund whose application got no answer', async () => {
    const { orderNo, outRefundNo } = await unansweredRefund(500);
    expect(fake.refunds.has(outRefundNo)).toBe(false);
    const acceptedAt = async () =>
      (await server.database.db.select().from(refunds).where(eq(refunds.outRefundNo, outRefundNo)))[0]!
        .acceptedAt;
    expect(await acceptedAt()).toBeNull();
    await refundDue(outRefundNo);
    const applied = Date.now();
    await pollRefundsJob.run({}, context);
    expect(fake.refunds.get(outRefundNo)).toMatchObject({ refundFen: 500, status: 'PROCESSING' });
    // Accepted when the job's application was answered.
    expect((await acceptedAt())!.getTime()).toBeGreaterThanOrEqual(applied);
    fake.settleRefund(outRefundNo);
    await refundDue(outRefundNo);
    await pollRefundsJob.run({}, context);
    expect(await orderRow(orderNo)).toMatchObject({ status: 'paid', refundedFen: 500 });
  });

  it('ends as failed a refund WeChat Pay refuses when it is applied for again, and the order is paid again', async () => {
    const { orderNo, outRefundNo } = await unansweredRefund(700);
    await refundDue(outRefundNo);
    // Not found at WeChat Pay, so applied for again: this time refused (the merchant's balance is short).
    fake.failNext = {
      status: 403,
      code: 'NOT_ENOUGH',
      message: '余额不足',
      route: 'POST /v3/refund/domestic/refunds',
    };
    await pollRefundsJob.run({}, context);
    const [refund] = await server.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.outRefundNo, outRefundNo));
    expect(refund).toMatchObject({ status: 'failed', nextPollAt: null });
    expect(await orderRow(orderNo)).toMatchObject({ status: 'paid', refundedFen: 0 });
  });

  it("reconciles yesterday's trade bill (China time)", async () => {
    await reconcileYesterdayJob.run({}, context);
    const yesterday = chinaDate(new Date(), -1);
    const res = await server.call(admin, { method: 'GET', url: `/api/pay/reconciliations/${yesterday}` });
    expect(res.body.result).toMatchObject({ billDate: yesterday, status: 'done' });
    // Reconciled: the later runs of the morning leave it alone.
    const calls = fake.calls.length;
    await reconcileYesterdayJob.run({}, context);
    expect(fake.calls.length).toBe(calls);
  });

  it('two servers running a job at once ask about each order once', async () => {
    const { orderNo } = await nativeOrder(server, testId);
    await age(orderNo, 40, true);
    const before = fake.calls.length;
    await Promise.all([closeExpiredOrdersJob.run({}, context), closeExpiredOrdersJob.run({}, context)]);
    const made = fake.calls.slice(before).map((c) => c.path);
    expect(made).toEqual([
      `/v3/pay/transactions/out-trade-no/${orderNo}`,
      `/v3/pay/transactions/out-trade-no/${orderNo}/close`,
    ]);
    expect((await orderRow(orderNo)).status).toBe('closed');
  });
});
