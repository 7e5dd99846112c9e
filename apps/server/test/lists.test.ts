import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
});
afterAll(() => server.close());

const get = (url: string, token = admin) => server.call(token, { method: 'GET', url: `/api${url}` });
const WEEK_AGO = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();

describe('the tests with their records progress', () => {
  it('counts started and submitted records per test, and in the summary', async () => {
    const phq9 = await builtinId(server, admin, 'phq-9');
    const before = (await get(`/lists/tests/summary?weekFrom=${WEEK_AGO}`)).body.result;

    const one = await participant(server, 'Lin');
    await take(one, phq9, phq(0));
    const two = await participant(server);
    await take(two, phq9, phq(0));
    // A third starts and leaves it unfinished.
    expect((await (await participant(server))('POST', '/records', { testId: phq9 })).status).toBe(201);

    const res = await get('/lists/tests?keyword=PHQ-9');
    expect(res.status).toBe(200);
    expect(res.body.result.data).toHaveLength(1);
    expect(res.body.result.data[0]).toMatchObject({
      id: phq9,
      status: 'on_shelf',
      recordCount: 3,
      submittedCount: 2,
      categories: [{ nameEn: 'Emotional health' }],
    });

    const after = await get(`/lists/tests/summary?weekFrom=${WEEK_AGO}`);
    expect(after.status).toBe(200);
    const onShelf = (await get('/lists/tests?status=on_shelf')).body.result.totalCount;
    expect(onShelf).toBeGreaterThan(0);
    expect(after.body.result).toMatchObject({
      publishedCount: onShelf,
      recordsThisWeek: before.recordsThisWeek + 3,
      recordCount: before.recordCount + 3,
      submittedCount: before.submittedCount + 2,
    });
    // A week starting from now holds none of them.
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`/lists/tests/summary?weekFrom=${future}`)).body.result.recordsThisWeek).toBe(0);
  });

  it('filters by status and by a keyword in the title or the subtitle, paged', async () => {
    const all = (await get('/lists/tests?pageSize=100')).body.result;
    const published = all.data.filter((t: any) => t.status === 'on_shelf');
    const onShelf = await get('/lists/tests?status=on_shelf&pageSize=100');
    expect(onShelf.body.result.totalCount).toBe(published.length);

    const created = await server.call(admin, {
      method: 'POST',
      url: '/api/tests',
      payload: {
        title: { zh: '睡眠自评', en: 'Sleep check' },
        subtitle: { zh: '', en: 'How rested are you, really' },
        categoryIds: [all.data[0].categories[0].id],
      },
    });
    expect(created.status).toBe(201);
    const bySubtitle = await get('/lists/tests?keyword=rested');
    expect(bySubtitle.body.result.data).toMatchObject([
      {
        id: created.body.result.id,
        status: 'draft',
        owner: 'Administrator',
        recordCount: 0,
        submittedCount: 0,
      },
    ]);
    expect((await get('/lists/tests?keyword=rested&status=on_shelf')).body.result.data).toEqual([]);

    const now = (await get('/lists/tests?pageSize=100')).body.result.data;
    const page = await get('/lists/tests?pageSize=2&pageNo=2');
    expect(page.body.result.data.map((t: any) => t.id)).toEqual(now.slice(2, 4).map((t: any) => t.id));
  });

  it('takes the tests permission and refuses bad input', async () => {
    expect((await get('/lists/tests', '')).status).toBe(401);
    const { token } = await server.accountWithRole('lists_none', { records: ['query'] });
    expect((await get('/lists/tests', token)).status).toBe(403);
    expect((await get(`/lists/tests/summary?weekFrom=${WEEK_AGO}`, token)).status).toBe(403);
    expect((await get('/lists/tests?status=gone')).status).toBe(400);
    expect((await get('/lists/tests/summary')).status).toBe(400);
    expect((await get('/lists/tests/summary?weekFrom=yesterday')).status).toBe(400);
  });
});
