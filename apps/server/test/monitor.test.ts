import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, startJobs } from '../src/jobs/jobs.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, deliver, nativeOrder, paidTest } from './payers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

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

describe('records now', () => {
  it('counts records started and submitted today, in progress, and per hour with empty hours', async () => {
    const before = await get('/api/monitor/records');
    expect(before).toMatchObject({ startedToday: 0, submittedToday: 0, inProgress: 0 });
    expect(before.hours).toHaveLength(24);
    expect(before.hours.every((h: { started: number }) => h.started === 0)).toBe(true);

    const phqId = await builtinId(server, admin, 'phq-9');
    const taker = await participant(server);
    await take(taker, phqId, phq(0));
    await take(taker, phqId, phq(0));
    const open = await taker('POST', '/records', { testId: phqId });
    expect(open.status).toBe(201);
    // One left unfinished two days ago: not today's, and not in progress now (started more than 24 hours ago).
    const old = await (await participant(server))('POST', '/records', { testId: phqId });
    await server.database.db.execute(
      sql`update records set started_at = now() - interval '2 days' where id = ${old.body.result.id}`,
    );

    const now = await get('/api/monitor/records');
    expect(now).toMatchObject({ startedToday: 3, submittedToday: 2, inProgress: 1 });
    const hours = now.hours as { hour: string; started: number; submitted: number }[];
    expect(hours).toHaveLength(24);
    // Oldest first, one hour apart, ending with this hour, which holds them all.
    const times = hours.map((h) => Date.parse(h.hour));
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual(Array(23).fill(3600_000));
    expect(hours.at(-1)).toMatchObject({ started: 3, submitted: 2 });
    expect(Date.now() - times.at(-1)!).toBeLessThan(3600_000);
    expect(hours.slice(0, -1).every((h) => h.started === 0 && h.submitted === 0)).toBe(true);
  });
});

describe('open alerts', () => {
  it('counts alerts not closed by severity and status, and dates the oldest new one', async () => {
    const phqId = await builtinId(server, admin, 'phq-9');
    const taker = await participant(server);
    // Thoughts of self-harm (item 9) raise a severe alert.
    const records = [];
    for (const item9 of [3, 2, 1, 1]) records.push(await take(taker, phqId, phq(item9)));
    const alerts = (await get('/api/alerts?pageSize=100')).data as { id: number; recordId: number }[];
    const [contacted, waiting, moderate, closed] = records.map(
      (record) => alerts.find((alert) => alert.recordId === record.id)!.id,
    );
    const follow = (id: number, status: string) =>
      server.call(admin, { method: 'PUT', url: `/api/alerts/${id}`, payload: { status, note: 'called' } });
    expect((await follow(contacted!, 'contacted')).status).toBe(200);
    expect((await follow(closed!, 'closed')).status).toBe(200);
    // Another scale's milder alert, and one that has waited two hours.
    await server.database.db.execute(sql`update alerts set severity = 'moderate' where id = ${moderate}`);
    await server.database.db.execute(
      sql`update alerts set created_at = date_trunc('second', now()) - interval '2 hours' where id = ${waiting}`,
    );
    const waitingSince = (await get(`/api/alerts/${waiting}`)).createTime;

    const open = await get('/api/monitor/alerts');
    const sorted = (rows: { severity: string; status: string }[]) =>
      [...rows].sort((x, y) => `${x.severity}${x.status}`.localeCompare(`${y.severity}${y.status}`));
    // The closed one is left out.
    expect(sorted(open.open)).toEqual([
      { severity: 'moderate', status: 'new', count: 1 },
      { severity: 'severe', status: 'contacted', count: 1 },
      { severity: 'severe', status: 'new', count: 1 },
    ]);
    expect(open.oldestNewTime).toBe(waitingSince);
    expect(Date.now() - Date.parse(open.oldestNewTime)).toBeGreaterThanOrEqual(2 * 3600_000);
  });
});

describe('payments health', () => {
  it('counts the pay log of the last 24 hours by verdict, with the failure rate, timing and latest failures', async () => {
    await configureWechatPay(server, admin, fake);
    const testId = await paidTest(server, admin);
    const { orderNo } = await nativeOrder(server, testId);
    fake.pay(orderNo);
    await deliver(server, fake.buildPaymentNotification(orderNo, 'forgedSignature'));
    await deliver(server, fake.buildPaymentNotification(orderNo, 'staleTimestamp'));
    await deliver(server, fake.buildPaymentNotification(orderNo));
    await deliver(server, fake.buildPaymentNotification(orderNo));

    const health = await get('/api/monitor/payments');
    const log = (await get('/api/pay-log?pageSize=100')).data as {
      direction: string;
      verdict: string;
      durationMs: number;
      operation: string;
      orderNo: string;
    }[];
    expect(health.total).toBe(log.length);
    expect(health.failed).toBe(2);
    const inbound = (verdict: string) =>
      health.verdicts.find(
        (v: { direction: string; verdict: string }) => v.direction === 'inbound' && v.verdict === verdict,
      )?.count;
    expect(inbound('applied')).toBe(1);
    expect(inbound('duplicate')).toBe(1);
    const refused = log.filter(
      (e) => e.direction === 'inbound' && !['applied', 'duplicate'].includes(e.verdict),
    );
    expect(refused).toHaveLength(2);
    expect(health.latestFailures.map((f: { verdict: string }) => f.verdict)).toEqual(
      refused.map((e) => e.verdict),
    );
    expect(health.latestFailures[0]).toMatchObject({ direction: 'inbound', operation: 'notify.payment' });

    const calls = log.filter((e) => e.direction === 'outbound');
    expect(calls.length).toBeGreaterThan(0);
    const average = calls.reduce((sum, e) => sum + e.durationMs, 0) / calls.length;
    expect(health.calls.count).toBe(calls.length);
    expect(health.calls.averageMs).toBe(Math.round(average));
    expect(health.calls.p95Ms).toBeLessThanOrEqual(Math.max(...calls.map((e) => e.durationMs)));

    // An entry older than a day is left out.
    await server.database.db.execute(
      sql`update pay_log set occurred_at = now() - interval '25 hours' where verdict not in ('ok', 'applied', 'duplicate', 'unchanged')`,
    );
    const later = await get('/api/monitor/payments');
    expect(later).toMatchObject({ total: log.length - 2, failed: 0, latestFailures: [] });
  });
});

describe('background work', () => {
  it('says so when this server runs no job queue', async () => {
    expect(await get('/api/monitor/jobs')).toEqual({ available: false, queues: [] });
  });

  it("counts each queue's jobs of the last 24 hours by state", async () => {
    const log = Fastify({ logger: false }).log;
    const broken = defineJob({
      name: 'monitor-broken',
      retryLimit: 0,
      async run() {
        throw new Error('broken on purpose');
      },
    });
    const later = defineJob({ name: 'monitor-later', async run() {} });
    const jobs = await startJobs(server.database, log, [broken, later], { pollSeconds: 1 });
    try {
      await jobs.send(broken, {});
      await jobs.send(later, {}, { startAfter: 3600 });
      await jobs.send(later, {}, { startAfter: 3600 });
      const deadline = Date.now() + 20_000;
      let result = await get('/api/monitor/jobs');
      const failedOf = (r: typeof result) =>
        r.queues.find((q: { name: string }) => q.name === 'monitor-broken')?.failed;
      while (failedOf(result) !== 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        result = await get('/api/monitor/jobs');
      }
      expect(result.available).toBe(true);
      expect(result.queues).toEqual(
        expect.arrayContaining([
          { name: 'monitor-broken', queued: 0, active: 0, completed: 0, failed: 1 },
          { name: 'monitor-later', queued: 2, active: 0, completed: 0, failed: 0 },
        ]),
      );
    } finally {
      await jobs.stop();
    }
  });
});

describe('access', () => {
  it('answers each section only to roles that may query its resource', async () => {
    const sections = {
      '/api/monitor/records': 'records',
      '/api/monitor/payments': 'payLog',
      '/api/monitor/alerts': 'alerts',
      '/api/monitor/jobs': 'settings',
    } as const;
    for (const [url, resource] of Object.entries(sections)) {
      const { token } = await server.accountWithRole(`monitor_${resource}`, {
        dashboard: ['query'],
        [resource]: ['query'],
      });
      for (const [other] of Object.entries(sections)) {
        const res = await server.call(token, { method: 'GET', url: other });
        expect(res.status, `${other} as ${resource}`).toBe(other === url ? 200 : 403);
      }
      expect((await server.call(null, { method: 'GET', url })).status).toBe(401);
    }
  });
});
