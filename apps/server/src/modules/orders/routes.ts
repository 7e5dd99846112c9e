import {
  idParamsSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderNoParamsSchema,
  orderSchema,
  orderTotalsQuerySchema,
  orderTotalsSchema,
  pageSchema,
  refundInputSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { sendCopiedCsv, sendCsv } from '../../http/csv.ts';
import { fileResponses, ok, responses } from '../../http/reply.ts';
import { sendXlsx, XLSX_TYPE } from '../../http/xlsx.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { payContextOf } from './clientRoutes.ts';
import * as exports from './export.ts';
import * as service from './service.ts';

/** The payment orders screen (/order): find, inspect, sync, close, refund and export orders. */
export async function orderRoutes(app: ZodApp) {
  const tags = ['orders'];

  app.get(
    '/api/orders',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: { tags, querystring: orderListQuerySchema, response: responses(pageSchema(orderSchema)) },
    },
    async (request) => ok(await service.listOrders(contextOf(request), request.query)),
  );

  app.get(
    '/api/orders/totals',
    {
      config: { access: { permission: 'orders', action: 'query' } },
      schema: {
        tags,
        description: 'Count, paid and refunded of every order the filters match (not only one page).',
        querystring: orderTotalsQuerySchema,
        response: responses(orderTotalsSchema),
      },
    },
    async (request) => ok(await service.orderTotals(contextOf(request), request.query)),
  );

  app.get(
    '/api/orders/export',
    {
      config: { access: { permission: 'orders', action: 'export' } },
      schema: {
        tags,
        description: `CSV streams; XLSX is built in memory, so at most ${exports.ORDER_XLSX_MAX_ROWS} rows.`,
        querystring: orderExportQuerySchema,
        response: fileResponses('text/csv', XLSX_TYPE),
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const name = `orders-${new Date().toISOString().slice(0, 10)}`;
      // On PostgreSQL the database writes the CSV (COPY), streamed as it comes.
      const copyOut = request.server.database.current?.copyOut;
      const copied = format === 'csv' && copyOut ? exports.copyOrders(copyOut, filters) : undefined;
      if (copied) return sendCopiedCsv(reply, `${name}.csv`, exports.ORDER_EXPORT_COLUMNS, await copied);
      const rows = exports.exportOrders(contextOf(request), filters);
      if (format === 'csv') return sendCsv(reply, `${name}.csv`, exports.ORDER_EXPORT_COLUMNS, rows);
      return sendXlsx(reply, name, 'orders', exports.ORDER_EXPORT_COLUMNS, await exports.xlsxRows(rows));
    },
  );

  app.get(
    '/api/orders/:orderNo',
    {
      config: { access: { permission: 'orders', action: 'get' } },
      schema: {
        tags,
        description: 'The order with its events (oldest first), refunds and the record it unlocks.',
        params: orderNoParamsSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => ok(await service.getOrder(contextOf(request), request.params.orderNo)),
  );

  app.get(
    '/api/orders/by-id/:id',
    {
      config: { access: { permission: 'orders', action: 'get' } },
      schema: {
        tags,
        description: 'The same as by number, for the order profile (`/profile/basic?id=`).',
        params: idParamsSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => ok(await service.getOrder(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/refunds/:id/sync',
    {
      config: { access: { permission: 'orders', action: 'edit' } },
      schema: {
        tags,
        description:
          "Asks WeChat Pay about a refund still in progress now and applies its answer: its order's detail. " +
          'An ended refund is answered as it is.',
        params: idParamsSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => ok(await service.syncRefund(payContextOf(request), request.params.id), 'Synced'),
  );

  app.post(
    '/api/orders/:orderNo/sync',
    {
      config: { access: { permission: 'orders', action: 'edit' } },
      schema: {
        tags,
        description: 'Asks WeChat Pay about the order now and applies its answer.',
        params: orderNoParamsSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => ok(await service.syncOrder(payContextOf(request), request.params.orderNo), 'Synced'),
  );

  app.post(
    '/api/orders/:orderNo/close',
    {
      config: { access: { permission: 'orders', action: 'edit' } },
      schema: {
        tags,
        description:
          'Closes an unpaid order at WeChat Pay and here. WeChat Pay is asked first: an order it says is ' +
          'paid becomes paid instead (message "Paid, not closed").',
        params: orderNoParamsSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => {
      const { order, closed } = await service.closeOrder(payContextOf(request), request.params.orderNo);
      return ok(order, closed ? 'Order closed' : 'Paid, not closed');
    },
  );

  app.post(
    '/api/orders/:orderNo/refunds',
    {
      config: { access: { permission: 'orders', action: 'refund' } },
      schema: {
        tags,
        description:
          'Refunds part or all of what is left of the payment. The order is `refunding` until WeChat Pay ' +
          'reports the result (refund notification, or the refund job asking).',
        params: orderNoParamsSchema,
        body: refundInputSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) =>
      ok(
        await service.refundOrder(payContextOf(request), request.params.orderNo, request.body),
        'Refund requested',
      ),
  );
}
