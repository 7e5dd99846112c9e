import type { TestVersionSnapshot } from '@cool/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, orders, participants, records } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { storedVersion } from './takers.ts';

let server: TestServer;
let admin: string;
let testId: number;
let versionId: number;

const title = { zh: '抑郁筛查', en: 'Depression screening' };
const orderTitle = { zh: '抑郁筛查（报告）', en: 'Depression screening (report)' };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const snapshot = { title, questions: [] } as unknown as TestVersionSnapshot;
  ({ testId, versionId } = await storedVersion(server, 98, snapshot));
});
afterAll(() => server.close());

const at = (day: string) => new Date(`2026-${day}Z`);

const newParticipant = async () =>
  (await server.database.db.insert(participants).values({ nickname: 'Activity' }).returning())[0]!.id;

async function record(participantId: number, startedAt: Date, submittedAt: Date | null = null) {
  const [row] = await server.database.db
    .insert(records)
    .values({
      participantId,
      testId,
      testVersionId: versionId,
      answers: [],
      priceFen: 1990,
      startedAt,
      ...(submittedAt && { status: 'submitted' as const, submittedAt }),
    })
    .returning({ id: records.id });
  return row!.id;
}

let orderNo = 0;
async function order(participantId: number, recordId: number, createdAt: Date, paidAt: Date | null = null) {
  const [row] = await server.database.db
    .insert(orders)
    .values({
      orderNo: `ACT${Date.now()}${++orderNo}`,
      participantId,
      recordId,
      testId,
      title: orderTitle,
      priceFen: 1990,
      amountFen: 1990,
      channel: 'native',
      expiresAt: new Date(createdAt.getTime() + 7_200_000),
      createdAt,
      ...(paidAt && { status: 'paid' as const, paidAt }),
    })
    .returning({ id: orders.id });
  return row!.id;
}

const alert = async (recordId: number, createdAt: Date) =>
  (
    await server.database.db
      .insert(alerts)
      .values({ recordId, severity: 'severe', createdAt })
      .returning({ id: alerts.id })
  )[0]!.id;

interface Event {
  key: string;
  kind: string;
  time: string;
  title: typeof title;
  recordId: number;
  orderId: number | null;
  alertId: number | null;
}

const activity = (id: number, query = '', token: string | null = admin) =>
  server.call(token, { method: 'GET', url: `/api/participants/${id}/activity${query}` });

/** Every page, each asked for after the previous one's cursor (or by number alone). */
async function everyPage(id: number, pageSize: number, byCursor: boolean, token = admin) {
  const events: Event[] = [];
  let cursor: string | undefined;
  for (let pageNo = 1; pageNo < 50; pageNo++) {
    const query = `?pageSize=${pageSize}&pageNo=${pageNo}${byCursor && cursor ? `&cursor=${cursor}` : ''}`;
    const res = await activity(id, query, token);
    expect(res.status).toBe(200);
    events.push(...res.body.result.data);
    cursor = res.body.result.nextCursor;
    if (!cursor) return events;
  }
  throw new Error('no last page');
}

/**
 * One participant's life: a record started long ago, submitted (raising an alert in the same moment) and
 * paid for recently, with twelve records started in between, so the old record is on none of the newest
 * pages of the records or orders lists.
 */
async function longStory() {
  const id = await newParticipant();
  const old = await record(id, at('01-01T10:00:00'), at('03-01T12:00:00'));
  const oldOrder = await order(id, old, at('01-02T09:00:00'), at('03-02T08:00:00'));
  const raised = await alert(old, at('03-01T12:00:00'));
  const between: number[] = [];
  for (let day = 10; day < 22; day++) between.push(await record(id, at(`02-${day}T10:00:00`)));
  for (const [i, recordId] of between.slice(0, 11).entries())
    await order(id, recordId, at(`02-${10 + i}T10:05:00`));
  // Someone else's, newer than all of them.
  const other = await newParticipant();
  await alert(await record(other, at('04-01T10:00:00'), at('04-01T10:10:00')), at('04-01T10:10:00'));
  return { id, old, oldOrder, raised, between };
}

describe("a participant's activity", () => {
  it('merges records, orders and alerts newest first, an old record submitted and paid recently on top', async () => {
    const { id, old, oldOrder, raised, between } = await longStory();
    const res = await activity(id, '?pageSize=4');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, success: true });
    const page = res.body.result;
    // 13 started, 1 submitted, 12 ordered, 1 paid, 1 alert.
    expect(page).toMatchObject({ pageNo: 1, pageSize: 4, totalCount: 28, totalPage: 7 });
    expect(page.data).toEqual([
      {
        key: `paid-${oldOrder}`,
        kind: 'paid',
        time: '2026-03-02T08:00:00.000Z',
        title: orderTitle,
        recordId: old,
        orderId: oldOrder,
        alertId: null,
      },
      // Raised in the submit's moment: shown above it.
      {
        key: `alert-${raised}`,
        kind: 'alert',
        time: '2026-03-01T12:00:00.000Z',
        title,
        recordId: old,
        orderId: null,
        alertId: raised,
      },
      {
        key: `submitted-${old}`,
        kind: 'submitted',
        time: '2026-03-01T12:00:00.000Z',
        title,
        recordId: old,
        orderId: null,
        alertId: null,
      },
      {
        key: `started-${between[11]}`,
        kind: 'started',
        time: '2026-02-21T10:00:00.000Z',
        title,
        recordId: between[11],
        orderId: null,
        alertId: null,
      },
    ]);
    expect(typeof page.nextCursor).toBe('string');

    const all = await everyPage(id, 100, false);
    expect(all).toHaveLength(28);
    expect(all.map((e) => e.time)).toEqual(
      all
        .map((e) => e.time)
        .sort()
        .reverse(),
    );
    // The oldest two: the old record's order, then its start.
    expect(all.slice(-2).map((e) => e.key)).toEqual([`ordered-${oldOrder}`, `started-${old}`]);
  });

  it('pages without repeating or skipping an event, by cursor and by number alike', async () => {
    const { id } = await longStory();
    const whole = (await everyPage(id, 100, false)).map((e) => e.key);
    expect(new Set(whole).size).toBe(28);
    for (const pageSize of [1, 4, 7]) {
      expect((await everyPage(id, pageSize, true)).map((e) => e.key)).toEqual(whole);
      expect((await everyPage(id, pageSize, false)).map((e) => e.key)).toEqual(whole);
    }
    // The last page has no cursor; a page past the end is empty with the real totals.
    const last = (await activity(id, '?pageSize=7&pageNo=4')).body.result;
    expect(last.data).toHaveLength(7);
    expect(last.nextCursor).toBeUndefined();
    const past = (await activity(id, '?pageSize=7&pageNo=5')).body.result;
    expect(past).toMatchObject({ data: [], totalCount: 28, totalPage: 4 });
  });

  it('goes on after the page shown when newer events arrive meanwhile (by cursor)', async () => {
    const { id } = await longStory();
    const first = (await activity(id, '?pageSize=5')).body.result;
    await record(id, at('05-01T10:00:00'));
    const second = (await activity(id, `?pageSize=5&pageNo=2&cursor=${first.nextCursor}`)).body.result;
    const whole = (await everyPage(id, 100, false)).map((e) => e.key);
    expect([...first.data, ...second.data].map((e: Event) => e.key)).toEqual(whole.slice(1, 11));
    // A cursor is ignored on another page than the one it was given for, and when it is not one.
    for (const cursor of [first.nextCursor, 'nonsense', Buffer.from('{"p":2}').toString('base64url')]) {
      const byNumber = (await activity(id, `?pageSize=5&pageNo=3&cursor=${cursor}`)).body.result;
      expect(byNumber.data.map((e: Event) => e.key)).toEqual(whole.slice(10, 15));
    }
  });

  it('shows each area only to a role that may list it', async () => {
    const { id, old, oldOrder } = await longStory();
    const recordsOnly = await server.accountWithRole('activity_records', {
      participants: ['query', 'get'],
      records: ['query'],
    });
    const kinds = async (token: string) => new Set((await everyPage(id, 10, true, token)).map((e) => e.kind));
    expect(await kinds(recordsOnly.token)).toEqual(new Set(['started', 'submitted']));
    expect((await activity(id, '', recordsOnly.token)).body.result.totalCount).toBe(14);
    expect((await activity(id, '?pageSize=1', recordsOnly.token)).body.result.data[0].key).toBe(
      `submitted-${old}`,
    );

    const ordersOnly = await server.accountWithRole('activity_orders', { orders: ['query'] });
    expect(await kinds(ordersOnly.token)).toEqual(new Set(['ordered', 'paid']));
    expect((await activity(id, '?pageSize=1', ordersOnly.token)).body.result).toMatchObject({
      totalCount: 13,
      data: [{ key: `paid-${oldOrder}` }],
    });

    const alertsAndOrders = await server.accountWithRole('activity_alerts', {
      alerts: ['query'],
      orders: ['query'],
    });
    expect(await kinds(alertsAndOrders.token)).toEqual(new Set(['ordered', 'paid', 'alert']));

    // Seeing the participant is not enough: none of the areas, nothing to show.
    const none = await server.accountWithRole('activity_none', { participants: ['query', 'get'] });
    const refused = await activity(id, '', none.token);
    expect(refused.status).toBe(403);
    expect(refused.body.result.error).toBe('auth.permissionDenied');
    expect((await activity(id, '', null)).status).toBe(401);
  });

  it('answers 404 for an unknown participant, an empty page for one who did nothing', async () => {
    const res = await activity(999_999);
    expect(res.status).toBe(404);
    expect(res.body.result.error).toBe('participant.notFound');
    const quiet = (await activity(await newParticipant())).body.result;
    expect(quiet).toMatchObject({ data: [], totalCount: 0, totalPage: 0 });
    expect(quiet.nextCursor).toBeUndefined();
  });

  it('refuses bad input', async () => {
    const id = await newParticipant();
    for (const url of [
      `/api/participants/abc/activity`,
      `/api/participants/${id}/activity?pageNo=0`,
      `/api/participants/${id}/activity?pageSize=0`,
      `/api/participants/${id}/activity?pageSize=101`,
      `/api/participants/${id}/activity?pageSize=ten`,
    ]) {
      const res = await server.call(admin, { method: 'GET', url });
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('the profile figures in one call', () => {
  const summary = (id: number, token: string | null = admin) =>
    server.call(token, { method: 'GET', url: `/api/participants/${id}/summary` });

  it('counts submitted records, paid less refunded and open alerts, each only for a role that may list them', async () => {
    const id = await newParticipant();
    const other = await newParticipant();
    const submitted = await record(id, at('03-01T08:00:00'), at('03-01T08:10:00'));
    await record(id, at('03-02T08:00:00'));
    const refunded = await record(id, at('03-03T08:00:00'), at('03-03T08:10:00'));
    await order(id, submitted, at('03-01T08:11:00'), at('03-01T08:12:00'));
    const partly = await order(id, refunded, at('03-03T08:11:00'), at('03-03T08:12:00'));
    await server.database.db.update(orders).set({ refundedFen: 500 }).where(eq(orders.id, partly));
    await order(id, refunded, at('03-03T09:00:00'));
    const open = await alert(submitted, at('03-01T08:10:00'));
    const closed = await alert(refunded, at('03-03T08:10:00'));
    await server.database.db.update(alerts).set({ status: 'contacted' }).where(eq(alerts.id, open));
    await server.database.db.update(alerts).set({ status: 'closed' }).where(eq(alerts.id, closed));
    // Another participant's records, orders and alerts count for them only.
    const theirs = await record(other, at('03-01T08:00:00'), at('03-01T08:10:00'));
    await order(other, theirs, at('03-01T08:11:00'), at('03-01T08:12:00'));
    await alert(theirs, at('03-01T08:10:00'));

    const all = await summary(id);
    expect(all.status).toBe(200);
    expect(all.body.result).toEqual({ submitted: 2, netPaidFen: 1990 * 2 - 500, openAlerts: 1 });

    const ordersOnly = await server.accountWithRole('summary_orders', { orders: ['query'] });
    expect((await summary(id, ordersOnly.token)).body.result).toEqual({ netPaidFen: 3480 });
    const recordsAndAlerts = await server.accountWithRole('summary_records', {
      records: ['query'],
      alerts: ['query'],
    });
    expect((await summary(id, recordsAndAlerts.token)).body.result).toEqual({ submitted: 2, openAlerts: 1 });
  });

  it('answers 404 for no such participant, 403 to a role with none of the areas, 401 without a session, 400 for a bad id', async () => {
    expect((await summary(999_999)).body.result.error).toBe('participant.notFound');
    const none = await server.accountWithRole('summary_none', { participants: ['query'] });
    expect((await summary(await newParticipant(), none.token)).status).toBe(403);
    expect((await summary(await newParticipant(), null)).status).toBe(401);
    const bad = await server.call(admin, { method: 'GET', url: '/api/participants/abc/summary' });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const quiet = await summary(await newParticipant());
    expect(quiet.body.result).toEqual({ submitted: 0, netPaidFen: 0, openAlerts: 0 });
  });
});
