import {
  type AnswerError,
  publishProblems,
  type ScoreReport,
  type ScoreRequest,
  type Scoring,
  type ShelfPayment,
  scoreTest,
  TEST_DOCUMENT_FORMAT,
  type TestDetail,
  type TestDocument,
  type TestStatus,
  type testInputSchema,
  type testListQuerySchema,
} from '@cool/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { CsvCell } from '../../http/csv.ts';
import { badRequest, cannotPublish, conflict, httpError, notFound } from '../../http/reply.ts';
import { appendQuestions, questionsOf, toQuestionContent } from '../questions/repository.ts';
import { wechatPayReady } from '../settings/wechatPay.ts';
import * as repo from './repository.ts';
import { writeVersion } from './versions.ts';

type TestInput = z.output<typeof testInputSchema>;

const COPY_SUFFIX = { zh: '（副本）', en: ' (copy)' };

export const listTests = (ctx: ServiceContext, query: z.output<typeof testListQuerySchema>) =>
  repo.listTests(ctx.db, query);

export const TEST_EXPORT_COLUMNS = [
  'id',
  'title_zh',
  'title_en',
  'status',
  'price_fen',
  'minutes',
  'categories',
  'question_count',
  'participant_count',
  'version',
  'sort_order',
  'created_by',
  'create_time',
  'update_time',
];

/** The filtered list as file rows (`TEST_EXPORT_COLUMNS`), read from the database in batches. */
export async function* exportTests(
  ctx: ServiceContext,
  filters: repo.TestFilters,
): AsyncGenerator<CsvCell[][]> {
  for await (const batch of repo.streamTests(ctx.db, filters)) {
    yield batch.map((row) => [
      row.id,
      row.title.zh,
      row.title.en,
      row.status,
      row.priceFen,
      row.minutes,
      row.categories.map((c) => c.nameEn || c.nameZh).join('; '),
      row.questionCount,
      row.participantCount,
      row.version,
      row.sortOrder,
      row.createdBy ?? '',
      row.createTime,
      row.updateTime,
    ]);
  }
}

export async function getTest(ctx: ServiceContext, id: number): Promise<TestDetail> {
  const found = await repo.findTest(ctx.db, id);
  if (!found) throw notFound('test.notFound');
  return found;
}

/** Locks the test row for the rest of the transaction, so concurrent edits of its questions serialize. */
export async function lockedTest(tx: Executor, id: number) {
  const row = await repo.lockTest(tx, id);
  if (!row) throw notFound('test.notFound');
  return row;
}

/** Questions and scoring of a test on the shelf stay as published; take it off the shelf to change them. */
export function assertContentEditable(row: { status: TestStatus }) {
  if (row.status === 'on_shelf') throw conflict('test.onShelf');
}

/** The test as the audit log records it: its columns and the categories it is filed under. */
const audited = async (tx: Executor, row: repo.TestRow) => ({
  ...row,
  categoryIds: await repo.categoryIdsOf(tx, row.id),
});

/** Files the test under exactly these categories; unknown ids are a 400 naming `categoryIds`. */
async function setCategories(tx: Executor, testId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.existingCategoryIds(tx, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length > 0) throw badRequest('categoryIds', 'category.unknown', { ids: missing.join(', ') });
  await repo.replaceCategories(tx, testId, unique);
}

export const createTest = (ctx: ServiceContext, input: TestInput) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const { categoryIds, ...fields } = input;
    const row = await repo.insertTest(tx, fields, { accountId: actor.accountId });
    await setCategories(tx, row.id, categoryIds);
    await audit({ entityType: 'test', entityId: row.id, action: 'create', after: await audited(tx, row) });
    return getTest({ ...ctx, db: tx }, row.id);
  });

/**
 * Changes a locked test's columns (and, with `categoryIds`, its categories), auditing the difference.
 * `change` sees the row first and may refuse the change.
 */
const changeTest = (
  ctx: ServiceContext,
  id: number,
  action: 'update' | 'enable' | 'disable',
  change: (row: repo.TestRow, tx: Executor) => Promise<Partial<repo.TestRow>> | Partial<repo.TestRow>,
  categoryIds?: readonly number[],
) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = await audited(tx, await lockedTest(tx, id));
    const row = await repo.touchTest(tx, id, actor.accountId, await change(before, tx));
    if (categoryIds) await setCategories(tx, id, categoryIds);
    await audit({ entityType: 'test', entityId: id, action, before, after: await audited(tx, row) });
    return getTest({ ...ctx, db: tx }, id);
  });

export const updateTest = (ctx: ServiceContext, id: number, { categoryIds, ...fields }: TestInput) =>
  changeTest(ctx, id, 'update', () => repo.testColumnsOf(fields), categoryIds);

/**
 * `version`: the `updateTime` of the test the editor started from (If-Match). A question changed since moves
 * the alerts to follow their questions, and an editor still holding the old ones must not put them back.
 */
export const saveScoring = (ctx: ServiceContext, id: number, scoring: Scoring, version?: string) =>
  changeTest(ctx, id, 'update', (row) => {
    if (version !== undefined && version !== row.updatedAt.toISOString())
      throw httpError(412, 'test.changedMeanwhile');
    assertContentEditable(row);
    return { scoring };
  });

export const publishTest = (ctx: ServiceContext, id: number) =>
  changeTest(ctx, id, 'enable', async (row, tx) => {
    if (row.status === 'on_shelf') throw conflict('test.alreadyOnShelf');
    const problems = publishProblems({ questions: await questionsOf(tx, id), scoring: row.scoring });
    if (problems.length > 0) throw cannotPublish(problems);
    // The version is stored with the status change: a record can only start on a stored version.
    const version = row.version + 1;
    const publishedAt = new Date();
    await writeVersion(tx, row, version, { at: publishedAt, by: ctx.actor.accountId });
    return { status: 'on_shelf', version, publishedAt };
  });

export const unpublishTest = (ctx: ServiceContext, id: number) =>
  changeTest(ctx, id, 'disable', (row) => {
    if (row.status !== 'on_shelf') throw conflict('test.notOnShelf');
    return { status: 'off_shelf' };
  });

/** Refuses (409) to delete a test that has records or orders: take it off the shelf (archive) instead. */
export const deleteTest = (ctx: ServiceContext, id: number) =>
  withTx(ctx, async ({ tx, audit }) => {
    const before = await audited(tx, await lockedTest(tx, id));
    const usage = await repo.testUsage(tx, id);
    if (usage.records > 0 || usage.orders > 0) {
      throw conflict('test.inUse', { records: usage.records, orders: usage.orders });
    }
    await repo.deleteTest(tx, id);
    await audit({ entityType: 'test', entityId: id, action: 'delete', before });
  });

/** Priced tests on the shelf, and whether WeChat Pay is set up to take their payments. */
export async function shelfPayment(ctx: ServiceContext): Promise<ShelfPayment> {
  const [pricedOnShelf, wechatPayConfigured] = await Promise.all([
    repo.countPricedOnShelf(ctx.db),
    wechatPayReady(ctx),
  ]);
  return { pricedOnShelf, wechatPayConfigured };
}

export async function publishCheck(ctx: ServiceContext, id: number) {
  const detail = await getTest(ctx, id);
  return { problems: publishProblems({ questions: await questionsOf(ctx.db, id), scoring: detail.scoring }) };
}

/** A draft copy with the same questions, scoring and categories; audited as a create naming its source. */
export const duplicateTest = (ctx: ServiceContext, sourceId: number) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const source = await getTest({ ...ctx, db: tx }, sourceId);
    const title = {
      zh: source.title.zh && `${source.title.zh}${COPY_SUFFIX.zh}`.slice(0, 100),
      en: source.title.en && `${source.title.en}${COPY_SUFFIX.en}`.slice(0, 100),
    };
    const row = await repo.insertTest(
      tx,
      { ...source, title },
      { accountId: actor.accountId, scoring: source.scoring },
    );
    await setCategories(
      tx,
      row.id,
      source.categories.map((c) => c.id),
    );
    const questionIds = await appendQuestions(
      tx,
      row.id,
      (await questionsOf(tx, sourceId)).map(toQuestionContent),
    );
    const after = { ...(await audited(tx, row)), copiedFrom: sourceId, questionIds };
    await audit({ entityType: 'test', entityId: row.id, action: 'create', after });
    return getTest({ ...ctx, db: tx }, row.id);
  });

/** Scores answers without saving them (a preview); a bad answer is a 400 naming it. */
export async function scoreAnswers(
  ctx: ServiceContext,
  id: number,
  answers: ScoreRequest['answers'],
): Promise<ScoreReport> {
  const detail = await getTest(ctx, id);
  const outcome = scoreTest({ questions: await questionsOf(ctx.db, id), scoring: detail.scoring }, answers);
  if (!outcome.ok) throw answersRejected(outcome.errors);
  return outcome.report;
}

/** A 400 naming each refused answer (`answers.<index>`), or the list as a whole. */
export const answersRejected = (problems: readonly AnswerError[]) =>
  httpError(
    400,
    'request.invalid',
    {},
    {
      errors: problems.map((e) => ({
        field: e.question > 0 ? `answers.${e.question - 1}` : 'answers',
        error: e.error,
        params: e.params,
      })),
    },
  );

/** The whole test as one portable JSON document. */
export async function testDocument(ctx: ServiceContext, id: number): Promise<TestDocument> {
  const detail = await getTest(ctx, id);
  const rows = await questionsOf(ctx.db, id);
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

/** A test made from a document, as a draft; categories it names that do not exist here are reported. */
export const importTest = (ctx: ServiceContext, document: TestDocument) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const { row, questionIds, skippedCategories } = await importDocument(tx, document, {
      accountId: actor.accountId,
    });
    const after = { ...(await audited(tx, row)), questionIds };
    await audit({ entityType: 'test', entityId: row.id, action: 'import', after });
    return { test: await getTest({ ...ctx, db: tx }, row.id), skippedCategories };
  });

/**
 * Creates a test from a document (an import, or the seed's built-in scales); categories are matched by either
 * name, the rest reported as skipped.
 */
export async function importDocument(
  tx: Executor,
  document: TestDocument,
  options: { accountId: number | null; status?: TestStatus; builtinKey?: string; categoryNames?: string[] },
) {
  const wanted = [
    ...document.test.categories.map((c) => ({ zh: c.nameZh, en: c.nameEn })),
    ...(options.categoryNames ?? []).map((en) => ({ zh: '', en })),
  ];
  const all = await repo.categoryNames(tx);
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
  const row = await repo.insertTest(tx, document.test, {
    accountId: options.accountId,
    scoring: document.scoring,
    status: options.status ?? 'draft',
    version: published ? 1 : 0,
    ...(options.builtinKey && { builtinKey: options.builtinKey }),
  });
  await setCategories(tx, row.id, ids);
  const questionIds = await appendQuestions(tx, row.id, document.questions);
  return { row, questionIds, skippedCategories: skipped };
}
