import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { COUNT_MAX_AGE_MS, defineList } from '../src/db/list.ts';
import { auditLog } from '../src/db/schema.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let database: Database;

// Lists longer than 12 rows count as long here, as lists over 10,000 rows do by default.
const list = defineList({
  table: auditLog,
  id: auditLog.id,
  filters: { action: (action: string) => eq(auditLog.action, action) },
  sorts: { time: auditLog.occurredAt },
  defaultSort: { field: 'time', order: 'descend' },
  exactCountUpTo: 12,
});

const addRows = (count: number, action: string) =>
  database.db
    .insert(auditLog)
    .values(
      Array.from({ length: count }, () => ({ entityType: 'category', entityId: '1', action, changes: {} })),
    );

const fetchRows = (inPage: SQL, order: SQL[]) =>
  database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(inPage)
    .orderBy(...order);

const total = async (query: { pageNo: number; action?: string }) =>
  (await list.page(database.db, { pageSize: 5, ...query }, fetchRows)).totalCount;

beforeAll(async () => {
  server = await createTestServer();
  database = server.database;
  await database.db.delete(auditLog);
  await addRows(20, 'create');
  await addRows(3, 'update');
});
afterAll(() => {
  vi.useRealTimers();
  return server.close();
});

it('answers a long list at once with its bound, counts it in the background, and reuses that total for a while; a short one is exact on every page', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const first = await list.page(database.db, { pageSize: 5, pageNo: 1 }, fetchRows);
  expect(first).toMatchObject({ totalCount: 12, totalCapped: true, totalPage: 3 });
  await vi.waitFor(async () => expect(await total({ pageNo: 1 })).toBe(23));
  const counted = await list.page(database.db, { pageSize: 5, pageNo: 1 }, fetchRows);
  expect(counted.totalCapped).toBeUndefined();
  await addRows(2, 'create');
  await addRows(1, 'update');
  // Before: every page counted the whole table again.
  expect(await total({ pageNo: 1 })).toBe(23);
  expect(await total({ pageNo: 2 })).toBe(23);
  expect(await total({ pageNo: 1, action: 'update' })).toBe(4);

  // Once it is old, it is answered once more while it is taken again.
  vi.setSystemTime(Date.now() + COUNT_MAX_AGE_MS + 1);
  expect(await total({ pageNo: 1 })).toBe(23);
  await vi.waitFor(async () => expect(await total({ pageNo: 1 })).toBe(26));
});

it('shows the exact total on the last page and past the end, and the first page follows', async () => {
  await addRows(3, 'create');
  // 29 rows: the last page holds 4.
  expect(await total({ pageNo: 6 })).toBe(29);
  expect(await total({ pageNo: 1 })).toBe(29);
  await addRows(1, 'create');
  expect(await total({ pageNo: 9 })).toBe(30);
  expect(await total({ pageNo: 2 })).toBe(30);
});

it('reads a page of a long list whose total is known in one statement: its ids are paged inside it', async () => {
  await total({ pageNo: 1 });
  const query = vi.spyOn(database.pool, 'query');
  try {
    const page = await list.page(database.db, { pageNo: 2, pageSize: 5 }, fetchRows);
    expect(page.data).toHaveLength(5);
    // Before: one statement for the page's ids, another for their rows.
    expect(query).toHaveBeenCalledTimes(1);
  } finally {
    query.mockRestore();
  }
});
