import type { Page } from '@cool/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/**
 * @deprecated Use `defineList` (db/list.ts): it pages with a deferred join and counts only when it must.
 * This file goes when the last module moves to it.
 */
export async function paged<T>(
  db: Db,
  query: { pageNo: number; pageSize: number },
  count: (db: Db) => Promise<number>,
  rows: (db: Db, limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const totalCount = await count(db);
  const data = totalCount === 0 ? [] : await rows(db, query.pageSize, (query.pageNo - 1) * query.pageSize);
  return {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount,
    totalPage: Math.ceil(totalCount / query.pageSize),
    data,
  };
}

export const countAll = sql<number>`count(*)::int`;

export { containsPattern } from '../db/list.ts';

export type Where = SQL | undefined;
