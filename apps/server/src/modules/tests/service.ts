import {
  publishProblems,
  type ScoreReport,
  type ScoreRequest,
  type Scoring,
  scoreTest,
  TEST_DOCUMENT_FORMAT,
  type TestDetail,
  type TestDocument,
  type TestStatus,
  type testInputSchema,
} from '@cool/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/reply.ts';
import { appendQuestions, questionsOf, toQuestionContent } from '../questions/repository.ts';
import {
  categoryNames,
  deleteTest,
  existingCategoryIds,
  findTest,
  insertTest,
  listTests,
  lockTest,
  replaceCategories,
  streamTests,
  type TestFilters,
  testColumnsOf,
  touchTest,
} from './repository.ts';
import { testUsage } from './usage.ts';

type TestInput = z.output<typeof testInputSchema>;

const COPY_SUFFIX = { zh: '（副本）', en: ' (copy)' };

export const testPage = (db: Db, query: Parameters<typeof listTests>[1]) => listTests(db, query);

export const testsToExport = (db: Db, filters: TestFilters) => streamTests(db, filters);

export async function test(db: Executor, id: number): Promise<TestDetail> {
  const found = await findTest(db, id);
  if (!found) throw notFound('Test');
  return found;
}

/** Locks the test row for the rest of the transaction, so concurrent edits of its questions serialize. */
export async function lockedTest(tx: Executor, id: number) {
  const row = await lockTest(tx, id);
  if (!row) throw notFound('Test');
  return row;
}

/** Questions and scoring of a test on the shelf stay as published; take it off the shelf to change them. */
export function assertContentEditable(row: { status: TestStatus }) {
  if (row.status === 'on_shelf')
    throw conflict('Take the test off the shelf before changing its questions or scoring');
}

/** Files the test under exactly these categories; unknown ids are a 400 naming `categoryIds`. */
async function setCategories(tx: Executor, testId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await existingCategoryIds(tx, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length > 0) throw badRequest('categoryIds', `Unknown category ${missing.join(', ')}`);
  await replaceCategories(tx, testId, unique);
}

export async function createTest(db: Db, accountId: number, input: TestInput): Promise<TestDetail> {
  const { categoryIds, ...fields } = input;
  const id = await db.transaction(async (tx) => {
    const id = await insertTest(tx, fields, { accountId });
    await setCategories(tx, id, categoryIds);
    return id;
  });
  return test(db, id);
}

export async function updateTest(db: Db, accountId: number, id: number, input: TestInput) {
  const { categoryIds, ...fields } = input;
  await db.transaction(async (tx) => {
    await lockedTest(tx, id);
    await touchTest(tx, id, accountId, testColumnsOf(fields));
    await setCategories(tx, id, categoryIds);
  });
  return test(db, id);
}

export async function saveScoring(db: Db, accountId: number, id: number, scoring: Scoring) {
  await db.transaction(async (tx) => {
    assertContentEditable(await lockedTest(tx, id));
    await touchTest(tx, id, accountId, { scoring });
  });
  return test(db, id);
}

/** Refuses (409) to delete a test that has records or orders: take it off the shelf (archive) instead. */
export async function removeTest(db: Db, id: number) {
  await db.transaction(async (tx) => {
    await lockedTest(tx, id);
    const usage = await testUsage(tx, id);
    if (usage.records > 0 || usage.orders > 0) {
      throw conflict(
        `This test has ${usage.records} records and ${usage.orders} orders, so it cannot be deleted. Take it off the shelf to archive it instead.`,
      );
    }
    await deleteTest(tx, id);
  });
}

export async function publishCheck(db: Db, id: number) {
  const detail = await test(db, id);
  return { problems: publishProblems({ questions: await questionsOf(db, id), scoring: detail.scoring }) };
}

export async function publishTest(db: Db, accountId: number, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockedTest(tx, id);
    if (row.status === 'on_shelf') throw new HttpError(409, 'The test is already on the shelf');
    const problems = publishProblems({ questions: await questionsOf(tx, id), scoring: row.scoring });
    if (problems.length > 0)
      throw new HttpError(409, `The test cannot be published: ${problems.join('; ')}`, { problems });
    await touchTest(tx, id, accountId, {
      status: 'on_shelf',
      version: row.version + 1,
      publishedAt: new Date(),
    });
  });
  return test(db, id);
}

export async function unpublishTest(db: Db, accountId: number, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockedTest(tx, id);
    if (row.status !== 'on_shelf') throw new HttpError(409, 'The test is not on the shelf');
    await touchTest(tx, id, accountId, { status: 'off_shelf' });
  });
  return test(db, id);
}

/** A draft copy with the same questions, scoring and categories. */
export async function duplicateTest(db: Db, accountId: number, sourceId: number) {
  const source = await test(db, sourceId);
  const id = await db.transaction(async (tx) => {
    const title = {
      zh: source.title.zh && `${source.title.zh}${COPY_SUFFIX.zh}`.slice(0, 100),
      en: source.title.en && `${source.title.en}${COPY_SUFFIX.en}`.slice(0, 100),
    };
    const id = await insertTest(tx, { ...source, title }, { accountId, scoring: source.scoring });
    await setCategories(
      tx,
      id,
      source.categories.map((c) => c.id),
    );
    await appendQuestions(tx, id, (await questionsOf(tx, source.id)).map(toQuestionContent));
    return id;
  });
  return test(db, id);
}

/** Scores answers without saving them (a preview); a bad answer is a 400 naming it. */
export async function scoreAnswers(
  db: Db,
  id: number,
  answers: ScoreRequest['answers'],
): Promise<ScoreReport> {
  const detail = await test(db, id);
  const outcome = scoreTest({ questions: await questionsOf(db, id), scoring: detail.scoring }, answers);
  if (!outcome.ok) {
    const errors = outcome.errors.map((e) => ({
      field: e.question > 0 ? `answers.${e.question - 1}` : 'answers',
      message: e.message,
    }));
    throw new HttpError(400, outcome.errors.map((e) => e.message).join('; '), { errors });
  }
  return outcome.report;
}

/** The whole test as one portable JSON document. */
export async function testDocument(db: Db, id: number): Promise<TestDocument> {
  const detail = await test(db, id);
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

export async function importTest(db: Db, accountId: number, document: TestDocument) {
  const result = await db.transaction((tx) => importDocument(tx, document, { accountId }));
  return { test: await test(db, result.id), skippedCategories: result.skippedCategories };
}

/** Creates a test from a document (an import, or seeding a built-in scale); categories are matched by either name, the rest reported as skipped. */
export async function importDocument(
  tx: Executor,
  document: TestDocument,
  options: { accountId: number | null; status?: TestStatus; builtinKey?: string; categoryNames?: string[] },
): Promise<{ id: number; skippedCategories: string[] }> {
  const wanted = [
    ...document.test.categories.map((c) => ({ zh: c.nameZh, en: c.nameEn })),
    ...(options.categoryNames ?? []).map((en) => ({ zh: '', en })),
  ];
  const all = await categoryNames(tx);
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
