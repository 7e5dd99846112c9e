import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;
let adminId: number;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  adminId = (await server.call(admin, { method: 'GET', url: '/api/user/info' })).body.result.id;
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

const entriesOf = async (id: number) =>
  (
    await api(
      'GET',
      `/audit-log?entityType=category&entityId=${id}&pageSize=100&sortField=time&sortOrder=ascend`,
    )
  ).body.result.data;

describe('category changes in the audit log', () => {
  it('leaves exactly one entry per change, with who, where and the changed fields', async () => {
    const created = await api('POST', '/categories', { nameZh: '睡眠', nameEn: 'Sleep', sortOrder: 5 });
    const id = created.body.result.id;
    await api('PUT', `/categories/${id}`, { nameZh: '睡眠', nameEn: 'Sleep quality', sortOrder: 6 });
    await api('POST', `/categories/${id}/disable`);
    await api('POST', `/categories/${id}/enable`);
    await api('DELETE', `/categories/${id}`);

    const entries = await entriesOf(id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'update',
      'disable',
      'enable',
      'delete',
    ]);
    const [create, update, disable, enable, remove] = entries;
    expect(create).toMatchObject({
      actorId: adminId,
      actorUsername: 'admin',
      entityType: 'category',
      entityId: String(id),
      ip: '127.0.0.1',
    });
    expect(create.requestId).toBeTruthy();
    expect(new Date(create.time).toISOString()).toBe(create.time);
    expect(create.changes).toEqual({
      nameZh: { to: '睡眠' },
      nameEn: { to: 'Sleep' },
      iconUrl: { to: null },
      sortOrder: { to: 5 },
      status: { to: 'enabled' },
    });
    expect(update.changes).toEqual({
      nameEn: { from: 'Sleep', to: 'Sleep quality' },
      sortOrder: { from: 5, to: 6 },
    });
    expect(disable.changes).toEqual({ status: { from: 'enabled', to: 'disabled' } });
    expect(enable.changes).toEqual({ status: { from: 'disabled', to: 'enabled' } });
    expect(remove.changes).toEqual({
      nameZh: { from: '睡眠' },
      nameEn: { from: 'Sleep quality' },
      iconUrl: { from: null },
      sortOrder: { from: 6 },
      status: { from: 'enabled' },
    });
  });

  it('writes no entry for an edit that changed no field', async () => {
    const created = await api('POST', '/categories', { nameZh: '饮食', nameEn: 'Eating', sortOrder: 7 });
    const id = created.body.result.id;
    const same = await api('PUT', `/categories/${id}`, { nameZh: '饮食', nameEn: 'Eating', sortOrder: 7 });
    expect(same.status).toBe(200);
    expect((await entriesOf(id)).map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('writes nothing for a refused change', async () => {
    const before = (await api('GET', '/audit-log?entityType=category')).body.result.totalCount;
    expect((await api('POST', '/categories', { nameZh: '新', nameEn: 'personality' })).status).toBe(409);
    expect((await api('DELETE', '/categories/99999')).status).toBe(404);
    expect((await api('GET', '/audit-log?entityType=category')).body.result.totalCount).toBe(before);
  });
});

describe('GET /api/audit-log', () => {
  let operator: { id: number; username: string; token: string };
  const startedAt = new Date().toISOString();

  beforeAll(async () => {
    operator = await server.accountWithRole('operator');
    for (const n of [1, 2, 3]) {
      await api('POST', '/categories', { nameZh: `审计${n}`, nameEn: `Audit ${n}` }, operator.token);
    }
  });

  it('filters by actor and action, newest first, paged', async () => {
    const res = await api('GET', `/audit-log?actorId=${operator.id}&action=create&pageSize=2`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ pageNo: 1, pageSize: 2, totalCount: 3, totalPage: 2 });
    expect(res.body.result.data.map((e: any) => e.changes.nameEn.to)).toEqual(['Audit 3', 'Audit 2']);
    const second = await api('GET', `/audit-log?actorId=${operator.id}&action=create&pageSize=2&pageNo=2`);
    expect(second.body.result.data.map((e: any) => e.changes.nameEn.to)).toEqual(['Audit 1']);
    expect((await api('GET', `/audit-log?actorId=${operator.id}&action=delete`)).body.result.totalCount).toBe(
      0,
    );
  });

  it('filters by time range: from is inclusive, to exclusive', async () => {
    const all = (await api('GET', `/audit-log?actorId=${operator.id}&entityType=category`)).body.result;
    const times = all.data.map((e: { time: string }) => e.time);
    expect(all.totalCount).toBe(3);
    const since = await api('GET', `/audit-log?actorId=${operator.id}&from=${times[1]}`);
    expect(since.body.result.totalCount).toBe(2);
    const until = await api(
      'GET',
      `/audit-log?actorId=${operator.id}&entityType=category&from=${startedAt}&to=${times[1]}`,
    );
    expect(until.body.result.data.map((e: { time: string }) => e.time)).toEqual([times[2]]);
  });

  it('finds the staff to filter by from their name or username, for roles that may read the log', async () => {
    const found = await api('GET', `/audit-log/actors?keyword=${operator.username.slice(0, 12)}`);
    expect(found.status).toBe(200);
    expect(found.body.result).toEqual([
      { id: operator.id, username: operator.username, name: operator.username },
    ]);
    const byName = await api('GET', '/audit-log/actors?keyword=admin');
    expect(byName.body.result.map((a: { id: number }) => a.id)).toContain(adminId);
    expect((await api('GET', '/audit-log/actors?keyword=nobody-is-called-this')).body.result).toEqual([]);
    expect((await api('GET', '/audit-log/actors', undefined, operator.token)).status).toBe(403);
  });

  it('validates its filters', async () => {
    expect((await api('GET', '/audit-log?from=yesterday')).status).toBe(400);
    expect((await api('GET', '/audit-log?entityType=planet')).status).toBe(400);
    const orphan = await api('GET', '/audit-log?entityId=1');
    expect(orphan.status).toBe(400);
    expect(orphan.body.result.errors.map((e: { field: string }) => e.field)).toContain('entityId');
  });

  it('needs a session and the audit permission; viewers may read it', async () => {
    expect((await server.call(null, { method: 'GET', url: '/api/audit-log' })).status).toBe(401);
    const refused = await api('GET', '/audit-log', undefined, operator.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('audit.query');
    const viewer = await server.accountWithRole('viewer');
    expect((await api('GET', '/audit-log', undefined, viewer.token)).status).toBe(200);
  });
});
