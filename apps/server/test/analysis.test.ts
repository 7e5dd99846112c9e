import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records, rollups, visitDays } from '../src/db/schema.ts';
import { rollUpVisitDays } from '../src/modules/analysis/service.ts';
import { chinaDate } from '../src/modules/paylog/reconcile.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, deliver, nativeOrder, paidTest, payNotified } from './payers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

/**
 * The analysis dashboard from orders paid and records taken through the real flows:
 * test A (¥19.90): one paid today, one paid two days ago, one paid today and half refunded, one never paid;
 * test B (¥9.90): one paid today, one paid today and fully refunded; and one participant taking the free
 * PHQ-9 twice.
 */

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let testA: number;
let testB: number;
let phqId: number;

const DAY = 24 * 3600_000;
const today = () => chinaDate(new Date());
const daysAgo = (days: number) => chinaDate(new Date(), -days);

const get = async (url: string, token = admin) => {
  const res = await server.call(token, { method: 'GET', url: `/api/analysis${url}` });
  return res;
};
const result = async (url: string) => {
  const res = await get(url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

/** Refunds `amountFen` of the order and settles it at the fake: refunded here once notified. */
async function refund(orderNo: string, amountFen: number) {
  const res = await server.call(admin, {
    method: 'POST',
    url: `/api/orders/${orderNo}/refunds`,
    payload: { amountFen, reason: 'analysis' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const outRefundNo = res.body.result.refunds.at(-1).outRefundNo;
  fake.settleRefund(outRefundNo);
  const notice = fake.buildRefundNotification(outRefundNo);
  expect((await deliver(server, notice, '/api/pay/wechat/refund-notify')).status).toBe(204);
}

async function paidOrder(testId: number, at = new Date()) {
  const { orderNo } = await nativeOrder(server, testId);
  await payNotified(server, fake, orderNo, at);
  return orderNo;
}

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  await configureWechatPay(server, admin, fake);
  testA = await paidTest(server, admin, 1990);
  testB = await paidTest(server, admin, 990);
  phqId = await builtinId(server, admin, 'phq-9');

  await paidOrder(testA);
  await paidOrder(testA, new Date(Date.now() - 2 * DAY));
  await refund(await paidOrder(testA), 995);
  await nativeOrder(server, testA);
  await paidOrder(testB);
  await refund(await paidOrder(testB), 990);
  const taker = await participant(server);
  await take(taker, phqId, phq(0));
  await take(taker, phqId, phq(0));
}, 120_000);
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('sales', () => {
  it('totals paid less refunded, today and lately, payments and the conversion of locked reports', async () => {
    const overview = await result('/sales/overview');
    expect(overview).toMatchObject({
      totalFen: 1990 + 1990 + 995 + 990,
      salesFen: { today: 1990 + 995 + 990, yesterday: 0, week: 5965, previousWeek: 0 },
      payments: 5,
      paymentsToday: 4,
      // Six locked reports of paid tests submitted; four unlocked by a payment now (the refunded one is locked).
      conversion: {
        submitted: 6,
        paid: 4,
        week: { submitted: 6, paid: 4 },
        previousWeek: { submitted: 0, paid: 0 },
      },
    });
    expect(overview.paymentTrend).toHaveLength(30);
    expect(overview.paymentTrend.at(-1)).toEqual({ date: today(), count: 4 });
    expect(overview.paymentTrend.at(-3)).toEqual({ date: daysAgo(2), count: 1 });
    expect(overview.paymentTrend.at(0)).toEqual({ date: daysAgo(29), count: 0 });
  });

  it('buckets a period per day (every day, 0 when none), per month and per hour, and ranks the tests', async () => {
    const week = await result(`/sales?from=${daysAgo(6)}&to=${today()}&unit=day`);
    expect(week.buckets.map((b: { bucket: string }) => b.bucket)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(week.buckets.at(-1)).toEqual({ bucket: today(), amountFen: 3975, payments: 4 });
    expect(week.buckets.at(-3)).toEqual({ bucket: daysAgo(2), amountFen: 1990, payments: 1 });
    expect(week.buckets.at(-2)).toEqual({ bucket: daysAgo(1), amountFen: 0, payments: 0 });
    expect(week).toMatchObject({ totalFen: 5965, payments: 5 });
    expect(week.ranking).toEqual([
      {
        testId: testA,
        title: expect.objectContaining({ en: expect.any(String) }),
        amountFen: 4975,
        payments: 3,
      },
      { testId: testB, title: expect.any(Object), amountFen: 990, payments: 2 },
    ]);

    // Yesterday alone has nothing; two days ago has the one order.
    expect(await result(`/sales?from=${daysAgo(1)}&to=${daysAgo(1)}`)).toMatchObject({
      totalFen: 0,
      ranking: [],
    });

    const months = await result(`/sales?from=${daysAgo(40)}&to=${today()}&unit=month`);
    expect(months.buckets.at(-1).bucket).toBe(today().slice(0, 7));
    expect(months.buckets[0].bucket).toBe(daysAgo(40).slice(0, 7));
    expect(months.totalFen).toBe(5965);

    const hours = await result(`/sales?from=${today()}&to=${today()}&unit=hour`);
    expect(hours.buckets).toHaveLength(24);
    expect(hours.buckets[0].bucket).toBe(`${today()} 00:00`);
    expect(hours).toMatchObject({ totalFen: 3975, payments: 4 });
  });

  it('splits the sales by the tests’ first category, of one channel or all', async () => {
    const all = await result(`/sales/categories?from=${daysAgo(6)}&to=${today()}`);
    expect(all.totalFen).toBe(5965);
    // Both copies of PHQ-9 are filed as it is.
    expect(all.categories).toEqual([
      {
        categoryId: expect.any(Number),
        name: { zh: expect.any(String), en: expect.any(String) },
        amountFen: 5965,
      },
    ]);
    expect(await result(`/sales/categories?from=${daysAgo(6)}&to=${today()}&channel=native`)).toEqual(all);
    expect(await result(`/sales/categories?from=${daysAgo(6)}&to=${today()}&channel=h5`)).toEqual({
      totalFen: 0,
      categories: [],
    });
  });
});

describe('visits', () => {
  it('counts records started, today and per day', async () => {
    const overview = await result('/visits/overview');
    expect(overview).toMatchObject({
      total: 8,
      visits: { today: 8, yesterday: 0, week: 8, previousWeek: 0 },
    });
    expect(overview.trend).toHaveLength(30);
    expect(overview.trend.at(-1)).toEqual({ date: today(), count: 8 });
  });

  it('buckets records and participants, ranks tests by records and lists the top tests by participants', async () => {
    const period = await result(`/visits?from=${daysAgo(2)}&to=${today()}`);
    expect(period.buckets).toEqual([
      { bucket: daysAgo(2), records: 0, participants: 0 },
      { bucket: daysAgo(1), records: 0, participants: 0 },
      { bucket: today(), records: 8, participants: 7 },
    ]);
    expect(period).toMatchObject({
      records: 8,
      participants: 7,
      weeklyRange: { from: daysAgo(6), to: today() },
    });
    expect(period.ranking.map((r: { testId: number; records: number }) => [r.testId, r.records])).toEqual([
      [testA, 4],
      [testB, 2],
      [phqId, 2],
    ]);
    expect(period.topTests).toEqual([
      { testId: testA, title: expect.any(Object), participants: 4, records: 4, week: 4, previousWeek: 0 },
      { testId: testB, title: expect.any(Object), participants: 2, records: 2, week: 2, previousWeek: 0 },
      { testId: phqId, title: expect.any(Object), participants: 1, records: 2, week: 2, previousWeek: 0 },
    ]);
    const before = await result(`/visits?from=${daysAgo(30)}&to=${daysAgo(1)}&unit=month`);
    expect(before).toMatchObject({ records: 0, participants: 0, ranking: [], topTests: [] });
  });
});

describe('a record started 8 days ago', () => {
  it('counts in the week before for the weekly range, and on its own China day', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * DAY);
    const [moved] = await server.database.db
      .update(records)
      .set({ startedAt: eightDaysAgo })
      .where(
        and(
          eq(records.testId, phqId),
          sql`${records.id} = (select min(id) from records where test_id = ${phqId})`,
        ),
      )
      .returning({ id: records.id });
    expect(moved).toBeDefined();
    expect((await result('/visits/overview')).visits).toEqual({
      today: 7,
      yesterday: 0,
      week: 7,
      previousWeek: 1,
    });
    const period = await result(`/visits?from=${daysAgo(8)}&to=${today()}`);
    expect(period.buckets[0]).toEqual({ bucket: daysAgo(8), records: 1, participants: 1 });
    // Its participant took it again today: over days, a participant counts once a day.
    expect(period.topTests.find((t: { testId: number }) => t.testId === phqId)).toMatchObject({
      participants: 2,
      records: 2,
      week: 1,
      previousWeek: 1,
    });
    // The period of the last 7 days leaves it out.
    const week = await result(`/visits?from=${daysAgo(6)}&to=${today()}`);
    expect(week).toMatchObject({ records: 7, participants: 7 });
  });

  it('counts the weekly range back from the last day of a past period, not from today', async () => {
    const phqOnly = (week: number, previousWeek: number) => [
      { testId: phqId, title: expect.any(Object), participants: 1, records: 1, week, previousWeek },
    ];
    // The week ending 8 days ago holds the record; the week before it nothing (today's records are after).
    const past = await result(`/visits?from=${daysAgo(9)}&to=${daysAgo(8)}`);
    expect(past.weeklyRange).toEqual({ from: daysAgo(14), to: daysAgo(8) });
    expect(past.topTests).toEqual(phqOnly(1, 0));
    // The week ending yesterday has nothing of it; the week before holds the record.
    const untilYesterday = await result(`/visits?from=${daysAgo(13)}&to=${daysAgo(1)}&unit=month`);
    expect(untilYesterday.weeklyRange).toEqual({ from: daysAgo(7), to: daysAgo(1) });
    expect(untilYesterday.topTests).toEqual(phqOnly(0, 1));
    // A period running on past today counts the week ending today.
    const current = await result(`/visits?from=${daysAgo(8)}&to=${daysAgo(-3)}`);
    expect(current.weeklyRange).toEqual({ from: daysAgo(6), to: today() });
    expect(current.topTests.find((t: { testId: number }) => t.testId === phqId)).toMatchObject({
      week: 1,
      previousWeek: 1,
    });
  });
});

describe('closed days rolled up', () => {
  const views = () => [
    '/visits/overview',
    `/visits?from=${daysAgo(30)}&to=${today()}`,
    `/visits?from=${daysAgo(9)}&to=${daysAgo(8)}`,
    `/visits?from=${daysAgo(365)}&to=${today()}&unit=month`,
    `/visits?from=${daysAgo(1)}&to=${today()}&unit=hour`,
  ];

  it('reads the same figures from the rollups as from the records, and counts today live', async () => {
    const before = await Promise.all(views().map(result));
    await rollUpVisitDays(server.database.db);
    const [rollup] = await server.database.db.select().from(rollups);
    expect(rollup!.closedThrough! >= daysAgo(2), rollup!.closedThrough!).toBe(true);
    // The record 8 days ago is now read from the rollups, today's from the records.
    expect(await server.database.db.select().from(visitDays)).toEqual([
      { day: daysAgo(8), records: 1, participants: 1 },
    ]);
    expect(await Promise.all(views().map(result))).toEqual(before);

    // A second run has nothing to do, and today's new records count at once.
    await rollUpVisitDays(server.database.db);
    await take(await participant(server), phqId, phq(0));
    const after = await result('/visits/overview');
    expect(after.visits.today).toBe(before[0].visits.today + 1);
    expect(after.total).toBe(before[0].total + 1);
  });
});

describe('access and bad periods', () => {
  it('answers sales to orders.query only and visits to records.query only', async () => {
    const sales = (
      await server.accountWithRole('analysis_sales', { dashboard: ['query'], orders: ['query'] })
    ).token;
    const visits = (
      await server.accountWithRole('analysis_visits', { dashboard: ['query'], records: ['query'] })
    ).token;
    const period = `?from=${today()}&to=${today()}`;
    for (const url of ['/sales/overview', `/sales${period}`, `/sales/categories${period}`]) {
      expect((await get(url, sales)).status, url).toBe(200);
      const refused = await get(url, visits);
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toContain('orders.query');
    }
    for (const url of ['/visits/overview', `/visits${period}`]) {
      expect((await get(url, visits)).status, url).toBe(200);
      expect((await get(url, sales)).status, url).toBe(403);
    }
  });

  it('refuses a period over 366 days (7 by the hour), reversed, or of days that do not exist', async () => {
    const refused = async (query: string, error: string) => {
      for (const path of ['/sales', '/visits', '/sales/categories']) {
        const res = await get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.result.errors[0], `${path}?${query}`).toMatchObject({ field: 'to', error });
      }
    };
    await refused('from=2025-01-01&to=2026-01-02', 'analysis.rangeTooLong');
    await refused('from=2026-03-02&to=2026-03-01', 'analysis.rangeReversed');
    await refused('from=2026-02-01&to=2026-02-30', 'field.date');
    await refused('from=2026-02-01&to=2147483648', 'field.date');
    expect((await get('/sales?from=not-a-day&to=2026-02-30')).status).toBe(400);
    const hourly = await get('/sales?from=2026-03-01&to=2026-03-08&unit=hour');
    expect(hourly.body.result.errors[0]).toMatchObject({
      error: 'analysis.rangeTooLong',
      params: { maximum: 7 },
    });
    // A leap year's 366 days are allowed.
    expect((await get('/sales?from=2028-01-01&to=2028-12-31&unit=month')).status).toBe(200);
    expect((await get('/visits?from=2026-03-01')).status).toBe(400);
  });
});
