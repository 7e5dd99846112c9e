/**
 * A day's trade bill against our books, as a pure function: which payments and refunds both sides have, and
 * each one only one side has or where they disagree on the amount.
 */
import type { OrderStatus, Reconciliation } from '@cool/shared';
import type { TradeBillRow } from '../../integrations/wechatpay/bill.ts';

export type Difference = Reconciliation['differences'][number];
export type Counts = Reconciliation['counts'];

/** An order of ours the bill names, or one we recorded as paid that day. */
export interface OurOrder {
  orderNo: string;
  transactionId: string | null;
  amountFen: number;
  status: OrderStatus;
  /** When we recorded it paid (any day); null when it never was. */
  paidAt: Date | null;
}

/** A refund of ours the bill names, or one we recorded as succeeded that day. */
export interface OurRefund {
  outRefundNo: string;
  orderNo: string;
  amountFen: number;
  status: string;
  succeededAt: Date | null;
}

/** `[start, end)` of a China-time (UTC+8) day `YYYY-MM-DD`: the bill's day. */
export function chinaDay(billDate: string): { start: Date; end: Date } {
  const start = new Date(`${billDate}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

/** The China-time date `days` days before `now` (`-1`: yesterday), as `YYYY-MM-DD`. */
export const chinaDate = (now: Date, days = 0) =>
  new Date(now.getTime() + 8 * 3600_000 + days * 24 * 3600_000).toISOString().slice(0, 10);

/** The China day `days` days after the China day `day` (`-1`: the day before), as `YYYY-MM-DD`. */
export const shiftDay = (day: string, days: number) => chinaDate(chinaDay(day).start, days);

/**
 * Compares the bill's lines of one day with our orders and refunds. `orders` and `refunds` hold ours that
 * were paid / refunded that day and those the bill names (whatever their day), so a payment we recorded on
 * another day, or never, is told apart from one we do not have at all.
 *
 * - `missingHere`: paid at WeChat Pay, not paid here (no such order, or still unpaid or closed).
 * - `missingThere`: paid here that day, absent from the bill.
 * - `amountDiffers`: both have it, for different amounts (payment or refund).
 * - `statusDiffers`: a refund one side has as succeeded that day and the other does not.
 */
export function reconcile(
  billDate: string,
  bill: readonly TradeBillRow[],
  orders: readonly OurOrder[],
  refunds: readonly OurRefund[],
): { counts: Counts; differences: Difference[] } {
  const { start, end } = chinaDay(billDate);
  const onDay = (time: Date | null) => time !== null && time >= start && time < end;
  const orderByNo = new Map(orders.map((order) => [order.orderNo, order]));
  const refundByNo = new Map(refunds.map((refund) => [refund.outRefundNo, refund]));
  const differences: Difference[] = [];
  let matched = 0;
  type Side = { amountFen: number | null; status: string | null };
  const differ = (
    kind: Difference['kind'],
    orderNo: string,
    transactionId: string | null,
    ours: Side,
    theirs: Side,
  ) =>
    differences.push({
      kind,
      orderNo,
      transactionId: transactionId || null,
      ourAmountFen: ours.amountFen,
      ourStatus: ours.status as OrderStatus | null,
      billAmountFen: theirs.amountFen,
      billStatus: theirs.status,
      synced: false,
    });
  const none: Side = { amountFen: null, status: null };

  const billPaid = new Set<string>();
  const billRefunded = new Set<string>();
  for (const row of bill) {
    const order = orderByNo.get(row.outTradeNo);
    if (row.tradeState === 'REFUND') {
      billRefunded.add(row.outRefundNo);
      const refund = refundByNo.get(row.outRefundNo);
      const theirs = { amountFen: row.refundFen, status: 'REFUND' };
      const ours = { amountFen: refund?.amountFen ?? null, status: order?.status ?? null };
      if (refund?.status !== 'success')
        differ('statusDiffers', row.outTradeNo, row.transactionId, ours, theirs);
      else if (refund.amountFen !== row.refundFen)
        differ('amountDiffers', row.outTradeNo, row.transactionId, ours, theirs);
      else matched++;
      continue;
    }
    billPaid.add(row.outTradeNo);
    const theirs = { amountFen: row.amountFen, status: row.tradeState };
    const ours = order ? { amountFen: order.amountFen, status: order.status } : none;
    if (!order || order.paidAt === null)
      differ('missingHere', row.outTradeNo, row.transactionId, ours, theirs);
    else if (order.amountFen !== row.amountFen)
      differ('amountDiffers', row.outTradeNo, row.transactionId, ours, theirs);
    else matched++;
  }
  for (const order of orders) {
    if (onDay(order.paidAt) && !billPaid.has(order.orderNo))
      differ('missingThere', order.orderNo, order.transactionId, order, none);
  }
  for (const refund of refunds) {
    if (refund.status !== 'success' || !onDay(refund.succeededAt) || billRefunded.has(refund.outRefundNo))
      continue;
    const order = orderByNo.get(refund.orderNo);
    differ(
      'statusDiffers',
      refund.orderNo,
      order?.transactionId ?? null,
      { amountFen: refund.amountFen, status: order?.status ?? null },
      none,
    );
  }
  const count = (kind: Difference['kind']) => differences.filter((d) => d.kind === kind).length;
  return {
    counts: {
      billRows: bill.length,
      matched,
      missingHere: count('missingHere'),
      missingThere: count('missingThere'),
      amountDiffers: count('amountDiffers'),
      statusDiffers: count('statusDiffers'),
    },
    differences,
  };
}
