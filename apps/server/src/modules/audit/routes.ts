import { auditEntrySchema, auditListQuerySchema, pageSchema } from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

export async function auditRoutes(app: ZodApp) {
  app.get(
    '/api/audit-log',
    {
      config: { access: { permission: 'audit', action: 'query' } },
      schema: {
        tags: ['audit'],
        querystring: auditListQuerySchema,
        response: responses(pageSchema(auditEntrySchema)),
      },
    },
    async (request) => ok(await service.listAuditEntries(contextOf(request), request.query)),
  );
}
