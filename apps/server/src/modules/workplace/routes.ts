import { orderToDoSchema, teamSchema } from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['workplace'];

/**
 * The workplace (/dashboard/workplace). Its other cards read existing endpoints: new alerts
 * (/api/alerts/counts), records today (/api/monitor/records), the audit log, the tests list.
 */
export async function workplaceRoutes(app: ZodApp) {
  app.get(
    '/api/workplace/orders',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: {
        tags,
        description: 'Refunds processing or abnormal, and unpaid orders about to lapse.',
        response: responses(orderToDoSchema),
      },
    },
    async (request) => ok(await service.orderToDo(contextOf(request))),
  );

  app.get(
    '/api/workplace/team',
    {
      config: { access: { permission: 'roles', action: 'query' } },
      schema: {
        tags,
        description: 'Each role with its number of staff accounts.',
        response: responses(teamSchema),
      },
    },
    async (request) => ok(await service.team(contextOf(request))),
  );
}
