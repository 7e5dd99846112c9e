import { isDeepStrictEqual } from 'node:util';
import {
  MAX_QUESTIONS_PER_TEST,
  type Question,
  type QuestionContent,
  type questionImportQuerySchema,
  type questionListQuerySchema,
  remapAlerts,
} from '@cool/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, type TxScope, withTx } from '../../db/tx.ts';
import { badRequest, notFound } from '../../http/reply.ts';
import { testExists, touchTest } from '../tests/repository.ts';
import { assertContentEditable, lockedTest } from '../tests/service.ts';
import { questionsOfFile } from './files.ts';
import * as repo from './repository.ts';

async function assertTestExists(db: Executor, testId: number) {
  if (!(await testExists(db, testId))) throw notFound('test.notFound');
}

async function questionRow(db: Executor, id: number) {
  const row = await repo.findQuestion(db, id);
  if (!row) throw notFound('question.notFound');
  return row;
}

export async function getQuestion(ctx: ServiceContext, id: number): Promise<Question> {
  return repo.toQuestion(await questionRow(ctx.db, id));
}

export async function listQuestions(
  ctx: ServiceContext,
  testId: number,
  query: z.output<typeof questionListQuerySchema>,
) {
  await assertTestExists(ctx.db, testId);
  return repo.listQuestions(ctx.db, testId, query);
}

/** A test's questions in order, for a file; the test is checked before anything is sent. */
export async function questionsToExport(ctx: ServiceContext, testId: number) {
  await assertTestExists(ctx.db, testId);
  return (async function* () {
    for await (const batch of repo.streamQuestions(ctx.db, testId)) yield* batch.map(repo.toQuestionContent);
  })();
}

interface ChangeOptions {
  /** A replacing import brings its own order: alerts then keep their positions instead of their questions. */
  alertsByPosition?: boolean;
  /**
   * A change of the whole list (bulk delete, reorder, import) is audited as one entry on the test: its
   * question ids (and item alerts) before and after. A change of one question audits that question itself.
   */
  auditListAs?: 'update' | 'import';
}

/** Runs a change of a test's questions under the test's row lock, keeping positions dense and alerts aligned. */
const changeQuestions = <T>(
  ctx: ServiceContext,
  testId: number,
  work: (scope: TxScope, before: number[]) => Promise<T>,
  options: ChangeOptions = {},
): Promise<T> =>
  withTx(ctx, async (scope) => {
    const { tx, actor, audit } = scope;
    const test = await lockedTest(tx, testId);
    assertContentEditable(test);
    const before = (await repo.questionsOf(tx, testId)).map((q) => q.id);
    const result = await work(scope, before);
    await repo.compactPositions(tx, testId);
    const after = (await repo.questionsOf(tx, testId)).map((q) => q.id);
    if (after.length > MAX_QUESTIONS_PER_TEST)
      throw badRequest('questions', 'question.tooMany', { maximum: MAX_QUESTIONS_PER_TEST });
    const alerts = options.alertsByPosition
      ? test.scoring.alerts
      : remapAlerts(test.scoring.alerts, before, after);
    await touchTest(tx, testId, actor.accountId, { scoring: { ...test.scoring, alerts } });
    // A change of one question is audited on the question, and on the test too when it moves or drops alerts.
    const listed = options.auditListAs !== undefined;
    if (listed || !isDeepStrictEqual(alerts, test.scoring.alerts))
      await audit({
        entityType: 'test',
        entityId: testId,
        action: options.auditListAs ?? 'update',
        before: { ...(listed && { questionIds: before }), alerts: test.scoring.alerts },
        after: { ...(listed && { questionIds: after }), alerts },
      });
    return result;
  });

export async function addQuestion(ctx: ServiceContext, testId: number, content: QuestionContent) {
  const id = await changeQuestions(ctx, testId, async ({ tx, audit }) => {
    const [id] = await repo.appendQuestions(tx, testId, [content]);
    const after = await questionRow(tx, id!);
    await audit({ entityType: 'question', entityId: id!, action: 'create', after });
    return id!;
  });
  return getQuestion(ctx, id);
}

/** Adds questions after the existing ones, all or nothing; each is audited as a create, as one added alone. */
export async function addQuestions(ctx: ServiceContext, testId: number, list: QuestionContent[]) {
  const total = await changeQuestions(ctx, testId, async ({ tx, audit }) => {
    const ids = await repo.appendQuestions(tx, testId, list);
    for (const id of ids)
      await audit({
        entityType: 'question',
        entityId: id,
        action: 'create',
        after: await questionRow(tx, id),
      });
    return (await repo.questionsOf(tx, testId)).length;
  });
  return { imported: list.length, total };
}

export async function updateQuestion(ctx: ServiceContext, id: number, content: QuestionContent) {
  const { testId } = await questionRow(ctx.db, id);
  await changeQuestions(ctx, testId, async ({ tx, audit }) => {
    const before = await questionRow(tx, id);
    const after = await repo.updateQuestion(tx, id, content);
    await audit({ entityType: 'question', entityId: id, action: 'update', before, after });
  });
  return getQuestion(ctx, id);
}

export async function deleteQuestion(ctx: ServiceContext, id: number) {
  const { testId } = await questionRow(ctx.db, id);
  await changeQuestions(ctx, testId, async ({ tx, audit }) => {
    const before = await questionRow(tx, id);
    await repo.deleteQuestions(tx, testId, [id]);
    await audit({ entityType: 'question', entityId: id, action: 'delete', before });
  });
}

/** Deletes questions of this test only, all or nothing; returns how many. */
export const deleteQuestions = (ctx: ServiceContext, testId: number, ids: number[]) =>
  changeQuestions(
    ctx,
    testId,
    async ({ tx }, before) => {
      const missing = ids.filter((id) => !before.includes(id));
      if (missing.length > 0) throw badRequest('ids', 'question.notInTest', { ids: missing.join(', ') });
      return (await repo.deleteQuestions(tx, testId, ids)).length;
    },
    { auditListAs: 'update' },
  );

export async function reorderQuestions(ctx: ServiceContext, testId: number, ids: number[]) {
  await changeQuestions(
    ctx,
    testId,
    async ({ tx }, before) => {
      const same =
        ids.length === before.length &&
        new Set(ids).size === ids.length &&
        ids.every((id) => before.includes(id));
      if (!same) throw badRequest('ids', 'question.incompleteOrder');
      await repo.setOrder(tx, ids);
    },
    { auditListAs: 'update' },
  );
  return (await repo.questionsOf(ctx.db, testId)).map(repo.toQuestion);
}

/** Adds the questions of an uploaded CSV or XLSX file after the existing ones, or in their place. */
export async function importQuestions(
  ctx: ServiceContext,
  testId: number,
  upload: () => Promise<Buffer>,
  mode: z.output<typeof questionImportQuerySchema>['mode'],
) {
  await assertTestExists(ctx.db, testId);
  const list = await questionsOfFile(await upload());
  const replace = mode === 'replace';
  const total = await changeQuestions(
    ctx,
    testId,
    async ({ tx }) => {
      if (replace) await repo.deleteQuestions(tx, testId);
      await repo.appendQuestions(tx, testId, list);
      return (await repo.questionsOf(tx, testId)).length;
    },
    { alertsByPosition: replace, auditListAs: 'import' },
  );
  return { imported: list.length, total };
}
