import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { COUNT_MAX_AGE_MS, defineList } from '../src/db/list.ts';
import * as schema from '../src/db/schema.ts';
import { auditLog } from '../src/db/schema.ts';
import { auditListSpec, fetchAuditRows } from './audit-list.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let database: Database;

// Lists over 12 rows are long here and keep every 5th row's key, as lists over 10,000 rows keep every 1,000th.
const EVERY = 5;
const spec = { ...auditListSpec, exactCountUpTo: 12, anchorEvery: EVERY, skipUpTo: 0 };

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

interface Query {
  pageNo: number;
  pageSize: number;
  action?: string;
  sortField?: 'time' | 'entityId';
  sortOrder?: 'ascend' | 'descend';
}
type Read = (query: Query) => Promise<{ totalCount: number; data: { entityId: string | null }[] }>;

/**
 * The two ways a list reads its pages, each on a database handle of its own: totals and kept rows are
 * remembered per handle, so neither finds those the other took.
 */
const readers: [string, () => Read][] = [
  [
    'read by a callback',
    () => {
      const db = drizzle(database.pool, { schema });
      const list = defineList(spec);
      return (query) => list.page(db, query, fetchAuditRows(db));
    },
  ],
  [
    'read by a prepared select',
    () => {
      const db = drizzle(database.pool, { schema });
      const pages = defineList(spec).pages((db, inPage, order) => fetchAuditRows(db)(inPage, order));
      return (query) => pages(db, query);
    },
  ],
];

const entityIds = (rows: { entityId: string | null }[]) => rows.map((r) => Number(r.entityId));

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

describe.each(readers)('pages by number of a long list, %s', (_, reader) => {
  let read: Read;
  beforeAll(() => {
    read = reader();
  });
  const pageOf = async (query: Omit<Query, 'pageNo'>, pageNo: number) =>
    entityIds((await read({ ...query, pageNo })).data);
  /** The page as skipping `(pageNo - 1) * pageSize` rows finds it now. */
  const byOffset = async (query: Omit<Query, 'pageNo'>, pageNo: number) => {
    const all = await read({ ...query, pageNo: 1, pageSize: 10_000 });
    const start = (pageNo - 1) * query.pageSize;
    return entityIds(all.data.slice(start, start + query.pageSize));
  };

  it('are the rows skipping would find, with filters, in every sort and both orders, past the end too', async () => {
    for (const query of queries) {
      const pages = Math.ceil((await read({ ...query, pageNo: 1 })).totalCount / query.pageSize);
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

describe('a list read by a prepared select', () => {
  it('runs one named statement per shape, whatever the page number, size and the kept row it starts from', async () => {
    const pages = defineList(spec).pages((db, inPage, order) => fetchAuditRows(db)(inPage, order));
    const statements = vi.spyOn(database.pool, 'query');
    const namesOf = async (...queries: Query[]) => {
      statements.mockClear();
      for (const query of queries) await pages(database.db, query);
      return new Set(
        statements.mock.calls
          .map(([config]) => config as unknown as { name?: string; text: string })
          .filter((config) => config.text.includes('row_number') === false && config.text.includes(' in ('))
          .map((config) => config.name),
      );
    };
    try {
      const top = await namesOf(
        { pageNo: 1, pageSize: 3 },
        { pageNo: 2, pageSize: 3 },
        { pageNo: 1, pageSize: 4 },
      );
      expect([...top]).toEqual([expect.stringMatching(/^list_/)]);
      const anchored = await namesOf({ pageNo: 19, pageSize: 3 }, { pageNo: 12, pageSize: 4 });
      expect(anchored.size).toBe(1);
      expect(anchored).not.toEqual(top);
    } finally {
      statements.mockRestore();
    }
  });
});
