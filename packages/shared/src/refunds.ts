import type { ErrorCode } from './errors/catalogue.ts';

/**
 * A refund's statuses and what may still be refunded: zod-free, so the orders page's drawer (and the server)
 * can use them without the order schemas' zod.
 */

export const REFUND_STATUSES = ['processing', 'success', 'closed', 'abnormal', 'failed'] as const;
type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refunds not ended yet: their amount is committed (an abnormal one waits for the merchant at WeChat Pay). */
export const OPEN_REFUND_STATUSES = ['processing', 'abnormal'] as const satisfies readonly RefundStatus[];

/** What may still be refunded: what was paid, less what went back and what open refunds are sending back. */
export const refundableFen = (order: {
  amountFen: number;
  refundedFen: number;
  refunds: readonly { amountFen: number; status: RefundStatus }[];
}) =>
  order.amountFen -
  order.refundedFen -
  order.refunds
    .filter((refund) => (OPEN_REFUND_STATUSES as readonly RefundStatus[]).includes(refund.status))
    .reduce((sum, refund) => sum + refund.amountFen, 0);

/**
 * The codes of a WeChat Pay call that does not tell whether WeChat Pay did what it was asked: no answer (a
 * time-out, a network error after sending), its system error, an answer that could not be read or trusted. A
 * money-moving call failing with one of these may have moved money; any other code the server answers with
 * (`wechatpay.notConfigured` before asking, WeChat Pay's own refusal) says it did not.
 */
export const OUTCOME_UNKNOWN_CODES: readonly string[] = [
  'wechatpay.unreachable',
  'wechatpay.systemError',
  'wechatpay.badSignature',
  'wechatpay.badAnswer',
] satisfies ErrorCode[];
