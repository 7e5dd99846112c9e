import {
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  accountUpdateSchema,
  idParamsSchema,
  pageSchema,
} from '@cool/shared';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['accounts'];

export async function accountRoutes(app: ZodApp) {
  app.get(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'query' } },
      schema: { tags, querystring: accountListQuerySchema, response: responses(pageSchema(accountSchema)) },
    },
    async (request) => ok(await service.listAccounts(contextOf(request), request.query)),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(accountSchema) },
    },
    async (request) => ok(await service.getAccount(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'add' } },
      schema: { tags, body: accountCreateSchema, response: responses(accountSchema, 201) },
    },
    async (request, reply) => {
      const account = await service.createAccount(contextOf(request), request.body);
      return reply.code(201).send(ok(account, 'Account created'));
    },
  );

  app.put(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: accountUpdateSchema,
        response: responses(accountSchema),
      },
    },
    async (request) =>
      ok(
        await service.updateAccount(
          contextOf(request),
          requireSession(request),
          request.params.id,
          request.body,
        ),
        'Account updated',
      ),
  );
}
