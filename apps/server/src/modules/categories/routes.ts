import {
  categoryInputSchema,
  categoryListQuerySchema,
  categorySchema,
  idParamsSchema,
  pageSchema,
  type Status,
} from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['categories'];

export async function categoryRoutes(app: ZodApp) {
  app.get(
    '/api/categories',
    {
      config: { access: { permission: 'categories', action: 'query' } },
      schema: { tags, querystring: categoryListQuerySchema, response: responses(pageSchema(categorySchema)) },
    },
    async (request) => ok(await service.listCategories(contextOf(request), request.query)),
  );

  app.get(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(categorySchema) },
    },
    async (request) => ok(await service.getCategory(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/categories',
    {
      config: { access: { permission: 'categories', action: 'add' } },
      schema: { tags, body: categoryInputSchema, response: responses(categorySchema, 201) },
    },
    async (request, reply) => {
      const category = await service.createCategory(
        contextOf(request),
        requireSession(request),
        request.body,
      );
      return reply.code(201).send(ok(category, 'Category created'));
    },
  );

  app.put(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'edit' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: categoryInputSchema,
        response: responses(categorySchema),
      },
    },
    async (request) =>
      ok(
        await service.updateCategory(
          contextOf(request),
          requireSession(request),
          request.params.id,
          request.body,
        ),
        'Category updated',
      ),
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { access: { permission: 'categories', action: 'delete' } },
      schema: { tags, params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      await service.deleteCategory(contextOf(request), request.params.id);
      return ok(null, 'Category deleted');
    },
  );

  for (const [action, status, message] of [
    ['enable', 'enabled', 'Category enabled'],
    ['disable', 'disabled', 'Category disabled'],
  ] as const satisfies [string, Status, string][]) {
    app.post(
      `/api/categories/:id/${action}`,
      {
        config: { access: { permission: 'categories', action } },
        schema: { tags, params: idParamsSchema, response: responses(categorySchema) },
      },
      async (request) =>
        ok(await service.setCategoryStatus(contextOf(request), request.params.id, status), message),
    );
  }
}
