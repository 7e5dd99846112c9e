import {
  idParamsSchema,
  pageSchema,
  questionBatchSchema,
  questionFileQuerySchema,
  questionIdsSchema,
  questionImportQuerySchema,
  questionImportResultSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionSchema,
} from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { fileResponses, ok, responses } from '../../http/reply.ts';
import { XLSX_TYPE } from '../../http/xlsx.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { uploadedFile } from '../uploads/multipart.ts';
import { sendQuestionFile, TEMPLATE_QUESTIONS } from './files.ts';
import * as service from './service.ts';

/** Largest question file accepted for import. */
export const QUESTION_FILE_MAX_BYTES = 5 * 1024 * 1024;

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
    async (request) => ok(await service.listQuestions(contextOf(request), request.params.id, request.query)),
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
      const added = await service.addQuestion(contextOf(request), request.params.id, request.body);
      return reply.code(201).send(ok(added, 'Question added'));
    },
  );

  app.post(
    '/api/tests/:id/questions/batch',
    {
      config: { access: { permission: 'questions', action: 'add' } },
      schema: {
        tags: ['questions'],
        description: 'Adds the questions after the existing ones, all or nothing (pasted, one per line).',
        params: idParamsSchema,
        body: questionBatchSchema,
        response: responses(questionImportResultSchema, 201),
      },
    },
    async (request, reply) => {
      const added = await service.addQuestions(contextOf(request), request.params.id, request.body.questions);
      return reply.code(201).send(ok(added, 'Questions added'));
    },
  );

  app.get(
    '/api/questions/template',
    {
      config: { access: { permission: 'questions', action: 'import' } },
      schema: {
        tags: ['questions'],
        querystring: questionFileQuerySchema,
        response: fileResponses('text/csv', XLSX_TYPE),
      },
    },
    async (request, reply) =>
      sendQuestionFile(reply, 'questions-template', request.query.format, TEMPLATE_QUESTIONS),
  );

  app.get(
    '/api/questions/:id',
    {
      config: { access: { permission: 'questions', action: 'get' } },
      schema: { tags: ['questions'], params: idParamsSchema, response: responses(questionSchema) },
    },
    async (request) => ok(await service.getQuestion(contextOf(request), request.params.id)),
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
      return ok(
        await service.updateQuestion(contextOf(request), request.params.id, request.body),
        'Question updated',
      );
    },
  );

  app.delete(
    '/api/questions/:id',
    {
      config: { access: { permission: 'questions', action: 'delete' } },
      schema: { tags: ['questions'], params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      await service.deleteQuestion(contextOf(request), request.params.id);
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
      const deleted = await service.deleteQuestions(contextOf(request), request.params.id, request.body.ids);
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
      const list = await service.reorderQuestions(contextOf(request), request.params.id, request.body.ids);
      return ok(list, 'Questions reordered');
    },
  );

  app.get(
    '/api/tests/:id/questions/export',
    {
      config: { access: { permission: 'questions', action: 'export' } },
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        querystring: questionFileQuerySchema,
        response: fileResponses('text/csv', XLSX_TYPE),
      },
    },
    async (request, reply) => {
      const testId = request.params.id;
      const list = await service.questionsToExport(contextOf(request), testId);
      return sendQuestionFile(reply, `test-${testId}-questions`, request.query.format, list);
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
      const { imported, total } = await service.importQuestions(
        contextOf(request),
        request.params.id,
        () => uploadedFile(request, QUESTION_FILE_MAX_BYTES),
        request.query.mode,
      );
      return ok({ imported, total }, `${imported} questions imported`);
    },
  );
}
