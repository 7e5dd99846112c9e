import { idParamsSchema, outboxMessageSchema, outboxQuerySchema, pageSchema } from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['outbox'];

/** The development outbox: codes and links in it let the reader act as their recipient, so admins only. */
export async function outboxRoutes(app: ZodApp) {
  app.get(
    '/api/outbox',
    {
      config: { access: { permission: 'outbox', action: 'query' } },
      schema: {
        tags,
        description:
          'Mail and SMS the server sent or kept in the development outbox (no transport configured), newest first.',
        querystring: outboxQuerySchema,
        response: responses(pageSchema(outboxMessageSchema)),
      },
    },
    async (request) => ok(await service.listOutbox(contextOf(request), request.query)),
  );

  app.get(
    '/api/outbox/:id',
    {
      config: { access: { permission: 'outbox', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(outboxMessageSchema) },
    },
    async (request) => ok(await service.getOutboxMessage(contextOf(request), request.params.id)),
  );
}
