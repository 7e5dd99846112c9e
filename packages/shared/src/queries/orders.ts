import * as z from 'zod/mini';
import { RECONCILIATION_DAYS_PAGE_MAX } from '../limits.ts';
import { listQuery, PAGING, pageSizeQuery, queryId, queryText, queryTime, sortQuery } from './list.ts';

/** The orders list and the payment log: their queries, and the values their filters name. */

export const ORDER_STATUSES = ['unpaid', 'paid', 'closed', 'refunding', 'refunded'] as const;
/** `native`: a QR code scanned with WeChat; `jsapi`: inside WeChat; `h5`: a mobile browser outside WeChat. */
export const PAY_CHANNELS = ['native', 'jsapi', 'h5'] as const;
export const ORDER_SORT_FIELDS = ['createTime', 'paidTime', 'amountFen'] as const;
export const ORDER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const PAY_DIRECTIONS = ['inbound', 'outbound'] as const;
/**
 * Pay log verdicts that are not failures: a call that answered, a notification applied, seen before or changing
 * nothing. Every other verdict is a failure's code.
 */
export const PAY_SUCCESS_VERDICTS = ['ok', 'applied', 'duplicate', 'unchanged'] as const;

const amountFen = () => z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000_00)));

export const clientOrderListQuerySchema = listQuery({ status: z.optional(z.enum(ORDER_STATUSES)) });

export const orderListQuerySchema = listQuery({
  orderNo: z.optional(queryText(32)),
  transactionId: z.optional(queryText(32)),
  participantId: z.optional(queryId()),
  /** Matches the participant's nickname. */
  participant: z.optional(queryText(64)),
  testId: z.optional(queryId()),
  status: z.optional(z.enum(ORDER_STATUSES)),
  channel: z.optional(z.enum(PAY_CHANNELS)),
  minAmountFen: amountFen(),
  maxAmountFen: amountFen(),
  /** Created at or after. */
  from: queryTime(),
  /** Created before. */
  to: queryTime(),
  ...sortQuery(ORDER_SORT_FIELDS),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** Totals of the filtered list (not only the page). */
export const orderTotalsQuerySchema = z.omit(orderListQuerySchema, {
  pageNo: true,
  pageSize: true,
  cursor: true,
  sortField: true,
  sortOrder: true,
});

export const orderExportQuerySchema = z.extend(z.omit(orderListQuerySchema, PAGING), {
  format: z._default(z.enum(ORDER_EXPORT_FORMATS), 'csv'),
});

export const payLogQuerySchema = listQuery({
  direction: z.optional(z.enum(PAY_DIRECTIONS)),
  operation: z.optional(queryText(64)),
  orderNo: z.optional(queryText(32)),
  verdict: z.optional(queryText(64)),
  from: queryTime(),
  to: queryTime(),
});
export type PayLogQuery = z.input<typeof payLogQuerySchema>;

/** The recent days' reconciliations, newest first, a page of days at a time. */
export const reconciliationDaysQuerySchema = z.strictObject({
  pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: pageSizeQuery(RECONCILIATION_DAYS_PAGE_MAX, 10),
});
export type ReconciliationDaysQuery = z.input<typeof reconciliationDaysQuerySchema>;
