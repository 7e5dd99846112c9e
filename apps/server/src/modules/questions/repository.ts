import type { Page, Question, QuestionContent, QuestionType, questionListQuerySchema } from '@cool/shared';
import { and, asc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList } from '../../db/list.ts';
import { questions } from '../../db/schema.ts';
import { pair } from '../tests/repository.ts';

export type QuestionRow = typeof questions.$inferSelect;

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

export async function findQuestion(db: Executor, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row;
}

const inTestOrder = [asc(questions.position), asc(questions.id)];

export async function questionsOf(db: Executor, testId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.testId, testId))
    .orderBy(...inTestOrder);
}

const questionList = defineList({
  table: questions,
  id: questions.id,
  filters: {
    testId: (testId: number) => eq(questions.testId, testId),
    /** Matches the stem in either language. */
    keyword: (keyword: string) =>
      or(
        ilike(questions.stemZh, containsPattern(keyword)),
        ilike(questions.stemEn, containsPattern(keyword)),
      ),
    type: (type: QuestionType) => eq(questions.type, type),
  },
  sorts: { position: questions.position },
  defaultSort: { field: 'position', order: 'ascend' },
});

const fetchQuestions = (db: Executor) => (inPage: SQL, order: SQL[]) =>
  db
    .select()
    .from(questions)
    .where(inPage)
    .orderBy(...order);

export const listQuestions = async (
  db: Executor,
  testId: number,
  query: z.output<typeof questionListQuerySchema>,
): Promise<Page<Question>> => {
  const page = await questionList.page(db, { ...query, testId }, fetchQuestions(db));
  return { ...page, data: page.data.map(toQuestion) };
};

/** A test's questions in order, read in batches. */
export const streamQuestions = (db: Executor, testId: number) =>
  questionList.stream({ testId }, ({ where, order, limit, cursor }) =>
    db
      .select({ ...getTableColumns(questions), cursor })
      .from(questions)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );

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

export async function updateQuestion(
  tx: Executor,
  id: number,
  content: QuestionContent,
): Promise<QuestionRow> {
  const [row] = await tx
    .update(questions)
    .set({ ...questionColumnsOf(content), updatedAt: new Date() })
    .where(eq(questions.id, id))
    .returning();
  return row!;
}

/** Deletes these questions of the test (all of them when `ids` is absent); returns the ids deleted. */
export async function deleteQuestions(tx: Executor, testId: number, ids?: readonly number[]) {
  const rows = await tx
    .delete(questions)
    .where(and(eq(questions.testId, testId), ids && inArray(questions.id, [...ids])))
    .returning({ id: questions.id });
  return rows.map((r) => r.id);
}

/** Puts the questions in this order (positions 1..n). */
export async function setOrder(tx: Executor, ids: readonly number[]) {
  for (const [i, id] of ids.entries()) {
    await tx
      .update(questions)
      .set({ position: i + 1 })
      .where(eq(questions.id, id));
  }
}

/** Renumbers a test's questions 1..n in their current order. */
export async function compactPositions(tx: Executor, testId: number) {
  await tx.execute(sql`
    update ${questions} set position = r.rn
    from (select id, row_number() over (order by position, id)::int as rn from ${questions} where test_id = ${testId}) r
    where ${questions.id} = r.id and ${questions.position} <> r.rn`);
}
