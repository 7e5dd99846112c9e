import {
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  accountUpdateSchema,
  idParamsSchema,
  pageSchema,
} from '@cool/shared';
import { requireSession } from '../../http/access.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { account, accountPage, changeAccount, createAccount } from './service.ts';

export async function accountRoutes(app: ZodApp) {
  app.get(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'query' } },
      schema: {
        tags: ['accounts'],
        querystring: accountListQuerySchema,
        response: responses(pageSchema(accountSchema)),
      },
    },
    async (request) => ok(await accountPage(app.db, request.query)),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'get' } },
      schema: { tags: ['accounts'], params: idParamsSchema, response: responses(accountSchema) },
    },
    async (request) => ok(await account(app.db, request.params.id)),
  );

  app.post(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'add' } },
      schema: { tags: ['accounts'], body: accountCreateSchema, response: responses(accountSchema, 201) },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createAccount(app.db, request.body), 'Account created')),
  );

  app.put(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags: ['accounts'],
        params: idParamsSchema,
        body: accountUpdateSchema,
        response: responses(accountSchema),
      },
    },
    async (request) =>
      ok(
        await changeAccount(app.db, requireSession(request), request.params.id, request.body),
        'Account updated',
      ),
  );
}
