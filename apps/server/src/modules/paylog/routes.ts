import {
  billDateSchema,
  orderNoSchema,
  pageSchema,
  payLogEntrySchema,
  payLogQuerySchema,
  reconciliationDaySchema,
  reconciliationDaysQuerySchema,
  reconciliationSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { payContextOf } from '../orders/clientRoutes.ts';
import * as service from './service.ts';

const tags = ['payLog'];
const differenceParamsSchema = billDateSchema.extend({ orderNo: orderNoSchema });

/** The WeChat Pay page (/order/weixin): the payment log and the trade bill reconciliation. */
export async function payLogRoutes(app: ZodApp) {
  app.get(
    '/api/pay-log',
    {
      config: { access: { permission: 'payLog', action: 'query' } },
      schema: {
        tags,
        description: 'Every notification received and every call made to WeChat Pay, newest first.',
        querystring: payLogQuerySchema,
        response: responses(pageSchema(payLogEntrySchema)),
      },
    },
    async (request) => ok(await service.listPayLog(contextOf(request), request.query)),
  );

  app.get(
    '/api/pay/reconciliations',
    {
      config: { access: { permission: 'payLog', action: 'query' } },
      schema: {
        tags,
        description:
          'The recent days (yesterday back 90 days, China time), newest first, each with its state: matched, ' +
          'differences, failed or notFetched.',
        querystring: reconciliationDaysQuerySchema,
        response: responses(pageSchema(reconciliationDaySchema)),
      },
    },
    async (request) => ok(await service.listReconciliationDays(contextOf(request), request.query)),
  );

  app.get(
    '/api/pay/reconciliations/:billDate',
    {
      config: { access: { permission: 'payLog', action: 'get' } },
      schema: {
        tags,
        description: "A day's reconciliation (China time); 404 reconciliation.notFound when never run.",
        params: billDateSchema,
        response: responses(reconciliationSchema),
      },
    },
    async (request) => ok(await service.getReconciliation(contextOf(request), request.params.billDate)),
  );

  app.post(
    '/api/pay/reconciliations',
    {
      config: { access: { permission: 'payLog', action: 'edit' } },
      schema: {
        tags,
        description:
          "Downloads the day's trade bill (China time; WeChat Pay makes it after 10:00 the next day) and compares it with " +
          'our orders and refunds; the day is reconciled again if it was before.',
        body: billDateSchema,
        response: responses(reconciliationSchema),
      },
    },
    async (request) =>
      ok(await service.runReconciliation(payContextOf(request), request.body.billDate), 'Reconciled'),
  );

  app.post(
    '/api/pay/reconciliations/:billDate/differences/:orderNo/sync',
    {
      config: { access: { permission: 'payLog', action: 'edit' } },
      schema: {
        tags,
        description:
          "Asks WeChat Pay about the difference's order (and its refunds in progress), applies the answer, " +
          'and marks the difference synced.',
        params: differenceParamsSchema,
        response: responses(reconciliationSchema),
      },
    },
    async (request) =>
      ok(
        await service.syncDifference(payContextOf(request), request.params.billDate, request.params.orderNo),
        'Synced',
      ),
  );
}
