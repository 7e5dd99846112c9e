import {
  emptyScoring,
  type LocalizedText,
  type Question,
  type QuestionContent,
  type Scoring,
  TEST_DOCUMENT_FORMAT,
  type Test,
  type TestDetail,
  type TestDocument,
  type TestStatus,
} from '@cool/shared';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { accounts, categories, questions, testCategories, tests } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/reply.ts';
import { participantCountSql, testUsage } from './usage.ts';

type TestRow = typeof tests.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

const creator = alias(accounts, 'creator');
const updater = alias(accounts, 'updater');

/** Derived counts and names, computed in SQL with the page (no per-row round trips). */
export const questionCountSql = sql<number>`(select count(*)::int from ${questions} where ${questions.testId} = ${tests.id})`;
const categoriesSql = sql<{ id: number; nameZh: string; nameEn: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'nameZh', c.name_zh, 'nameEn', c.name_en) order by c.sort_order, c.id)
  from ${testCategories} tc join ${categories} c on c.id = tc.category_id
  where tc.test_id = ${tests.id}), '[]'::json)`;

export const selectTests = (db: Executor) =>
  db
    .select({
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

const pair = (zh: string, en: string): LocalizedText => ({ zh, en });

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

export async function findTest(db: Executor, id: number): Promise<TestDetail> {
  const [row] = await selectTests(db).where(eq(tests.id, id)).limit(1);
  if (!row) throw notFound('Test');
  return { ...toTest(row), scoring: row.test.scoring };
}

/** Locks the test row for the rest of the transaction, so concurrent edits of its questions serialize. */
export async function lockTest(tx: Executor, id: number): Promise<TestRow> {
  const [row] = await tx.select().from(tests).where(eq(tests.id, id)).for('update').limit(1);
  if (!row) throw notFound('Test');
  return row;
}

/** Questions and scoring of a test on the shelf stay as published; take it off the shelf to change them. */
export function assertContentEditable(row: Pick<TestRow, 'status'>) {
  if (row.status === 'on_shelf')
    throw conflict('Take the test off the shelf before changing its questions or scoring');
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
): Promise<number> {
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
    .returning({ id: tests.id });
  return row!.id;
}

/** Files the test under exactly these categories; unknown ids are a 400 naming `categoryIds`. */
export async function setCategories(tx: Executor, testId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, unique));
    const missing = unique.filter((id) => !found.some((c) => c.id === id));
    if (missing.length > 0) throw badRequest('categoryIds', `Unknown category ${missing.join(', ')}`);
  }
  await tx.delete(testCategories).where(eq(testCategories.testId, testId));
  if (unique.length > 0)
    await tx.insert(testCategories).values(unique.map((categoryId) => ({ testId, categoryId })));
}

export const questionColumnsOf = (q: QuestionContent) => ({
  stemZh: q.stem.zh,
  stemEn: q.stem.en,
  imageUrl: q.imageUrl,
  type: q.type,
  required: q.required,
  options: q.options,
});

export const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  testId: row.testId,
  position: row.position,
  stem: pair(row.stemZh, row.stemEn),
  imageUrl: row.imageUrl,
  type: row.type,
  required: row.required,
  options: row.options,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

export const toQuestionContent = (row: QuestionRow): QuestionContent => ({
  stem: pair(row.stemZh, row.stemEn),
  imageUrl: row.imageUrl,
  type: row.type,
  required: row.required,
  options: row.options,
});

export async function questionsOf(db: Executor, testId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.testId, testId))
    .orderBy(asc(questions.position), asc(questions.id));
}

/** Appends questions after the test's last one; returns their ids. */
export async function appendQuestions(tx: Executor, testId: number, list: readonly QuestionContent[]) {
  if (list.length === 0) return [];
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${questions.position}), 0)::int` })
    .from(questions)
    .where(eq(questions.testId, testId));
  const start = Number(last?.max ?? 0);
  const rows = await tx
    .insert(questions)
    .values(list.map((q, i) => ({ testId, position: start + i + 1, ...questionColumnsOf(q) })))
    .returning({ id: questions.id });
  return rows.map((r) => r.id);
}

/** Renumbers a test's questions 1..n in their current order. */
export async function compactPositions(tx: Executor, testId: number) {
  await tx.execute(sql`
    update ${questions} set position = r.rn
    from (select id, row_number() over (order by position, id)::int as rn from ${questions} where test_id = ${testId}) r
    where ${questions.id} = r.id and ${questions.position} <> r.rn`);
}

export async function touchTest(
  tx: Executor,
  id: number,
  accountId: number,
  set: Partial<typeof tests.$inferInsert> = {},
) {
  await tx
    .update(tests)
    .set({ ...set, updatedBy: accountId, updatedAt: new Date() })
    .where(eq(tests.id, id));
}

/** The whole test as one portable JSON document. */
export async function testDocument(db: Executor, id: number): Promise<TestDocument> {
  const detail = await findTest(db, id);
  const rows = await questionsOf(db, id);
  return {
    format: TEST_DOCUMENT_FORMAT,
    formatVersion: 1,
    test: {
      title: detail.title,
      subtitle: detail.subtitle,
      coverUrl: detail.coverUrl,
      introduction: detail.introduction,
      instructions: detail.instructions,
      priceFen: detail.priceFen,
      minutes: detail.minutes,
      sortOrder: detail.sortOrder,
      categories: detail.categories.map((c) => ({ nameZh: c.nameZh, nameEn: c.nameEn })),
    },
    questions: rows.map(toQuestionContent),
    scoring: detail.scoring,
  };
}

/** Creates a test from a document; categories are matched by either name, the rest reported as skipped. */
export async function importDocument(
  tx: Executor,
  document: TestDocument,
  options: { accountId: number | null; status?: TestStatus; builtinKey?: string; categoryNames?: string[] },
): Promise<{ id: number; skippedCategories: string[] }> {
  const wanted = [
    ...document.test.categories.map((c) => ({ zh: c.nameZh, en: c.nameEn })),
    ...(options.categoryNames ?? []).map((en) => ({ zh: '', en })),
  ];
  const all = await tx
    .select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn })
    .from(categories);
  const ids: number[] = [];
  const skipped: string[] = [];
  for (const want of wanted) {
    const match = all.find(
      (c) =>
        (want.zh && c.nameZh === want.zh) || (want.en && c.nameEn.toLowerCase() === want.en.toLowerCase()),
    );
    if (match) ids.push(match.id);
    else skipped.push(want.en || want.zh);
  }
  const published = options.status === 'on_shelf';
  const id = await insertTest(tx, document.test, {
    accountId: options.accountId,
    scoring: document.scoring,
    status: options.status ?? 'draft',
    version: published ? 1 : 0,
    ...(options.builtinKey && { builtinKey: options.builtinKey }),
  });
  await setCategories(tx, id, ids);
  await appendQuestions(tx, id, document.questions);
  return { id, skippedCategories: skipped };
}

export const whereTest = (id: number): SQL => eq(tests.id, id);

/** Refuses (409) to delete a test that has records or orders: take it off the shelf (archive) instead. */
export async function assertTestDeletable(db: Executor, testId: number): Promise<void> {
  const usage = await testUsage(db, testId);
  if (usage.records > 0 || usage.orders > 0) {
    throw conflict(
      `This test has ${usage.records} records and ${usage.orders} orders, so it cannot be deleted. Take it off the shelf to archive it instead.`,
    );
  }
}
