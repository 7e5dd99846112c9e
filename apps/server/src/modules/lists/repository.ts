import type { TestProgress, TestProgressSummary, TestStatus, testProgressQuerySchema } from '@cool/shared';
import { count, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import { accounts, records, tests } from '../../db/schema.ts';
import { categoriesSql, pair } from '../tests/repository.ts';

/** A test's records, started and submitted, counted for the page's rows only (index `records_test_idx`). */
const recordCountsSql = sql<{ all: number; submitted: number }>`(
  select json_build_object('all', count(*), 'submitted', count(*) filter (where r.status = 'submitted'))
  from ${records} r where r.test_id = ${outerColumn(tests.id)})`;

const progressList = defineList({
  table: tests,
  id: tests.id,
  filters: {
    keyword: (keyword: string) => {
      const pattern = containsPattern(keyword);
      return or(
        ilike(tests.titleZh, pattern),
        ilike(tests.titleEn, pattern),
        ilike(tests.subtitleZh, pattern),
        ilike(tests.subtitleEn, pattern),
      );
    },
    status: (status: TestStatus) => eq(tests.status, status),
  },
  // The tests screen's order: what staff arranged for the shelf.
  sorts: { sortOrder: tests.sortOrder },
  defaultSort: { field: 'sortOrder', order: 'ascend' },
});

export const listTestProgress = (db: Executor, query: z.output<typeof testProgressQuerySchema>) =>
  progressList.page(db, query, async (inPage: SQL, order: SQL[]): Promise<TestProgress[]> => {
    const rows = await db
      .select({
        test: tests,
        categories: categoriesSql,
        owner: accounts.name,
        counts: recordCountsSql,
      })
      .from(tests)
      .leftJoin(accounts, eq(accounts.id, tests.updatedBy))
      .where(inPage)
      .orderBy(...order);
    return rows.map(({ test: t, categories, owner, counts }) => ({
      id: t.id,
      title: pair(t.titleZh, t.titleEn),
      subtitle: pair(t.subtitleZh, t.subtitleEn),
      coverUrl: t.coverUrl,
      categories,
      status: t.status,
      priceFen: t.priceFen,
      owner,
      updateTime: t.updatedAt.toISOString(),
      publishTime: t.publishedAt?.toISOString() ?? null,
      recordCount: Number(counts.all),
      submittedCount: Number(counts.submitted),
    }));
  });

export async function testProgressSummary(db: Executor, weekFrom: Date): Promise<TestProgressSummary> {
  const [published] = await db.select({ n: count() }).from(tests).where(eq(tests.status, 'on_shelf'));
  // Index `records_status_idx` counts the submitted ones; `records_started_idx` the week's.
  const [all] = await db.select({ n: count() }).from(records);
  const [submitted] = await db.select({ n: count() }).from(records).where(eq(records.status, 'submitted'));
  const [week] = await db.select({ n: count() }).from(records).where(gte(records.startedAt, weekFrom));
  return {
    publishedCount: published?.n ?? 0,
    recordsThisWeek: week?.n ?? 0,
    recordCount: all?.n ?? 0,
    submittedCount: submitted?.n ?? 0,
  };
}
