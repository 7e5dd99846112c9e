import {
  alertCountsSchema,
  alertListQuerySchema,
  alertSchema,
  alertUpdateSchema,
  idParamsSchema,
  pageSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

/** The alerts queue: records whose report raised an alert, followed up by staff. */
export async function alertRoutes(app: ZodApp) {
  const tags = ['alerts'];

  app.get(
    '/api/alerts',
    {
      config: { access: { permission: 'alerts', action: 'query' } },
      schema: { tags, querystring: alertListQuerySchema, response: responses(pageSchema(alertSchema)) },
    },
    async (request) => ok(await service.listAlerts(contextOf(request), request.query)),
  );

  app.get(
    '/api/alerts/counts',
    {
      config: { access: { permission: 'alerts', action: 'query' } },
      schema: {
        tags,
        description: 'New alerts, for the menu badge.',
        response: responses(alertCountsSchema),
      },
    },
    async (request) => ok(await service.alertCounts(contextOf(request))),
  );

  app.get(
    '/api/alerts/:id',
    {
      config: { access: { permission: 'alerts', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(alertSchema) },
    },
    async (request) => ok(await service.getAlert(contextOf(request), request.params.id)),
  );

  app.put(
    '/api/alerts/:id',
    {
      config: { access: { permission: 'alerts', action: 'edit' } },
      schema: { tags, params: idParamsSchema, body: alertUpdateSchema, response: responses(alertSchema) },
    },
    async (request) =>
      ok(await service.updateAlert(contextOf(request), request.params.id, request.body), 'Alert updated'),
  );
}
