import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { COUNT_MAX_AGE_MS, defineList } from '../src/db/list.ts';
import { auditLog } from '../src/db/schema.ts';
import { auditListSpec, fetchAuditRows } from './audit-list.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let database: Database;

// Lists over 12 rows are long here and keep every 5th row's key, as lists over 10,000 rows keep every 1,000th.
const EVERY = 5;
const list = defineList({ ...auditListSpec, exactCountUpTo: 12, anchorEvery: EVERY });

let added = 0;
/** Rows with ties on the time (three share each microsecond), entity ids in insertion order. */
const addRows = (count: number) => {
  const first = added;
  added += count;
  return database.db.insert(auditLog).values(
    Array.from({ length: count }, (_, i) => ({
      occurredAt: sql`timestamp '2026-01-01 00:00:00.123456+00' + ${Math.floor((first + i) / 3)} * interval '1 microsecond'`,
      entityType: 'category',
      entityId: String(first + i),
      action: (first + i) % 3 ? 'update' : 'create',
      changes: {},
    })),
  );
};

const fetchRows: ReturnType<typeof fetchAuditRows> = (inPage, order) =>
  fetchAuditRows(database.db)(inPage, order);

type Query = Parameters<typeof list.page>[1];
const entityIds = (rows: { entityId: string | null }[]) => rows.map((r) => Number(r.entityId));
const pageOf = async (query: Omit<Query, 'pageNo'>, pageNo: number) =>
  entityIds((await list.page(database.db, { ...query, pageNo }, fetchRows)).data);
/** The page as skipping `(pageNo - 1) * pageSize` rows finds it now. */
const byOffset = async (query: Omit<Query, 'pageNo'>, pageNo: number) => {
  const all = await list.page(database.db, { ...query, pageNo: 1, pageSize: 10_000 }, fetchRows);
  const start = (pageNo - 1) * query.pageSize;
  return entityIds(all.data.slice(start, start + query.pageSize));
};

const queries: Omit<Query, 'pageNo'>[] = [
  { pageSize: 3 },
  { pageSize: 4, action: 'update' },
  { pageSize: 3, sortField: 'entityId', sortOrder: 'ascend' },
  { pageSize: 7, action: 'create', sortField: 'entityId', sortOrder: 'descend' },
  { pageSize: 2, sortField: 'time', sortOrder: 'ascend' },
];

beforeAll(async () => {
  server = await createTestServer();
  database = server.database;
  await database.db.delete(auditLog);
  await addRows(61);
});
afterAll(() => {
  vi.useRealTimers();
  return server.close();
});

describe('pages by number of a long list', () => {
  it('are the rows skipping would find, with filters, in every sort and both orders, past the end too', async () => {
    for (const query of queries) {
      const pages = Math.ceil(
        (await list.page(database.db, { ...query, pageNo: 1 }, fetchRows)).totalCount / query.pageSize,
      );
      for (let pageNo = 1; pageNo <= pages + 1; pageNo++)
        expect(await pageOf(query, pageNo), JSON.stringify({ ...query, pageNo })).toEqual(
          await byOffset(query, pageNo),
        );
    }
  });

  it('start from the nearest kept row: the statement skips fewer rows than lie between two of them', async () => {
    await pageOf({ pageSize: 3 }, 19);
    const statements = vi.spyOn(database.pool, 'query');
    try {
      expect(await pageOf({ pageSize: 3 }, 19)).toEqual(await byOffset({ pageSize: 3 }, 19));
      const [config, values] = statements.mock.calls[0] as unknown as [{ text: string }, unknown[]];
      const skipped = Number(values[Number(/offset \$(\d+)/.exec(config.text)?.[1]) - 1]);
      // Before: page 19 skipped its 54 rows.
      expect(skipped).toBeLessThan(EVERY);
    } finally {
      statements.mockRestore();
    }
  });

  it('shift by the rows added since the kept rows were taken, until they are taken again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const query = { pageSize: 3 };
    const before = await pageOf(query, 15);
    await addRows(4);
    // Newest first: the four new rows come before every kept row, so page 15 still shows what it showed.
    expect(await pageOf(query, 15)).toEqual(before);
    expect(await byOffset(query, 15)).not.toEqual(before);
    // Pages before the first kept row are always exact.
    expect(await pageOf(query, 1)).toEqual(await byOffset(query, 1));

    vi.setSystemTime(Date.now() + COUNT_MAX_AGE_MS + 1);
    await pageOf(query, 15);
    await vi.waitFor(async () => expect(await pageOf(query, 15)).toEqual(await byOffset(query, 15)));
    vi.useRealTimers();
  });
});
