import { Readable } from 'node:stream';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  pageSchema,
  publishProblems,
  scoreReportSchema,
  scoreRequestSchema,
  scoreTest,
  scoringSchema,
  testDetailSchema,
  testDocumentSchema,
  testExportQuerySchema,
  testImportResultSchema,
  testInputSchema,
  testListQuerySchema,
  testSchema,
} from '@cool/shared';
import { and, asc, desc, eq, exists, gt, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { testCategories, tests } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { CSV_BOM, csvLine } from '../../http/csv.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';
import { HttpError, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import {
  appendQuestions,
  assertContentEditable,
  assertTestDeletable,
  findTest,
  importDocument,
  insertTest,
  lockTest,
  questionCountSql,
  questionsOf,
  selectTests,
  setCategories,
  testColumnsOf,
  testDocument,
  toQuestionContent,
  toTest,
  touchTest,
} from './store.ts';

const SORT_COLUMNS = {
  sortOrder: tests.sortOrder,
  createTime: tests.createdAt,
  updateTime: tests.updatedAt,
  priceFen: tests.priceFen,
  minutes: tests.minutes,
  titleZh: tests.titleZh,
  titleEn: sql`lower(${tests.titleEn})`,
  questionCount: questionCountSql,
  version: tests.version,
};

type ListFilters = Omit<z.output<typeof testListQuerySchema>, 'pageNo' | 'pageSize'>;

const whereOf = (q: ListFilters) =>
  and(
    q.title
      ? or(ilike(tests.titleZh, containsPattern(q.title)), ilike(tests.titleEn, containsPattern(q.title)))
      : undefined,
    q.categoryId
      ? exists(
          sql`(select 1 from ${testCategories} where ${testCategories.testId} = ${tests.id} and ${testCategories.categoryId} = ${q.categoryId})`,
        )
      : undefined,
    q.status ? eq(tests.status, q.status) : undefined,
    q.pricing === 'free' ? eq(tests.priceFen, 0) : q.pricing === 'paid' ? gt(tests.priceFen, 0) : undefined,
  );

const orderOf = (q: ListFilters) => {
  const order = q.sortOrder === 'descend' ? desc : asc;
  return q.sortField
    ? [order(SORT_COLUMNS[q.sortField]), order(tests.id)]
    : [asc(tests.sortOrder), asc(tests.id)];
};

const EXPORT_COLUMNS = [
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

const EXPORT_BATCH = 500;

/** A whole-test document may be larger than ordinary bodies (300 questions with long texts). */
const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

const COPY_SUFFIX = { zh: '（副本）', en: ' (copy)' };

export async function testRoutes(app: ZodApp) {
  app.get(
    '/api/tests',
    {
      config: { access: { permission: 'tests', action: 'query' } },
      schema: {
        tags: ['tests'],
        querystring: testListQuerySchema,
        response: responses(pageSchema(testSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      const where = whereOf(q);
      const page = await paged(
        app.db,
        q,
        async (db) => (await db.select({ n: countAll }).from(tests).where(where))[0]?.n ?? 0,
        async (db, limit, offset) =>
          (
            await selectTests(db)
              .where(where)
              .orderBy(...orderOf(q))
              .limit(limit)
              .offset(offset)
          ).map(toTest),
      );
      return ok(page);
    },
  );

  app.get(
    '/api/tests/export',
    {
      config: { access: { permission: 'tests', action: 'export' } },
      schema: { tags: ['tests'], querystring: testExportQuerySchema },
    },
    async (request, reply) => {
      const q = request.query;
      const where = whereOf(q);
      const db = app.db;
      async function* rows() {
        yield CSV_BOM + csvLine(EXPORT_COLUMNS);
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await selectTests(db)
            .where(where)
            .orderBy(...orderOf(q))
            .limit(EXPORT_BATCH)
            .offset(offset);
          for (const row of batch.map(toTest)) {
            yield csvLine([
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
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tests-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows()));
    },
  );

  app.get(
    '/api/tests/:id',
    {
      config: { access: { permission: 'tests', action: 'get' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => ok(await findTest(app.db, request.params.id)),
  );

  app.post(
    '/api/tests',
    {
      config: { access: { permission: 'tests', action: 'add' } },
      schema: { tags: ['tests'], body: testInputSchema, response: responses(testDetailSchema, 201) },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const { categoryIds, ...fields } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const id = await insertTest(tx, fields, { accountId });
        await setCategories(tx, id, categoryIds);
        return id;
      });
      return reply.code(201).send(ok(await findTest(app.db, id), 'Test created'));
    },
  );

  app.put(
    '/api/tests/:id',
    {
      config: { access: { permission: 'tests', action: 'edit' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        body: testInputSchema,
        response: responses(testDetailSchema),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      const { categoryIds, ...fields } = request.body;
      await app.db.transaction(async (tx) => {
        await lockTest(tx, id);
        await touchTest(tx, id, accountId, testColumnsOf(fields));
        await setCategories(tx, id, categoryIds);
      });
      return ok(await findTest(app.db, id), 'Test updated');
    },
  );

  app.put(
    '/api/tests/:id/scoring',
    {
      config: { access: { permission: 'tests', action: 'edit' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        body: scoringSchema,
        response: responses(testDetailSchema),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        assertContentEditable(await lockTest(tx, id));
        await touchTest(tx, id, accountId, { scoring: request.body });
      });
      return ok(await findTest(app.db, id), 'Scoring updated');
    },
  );

  app.delete(
    '/api/tests/:id',
    {
      config: { access: { permission: 'tests', action: 'delete' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        await lockTest(tx, id);
        await assertTestDeletable(tx, id);
        await tx.delete(tests).where(eq(tests.id, id));
      });
      return ok(null, 'Test deleted');
    },
  );

  app.get(
    '/api/tests/:id/publish-check',
    {
      config: { access: { permission: 'tests', action: 'get' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        response: responses(z.object({ problems: z.array(z.string()) })),
      },
    },
    async (request) => {
      const { id } = request.params;
      const detail = await findTest(app.db, id);
      const rows = await questionsOf(app.db, id);
      return ok({ problems: publishProblems({ questions: rows, scoring: detail.scoring }) });
    },
  );

  app.post(
    '/api/tests/:id/publish',
    {
      config: { access: { permission: 'tests', action: 'enable' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const row = await lockTest(tx, id);
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
      return ok(await findTest(app.db, id), 'Test published');
    },
  );

  app.post(
    '/api/tests/:id/unpublish',
    {
      config: { access: { permission: 'tests', action: 'disable' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const row = await lockTest(tx, id);
        if (row.status !== 'on_shelf') throw new HttpError(409, 'The test is not on the shelf');
        await touchTest(tx, id, accountId, { status: 'off_shelf' });
      });
      return ok(await findTest(app.db, id), 'Test taken off the shelf');
    },
  );

  app.post(
    '/api/tests/:id/duplicate',
    {
      config: { access: { permission: 'tests', action: 'add' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema, 201) },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const source = await findTest(app.db, request.params.id);
      const id = await app.db.transaction(async (tx) => {
        const id = await insertTest(
          tx,
          {
            ...source,
            title: {
              zh: source.title.zh && `${source.title.zh}${COPY_SUFFIX.zh}`.slice(0, 100),
              en: source.title.en && `${source.title.en}${COPY_SUFFIX.en}`.slice(0, 100),
            },
          },
          { accountId, scoring: source.scoring },
        );
        await setCategories(
          tx,
          id,
          source.categories.map((c) => c.id),
        );
        await appendQuestions(tx, id, (await questionsOf(tx, source.id)).map(toQuestionContent));
        return id;
      });
      return reply.code(201).send(ok(await findTest(app.db, id), 'Test duplicated'));
    },
  );

  app.post(
    '/api/tests/:id/score',
    {
      config: { access: { permission: 'tests', action: 'get' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        body: scoreRequestSchema,
        response: responses(scoreReportSchema),
      },
    },
    async (request) => {
      const { id } = request.params;
      const detail = await findTest(app.db, id);
      const outcome = scoreTest(
        { questions: await questionsOf(app.db, id), scoring: detail.scoring },
        request.body.answers,
      );
      if (!outcome.ok) {
        const errors = outcome.errors.map((e) => ({
          field: e.question > 0 ? `answers.${e.question - 1}` : 'answers',
          message: e.message,
        }));
        throw new HttpError(400, outcome.errors.map((e) => e.message).join('; '), { errors });
      }
      return ok(outcome.report);
    },
  );

  // A file download: the bare document (no envelope), so the saved file imports as it is.
  app.get(
    '/api/tests/:id/document',
    {
      config: { access: { permission: 'tests', action: 'export' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        response: { 200: testDocumentSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const document = await testDocument(app.db, request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="test-${request.params.id}.json"`)
        .header('cache-control', 'no-store')
        .send(document);
    },
  );

  app.post(
    '/api/tests/import',
    {
      config: { access: { permission: 'tests', action: 'import' } },
      bodyLimit: DOCUMENT_MAX_BYTES,
      schema: { tags: ['tests'], body: testDocumentSchema, response: responses(testImportResultSchema, 201) },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const result = await app.db.transaction((tx) => importDocument(tx, request.body, { accountId }));
      const test = await findTest(app.db, result.id);
      return reply
        .code(201)
        .send(ok({ test, skippedCategories: result.skippedCategories }, 'Test imported as a draft'));
    },
  );
}
