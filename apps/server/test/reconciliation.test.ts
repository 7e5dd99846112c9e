import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate, chinaDay } from '../src/modules/paylog/reconcile.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, nativeOrder, paidTest, payNotified } from './payers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let testId: number;

const yesterday = chinaDate(new Date(), -1);
const dayBefore = chinaDate(new Date(), -2);
/** A time on `billDate` (China time), `hours` after its midnight. */
const on = (billDate: string, hours: number) =>
  new Date(chinaDay(billDate).start.getTime() + hours * 3600_000);

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  testId = await paidTest(server, admin);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

type Method = 'GET' | 'POST';
const staff = (method: Method, url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });
const run = (billDate: string, token = admin) => staff('POST', '/pay/reconciliations', { billDate }, token);

/** A bill line only WeChat Pay has (a payment of an order we never made), in the bill's 27 columns. */
const strangerLine = (outTradeNo: string, at: Date) => [
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
  fake.appId,
  fake.mchId,
  '0',
  '',
  '4200000000000000000000000001',
  outTradeNo,
  'oStranger',
  'NATIVE',
  'SUCCESS',
  'OTHERS',
  'CNY',
  '1.00',
  '0.00',
  '0',
  '0',
  '0.00',
  '0.00',
  '',
  '',
  'Somebody else',
  '',
  '0.00600',
  '0.60%',
  '1.00',
  '0.00',
  '',
];

describe('trade bill reconciliation', () => {
  it('answers 503 before WeChat Pay is set up, and 404 for a day never reconciled', async () => {
    expect((await run(yesterday)).body.result.error).toBe('wechatpay.notConfigured');
    const missing = await staff('GET', `/pay/reconciliations/${yesterday}`);
    expect(missing.status).toBe(404);
    expect(missing.body.result.error).toBe('reconciliation.notFound');
    await configureWechatPay(server, admin, fake);
  });

  it("refuses today's bill (not made yet) and a malformed date", async () => {
    const today = await run(chinaDate(new Date()));
    expect(today.status).toBe(409);
    expect(today.body.result.error).toBe('reconciliation.future');
    expect((await run('2026-1-1')).status).toBe(400);
  });

  it('refuses a day that does not exist with 400 on billDate, before asking WeChat Pay', async () => {
    const asked = () => fake.calls.filter((r) => r.path.startsWith('/v3/bill/')).length;
    const before = asked();
    for (const billDate of ['1764-24-67', '2025-02-29', '2026-04-31', '0000-00-00']) {
      const res = await run(billDate);
      expect([billDate, res.status]).toEqual([billDate, 400]);
      expect(res.body.result.errors[0].field, billDate).toBe('billDate');
      const get = await staff('GET', `/pay/reconciliations/${billDate}`);
      expect([billDate, get.status]).toEqual([billDate, 400]);
    }
    expect(asked()).toBe(before);
  });

  it('finds the differences planted in the bill, and a sync brings ours in line', async () => {
    const matched = await nativeOrder(server, testId);
    await payNotified(server, fake, matched.orderNo, on(yesterday, 10));
    const omitted = await nativeOrder(server, testId);
    await payNotified(server, fake, omitted.orderNo, on(yesterday, 11));
    fake.billTweaks.omit.add(omitted.orderNo);
    const changed = await nativeOrder(server, testId);
    await payNotified(server, fake, changed.orderNo, on(yesterday, 12));
    fake.billTweaks.amountFen.set(changed.orderNo, 1);
    // Paid at WeChat Pay late at night, its notification lost: unpaid here.
    const unnotified = await nativeOrder(server, testId);
    fake.pay(unnotified.orderNo, { at: on(yesterday, 23.9) });
    fake.billTweaks.extra.push(strangerLine('STRANGER000001', on(yesterday, 13)));
    // Paid just after midnight: the next day's, in neither bill nor comparison.
    const nextDay = await nativeOrder(server, testId);
    await payNotified(server, fake, nextDay.orderNo, on(yesterday, 24.1));

    const res = await run(yesterday);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reconciliation = res.body.result;
    expect(reconciliation).toMatchObject({
      billDate: yesterday,
      status: 'done',
      error: null,
      counts: {
        billRows: 4,
        matched: 1,
        missingHere: 2,
        missingThere: 1,
        amountDiffers: 1,
        statusDiffers: 0,
      },
    });
    const kinds = Object.fromEntries(
      reconciliation.differences.map((d: { orderNo: string; kind: string }) => [d.orderNo, d.kind]),
    );
    expect(kinds).toEqual({
      [omitted.orderNo]: 'missingThere',
      [changed.orderNo]: 'amountDiffers',
      [unnotified.orderNo]: 'missingHere',
      STRANGER000001: 'missingHere',
    });
    expect(reconciliation.differences).toContainEqual({
      kind: 'missingHere',
      orderNo: unnotified.orderNo,
      transactionId: fake.orders.get(unnotified.orderNo)?.transactionId,
      ourAmountFen: 1990,
      ourStatus: 'unpaid',
      billAmountFen: 1990,
      billStatus: 'SUCCESS',
      synced: false,
    });
    expect((await staff('GET', `/pay/reconciliations/${yesterday}`)).body.result).toEqual(reconciliation);

    const synced = await staff(
      'POST',
      `/pay/reconciliations/${yesterday}/differences/${unnotified.orderNo}/sync`,
    );
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(
      synced.body.result.differences.find((d: { orderNo: string }) => d.orderNo === unnotified.orderNo),
    ).toMatchObject({ synced: true });
    const order = (await staff('GET', `/orders/${unnotified.orderNo}`)).body.result;
    expect(order).toMatchObject({ status: 'paid', record: { unlocked: true } });
    expect(order.events.at(-1)).toMatchObject({ toStatus: 'paid', cause: 'staff' });

    // Reconciled again, the synced payment matches.
    const again = (await run(yesterday)).body.result;
    expect(again.counts).toMatchObject({ matched: 2, missingHere: 1 });

    // An order we do not have cannot be synced; one that is not a difference is refused.
    expect(
      (await staff('POST', `/pay/reconciliations/${yesterday}/differences/STRANGER000001/sync`)).status,
    ).toBe(404);
    const notDifferent = await staff(
      'POST',
      `/pay/reconciliations/${yesterday}/differences/${matched.orderNo}/sync`,
    );
    expect(notDifferent.status).toBe(404);
    expect(notDifferent.body.result.error).toBe('reconciliation.differenceNotFound');

    const audit = await staff('GET', `/audit-log?entityType=reconciliation&entityId=${yesterday}`);
    expect(audit.body.result.data.map((e: { action: string }) => e.action)).toEqual([
      'update',
      'sync',
      'create',
    ]);
  });

  it('takes no bill for a day (no payments there) as an empty one; a bill still being made is an error', async () => {
    const day = chinaDate(new Date(), -4);
    const { orderNo } = await nativeOrder(server, testId);
    await payNotified(server, fake, orderNo, on(day, 9));
    fake.failNext = { status: 400, code: 'NO_STATEMENT_EXIST', message: '请求的账单文件不存在' };
    const res = await run(day);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      status: 'done',
      counts: { billRows: 0, matched: 0, missingThere: 1 },
      differences: [{ kind: 'missingThere', orderNo, ourStatus: 'paid', billStatus: null }],
    });

    const later = chinaDate(new Date(), -5);
    fake.failNext = { status: 400, code: 'STATEMENT_CREATING', message: '账单生成中' };
    const creating = await run(later);
    expect(creating.status).toBe(409);
    expect(creating.body.result.error).toBe('wechatpay.billUnavailable');
    expect((await staff('GET', `/pay/reconciliations/${later}`)).body.result).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('STATEMENT_CREATING'),
    });
  });

  it('records a bill that cannot be had as failed, without wiping out a reconciled day', async () => {
    fake.corruptNextBill = true;
    const failed = await run(dayBefore);
    expect(failed.status).toBe(502);
    expect(failed.body.result.error).toBe('wechatpay.billCorrupt');
    expect((await staff('GET', `/pay/reconciliations/${dayBefore}`)).body.result).toMatchObject({
      status: 'failed',
      error: 'wechatpay.billCorrupt',
      differences: [],
    });
    expect((await run(dayBefore)).body.result).toMatchObject({ status: 'done', error: null });

    fake.corruptNextBill = true;
    expect((await run(yesterday)).status).toBe(502);
    expect((await staff('GET', `/pay/reconciliations/${yesterday}`)).body.result.status).toBe('done');
  });

  it('lists the recent days with their state, newest first, a page of days at a time', async () => {
    const res = await staff('GET', '/pay/reconciliations?pageSize=5');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ pageNo: 1, pageSize: 5, totalCount: 90, totalPage: 18 });
    const days = res.body.result.data;
    expect(days.map((d: { billDate: string }) => d.billDate)).toEqual(
      [-1, -2, -3, -4, -5].map((n) => chinaDate(new Date(), n)),
    );
    // Each reconciled day as its own answer gives it.
    for (const day of [days[0], days[1]]) {
      const stored = (await staff('GET', `/pay/reconciliations/${day.billDate}`)).body.result;
      const unsynced = stored.differences.filter((d: { synced: boolean }) => !d.synced).length;
      expect(day).toEqual({
        billDate: stored.billDate,
        state: stored.differences.length > 0 ? 'differences' : 'matched',
        differences: stored.differences.length,
        unsynced,
        billRows: stored.counts.billRows,
        error: null,
        updateTime: stored.updateTime,
      });
    }
    expect(days[0].state).toBe('differences');
    expect(days[2]).toEqual({
      billDate: chinaDate(new Date(), -3),
      state: 'notFetched',
      differences: 0,
      unsynced: 0,
      billRows: null,
      error: null,
      updateTime: null,
    });
    expect(days[3]).toMatchObject({ state: 'differences', differences: 1, unsynced: 1, billRows: 0 });
    expect(days[4]).toMatchObject({
      state: 'failed',
      billRows: null,
      error: expect.stringContaining('STATEMENT'),
    });

    const second = (await staff('GET', '/pay/reconciliations?pageSize=5&pageNo=2')).body.result;
    expect(second.data[0].billDate).toBe(chinaDate(new Date(), -6));
    const last = (await staff('GET', '/pay/reconciliations?pageSize=31&pageNo=3')).body.result.data;
    expect(last).toHaveLength(90 - 62);
    expect(last.at(-1).billDate).toBe(chinaDate(new Date(), -90));
    expect((await staff('GET', '/pay/reconciliations?pageSize=31&pageNo=4')).body.result.data).toEqual([]);
    expect((await staff('GET', '/pay/reconciliations?pageSize=32')).status).toBe(400);
    expect((await server.call(null, { method: 'GET', url: '/api/pay/reconciliations' })).status).toBe(401);
  });
});
