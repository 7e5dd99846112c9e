import { z } from 'zod';
import { RECONCILIATION_DAY_STATES, RECONCILIATION_KINDS, REFUND_REASON_MAX } from '../limits.ts';
import { dayText } from '../queries/list.ts';
import { ORDER_STATUSES, PAY_CHANNELS, PAY_DIRECTIONS } from '../queries/orders.ts';
import { REFUND_STATUSES } from '../refunds.ts';
import { recordId, safeString, text } from './fields.ts';
import { localizedTextSchema } from './localized.ts';

/** Payment orders: what the client creates and polls, what staff list, inspect and refund. */

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const payChannelSchema = z.enum(PAY_CHANNELS);
export type PayChannel = z.infer<typeof payChannelSchema>;

export const ORDER_EVENT_CAUSES = ['client', 'notification', 'query', 'job', 'staff'] as const;

/** Our `out_trade_no`: 6-32 of [0-9A-Za-z] (the characters every WeChat Pay page accepts). */
export const ORDER_NO_PATTERN = /^[0-9A-Za-z]{6,32}$/;
export const orderNoSchema = safeString().regex(ORDER_NO_PATTERN, 'field.orderNo');
export const orderNoParamsSchema = z.strictObject({ orderNo: orderNoSchema });

// ---- Client -------------------------------------------------------------------------------------------

export const clientOrderInputSchema = z.strictObject({
  recordId,
  channel: payChannelSchema,
});

/** The parameters `wx.requestPayment` takes, signed by the server. */
export const jsapiPayParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiPayParams = z.infer<typeof jsapiPayParamsSchema>;

export const clientOrderSchema = z.object({
  orderNo: z.string(),
  recordId: z.number().int(),
  title: localizedTextSchema,
  amountFen: z.number().int(),
  channel: payChannelSchema,
  status: orderStatusSchema,
  /**
   * Unpaid and past its expiry time: no longer payable, though its status stays unpaid until the close job
   * closes it (after asking WeChat Pay). Worked out when the answer is made, so it is right before that job runs.
   */
  expired: z.boolean(),
  expireTime: z.string(),
  paidTime: z.string().nullable(),
  refundedFen: z.number().int(),
  createTime: z.string(),
  /** native, while payable: the `weixin://` URL to show as a QR code. */
  codeUrl: z.string().nullable(),
  /** h5, while payable: the page to send the browser to. */
  h5Url: z.string().nullable(),
  /** jsapi, while payable. */
  jsapi: jsapiPayParamsSchema.nullable(),
});
export type ClientOrder = z.infer<typeof clientOrderSchema>;

// ---- Staff --------------------------------------------------------------------------------------------

export const orderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  participant: z.object({ id: z.number().int(), nickname: z.string().nullable(), erased: z.boolean() }),
  recordId: z.number().int(),
  testId: z.number().int(),
  title: localizedTextSchema,
  priceFen: z.number().int(),
  amountFen: z.number().int(),
  channel: payChannelSchema,
  status: orderStatusSchema,
  /**
   * Unpaid and past its expiry time: no longer payable, though its status stays unpaid until the close job
   * closes it (after asking WeChat Pay). Worked out when the answer is made, so it is right before that job runs.
   */
  expired: z.boolean(),
  transactionId: z.string().nullable(),
  /** Masked in lists (`oAbc****xyz`). */
  payerOpenid: z.string().nullable(),
  refundedFen: z.number().int(),
  expireTime: z.string(),
  paidTime: z.string().nullable(),
  closedTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  id: z.number().int(),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  cause: z.enum(ORDER_EVENT_CAUSES),
  /** The staff member, for staff actions. */
  actorUsername: z.string().nullable(),
  notificationId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  time: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  outRefundNo: z.string(),
  refundId: z.string().nullable(),
  /**
   * When WeChat Pay accepted it (our application got its successful answer); null before that, and for refunds
   * made before this was kept.
   */
  acceptTime: z.string().nullable(),
  amountFen: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  requestedBy: z.string().nullable(),
  createTime: z.string(),
  successTime: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** One order with its events (oldest first) and refunds. */
export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  refunds: z.array(refundSchema),
  record: z.object({ id: z.number().int(), status: z.string(), unlocked: z.boolean() }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Totals of the filtered list (not only the page). */
export const orderTotalsSchema = z.object({
  count: z.number().int(),
  paidCount: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
});

export const refundInputSchema = z.strictObject({
  amountFen: z.number().int().min(1).max(100_000_00),
  reason: text(REFUND_REASON_MAX).default(''),
});
export type RefundInput = z.input<typeof refundInputSchema>;

// ---- The payment log and reconciliation (/order/weixin) -----------------------------------------------

export const payLogEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  direction: z.enum(PAY_DIRECTIONS),
  operation: z.string(),
  orderNo: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  verdict: z.string(),
  errorCode: z.string().nullable(),
  durationMs: z.number().int(),
  notificationId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type PayLogEntry = z.infer<typeof payLogEntrySchema>;

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_KINDS),
  orderNo: z.string(),
  transactionId: z.string().nullable(),
  /** Our amount and status; null when we have no such order. */
  ourAmountFen: z.number().int().nullable(),
  ourStatus: orderStatusSchema.nullable(),
  /** The bill's; null when the bill has no such trade. */
  billAmountFen: z.number().int().nullable(),
  billStatus: z.string().nullable(),
  synced: z.boolean(),
});
export const reconciliationSchema = z.object({
  id: z.number().int(),
  billDate: z.string(),
  status: z.enum(['done', 'failed']),
  counts: z.object({
    billRows: z.number().int(),
    matched: z.number().int(),
    missingHere: z.number().int(),
    missingThere: z.number().int(),
    amountDiffers: z.number().int(),
    statusDiffers: z.number().int(),
  }),
  differences: z.array(reconciliationDifferenceSchema),
  error: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const billDateSchema = z.strictObject({ billDate: dayText() });

/** One of the recent days in the reconciliation list: its state, and its counts once reconciled. */
export const reconciliationDaySchema = z.object({
  billDate: z.string(),
  state: z.enum(RECONCILIATION_DAY_STATES),
  /** Differences found, and those not yet synced; 0 for a day not reconciled. */
  differences: z.number().int(),
  unsynced: z.number().int(),
  /** Trades in the bill; null for a day not reconciled. */
  billRows: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When it was last reconciled (or tried); null when never. */
  updateTime: z.string().nullable(),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;
