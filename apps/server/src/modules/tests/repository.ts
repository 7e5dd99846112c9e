import {
  emptyScoring,
  type LocalizedText,
  type Scoring,
  type Test,
  type TestDetail,
  type TestStatus,
  type testExportQuerySchema,
  type testListQuerySchema,
} from '@cool/shared';
import { and, count, eq, exists, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import {
  accounts,
  categories,
  orders,
  questions,
  records,
  testCategories,
  testStats,
  tests,
  testVersions,
} from '../../db/schema.ts';

export type TestRow = typeof tests.$inferSelect;
export type TestVersionRow = typeof testVersions.$inferSelect;

const creator = alias(accounts, 'creator');
const updater = alias(accounts, 'updater');

/** Derived counts and names, computed in SQL with the page (no per-row round trips). */
export const questionCountSql = sql<number>`(select count(*)::int from ${questions} where ${questions.testId} = ${outerColumn(tests.id)})`;
/** Distinct participants with a record of the test (kept by each start, `test_stats`), over `tests.id`. */
export const participantCountSql = sql<number>`coalesce((select ${testStats.participants} from ${testStats} where ${testStats.testId} = ${outerColumn(tests.id)}), 0)`;
export const categoriesSql = sql<{ id: number; nameZh: string; nameEn: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'nameZh', c.name_zh, 'nameEn', c.name_en) order by c.sort_order, c.id)
  from ${testCategories} tc join ${categories} c on c.id = tc.category_id
  where tc.test_id = ${outerColumn(tests.id)}), '[]'::json)`;

/** Tests with what their list shows; `extra` columns come along (an export batch's cursor). */
export const selectTests = <E extends Record<string, SQL | SQL.Aliased>>(db: Executor, extra?: E) =>
  db
    .select({
      ...(extra as E),
      test: tests,
      questionCount: questionCountSql,
      participantCount: participantCountSql,
      categories: categoriesSql,
      createdByName: creator.name,
      updatedByName: updater.name,
    })
    .from(tests)
    .leftJoin(creator, eq(creator.id, tests.createdBy))
    .leftJoin(updater, eq(updater.id, tests.updatedBy));

type SelectedTest = Awaited<ReturnType<ReturnType<typeof selectTests>['execute']>>[number];

export const pair = (zh: string, en: string): LocalizedText => ({ zh, en });

export const toTest = (row: SelectedTest): Test => {
  const t = row.test;
  return {
    id: t.id,
    title: pair(t.titleZh, t.titleEn),
    subtitle: pair(t.subtitleZh, t.subtitleEn),
    coverUrl: t.coverUrl,
    introduction: pair(t.introductionZh, t.introductionEn),
    instructions: pair(t.instructionsZh, t.instructionsEn),
    categories: row.categories,
    priceFen: t.priceFen,
    minutes: t.minutes,
    status: t.status,
    sortOrder: t.sortOrder,
    questionCount: Number(row.questionCount),
    participantCount: Number(row.participantCount),
    version: t.version,
    builtinKey: t.builtinKey,
    createdBy: row.createdByName,
    updatedBy: row.updatedByName,
    createTime: t.createdAt.toISOString(),
    updateTime: t.updatedAt.toISOString(),
    publishTime: t.publishedAt?.toISOString() ?? null,
  };
};

export async function findTest(db: Executor, id: number): Promise<TestDetail | undefined> {
  const [row] = await selectTests(db).where(eq(tests.id, id)).limit(1);
  return row && { ...toTest(row), scoring: row.test.scoring };
}

/** How many tests on the shelf have a price. */
export async function countPricedOnShelf(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(tests)
    .where(and(eq(tests.status, 'on_shelf'), gt(tests.priceFen, 0)));
  return row?.count ?? 0;
}

export async function testExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Locks the test row for the rest of the transaction, so concurrent edits of its questions serialize. A
 * `share` lock lets other share-lockers (starts) run side by side while a change waits for them.
 */
export async function lockTest(
  tx: Executor,
  id: number,
  strength: 'update' | 'share' = 'update',
): Promise<TestRow | undefined> {
  const [row] = await tx.select().from(tests).where(eq(tests.id, id)).for(strength).limit(1);
  return row;
}

/** How much a test has been used: its records and orders. Deleting a used test is refused (`deleteTest`). */
export async function testUsage(db: Executor, testId: number): Promise<{ records: number; orders: number }> {
  const [row] = await db.select({ n: count() }).from(records).where(eq(records.testId, testId));
  const [paid] = await db.select({ n: count() }).from(orders).where(eq(orders.testId, testId));
  return { records: row?.n ?? 0, orders: paid?.n ?? 0 };
}

export interface TestFields {
  title: LocalizedText;
  subtitle: LocalizedText;
  coverUrl: string | null;
  introduction: LocalizedText;
  instructions: LocalizedText;
  priceFen: number;
  minutes: number;
  sortOrder: number;
}

export const testColumnsOf = (f: TestFields) => ({
  titleZh: f.title.zh,
  titleEn: f.title.en,
  subtitleZh: f.subtitle.zh,
  subtitleEn: f.subtitle.en,
  coverUrl: f.coverUrl,
  introductionZh: f.introduction.zh,
  introductionEn: f.introduction.en,
  instructionsZh: f.instructions.zh,
  instructionsEn: f.instructions.en,
  priceFen: f.priceFen,
  minutes: f.minutes,
  sortOrder: f.sortOrder,
});

export async function insertTest(
  tx: Executor,
  fields: TestFields,
  extra: {
    accountId: number | null;
    scoring?: Scoring;
    status?: TestStatus;
    version?: number;
    builtinKey?: string;
  },
): Promise<TestRow> {
  const [row] = await tx
    .insert(tests)
    .values({
      ...testColumnsOf(fields),
      scoring: extra.scoring ?? emptyScoring(),
      status: extra.status ?? 'draft',
      version: extra.version ?? 0,
      builtinKey: extra.builtinKey ?? null,
      publishedAt: extra.status === 'on_shelf' ? new Date() : null,
      createdBy: extra.accountId,
      updatedBy: extra.accountId,
    })
    .returning();
  return row!;
}

/** Changes a test's columns, stamping who changed it and when; returns the changed row. */
export async function touchTest(
  tx: Executor,
  id: number,
  accountId: number | null,
  set: Partial<typeof tests.$inferInsert> = {},
): Promise<TestRow> {
  const [row] = await tx
    .update(tests)
    .set({ ...set, updatedBy: accountId, updatedAt: new Date() })
    .where(eq(tests.id, id))
    .returning();
  return row!;
}

export async function deleteTest(tx: Executor, id: number) {
  await tx.delete(tests).where(eq(tests.id, id));
}

// ---- Published versions (versions.ts): stored once, never changed --------------------------------------

/** Stores a version of a test; an existing row of that test and version is kept as it is. */
export async function insertVersion(tx: Executor, values: typeof testVersions.$inferInsert) {
  await tx.insert(testVersions).values(values).onConflictDoNothing();
}

/** A test's version by its number. */
export async function findVersion(db: Executor, testId: number, version: number) {
  const [found] = await db
    .select()
    .from(testVersions)
    .where(and(eq(testVersions.testId, testId), eq(testVersions.version, version)))
    .limit(1);
  return found;
}

/** A version by id, read from the database (`findVersionById` in versions.ts keeps what it read). */
export async function readVersion(db: Executor, id: number): Promise<TestVersionRow | undefined> {
  const [found] = await db.select().from(testVersions).where(eq(testVersions.id, id)).limit(1);
  return found;
}

/** The test's status and its current version's row (null while that version is not stored yet). */
export async function currentVersionOf(db: Executor, testId: number) {
  const [row] = await db
    .select({ status: tests.status, version: testVersions })
    .from(tests)
    .leftJoin(testVersions, and(eq(testVersions.testId, tests.id), eq(testVersions.version, tests.version)))
    .where(eq(tests.id, testId));
  return row;
}

export async function categoryNames(db: Executor) {
  return db
    .select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn })
    .from(categories);
}

export async function categoryIdsOf(db: Executor, testId: number): Promise<number[]> {
  const rows = await db
    .select({ id: testCategories.categoryId })
    .from(testCategories)
    .where(eq(testCategories.testId, testId))
    .orderBy(testCategories.categoryId);
  return rows.map((r) => r.id);
}

/** Which of these category ids exist. */
export async function existingCategoryIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Files the test under exactly these (existing) categories. */
export async function replaceCategories(tx: Executor, testId: number, ids: readonly number[]) {
  await tx.delete(testCategories).where(eq(testCategories.testId, testId));
  if (ids.length > 0)
    await tx.insert(testCategories).values(ids.map((categoryId) => ({ testId, categoryId })));
}

const testList = defineList({
  table: tests,
  id: tests.id,
  filters: {
    /** Matches the title in either language. */
    title: (title: string) =>
      or(ilike(tests.titleZh, containsPattern(title)), ilike(tests.titleEn, containsPattern(title))),
    categoryId: (categoryId: number) =>
      exists(
        sql`(select 1 from ${testCategories} where ${testCategories.testId} = ${tests.id} and ${testCategories.categoryId} = ${categoryId})`,
      ),
    status: (status: TestStatus) => eq(tests.status, status),
    pricing: (pricing: 'free' | 'paid') =>
      pricing === 'free' ? eq(tests.priceFen, 0) : gt(tests.priceFen, 0),
  },
  sorts: {
    sortOrder: tests.sortOrder,
    createTime: tests.createdAt,
    updateTime: tests.updatedAt,
    priceFen: tests.priceFen,
    minutes: tests.minutes,
    titleZh: tests.titleZh,
    titleEn: sql`lower(${tests.titleEn})`,
    questionCount: questionCountSql,
    version: tests.version,
  },
  defaultSort: { field: 'sortOrder', order: 'ascend' },
});

export type TestFilters = z.output<typeof testExportQuerySchema>;

const fetchTests = (db: Executor) => async (inPage: SQL, order: SQL[]) =>
  (
    await selectTests(db)
      .where(inPage)
      .orderBy(...order)
  ).map(toTest);

export const listTests = (db: Executor, query: z.output<typeof testListQuerySchema>) =>
  testList.page(db, query, fetchTests(db));

/** Every test the filters match, in list order, read in batches. */
export const streamTests = (db: Executor, filters: TestFilters) =>
  testList.stream(filters, async ({ where, order, limit, cursor }) =>
    (
      await selectTests(db, { cursor })
        .where(where)
        .orderBy(...order)
        .limit(limit)
    ).map((row) => ({ ...toTest(row), cursor: row.cursor })),
  );
