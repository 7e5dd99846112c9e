import { jobQueuesSchema, openAlertsSchema, paymentsHealthSchema, recordsNowSchema } from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['monitor'];

/** The monitor dashboard (/dashboard/monitor): one endpoint per section, each behind its resource's query. */
export async function monitorRoutes(app: ZodApp) {
  app.get(
    '/api/monitor/records',
    {
      config: { access: { permission: 'records', action: 'query' } },
      schema: {
        tags,
        description:
          'Records started and submitted today (China time), in progress, and per hour over the last 24 hours.',
        response: responses(recordsNowSchema),
      },
    },
    async (request) => ok(await service.recordsNow(contextOf(request))),
  );

  app.get(
    '/api/monitor/payments',
    {
      config: { access: { permission: 'payLog', action: 'query' } },
      schema: {
        tags,
        description:
          "The WeChat Pay log's last 24 hours: entries by verdict, the calls' timing and the latest failures.",
        response: responses(paymentsHealthSchema),
      },
    },
    async (request) => ok(await service.paymentsHealth(contextOf(request))),
  );

  app.get(
    '/api/monitor/alerts',
    {
      config: { access: { permission: 'alerts', action: 'query' } },
      schema: {
        tags,
        description: 'Alerts not closed, by severity and status, and when the oldest new one was raised.',
        response: responses(openAlertsSchema),
      },
    },
    async (request) => ok(await service.openAlerts(contextOf(request))),
  );

  app.get(
    '/api/monitor/jobs',
    {
      // The server's own work (payments, mail, clean-ups): for those who may read its settings.
      config: { access: { permission: 'settings', action: 'query' } },
      schema: {
        tags,
        description:
          "The background job queue's last 24 hours: jobs by queue and state (available: false without a queue).",
        response: responses(jobQueuesSchema),
      },
    },
    async (request) => ok(await service.jobQueues(contextOf(request))),
  );
}
