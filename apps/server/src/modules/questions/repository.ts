import type { Page, Question, QuestionContent, questionListQuerySchema } from '@cool/shared';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { questions } from '../../db/schema.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';
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

type QuestionFilters = z.output<typeof questionListQuerySchema>;

export async function listQuestions(
  db: Executor,
  testId: number,
  q: QuestionFilters,
): Promise<Page<Question>> {
  const where = and(
    eq(questions.testId, testId),
    q.keyword
      ? or(
          ilike(questions.stemZh, containsPattern(q.keyword)),
          ilike(questions.stemEn, containsPattern(q.keyword)),
        )
      : undefined,
    q.type ? eq(questions.type, q.type) : undefined,
  );
  return paged(
    db as never,
    q,
    async (db) => (await db.select({ n: countAll }).from(questions).where(where))[0]?.n ?? 0,
    async (db, limit, offset) =>
      (
        await db
          .select()
          .from(questions)
          .where(where)
          .orderBy(...inTestOrder)
          .limit(limit)
          .offset(offset)
      ).map(toQuestion),
  );
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

export async function updateQuestion(tx: Executor, id: number, content: QuestionContent) {
  await tx
    .update(questions)
    .set({ ...questionColumnsOf(content), updatedAt: new Date() })
    .where(eq(questions.id, id));
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
