import {
  clientRecordDetailSchema,
  clientRecordListQuerySchema,
  clientRecordSchema,
  clientTestDetailSchema,
  clientTestListQuerySchema,
  clientTestSchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  recordAnswersSchema,
  recordStartSchema,
} from '@cool/shared';
import { requireParticipant } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

/** The participant app's tests and records (`/api/client/*`, participant token): their own records only. */
export async function clientRecordRoutes(app: ZodApp) {
  const tags = ['client'];
  const access = { participant: true } as const;

  app.get(
    '/api/client/tests',
    {
      config: { access },
      schema: {
        tags,
        querystring: clientTestListQuerySchema,
        response: responses(pageSchema(clientTestSchema)),
      },
    },
    async (request) => ok(await service.listShelf(contextOf(request), request.query)),
  );

  app.get(
    '/api/client/tests/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, response: responses(clientTestDetailSchema) },
    },
    async (request) => ok(await service.getShelfTest(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/client/records',
    {
      config: { access },
      schema: {
        tags,
        description: 'Starts a record of the test, or answers the one still in progress (200) to resume.',
        body: recordStartSchema,
        response: {
          ...responses(clientRecordDetailSchema, 201),
          200: envelopeSchema(clientRecordDetailSchema),
        },
      },
    },
    async (request, reply) => {
      const { participantId } = requireParticipant(request);
      const started = await service.startRecord(contextOf(request), participantId, request.body.testId);
      return started.created
        ? reply.code(201).send(ok(started.record, 'Record started'))
        : ok(started.record, 'Record resumed');
    },
  );

  app.get(
    '/api/client/records',
    {
      config: { access },
      schema: {
        tags,
        querystring: clientRecordListQuerySchema,
        response: responses(pageSchema(clientRecordSchema)),
      },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      return ok(await service.listOwnRecords(contextOf(request), participantId, request.query));
    },
  );

  app.get(
    '/api/client/records/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, response: responses(clientRecordDetailSchema) },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      return ok(await service.getOwnRecord(contextOf(request), participantId, request.params.id));
    },
  );

  app.put(
    '/api/client/records/:id/answers',
    {
      config: { access },
      schema: {
        tags,
        params: idParamsSchema,
        body: recordAnswersSchema,
        response: responses(clientRecordSchema),
      },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      const { id } = request.params;
      return ok(
        await service.saveProgress(contextOf(request), participantId, id, request.body.answers),
        'Progress saved',
      );
    },
  );

  app.post(
    '/api/client/records/:id/submit',
    {
      config: { access },
      schema: {
        tags,
        params: idParamsSchema,
        body: recordAnswersSchema,
        response: responses(clientRecordDetailSchema),
      },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      const { id } = request.params;
      return ok(
        await service.submitRecord(contextOf(request), participantId, id, request.body.answers),
        'Record submitted',
      );
    },
  );
}
