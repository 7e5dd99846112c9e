import { roleSchema } from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

export async function roleRoutes(app: ZodApp) {
  app.get(
    '/api/roles',
    {
      config: { access: { permission: 'roles', action: 'query' } },
      schema: { tags: ['roles'], response: responses(z.array(roleSchema)) },
    },
    async (request) => ok(await service.listRoles(contextOf(request))),
  );
}
