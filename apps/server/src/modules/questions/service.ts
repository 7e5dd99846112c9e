import {
  MAX_QUESTIONS_PER_TEST,
  type Question,
  type QuestionContent,
  type questionImportQuerySchema,
  type questionListQuerySchema,
  remapAlerts,
} from '@cool/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/reply.ts';
import { testExists, touchTest } from '../tests/repository.ts';
import { assertContentEditable, lockedTest } from '../tests/service.ts';
import { questionsOfFile } from './files.ts';
import {
  appendQuestions,
  compactPositions,
  deleteQuestions,
  findQuestion,
  listQuestions,
  questionsOf,
  setOrder,
  toQuestion,
  toQuestionContent,
  updateQuestion,
} from './repository.ts';

async function assertTestExists(db: Executor, testId: number) {
  if (!(await testExists(db, testId))) throw notFound('Test');
}

async function questionRow(db: Executor, id: number) {
  const row = await findQuestion(db, id);
  if (!row) throw notFound('Question');
  return row;
}

export async function question(db: Db, id: number): Promise<Question> {
  return toQuestion(await questionRow(db, id));
}

export async function questionPage(db: Db, testId: number, query: z.output<typeof questionListQuerySchema>) {
  await assertTestExists(db, testId);
  return listQuestions(db, testId, query);
}

/** A test's questions in order, for a file; checks the test exists before anything is sent. */
export async function questionsToExport(db: Db, testId: number): Promise<AsyncIterable<QuestionContent>> {
  await assertTestExists(db, testId);
  return (async function* () {
    yield* (await questionsOf(db, testId)).map(toQuestionContent);
  })();
}

/** Runs a change of a test's questions under the test's row lock, keeping positions dense and alerts aligned. */
async function changeQuestions<T>(
  db: Db,
  testId: number,
  accountId: number,
  work: (tx: Executor, before: number[]) => Promise<T>,
  options: { alertsByPosition?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const test = await lockedTest(tx, testId);
    assertContentEditable(test);
    const before = (await questionsOf(tx, testId)).map((q) => q.id);
    const result = await work(tx, before);
    await compactPositions(tx, testId);
    const after = (await questionsOf(tx, testId)).map((q) => q.id);
    if (after.length > MAX_QUESTIONS_PER_TEST)
      throw badRequest('questions', `A test has at most ${MAX_QUESTIONS_PER_TEST} questions`);
    // A replacing import brings its own order: alerts then keep their positions.
    const alerts = options.alertsByPosition
      ? test.scoring.alerts
      : remapAlerts(test.scoring.alerts, before, after);
    await touchTest(tx, testId, accountId, { scoring: { ...test.scoring, alerts } });
    return result;
  });
}

export async function addQuestion(db: Db, accountId: number, testId: number, content: QuestionContent) {
  const id = await changeQuestions(
    db,
    testId,
    accountId,
    async (tx) => (await appendQuestions(tx, testId, [content]))[0]!,
  );
  return question(db, id);
}

export async function editQuestion(db: Db, accountId: number, id: number, content: QuestionContent) {
  const { testId } = await questionRow(db, id);
  await changeQuestions(db, testId, accountId, (tx) => updateQuestion(tx, id, content));
  return question(db, id);
}

export async function removeQuestion(db: Db, accountId: number, id: number) {
  const { testId } = await questionRow(db, id);
  await changeQuestions(db, testId, accountId, (tx) => deleteQuestions(tx, testId, [id]));
}

/** Deletes questions of this test only, all or nothing; returns how many. */
export async function removeQuestions(db: Db, accountId: number, testId: number, ids: number[]) {
  return changeQuestions(db, testId, accountId, async (tx, before) => {
    const missing = ids.filter((id) => !before.includes(id));
    if (missing.length > 0) throw badRequest('ids', `Not questions of this test: ${missing.join(', ')}`);
    return (await deleteQuestions(tx, testId, ids)).length;
  });
}

export async function reorderQuestions(db: Db, accountId: number, testId: number, ids: number[]) {
  await changeQuestions(db, testId, accountId, async (tx, before) => {
    const same =
      ids.length === before.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => before.includes(id));
    if (!same) throw badRequest('ids', 'List every question of the test exactly once, in the new order');
    await setOrder(tx, ids);
  });
  return (await questionsOf(db, testId)).map(toQuestion);
}

/** Adds the questions of a CSV or XLSX file after the existing ones, or in their place. */
export async function importQuestions(
  db: Db,
  accountId: number,
  testId: number,
  upload: () => Promise<Buffer>,
  mode: z.output<typeof questionImportQuerySchema>['mode'],
) {
  await assertTestExists(db, testId);
  const list = await questionsOfFile(await upload());
  const replace = mode === 'replace';
  const total = await changeQuestions(
    db,
    testId,
    accountId,
    async (tx) => {
      if (replace) await deleteQuestions(tx, testId);
      await appendQuestions(tx, testId, list);
      return (await questionsOf(tx, testId)).length;
    },
    { alertsByPosition: replace },
  );
  return { imported: list.length, total };
}
