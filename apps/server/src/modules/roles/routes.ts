import { roleCreateSchema, roleParamsSchema, roleSchema, roleUpdateSchema } from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['roles'];

export async function roleRoutes(app: ZodApp) {
  app.get(
    '/api/roles',
    {
      config: { access: { permission: 'roles', action: 'query' } },
      schema: { tags, response: responses(z.array(roleSchema)) },
    },
    async (request) => ok(await service.listRoles(contextOf(request))),
  );

  app.post(
    '/api/roles',
    {
      config: { access: { permission: 'roles', action: 'add' } },
      schema: { tags, body: roleCreateSchema, response: responses(roleSchema, 201) },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await service.createRole(contextOf(request), requireSession(request), request.body),
            'Role created',
          ),
        ),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { access: { permission: 'roles', action: 'edit' } },
      schema: {
        tags,
        description: 'Built-in roles are read-only (409).',
        params: roleParamsSchema,
        body: roleUpdateSchema,
        response: responses(roleSchema),
      },
    },
    async (request) =>
      ok(
        await service.updateRole(
          contextOf(request),
          requireSession(request),
          request.params.id,
          request.body,
        ),
        'Role updated',
      ),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { access: { permission: 'roles', action: 'delete' } },
      schema: {
        tags,
        description: 'Refused (409) for built-in roles and while accounts have the role.',
        params: roleParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await service.deleteRole(contextOf(request), requireSession(request), request.params.id);
      return ok(null, 'Role deleted');
    },
  );
}
