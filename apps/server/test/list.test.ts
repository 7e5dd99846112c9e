import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { defineList, type FetchBatch } from '../src/db/list.ts';
import { auditLog } from '../src/db/schema.ts';
import { SYSTEM_ACTOR, withTx } from '../src/db/tx.ts';
import { auditListSpec, fetchAuditRows } from './audit-list.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let database: Database;

const list = defineList(auditListSpec);

const ROWS = 23;

beforeAll(async () => {
  server = await createTestServer();
  database = server.database;
  await database.db.delete(auditLog);
  // Three rows share each timestamp, so the id must break ties.
  await database.db.insert(auditLog).values(
    Array.from({ length: ROWS }, (_, i) => ({
      occurredAt: sql`timestamp '2026-01-01 00:00:00.123456+00' + ${Math.floor(i / 3)} * interval '1 microsecond'`,
      entityType: 'category',
      entityId: String(i),
      action: i % 2 ? 'update' : 'create',
      changes: {},
    })),
  );
});
afterAll(() => server.close());

const fetchRows: ReturnType<typeof fetchAuditRows> = (inPage, order) =>
  fetchAuditRows(database.db)(inPage, order);

const streamRows: FetchBatch<{ id: number; entityId: string | null; cursor: string }> = ({
  where,
  order,
  limit,
  cursor,
}) =>
  database.db
    .select({ id: auditLog.id, entityId: auditLog.entityId, cursor })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(limit);

const ids = (rows: { entityId: string | null }[]) => rows.map((r) => Number(r.entityId));

describe('list helper', () => {
  it('pages a filtered, sorted list with its totals, past the end too', async () => {
    const page = await list.page(
      database.db,
      { pageNo: 2, pageSize: 4, action: 'create', sortField: 'entityId', sortOrder: 'ascend' },
      fetchRows,
    );
    expect(page).toMatchObject({ pageNo: 2, pageSize: 4, totalCount: 12, totalPage: 3 });
    expect(ids(page.data)).toEqual([8, 10, 12, 14]);
    const last = await list.page(database.db, { pageNo: 3, pageSize: 5 }, fetchRows);
    expect(last).toMatchObject({ totalCount: ROWS, totalPage: 5 });
    const past = await list.page(database.db, { pageNo: 9, pageSize: 5 }, fetchRows);
    expect(past).toMatchObject({ totalCount: ROWS, data: [] });
  });

  it('ignores empty filter values', async () => {
    expect(
      (await list.page(database.db, { pageNo: 1, pageSize: 100, action: '' }, fetchRows)).totalCount,
    ).toBe(ROWS);
  });

  it('continues from a cursor with the same rows as skipping, and ignores a cursor not meant for the page', async () => {
    const query = {
      pageSize: 4,
      action: 'update',
      sortField: 'entityId' as const,
      sortOrder: 'descend' as const,
    };
    const first = await list.page(database.db, { ...query, pageNo: 1 }, fetchRows);
    expect(first.nextCursor).toBeTruthy();
    const bySkipping = await list.page(database.db, { ...query, pageNo: 2 }, fetchRows);
    const byCursor = await list.page(
      database.db,
      { ...query, pageNo: 2, cursor: first.nextCursor },
      fetchRows,
    );
    expect(ids(byCursor.data)).toEqual([13, 11, 9, 7]);
    expect(byCursor).toEqual(bySkipping);
    for (const cursor of [first.nextCursor, 'not-a-cursor']) {
      const other = await list.page(database.db, { ...query, pageNo: 3, cursor }, fetchRows);
      expect(ids(other.data)).toEqual([5, 3, 1]);
      expect(other.nextCursor).toBeUndefined();
    }
    const otherFilter = await list.page(
      database.db,
      { ...query, action: 'create', pageNo: 2, cursor: first.nextCursor },
      fetchRows,
    );
    expect(ids(otherFilter.data)).toEqual([14, 12, 10, 8]);
  });

  it('streams the same order as the pages, in keyset batches, without repeats across equal keys', async () => {
    const query = { sortField: 'time' as const, sortOrder: 'descend' as const };
    const streamed: number[] = [];
    for await (const batch of list.stream(query, streamRows, 4)) streamed.push(...ids(batch));
    const paged = await list.page(database.db, { ...query, pageNo: 1, pageSize: 100 }, fetchRows);
    expect(streamed).toEqual(ids(paged.data));
    expect(new Set(streamed).size).toBe(ROWS);
    // Newest microsecond first, and the id breaks the tie within it.
    expect(streamed.slice(0, 3)).toEqual([22, 21, 20]);
  });
  it('skips rows as usual when the row a cursor continues after was deleted', async () => {
    const query = { pageSize: 3, action: 'create', sortField: 'entityId' as const };
    const first = await list.page(database.db, { ...query, pageNo: 1 }, fetchRows);
    await database.db.delete(auditLog).where(eq(auditLog.entityId, '4'));
    const second = await list.page(database.db, { ...query, pageNo: 2, cursor: first.nextCursor }, fetchRows);
    expect(ids(second.data)).toEqual([8, 10, 12]);
  });
});

describe('withTx', () => {
  const ctx = () => ({ db: database.db, actor: SYSTEM_ACTOR });

  it('refuses to commit a change that recorded no audit entry', async () => {
    await expect(
      withTx(ctx(), async ({ tx }) => {
        await tx.insert(auditLog).values({ entityType: 'role', action: 'create', changes: {} });
      }),
    ).rejects.toThrow(/without an audit entry/);
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.entityType, 'role'));
    expect(row).toBeUndefined();
  });

  it('rolls the audit entry back with a change that fails', async () => {
    const before = await database.db.$count(auditLog);
    await expect(
      withTx(ctx(), async ({ audit }) => {
        await audit({ entityType: 'role', entityId: 'x', action: 'delete', before: { name: 'x' } });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await database.db.$count(auditLog)).toBe(before);
  });
});
