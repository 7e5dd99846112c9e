import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

// A failure after scoring (the alert's insert) must take the stored report down with it.
const failing = vi.hoisted(() => ({ next: false }));
vi.mock('../src/modules/records/repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/records/repository.ts')>();
  return {
    ...original,
    insertAlert: async (...args: Parameters<typeof original.insertAlert>) => {
      if (failing.next) {
        failing.next = false;
        throw new Error('The disk is full');
      }
      return original.insertAlert(...args);
    },
  };
});

let server: TestServer;
let admin: string;
let phqId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });
const newCount = async () => (await staff('GET', '/alerts/counts')).body.result.new;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  phqId = await builtinId(server, admin, 'phq-9');
});
afterAll(() => server.close());

describe('the alerts queue', () => {
  it('gets an alert when PHQ-9 item 9 is answered 3, newest first, status new', async () => {
    const dana = await participant(server, 'Dana');
    expect(await newCount()).toBe(0);
    const calm = await take(dana, phqId, phq(0));
    expect(calm.report.alerts).toEqual([]);
    const first = await take(dana, phqId, phq(1));
    const record = await take(dana, phqId, phq(3));
    const res = await staff('GET', '/alerts');
    expect(res.status).toBe(200);
    expect(res.body.result.data.map((a: any) => a.recordId)).toEqual([record.id, first.id]);
    expect(res.body.result.data[0]).toMatchObject({
      recordId: record.id,
      participant: { nickname: 'Dana', erased: false },
      testId: phqId,
      title: { en: 'Patient Health Questionnaire (PHQ-9)' },
      severity: 'severe',
      items: [{ question: 9, severity: 'severe' }],
      status: 'new',
      notes: [],
    });
    expect(await newCount()).toBe(2);
    // The records list shows the alert's status with the record.
    const listed = (await staff('GET', '/records?hasAlert=true')).body.result.data;
    expect(listed.map((r: any) => r.alert.status)).toEqual(['new', 'new']);
  });

  it('follows an alert up: status, a note with who and when, and an audit entry', async () => {
    const erin = await participant(server, 'Erin');
    const record = await take(erin, phqId, phq(2));
    const alert = (await staff('GET', '/alerts?pageSize=1')).body.result.data[0];
    expect(alert.recordId).toBe(record.id);
    const before = await newCount();

    const operator = await server.accountWithRole('operator');
    const contacted = await staff(
      'PUT',
      `/alerts/${alert.id}`,
      { status: 'contacted', note: 'Called her; she is safe and has an appointment.' },
      operator.token,
    );
    expect(contacted.status).toBe(200);
    expect(contacted.body.result).toMatchObject({
      status: 'contacted',
      notes: [
        {
          status: 'contacted',
          note: 'Called her; she is safe and has an appointment.',
          username: operator.username,
        },
      ],
    });
    expect(Date.now() - Date.parse(contacted.body.result.notes[0].time)).toBeLessThan(60_000);
    expect(await newCount()).toBe(before - 1);

    const closed = await staff('PUT', `/alerts/${alert.id}`, { status: 'closed' });
    expect(closed.body.result.notes.map((n: any) => [n.status, n.username])).toEqual([
      ['closed', 'admin'],
      ['contacted', operator.username],
    ]);
    expect((await staff('GET', `/alerts/${alert.id}`)).body.result.status).toBe('closed');
    expect((await staff('GET', '/alerts?status=closed')).body.result.data.map((a: any) => a.id)).toEqual([
      alert.id,
    ]);
    expect((await staff('GET', `/records/${record.id}`)).body.result.alert).toEqual({
      id: alert.id,
      status: 'closed',
    });

    const log = await staff(
      'GET',
      `/audit-log?entityType=alert&entityId=${alert.id}&sortField=time&sortOrder=ascend`,
    );
    expect(log.body.result.data).toMatchObject([
      {
        action: 'update',
        actorUsername: operator.username,
        changes: {
          status: { from: 'new', to: 'contacted' },
          note: { to: 'Called her; she is safe and has an appointment.' },
        },
      },
      { action: 'update', actorUsername: 'admin', changes: { status: { from: 'contacted', to: 'closed' } } },
    ]);
  });

  it('filters by status, test and participant, and checks access and input', async () => {
    const gadId = await builtinId(server, admin, 'gad-7');
    const frank = await participant(server);
    await take(frank, phqId, phq(3));
    const frankId = (await frank('GET', '/me')).body.result.id;
    const byFrank = (await staff('GET', `/alerts?participantId=${frankId}`)).body.result.data;
    expect(byFrank).toHaveLength(1);
    expect((await staff('GET', `/alerts?testId=${gadId}`)).body.result.totalCount).toBe(0);
    expect((await staff('GET', `/alerts?testId=${phqId}&status=new`)).body.result.data[0].id).toBe(
      byFrank[0].id,
    );

    const viewer = await server.accountWithRole('viewer');
    expect((await staff('GET', '/alerts', undefined, viewer.token)).status).toBe(200);
    expect((await staff('GET', '/alerts/counts', undefined, viewer.token)).status).toBe(200);
    expect((await staff('PUT', `/alerts/${byFrank[0].id}`, { status: 'closed' }, viewer.token)).status).toBe(
      403,
    );
    expect((await staff('PUT', `/alerts/${byFrank[0].id}`, { status: 'gone' })).status).toBe(400);
    expect(
      (await staff('PUT', `/alerts/${byFrank[0].id}`, { status: 'closed', note: 'x'.repeat(1001) })).status,
    ).toBe(400);
    const missing = await staff('PUT', '/alerts/999999', { status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body.result.error).toBe('alert.notFound');
  });
});

describe('the queue filters', () => {
  it('finds alerts by the participant nickname, by when they were raised, and with the test', async () => {
    const ivy = await participant(server, 'Ivy Marsh');
    const older = await take(ivy, phqId, phq(2));
    const newer = await take(ivy, phqId, phq(3));
    const id = async (recordId: number) =>
      (await staff('GET', '/alerts?participant=ivy m')).body.result.data.find(
        (a: any) => a.recordId === recordId,
      ).id;
    const olderId = await id(older.id);
    // The older alert was raised on 1 March 2026 (UTC), the newer one now.
    await server.database.db
      .update(alerts)
      .set({ createdAt: new Date('2026-03-01T10:00:00Z') })
      .where(eq(alerts.id, olderId));
    const ids = async (query: string) =>
      (await staff('GET', `/alerts?${query}`)).body.result.data.map((a: any) => a.recordId);

    // By nickname, case-insensitive and in part; a wildcard is a literal.
    expect(await ids('participant=IVY')).toEqual([newer.id, older.id]);
    expect(await ids('participant=%25')).not.toContain(newer.id);
    // By the day it was raised: from inclusive, to exclusive.
    const march = 'from=2026-03-01T00:00:00%2B08:00&to=2026-03-02T00:00:00%2B08:00';
    expect(await ids(`participant=Ivy&${march}`)).toEqual([older.id]);
    expect(await ids('participant=Ivy&to=2026-03-01T10:00:00Z')).toEqual([]);
    expect(await ids('participant=Ivy&from=2026-03-01T10:00:00Z&to=2026-03-01T10:00:00.001Z')).toEqual([
      older.id,
    ]);
    // With the test and the status, all together.
    expect(await ids(`participant=Ivy&testId=${phqId}&status=new&${march}`)).toEqual([older.id]);

    // Bad input is refused with the field.
    const bad = await staff('GET', '/alerts?from=yesterday');
    expect([bad.status, bad.body.result.errors[0].field]).toEqual([400, 'from']);
    expect((await staff('GET', `/alerts?participant=${'x'.repeat(65)}`)).status).toBe(400);
  });
});

describe('an alert is never dropped', () => {
  it('is written with the report: a failure after scoring leaves neither, and the retry stores both', async () => {
    const gina = await participant(server);
    const id = (await gina('POST', '/records', { testId: phqId })).body.result.id;
    const before = (await staff('GET', '/alerts')).body.result.totalCount;
    failing.next = true;
    expect((await gina('POST', `/records/${id}/submit`, { answers: phq(3) })).status).toBe(500);
    expect((await gina('GET', `/records/${id}`)).body.result).toMatchObject({
      status: 'in_progress',
      report: null,
    });
    expect((await staff('GET', '/alerts')).body.result.totalCount).toBe(before);

    const retried = await gina('POST', `/records/${id}/submit`, { answers: phq(3) });
    expect(retried.status).toBe(200);
    const alerts = (await staff('GET', '/alerts')).body.result;
    expect(alerts.totalCount).toBe(before + 1);
    expect(alerts.data[0]).toMatchObject({ recordId: id, status: 'new' });
  });

  it('gets exactly one alert when the same record is submitted twice at once', async () => {
    const hank = await participant(server);
    const id = (await hank('POST', '/records', { testId: phqId })).body.result.id;
    const before = (await staff('GET', '/alerts')).body.result.totalCount;
    const results = await Promise.all([
      hank('POST', `/records/${id}/submit`, { answers: phq(3) }),
      hank('POST', `/records/${id}/submit`, { answers: phq(3) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const alerts = (await staff('GET', '/alerts')).body.result;
    expect(alerts.totalCount).toBe(before + 1);
    expect(alerts.data[0].recordId).toBe(id);
  });
});
