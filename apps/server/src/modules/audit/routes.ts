import {
  auditActorQuerySchema,
  auditActorSchema,
  auditEntrySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  pageSchema,
} from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { fileResponses, ok, responses } from '../../http/reply.ts';
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

  // The actor filter's picker: whoever may read the log may find who acted, without the staff permission.
  app.get(
    '/api/audit-log/actors',
    {
      config: { access: { permission: 'audit', action: 'query' } },
      schema: {
        tags: ['audit'],
        description: 'Staff accounts whose name or username has the keyword, for the actor filter.',
        querystring: auditActorQuerySchema,
        response: responses(z.array(auditActorSchema)),
      },
    },
    async (request) => ok(await service.actorChoices(contextOf(request), request.query)),
  );

  app.get(
    '/api/audit-log/export',
    {
      config: { access: { permission: 'audit', action: 'query' } },
      schema: {
        tags: ['audit'],
        description: 'Every entry the filters match as CSV (streamed), newest first unless sorted.',
        querystring: auditExportQuerySchema,
        response: fileResponses('text/csv'),
      },
    },
    async (request, reply) => {
      const name = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      const rows = service.exportAuditEntries(contextOf(request), request.query);
      return sendCsv(reply, name, service.AUDIT_EXPORT_COLUMNS, rows);
    },
  );
}
