import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });

const count = async () => (await api('GET', '/categories?pageSize=1')).body.result.totalCount as number;

describe('categories', () => {
  it('lists the seeded demo categories in sort order, paged', async () => {
    const res = await api('GET', '/categories?pageNo=2&pageSize=2');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ pageNo: 2, pageSize: 2, totalCount: 5, totalPage: 3 });
    expect(res.body.result.data.map((c: { sortOrder: number }) => c.sortOrder)).toEqual([30, 40]);
    const past = await api('GET', '/categories?pageNo=9&pageSize=2');
    expect(past.body.result).toMatchObject({ totalCount: 5, data: [] });
  });

  it("continues with the previous page's cursor to the same page as by number", async () => {
    const first = await api('GET', '/categories?pageSize=2&status=enabled');
    const cursor = first.body.result.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const byCursor = await api('GET', `/categories?pageNo=2&pageSize=2&status=enabled&cursor=${cursor}`);
    const byNumber = await api('GET', '/categories?pageNo=2&pageSize=2&status=enabled');
    expect(byCursor.body.result).toEqual(byNumber.body.result);
    expect(byCursor.body.result.data.map((c: { sortOrder: number }) => c.sortOrder)).toEqual([30, 40]);
  });

  it('creates, reads, edits, disables, enables and deletes a category', async () => {
    const created = await api('POST', '/categories', {
      nameZh: '睡眠',
      nameEn: 'Sleep',
      iconUrl: 'https://cdn.example.com/sleep.png',
      sortOrder: 5,
    });
    expect(created.status).toBe(201);
    const category = created.body.result;
    expect(category).toMatchObject({
      nameZh: '睡眠',
      nameEn: 'Sleep',
      status: 'enabled',
      sortOrder: 5,
      testCount: 0,
    });
    expect(new Date(category.createTime).toISOString()).toBe(category.createTime);

    expect((await api('GET', `/categories/${category.id}`)).body.result.nameEn).toBe('Sleep');

    const edited = await api('PUT', `/categories/${category.id}`, {
      nameZh: '睡眠质量',
      nameEn: 'Sleep quality',
      sortOrder: 6,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({ nameEn: 'Sleep quality', iconUrl: null, sortOrder: 6 });
    expect(Date.parse(edited.body.result.updateTime)).toBeGreaterThanOrEqual(Date.parse(category.updateTime));

    expect((await api('POST', `/categories/${category.id}/disable`)).body.result.status).toBe('disabled');
    expect(
      (await api('GET', '/categories?status=disabled')).body.result.data.map((c: { id: number }) => c.id),
    ).toContain(category.id);
    expect((await api('POST', `/categories/${category.id}/enable`)).body.result.status).toBe('enabled');

    expect((await api('DELETE', `/categories/${category.id}`)).status).toBe(200);
    expect((await api('GET', `/categories/${category.id}`)).status).toBe(404);
    expect((await api('DELETE', `/categories/${category.id}`)).status).toBe(404);
  });

  it('filters by name in either language, matching wildcards literally', async () => {
    const zh = await api('GET', `/categories?name=${encodeURIComponent('焦虑')}`);
    expect(zh.body.result.data.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Anxiety and stress']);
    const en = await api('GET', '/categories?name=PERSON');
    expect(en.body.result.data.map((c: { nameZh: string }) => c.nameZh)).toEqual(['人格特质']);
    expect((await api('GET', '/categories?name=%25')).body.result.totalCount).toBe(0);
  });

  it('sorts by a chosen column in either direction', async () => {
    const asc = await api('GET', '/categories?sortField=nameEn&sortOrder=ascend&pageSize=100');
    const names = asc.body.result.data.map((c: { nameEn: string }) => c.nameEn.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await api('GET', '/categories?sortField=sortOrder&sortOrder=descend&pageSize=100');
    const orders = desc.body.result.data.map((c: { sortOrder: number }) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('refuses a duplicate name with 409 and writes nothing', async () => {
    const before = await count();
    const res = await api('POST', '/categories', { nameZh: '新分类', nameEn: 'PERSONALITY' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await count()).toBe(before);
  });

  it('refuses with 409 to delete a category while tests use it, and counts them', async () => {
    const created = await api('POST', '/categories', { nameZh: '亲子', nameEn: 'Parenting' });
    const id = created.body.result.id;
    const test = await api('POST', '/tests', { title: { en: 'Parenting stress' }, categoryIds: [id] });
    expect(test.status).toBe(201);
    expect((await api('GET', `/categories/${id}`)).body.result.testCount).toBe(1);
    const refused = await api('DELETE', `/categories/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This category still has tests. Move or delete them first.');
    expect((await api('GET', `/categories/${id}`)).status).toBe(200);

    await api('DELETE', `/tests/${test.body.result.id}`);
    expect((await api('GET', `/categories/${id}`)).body.result.testCount).toBe(0);
    expect((await api('DELETE', `/categories/${id}`)).status).toBe(200);
  });

  it('counts the seeded tests of each demo category in the list', async () => {
    const res = await api('GET', '/categories?pageSize=100');
    const counts = Object.fromEntries(res.body.result.data.map((c: any) => [c.nameEn, c.testCount]));
    expect(counts).toMatchObject({
      'Emotional health': 2,
      'Anxiety and stress': 2,
      Personality: 2,
      Relationships: 0,
      Career: 1,
    });
  });

  it('changes the status on save only for a role that may enable or disable categories', async () => {
    const editor = (await server.accountWithRole('category_editor', { categories: ['query', 'get', 'edit'] }))
      .token;
    const put = (token: string, id: number, payload: object) =>
      server.call(token, { method: 'PUT', url: `/api/categories/${id}`, payload });
    const id = (await api('POST', '/categories', { nameZh: '状态', nameEn: 'Status' })).body.result.id;

    const refused = await put(editor, id, { nameZh: '状态', nameEn: 'Renamed', status: 'disabled' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('categories.disable');
    expect((await api('GET', `/categories/${id}`)).body.result).toMatchObject({
      nameEn: 'Status',
      status: 'enabled',
    });
    // The status it already has, or none, is no status change.
    expect((await put(editor, id, { nameZh: '状态', nameEn: 'Same', status: 'enabled' })).status).toBe(200);
    await api('POST', `/categories/${id}/disable`);
    const kept = await put(editor, id, { nameZh: '状态', nameEn: 'Kept' });
    expect(kept.status).toBe(200);
    expect(kept.body.result.status).toBe('disabled');
    expect((await put(editor, id, { nameZh: '状态', nameEn: 'Kept', status: 'enabled' })).status).toBe(403);

    const enabler = (
      await server.accountWithRole('category_enabler', { categories: ['query', 'get', 'edit', 'enable'] })
    ).token;
    const enabled = await put(enabler, id, { nameZh: '状态', nameEn: 'Back', status: 'enabled' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.result).toMatchObject({ nameEn: 'Back', status: 'enabled' });
    const last = (
      await api('GET', `/audit-log?entityType=category&entityId=${id}&sortField=time&sortOrder=descend`)
    ).body.result.data[0];
    expect(last).toMatchObject({
      action: 'enable',
      changes: { nameEn: { from: 'Kept', to: 'Back' }, status: { from: 'disabled', to: 'enabled' } },
    });
  });

  it('creates a disabled category only for a role that may disable categories', async () => {
    const adder = (await server.accountWithRole('category_adder', { categories: ['query', 'get', 'add'] }))
      .token;
    const post = (payload: object) => server.call(adder, { method: 'POST', url: '/api/categories', payload });
    const before = await count();
    const refused = await post({ nameZh: '停用', nameEn: 'Born disabled', status: 'disabled' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('categories.disable');
    expect(await count()).toBe(before);
    const created = await post({ nameZh: '启用', nameEn: 'Born enabled', status: 'enabled' });
    expect(created.status).toBe(201);
    expect(created.body.result.status).toBe('enabled');
  });

  it('answers 404 for a missing category', async () => {
    expect((await api('PUT', '/categories/99999', { nameZh: '无', nameEn: 'None' })).status).toBe(404);
    expect((await api('POST', '/categories/99999/enable')).status).toBe(404);
  });
});

describe('input validation', () => {
  const bad: [string, object, string][] = [
    ['missing fields', {}, 'nameZh'],
    ['wrong types', { nameZh: 1, nameEn: 'A', sortOrder: 'first' }, 'nameZh'],
    ['oversize strings', { nameZh: 'x'.repeat(65), nameEn: 'A' }, 'nameZh'],
    ['unknown fields', { nameZh: '甲', nameEn: 'A', colour: 'red' }, 'colour'],
    ['out of range', { nameZh: '甲', nameEn: 'A', sortOrder: 10_000 }, 'sortOrder'],
    ['bad enum', { nameZh: '甲', nameEn: 'A', status: 'maybe' }, 'status'],
    ['bad url', { nameZh: '甲', nameEn: 'A', iconUrl: 'javascript:alert(1)' }, 'iconUrl'],
  ];
  for (const [what, payload, field] of bad) {
    it(`answers 400 naming the field for ${what}, and writes nothing`, async () => {
      const before = await count();
      const res = await api('POST', '/categories', payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false });
      expect(res.body.message).toContain(field);
      expect(res.body.result.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await count()).toBe(before);
    });
  }

  it('rejects bad query parameters and ids', async () => {
    expect((await api('GET', '/categories?pageSize=1000')).status).toBe(400);
    expect((await api('GET', '/categories?pageNo=0')).status).toBe(400);
    expect((await api('GET', '/categories?sortField=password')).status).toBe(400);
    expect((await api('GET', '/categories/abc')).status).toBe(400);
  });

  it('rejects malformed JSON without a stack trace', async () => {
    const res = await server.call(admin, {
      method: 'POST',
      url: '/api/categories',
      headers: { 'content-type': 'application/json' },
      payload: '{"nameZh":',
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await api('GET', '/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, success: false });
  });
});
