import type { Page } from '@cool/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Runs a page query and its count; pages past the end come back empty with the real totals. */
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

/** Escapes LIKE wildcards so a search for `50%` finds the text `50%`. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Where = SQL | undefined;
