import {
  idParamsSchema,
  importRowErrorSchema,
  MAX_QUESTIONS_PER_TEST,
  pageSchema,
  questionFileQuerySchema,
  questionIdsSchema,
  questionImportQuerySchema,
  questionImportResultSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionSchema,
  remapAlerts,
} from '@cool/shared';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { questions, tests } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';
import { badRequest, HttpError, notFound, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import {
  appendQuestions,
  assertContentEditable,
  compactPositions,
  lockTest,
  questionColumnsOf,
  questionsOf,
  toQuestion,
  toQuestionContent,
  touchTest,
} from '../tests/store.ts';
import {
  questionsCsv,
  questionsFromRows,
  questionsXlsx,
  readQuestionFile,
  TEMPLATE_QUESTIONS,
} from './files.ts';

/** Largest question file accepted for import. */
export const QUESTION_FILE_MAX_BYTES = 5 * 1024 * 1024;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function findQuestion(db: Executor, id: number) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  if (!row) throw notFound('Question');
  return row;
}

/** Runs a change of a test's questions under the test's row lock, keeping positions dense and alerts aligned. */
async function changeQuestions<T>(
  tx: Executor,
  testId: number,
  accountId: number,
  work: (before: number[]) => Promise<T>,
  options: { alertsByPosition?: boolean } = {},
): Promise<T> {
  const test = await lockTest(tx, testId);
  assertContentEditable(test);
  const before = (await questionsOf(tx, testId)).map((q) => q.id);
  const result = await work(before);
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
}

async function sendFile(
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  list: Parameters<typeof questionsCsv>[0],
) {
  reply
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store');
  if (format === 'csv')
    return reply.header('content-type', 'text/csv; charset=utf-8').send(questionsCsv(list));
  return reply.header('content-type', XLSX_TYPE).send(await questionsXlsx(list));
}

export async function questionRoutes(app: ZodApp) {
  app.get(
    '/api/tests/:id/questions',
    {
      config: { access: { permission: 'questions', action: 'query' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        querystring: questionListQuerySchema,
        response: responses(pageSchema(questionSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      const testId = request.params.id;
      await assertTestExists(app.db, testId);
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
      const page = await paged(
        app.db,
        q,
        async (db) => (await db.select({ n: countAll }).from(questions).where(where))[0]?.n ?? 0,
        async (db, limit, offset) =>
          (
            await db
              .select()
              .from(questions)
              .where(where)
              .orderBy(asc(questions.position), asc(questions.id))
              .limit(limit)
              .offset(offset)
          ).map(toQuestion),
      );
      return ok(page);
    },
  );

  app.post(
    '/api/tests/:id/questions',
    {
      config: { access: { permission: 'questions', action: 'add' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: questionInputSchema,
        response: responses(questionSchema, 201),
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const testId = request.params.id;
      const id = await app.db.transaction((tx) =>
        changeQuestions(
          tx,
          testId,
          accountId,
          async () => (await appendQuestions(tx, testId, [request.body]))[0]!,
        ),
      );
      return reply.code(201).send(ok(toQuestion(await findQuestion(app.db, id)), 'Question added'));
    },
  );

  app.get(
    '/api/questions/template',
    {
      config: { access: { permission: 'questions', action: 'import' } },
      schema: { tags: ['questions'], querystring: questionFileQuerySchema },
    },
    async (request, reply) => sendFile(reply, 'questions-template', request.query.format, TEMPLATE_QUESTIONS),
  );

  app.get(
    '/api/questions/:id',
    {
      config: { access: { permission: 'questions', action: 'get' } },
      schema: { tags: ['questions'], params: idParamsSchema, response: responses(questionSchema) },
    },
    async (request) => ok(toQuestion(await findQuestion(app.db, request.params.id))),
  );

  app.put(
    '/api/questions/:id',
    {
      config: { access: { permission: 'questions', action: 'edit' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: questionInputSchema,
        response: responses(questionSchema),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      const { testId } = await findQuestion(app.db, id);
      await app.db.transaction((tx) =>
        changeQuestions(tx, testId, accountId, async () => {
          await tx
            .update(questions)
            .set({ ...questionColumnsOf(request.body), updatedAt: new Date() })
            .where(eq(questions.id, id));
        }),
      );
      return ok(toQuestion(await findQuestion(app.db, id)), 'Question updated');
    },
  );

  app.delete(
    '/api/questions/:id',
    {
      config: { access: { permission: 'questions', action: 'delete' } },
      schema: { tags: ['questions'], params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      const { testId } = await findQuestion(app.db, id);
      await app.db.transaction((tx) =>
        changeQuestions(tx, testId, accountId, async () => {
          await tx.delete(questions).where(eq(questions.id, id));
        }),
      );
      return ok(null, 'Question deleted');
    },
  );

  app.post(
    '/api/tests/:id/questions/bulk-delete',
    {
      config: { access: { permission: 'questions', action: 'delete' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: questionIdsSchema,
        response: responses(z.object({ deleted: z.number().int() })),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const testId = request.params.id;
      const deleted = await app.db.transaction((tx) =>
        changeQuestions(tx, testId, accountId, async (before) => {
          const missing = request.body.ids.filter((id) => !before.includes(id));
          if (missing.length > 0)
            throw badRequest('ids', `Not questions of this test: ${missing.join(', ')}`);
          const rows = await tx
            .delete(questions)
            .where(and(eq(questions.testId, testId), inArray(questions.id, request.body.ids)))
            .returning({ id: questions.id });
          return rows.length;
        }),
      );
      return ok({ deleted }, `${deleted} questions deleted`);
    },
  );

  app.put(
    '/api/tests/:id/questions/order',
    {
      config: { access: { permission: 'questions', action: 'edit' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: questionIdsSchema,
        response: responses(z.array(questionSchema)),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const testId = request.params.id;
      const { ids } = request.body;
      await app.db.transaction((tx) =>
        changeQuestions(tx, testId, accountId, async (before) => {
          const same =
            ids.length === before.length &&
            new Set(ids).size === ids.length &&
            ids.every((id) => before.includes(id));
          if (!same)
            throw badRequest('ids', 'List every question of the test exactly once, in the new order');
          for (const [i, id] of ids.entries()) {
            await tx
              .update(questions)
              .set({ position: i + 1 })
              .where(eq(questions.id, id));
          }
        }),
      );
      return ok((await questionsOf(app.db, testId)).map(toQuestion), 'Questions reordered');
    },
  );

  app.get(
    '/api/tests/:id/questions/export',
    {
      config: { access: { permission: 'questions', action: 'export' } },
      schema: { tags: ['questions'], params: idParamsSchema, querystring: questionFileQuerySchema },
    },
    async (request, reply) => {
      const testId = request.params.id;
      await assertTestExists(app.db, testId);
      const list = (await questionsOf(app.db, testId)).map(toQuestionContent);
      return sendFile(reply, `test-${testId}-questions`, request.query.format, list);
    },
  );

  app.post(
    '/api/tests/:id/questions/import',
    {
      config: { access: { permission: 'questions', action: 'import' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        querystring: questionImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: responses(questionImportResultSchema),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const testId = request.params.id;
      await assertTestExists(app.db, testId);
      if (!request.isMultipart())
        throw badRequest('file', 'Send the file as multipart/form-data field "file"');
      const part = await request.file({ limits: { fileSize: QUESTION_FILE_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('file', 'No file was sent');
      const buffer = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The file is larger than ${QUESTION_FILE_MAX_BYTES / 1024 / 1024} MB`);
        throw error;
      });
      const read = await readQuestionFile(buffer);
      const built = 'errors' in read ? read : questionsFromRows(read.rows);
      if ('errors' in built) {
        const message = built.errors
          .slice(0, 20)
          .map((e) => `Line ${e.line}, ${e.field}: ${e.message}`)
          .join('; ');
        throw new HttpError(400, `Nothing was imported. ${message}`, {
          errors: built.errors.map((e) => importRowErrorSchema.parse(e)),
        });
      }
      const total = await app.db.transaction((tx) =>
        changeQuestions(
          tx,
          testId,
          accountId,
          async () => {
            if (request.query.mode === 'replace')
              await tx.delete(questions).where(eq(questions.testId, testId));
            await appendQuestions(tx, testId, built.questions);
            return (await questionsOf(tx, testId)).length;
          },
          { alertsByPosition: request.query.mode === 'replace' },
        ),
      );
      return ok({ imported: built.questions.length, total }, `${built.questions.length} questions imported`);
    },
  );
}

/** 404 unless the test exists. */
async function assertTestExists(db: Executor, testId: number) {
  const [row] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, testId)).limit(1);
  if (!row) throw notFound('Test');
}
