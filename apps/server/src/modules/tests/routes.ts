import {
  idParamsSchema,
  ifMatchHeadersSchema,
  pageSchema,
  publishCheckSchema,
  scoreReportSchema,
  scoreRequestSchema,
  scoringSchema,
  shelfPaymentSchema,
  testDetailSchema,
  testDocumentSchema,
  testExportQuerySchema,
  testImportResultSchema,
  testInputSchema,
  testListQuerySchema,
  testSchema,
} from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { documentResponses, fileResponses, ok, responses, sendDocument } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

/** A whole-test document may be larger than ordinary bodies (300 questions with long texts). */
const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

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
    async (request) => ok(await service.listTests(contextOf(request), request.query)),
  );

  app.get(
    '/api/tests/export',
    {
      config: { access: { permission: 'tests', action: 'export' } },
      schema: { tags: ['tests'], querystring: testExportQuerySchema, response: fileResponses('text/csv') },
    },
    async (request, reply) => {
      const rows = service.exportTests(contextOf(request), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `tests-${stamp}.csv`, service.TEST_EXPORT_COLUMNS, rows);
    },
  );

  app.get(
    '/api/tests/:id',
    {
      config: { access: { permission: 'tests', action: 'get' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => ok(await service.getTest(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/tests',
    {
      config: { access: { permission: 'tests', action: 'add' } },
      schema: { tags: ['tests'], body: testInputSchema, response: responses(testDetailSchema, 201) },
    },
    async (request, reply) => {
      const created = await service.createTest(contextOf(request), request.body);
      return reply.code(201).send(ok(created, 'Test created'));
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
      return ok(
        await service.updateTest(contextOf(request), request.params.id, request.body),
        'Test updated',
      );
    },
  );

  app.put(
    '/api/tests/:id/scoring',
    {
      config: { access: { permission: 'tests', action: 'edit' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: scoringSchema,
        response: responses(testDetailSchema),
      },
    },
    async (request) => {
      const version = request.headers['if-match']?.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
      return ok(
        await service.saveScoring(contextOf(request), request.params.id, request.body, version),
        'Scoring updated',
      );
    },
  );

  app.delete(
    '/api/tests/:id',
    {
      config: { access: { permission: 'tests', action: 'delete' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      await service.deleteTest(contextOf(request), request.params.id);
      return ok(null, 'Test deleted');
    },
  );

  app.get(
    '/api/tests/shelf-payment',
    {
      config: { access: { permission: 'tests', action: 'query' } },
      schema: {
        tags: ['tests'],
        description:
          'How many priced tests are on the shelf, and whether WeChat Pay is set up to take payments.',
        response: responses(shelfPaymentSchema),
      },
    },
    async (request) => ok(await service.shelfPayment(contextOf(request))),
  );

  app.get(
    '/api/tests/:id/publish-check',
    {
      config: { access: { permission: 'tests', action: 'get' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        response: responses(publishCheckSchema),
      },
    },
    async (request) => ok(await service.publishCheck(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/tests/:id/publish',
    {
      config: { access: { permission: 'tests', action: 'enable' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => {
      return ok(await service.publishTest(contextOf(request), request.params.id), 'Test published');
    },
  );

  app.post(
    '/api/tests/:id/unpublish',
    {
      config: { access: { permission: 'tests', action: 'disable' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema) },
    },
    async (request) => {
      return ok(
        await service.unpublishTest(contextOf(request), request.params.id),
        'Test taken off the shelf',
      );
    },
  );

  app.post(
    '/api/tests/:id/duplicate',
    {
      config: { access: { permission: 'tests', action: 'add' } },
      schema: { tags: ['tests'], params: idParamsSchema, response: responses(testDetailSchema, 201) },
    },
    async (request, reply) => {
      const copy = await service.duplicateTest(contextOf(request), request.params.id);
      return reply.code(201).send(ok(copy, 'Test duplicated'));
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
    async (request) =>
      ok(await service.scoreAnswers(contextOf(request), request.params.id, request.body.answers)),
  );

  // A file download: the bare document (no envelope), so the saved file imports as it is.
  app.get(
    '/api/tests/:id/document',
    {
      config: { access: { permission: 'tests', action: 'export' } },
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        response: documentResponses(testDocumentSchema),
      },
    },
    async (request, reply) => {
      const document = await service.testDocument(contextOf(request), request.params.id);
      return sendDocument(reply, `test-${request.params.id}.json`, document);
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
      const result = await service.importTest(contextOf(request), request.body);
      return reply.code(201).send(ok(result, 'Test imported as a draft'));
    },
  );
}
