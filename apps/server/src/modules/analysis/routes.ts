import {
  analysisPeriodQuerySchema,
  salesByCategoryQuerySchema,
  salesByCategorySchema,
  salesOverviewSchema,
  salesPeriodSchema,
  visitsOverviewSchema,
  visitsPeriodSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['analysis'];
const PERIOD =
  '`from` to `to` (YYYY-MM-DD, both included) are China-time days; at most 366 days (7 by the hour), ' +
  'else 400 analysis.rangeTooLong.';

/**
 * The analysis dashboard (/dashboard/analysis): sales need `orders.query`, visits `records.query`, so a role
 * holding one sees its half only.
 */
export async function analysisRoutes(app: ZodApp) {
  app.get(
    '/api/analysis/sales/overview',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: {
        tags,
        description:
          'Net sales (paid less refunded) ever and lately, payments, and the conversion of locked reports to paid.',
        response: responses(salesOverviewSchema),
      },
    },
    async (request) => ok(await service.salesOverview(contextOf(request))),
  );

  app.get(
    '/api/analysis/sales',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: {
        tags,
        description: `Net sales per bucket (dated by payment) and the tests that sold most. ${PERIOD}`,
        querystring: analysisPeriodQuerySchema,
        response: responses(salesPeriodSchema),
      },
    },
    async (request) => ok(await service.salesPeriod(contextOf(request), request.query)),
  );

  app.get(
    '/api/analysis/sales/categories',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: {
        tags,
        description: `Net sales by the first category of each test, of one payment channel or all. ${PERIOD}`,
        querystring: salesByCategoryQuerySchema,
        response: responses(salesByCategorySchema),
      },
    },
    async (request) => ok(await service.salesByCategory(contextOf(request), request.query)),
  );

  app.get(
    '/api/analysis/visits/overview',
    {
      config: { access: { permission: 'records', action: 'query' } },
      schema: {
        tags,
        description: 'Records started ever, today and lately, and per day over the last 30 days.',
        response: responses(visitsOverviewSchema),
      },
    },
    async (request) => ok(await service.visitsOverview(contextOf(request))),
  );

  app.get(
    '/api/analysis/visits',
    {
      config: { access: { permission: 'records', action: 'query' } },
      schema: {
        tags,
        description:
          'Records started and participants per bucket, the tests taken most, and their weekly range: their ' +
          `records over the 7 days ending on the period's last day (today at the latest) against the 7 before. ${PERIOD}`,
        querystring: analysisPeriodQuerySchema,
        response: responses(visitsPeriodSchema),
      },
    },
    async (request) => ok(await service.visitsPeriod(contextOf(request), request.query)),
  );
}
