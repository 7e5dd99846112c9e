import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

let server: TestServer;
let admin: string;
let operator: { id: number; username: string; token: string };
let finance: { id: number; username: string; token: string };
let critics: { id: number; username: string; token: string }[];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });
const api = (method: Method, url: string, payload?: object) => call(admin, method, url, payload);

const basic = (change: object = {}) => ({
  title: 'December campus screening for Client X',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  description: '500 PHQ-9 records from the freshmen of Client X',
  metrics: 'Submitted PHQ-9 records in December',
  client: 'Client X University',
  criticIds: [],
  weight: 40,
  disclosure: 'public',
  publicUserIds: [],
  ...change,
});

const create = async (token: string, change: object = {}) => {
  const res = await call(token, 'POST', '/goals', basic(change));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.result;
};

const auditOf = async (id: number) =>
  (await api('GET', `/audit-log?entityType=goal&entityId=${id}`)).body.result.data as {
    action: string;
    changes: Record<string, { from?: unknown; to?: unknown }>;
  }[];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  operator = await server.accountWithRole('operator');
  finance = await server.accountWithRole('finance');
  critics = [];
  for (let i = 0; i < 6; i++) critics.push(await server.accountWithRole('viewer'));
});
afterAll(() => server.close());

describe('goals', () => {
  it('creates, reads, edits and deletes a goal, each change audited', async () => {
    const goal = await create(operator.token, { criticIds: [critics[0]!.id, critics[1]!.id] });
    expect(goal).toMatchObject({
      title: 'December campus screening for Client X',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      weight: 40,
      disclosure: 'public',
      status: 'draft',
      owner: { id: operator.id, username: operator.username },
      publicUsers: [],
      targetTest: null,
      targetCount: null,
      milestones: [],
      progress: { submitted: 0, percent: null },
    });
    expect(goal.critics.map((c: { id: number }) => c.id).sort()).toEqual(
      [critics[0]!.id, critics[1]!.id].sort(),
    );
    expect((await api('GET', `/goals/${goal.id}`)).body.result.title).toBe(goal.title);

    const edited = await call(
      operator.token,
      'PUT',
      `/goals/${goal.id}`,
      basic({ title: 'Screening, renamed', weight: null }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Submit successfully');
    // The basic form sends no critics this time: they are replaced by none.
    expect(edited.body.result).toMatchObject({ title: 'Screening, renamed', weight: null, critics: [] });

    const deleted = await call(operator.token, 'DELETE', `/goals/${goal.id}`);
    expect(deleted.status).toBe(200);
    expect((await api('GET', `/goals/${goal.id}`)).status).toBe(404);

    const audit = await auditOf(goal.id);
    expect(audit.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(audit[1]!.changes).toMatchObject({
      title: { from: 'December campus screening for Client X', to: 'Screening, renamed' },
      weight: { from: 40, to: null },
    });
    expect(audit[2]!.changes.criticIds!.to).toHaveLength(2);
  });

  it('keeps the plan when the basic form saves, and saves the plan with its milestones', async () => {
    const goal = await create(admin);
    const plan = await api('PUT', `/goals/${goal.id}`, {
      ...basic(),
      status: 'in_progress',
      targetCount: 500,
      milestones: [
        { title: 'Invitations sent', dueDate: '2026-12-05', done: true },
        { title: 'Half way', dueDate: '2026-12-15' },
      ],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.result).toMatchObject({
      status: 'in_progress',
      targetCount: 500,
      milestones: [
        { title: 'Invitations sent', dueDate: '2026-12-05', done: true },
        { title: 'Half way', dueDate: '2026-12-15', done: false },
      ],
    });
    const again = await api('PUT', `/goals/${goal.id}`, basic({ title: 'Basic only' }));
    expect(again.body.result).toMatchObject({ title: 'Basic only', status: 'in_progress', targetCount: 500 });
    expect(again.body.result.milestones).toHaveLength(2);
  });

  it('refuses what the form refuses, naming each field and its code', async () => {
    const refused = async (payload: object) => {
      const res = await api('POST', '/goals', payload);
      expect(res.status).toBe(400);
      return res.body.result.errors.map((e: { field: string; error: string }) => [e.field, e.error]);
    };
    const { title, description, metrics, client, startDate, endDate, ...rest } = basic();
    expect(await refused(rest)).toEqual(
      expect.arrayContaining([
        ['title', 'field.required'],
        ['startDate', 'field.required'],
        ['endDate', 'field.required'],
        ['description', 'field.required'],
        ['metrics', 'field.required'],
        ['client', 'field.required'],
      ]),
    );
    expect(await refused(basic({ title: '   ' }))).toEqual([['title', 'field.required']]);
    expect(await refused(basic({ endDate: '2026-11-30' }))).toEqual([['endDate', 'goal.endBeforeStart']]);
    expect(await refused(basic({ startDate: '2026-02-30' }))).toEqual([['startDate', 'field.invalidDate']]);
    expect(await refused(basic({ criticIds: critics.map((c) => c.id) }))).toEqual([
      ['criticIds', 'field.tooManyItems'],
    ]);
    expect(await refused(basic({ criticIds: [critics[0]!.id, critics[0]!.id] }))).toEqual([
      ['criticIds', 'goal.duplicatePerson'],
    ]);
    expect(await refused(basic({ weight: 101 }))).toEqual([['weight', 'field.tooBig']]);
    expect(await refused(basic({ title: 'x'.repeat(101) }))).toEqual([['title', 'field.tooLong']]);
    expect(await refused(basic({ disclosure: 'partial' }))).toEqual([
      ['publicUserIds', 'goal.publicUsersRequired'],
    ]);
    expect(await refused(basic({ publicUserIds: [critics[0]!.id] }))).toEqual([
      ['publicUserIds', 'goal.publicUsersOnlyPartial'],
    ]);
    expect(await refused(basic({ criticIds: [critics[0]!.id, 999_999] }))).toEqual([
      ['criticIds.1', 'goal.staffUnavailable'],
    ]);
    expect(await refused(basic({ targetTestId: 999_999 }))).toEqual([['targetTestId', 'goal.testNotFound']]);
    expect(
      await refused(
        basic({ milestones: Array.from({ length: 21 }, () => ({ title: 'm', dueDate: '2026-12-02' })) }),
      ),
    ).toEqual([['milestones', 'field.tooManyItems']]);

    // A disabled account cannot be invited, but one already invited may stay.
    const goal = await create(admin, { criticIds: [critics[5]!.id] });
    expect((await api('POST', `/accounts/${critics[5]!.id}/disable`)).status).toBe(200);
    expect(await refused(basic({ criticIds: [critics[5]!.id] }))).toEqual([
      ['criticIds.0', 'goal.staffUnavailable'],
    ]);
    expect((await api('PUT', `/goals/${goal.id}`, basic({ criticIds: [critics[5]!.id] }))).status).toBe(200);
  });

  it('lets finance read goals but not add, edit or delete them', async () => {
    const goal = await create(admin);
    expect((await call(finance.token, 'GET', `/goals/${goal.id}`)).status).toBe(200);
    const add = await call(finance.token, 'POST', '/goals', basic());
    expect(add.status).toBe(403);
    expect(add.body.result.error).toBe('auth.permissionDenied');
    expect((await call(finance.token, 'PUT', `/goals/${goal.id}`, basic())).status).toBe(403);
    expect((await call(finance.token, 'POST', '/goals/bulk-delete', { ids: [goal.id] })).status).toBe(403);
    // The pickers need only the goals permission (finance has no accounts.query).
    const staff = await call(finance.token, 'GET', `/goals/staff?keyword=${critics[0]!.username}`);
    expect(staff.body.result).toEqual([
      { id: critics[0]!.id, name: critics[0]!.username, username: critics[0]!.username },
    ]);
    expect(await call(finance.token, 'GET', '/accounts').then((r) => r.status)).toBe(403);
  });

  it('shows a private goal to its owner and critics only, a partial one to its listed staff too', async () => {
    const [critic, reader, other] = critics;
    const hidden = await create(operator.token, {
      title: 'Private goal',
      disclosure: 'private',
      criticIds: [critic!.id],
    });
    const partial = await create(operator.token, {
      title: 'Partial goal',
      disclosure: 'partial',
      publicUserIds: [reader!.id],
    });
    const titles = async (token: string) =>
      (await call(token, 'GET', '/goals?keyword=goal&pageSize=100')).body.result.data.map(
        (g: { title: string }) => g.title,
      );
    expect(await titles(operator.token)).toEqual(expect.arrayContaining(['Private goal', 'Partial goal']));
    expect(await titles(critic!.token)).toContain('Private goal');
    expect(await titles(critic!.token)).not.toContain('Partial goal');
    expect(await titles(reader!.token)).toContain('Partial goal');
    expect(await titles(reader!.token)).not.toContain('Private goal');
    expect(await titles(other!.token)).not.toEqual(expect.arrayContaining(['Private goal']));
    expect(await titles(admin)).not.toContain('Private goal');
    expect((await call(other!.token, 'GET', `/goals/${hidden.id}`)).status).toBe(404);
    expect((await api('DELETE', `/goals/${hidden.id}`)).status).toBe(404);
    expect((await call(reader!.token, 'GET', `/goals/${partial.id}`)).status).toBe(200);
  });

  it("continues a page only after a goal the viewer may see: a cursor naming another's private goal is ignored", async () => {
    const tag = `Cursor${Date.now()}`;
    for (const letter of ['a', 'c', 'd', 'e']) await create(admin, { title: `${tag} ${letter}` });
    // Between c and d in title order, seen by its owner only.
    const hidden = await create(operator.token, { title: `${tag} c2`, disclosure: 'private' });
    const list = `/goals?keyword=${tag}&sortField=title&sortOrder=ascend&pageSize=1`;
    const first = (await api('GET', `${list}&pageNo=1`)).body.result;
    expect(first.data.map((g: { title: string }) => g.title)).toEqual([`${tag} a`]);
    // The cursor is the client's to send back: one naming another goal is as easy to make.
    const naming = (id: number) => {
      const cursor = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString());
      return Buffer.from(JSON.stringify({ ...cursor, i: id })).toString('base64url');
    };
    const second = async (cursor: string) =>
      (await api('GET', `${list}&pageNo=2&cursor=${cursor}`)).body.result.data.map(
        (g: { title: string }) => g.title,
      );
    // A private goal's place in the list is not told: the page is found by its number, as for a missing id.
    expect(await second(naming(hidden.id))).toEqual([`${tag} c`]);
    expect(await second(naming(2147483647))).toEqual([`${tag} c`]);
    expect(await second(first.nextCursor)).toEqual([`${tag} c`]);
  });

  it('batch-deletes all or nothing', async () => {
    const a = await create(admin, { title: 'Batch A' });
    const b = await create(admin, { title: 'Batch B' });
    const hidden = await create(operator.token, { title: 'Batch hidden', disclosure: 'private' });
    const refused = await api('POST', '/goals/bulk-delete', { ids: [a.id, b.id, hidden.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.result.errors[0]).toMatchObject({
      field: 'ids',
      error: 'goal.someNotFound',
      params: { ids: String(hidden.id) },
    });
    expect((await api('GET', `/goals/${a.id}`)).status).toBe(200);

    const done = await api('POST', '/goals/bulk-delete', { ids: [a.id, b.id] });
    expect(done.body.result).toEqual({ deleted: 2 });
    expect((await api('GET', `/goals/${a.id}`)).status).toBe(404);
    expect((await api('GET', `/goals/${b.id}`)).status).toBe(404);
    expect((await auditOf(b.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('lists, filters, sorts and pages in SQL', async () => {
    const tag = `List${Date.now()}`;
    for (const [day, status] of [
      ['2027-01-10', 'draft'],
      ['2027-02-10', 'in_progress'],
      ['2027-03-10', 'done'],
    ] as const) {
      const goal = await create(admin, { title: `${tag} ${day}`, startDate: day, endDate: day });
      await api(
        'PUT',
        `/goals/${goal.id}`,
        basic({ title: `${tag} ${day}`, startDate: day, endDate: day, status }),
      );
    }
    const list = async (query: string) =>
      (await api('GET', `/goals?keyword=${tag}&${query}`)).body.result as {
        totalCount: number;
        data: { title: string }[];
      };
    const page2 = await list('sortField=startDate&sortOrder=ascend&pageNo=2&pageSize=2');
    expect(page2.totalCount).toBe(3);
    expect(page2.data.map((g) => g.title)).toEqual([`${tag} 2027-03-10`]);
    expect((await list('status=in_progress')).data.map((g) => g.title)).toEqual([`${tag} 2027-02-10`]);
    expect((await list('from=2027-02-01&to=2027-02-28')).data.map((g) => g.title)).toEqual([
      `${tag} 2027-02-10`,
    ]);
    expect((await list(`ownerId=${operator.id}`)).totalCount).toBe(0);
    expect((await api('GET', '/goals?pageNo=abc')).status).toBe(400);
  });

  it('counts the records submitted in the period, of the target test, in China days', async () => {
    const phqId = await builtinId(server, admin, 'phq-9');
    const gadId = await builtinId(server, admin, 'gad-7');
    const taker = await participant(server);
    const inside = [];
    for (let i = 0; i < 3; i++) inside.push((await take(taker, phqId, phq(0))).id);
    const late = (await take(taker, phqId, phq(0))).id;
    const otherTest = (await take(taker, gadId, [0, 0, 0, 0, 0, 0, 0])).id;
    const unfinished = await taker('POST', '/records', { testId: phqId });
    expect(unfinished.status).toBe(201);
    // 2028-03-01 23:59:59 in China is still in a period ending that day; its next midnight is not.
    const db = server.database.db;
    await db
      .update(records)
      .set({ submittedAt: new Date('2028-03-01T15:59:59Z') })
      .where(inArray(records.id, inside));
    await db
      .update(records)
      .set({ submittedAt: new Date('2028-02-28T16:00:00Z') })
      .where(eq(records.id, otherTest));
    await db
      .update(records)
      .set({ submittedAt: new Date('2028-03-01T16:00:00Z') })
      .where(eq(records.id, late));

    const goal = await create(admin, {
      startDate: '2028-02-29',
      endDate: '2028-03-01',
      targetTestId: phqId,
      targetCount: 4,
    });
    expect(goal.progress).toEqual({ submitted: 3, percent: 75 });
    expect(goal.targetTest).toMatchObject({ id: phqId });
    const anyTest = await api(
      'PUT',
      `/goals/${goal.id}`,
      basic({ startDate: '2028-02-29', endDate: '2028-03-01', targetTestId: null, targetCount: 2 }),
    );
    expect(anyTest.body.result.progress).toEqual({ submitted: 4, percent: 100 });
    const listed = await api('GET', `/goals?from=2028-02-29&to=2028-03-01`);
    expect(listed.body.result.data.find((g: { id: number }) => g.id === goal.id).progress).toEqual({
      submitted: 4,
      percent: 100,
    });
    const tests = await api('GET', '/goals/tests?keyword=PHQ');
    expect(tests.body.result.map((t: { id: number }) => t.id)).toContain(phqId);
  });
});
