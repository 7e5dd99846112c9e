/**
 * What orders share with the WeChat Pay jobs: the client built from the settings (every call written to the
 * payment log), and applying what WeChat Pay says about a payment or a refund, exactly once, under the
 * order's row lock.
 *
 * These changes are not staff changes: they run in a plain transaction with no audit entry (withTx would
 * refuse it). Their trail is the order's `order_events` row (cause, notification id, facts) and the
 * payment log; a staff member who triggers one (sync, close) wraps it in withTx and is audited there.
 */
import { formatYuan, OUTCOME_UNKNOWN_CODES } from '@cool/shared';
import type { ServiceContext } from '../../db/tx.ts';
import { HttpError } from '../../http/reply.ts';
import {
  type WechatPayClient,
  WechatPayError,
  type WechatRefund,
  type WechatTransaction,
  wechatPayClient,
} from '../../integrations/wechatpay/client.ts';
import {
  KeyError,
  loadMerchant,
  type Merchant,
  type MerchantConfig,
} from '../../integrations/wechatpay/protocol.ts';
import { type EventParams, notifyStaff } from '../notifications/service.ts';
import { recordPayCall } from '../paylog/callLog.ts';
import { getWechatPayMerchant } from '../settings/wechatPay.ts';
import * as repo from './repository.ts';
import { type EventCause, transition } from './transitions.ts';

/** A service context that may call WeChat Pay: `apiBase` is the server's `WECHATPAY_API_BASE`. */
export interface PayContext extends ServiceContext {
  apiBase: string;
}

// ---- The client --------------------------------------------------------------------------------------

export interface PayClient {
  client: WechatPayClient;
  merchant: Merchant;
  /** `https://...` without the trailing slash; the notify URLs hang off it. */
  notifyBaseUrl: string;
  orderExpireMinutes: number;
  /** The order the calls are logged under (set once a new order has its number). */
  orderNo: string | null;
  /** Waits for the payment-log rows of the calls made so far. */
  settled(): Promise<void>;
}

let parsed: { config: MerchantConfig; merchant: Merchant } | undefined;
/** Keys are parsed once per saved settings, not on every call. */
function merchantOf(config: MerchantConfig): Merchant {
  if (parsed && JSON.stringify(parsed.config) === JSON.stringify(config)) return parsed.merchant;
  const merchant = loadMerchant(config);
  parsed = { config, merchant };
  return merchant;
}

const notConfigured = () => new HttpError(503, 'wechatpay.notConfigured');

/**
 * The WeChat Pay client for the saved merchant settings, every call logged (for `orderNo` when given, else
 * the order number in the path). 503 `wechatpay.notConfigured` until staff have set WeChat Pay up.
 */
export async function payClientFor(ctx: PayContext, orderNo: string | null = null): Promise<PayClient> {
  const settings = await getWechatPayMerchant(ctx);
  if (!settings?.notifyBaseUrl) throw notConfigured();
  let merchant: Merchant;
  try {
    merchant = merchantOf(settings.merchant);
  } catch (error) {
    if (error instanceof KeyError) throw notConfigured();
    throw error;
  }
  const pending: Promise<unknown>[] = [];
  const pay: PayClient = {
    client: wechatPayClient({
      merchant,
      apiBase: ctx.apiBase,
      onCall: (call) => pending.push(recordPayCall(ctx.db, call, pay.orderNo).catch(() => undefined)),
    }),
    orderNo,
    merchant,
    notifyBaseUrl: settings.notifyBaseUrl,
    orderExpireMinutes: settings.orderExpireMinutes,
    settled: async () => {
      await Promise.all(pending);
    },
  };
  return pay;
}

/** The merchant for checking notifications, or undefined while WeChat Pay is not set up. */
export async function notificationMerchant(ctx: ServiceContext): Promise<Merchant | undefined> {
  const settings = await getWechatPayMerchant(ctx);
  if (!settings) return undefined;
  try {
    return merchantOf(settings.merchant);
  } catch (error) {
    if (error instanceof KeyError) return undefined;
    throw error;
  }
}

// ---- Applying what WeChat Pay says ------------------------------------------------------------------

/**
 * `applied`: the order changed; `duplicate`: that change was already made (a repeated notification);
 * `unchanged`: nothing to do (not paid yet); `unknown`: no such order or refund of ours; `mismatch:<field>`:
 * what WeChat Pay says does not fit our order (`mchid`, `appid`, `amount`, `currency`), so nothing was changed.
 */
export type ApplyVerdict = 'applied' | 'duplicate' | 'unchanged' | 'unknown' | `mismatch:${string}`;

export interface Applied {
  verdict: ApplyVerdict;
  order: repo.OrderRow | null;
}

const staffActor = (ctx: ServiceContext) => (ctx.actor.accountId === null ? null : ctx.actor);

/** Whether WeChat Pay's answer is about this order, of the merchant it was made under (else current settings). */
function transactionMismatch(
  order: repo.OrderRow,
  merchant: { appId: string; mchId: string },
  transaction: WechatTransaction,
): string | null {
  if (transaction.mchid !== (order.mchId ?? merchant.mchId)) return 'mchid';
  if (transaction.appid !== (order.appId ?? merchant.appId)) return 'appid';
  if (transaction.out_trade_no !== order.orderNo) return 'out_trade_no';
  const paid = transaction.trade_state === 'SUCCESS' || transaction.trade_state === 'REFUND';
  if (paid && transaction.amount?.total !== order.amountFen) return 'amount';
  // Orders are made in fen of yuan: the same number in another currency is not this payment.
  if (paid && transaction.amount?.currency !== 'CNY') return 'currency';
  return null;
}

const parseTime = (text: string | undefined) => {
  const time = text ? new Date(text) : new Date();
  return Number.isNaN(time.getTime()) ? new Date() : time;
};

/**
 * Applies WeChat Pay's view of an order (a query answer or a payment notification): SUCCESS (or REFUND,
 * paid then refunded there) makes an unpaid or closed order paid and unlocks its record once; CLOSED,
 * REVOKED and PAYERROR close an unpaid one. Checked against our order and the merchant first.
 */
export async function applyTransaction(
  ctx: ServiceContext,
  orderNo: string,
  transaction: WechatTransaction,
  cause: EventCause,
  options: { notificationId?: string; merchant?: { appId: string; mchId: string } } = {},
): Promise<Applied> {
  const merchant = options.merchant ?? (await getWechatPayMerchant(ctx))?.merchant;
  if (!merchant) throw notConfigured();
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderNo);
    if (!order) return { verdict: 'unknown', order: null };
    const field = transactionMismatch(order, merchant, transaction);
    if (field) return { verdict: `mismatch:${field}`, order };
    const state = transaction.trade_state;
    const change = {
      cause,
      actor: staffActor(ctx),
      notificationId: options.notificationId ?? null,
      detail: {
        tradeState: state,
        ...(transaction.transaction_id && { transactionId: transaction.transaction_id }),
      },
    };
    if (state === 'SUCCESS' || state === 'REFUND') {
      if (order.status !== 'unpaid' && order.status !== 'closed') return { verdict: 'duplicate', order };
      const paid = await transition(tx, order, 'paid', {
        ...change,
        patch: {
          transactionId: transaction.transaction_id ?? null,
          payerOpenid: transaction.payer?.openid ?? null,
          paidAt: parseTime(transaction.success_time),
          closedAt: null,
        },
      });
      return { verdict: 'applied', order: paid };
    }
    if (state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR') {
      if (order.status !== 'unpaid')
        return { verdict: order.status === 'closed' ? 'duplicate' : 'unchanged', order };
      const closed = await transition(tx, order, 'closed', { ...change, patch: { closedAt: new Date() } });
      return { verdict: 'applied', order: closed };
    }
    return { verdict: 'unchanged', order };
  });
}

/**
 * Asks WeChat Pay about the order now and applies the answer. An order WeChat Pay has never seen (its
 * prepay never reached it) is `unchanged`.
 */
export async function queryAndApply(
  ctx: ServiceContext,
  pay: PayClient,
  order: repo.OrderRow,
  cause: EventCause,
): Promise<Applied> {
  let transaction: WechatTransaction;
  try {
    transaction = await pay.client.queryByOutTradeNo(order.orderNo);
  } catch (error) {
    if (error instanceof WechatPayError && error.code === 'wechatpay.notFound')
      return { verdict: 'unchanged', order };
    throw error;
  } finally {
    await repo.stampQueried(ctx.db, order.id);
  }
  return applyTransaction(ctx, order.orderNo, transaction, cause, { merchant: pay.merchant });
}

/**
 * Closes an unpaid order at WeChat Pay and here, asking about it first: one WeChat Pay says is paid (before,
 * or between the question and the close) becomes paid instead, so no payment is lost.
 */
export async function closeUnpaid(
  ctx: PayContext,
  pay: PayClient,
  orderNo: string,
  cause: EventCause,
  reason: 'expired' | 'replaced',
) {
  const order = await repo.findOrder(ctx.db, orderNo);
  if (order?.status !== 'unpaid') return;
  const asked = await queryAndApply(ctx, pay, order, cause);
  if (asked.order?.status !== 'unpaid') return;
  try {
    await pay.client.close(orderNo);
  } catch (error) {
    const code = error instanceof WechatPayError ? error.code : null;
    if (code === 'wechatpay.orderPaid') return queryAndApply(ctx, pay, order, cause);
    // Never seen there (its prepay never reached it), or closed already: nothing to close there.
    if (code !== 'wechatpay.notFound' && code !== 'wechatpay.orderClosed') throw error;
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, orderNo);
    if (locked?.status !== 'unpaid') return;
    await transition(tx, locked, 'closed', { cause, detail: { reason }, patch: { closedAt: new Date() } });
  });
}

/** A refund's outcome as WeChat Pay reports it (apply or query answer; a notification mapped to this). */
export type RefundResult = Pick<WechatRefund, 'refund_id' | 'status' | 'success_time'> & {
  amount: { refund: number; currency?: string };
};

const REFUND_OUTCOMES = { SUCCESS: 'success', CLOSED: 'closed', ABNORMAL: 'abnormal' } as const;

/**
 * Settles a refund in progress: SUCCESS adds it to the refunded amount; CLOSED ends it without money back.
 * ABNORMAL (the card frozen or closed) is not final: the merchant resolves it at WeChat Pay, so the refund
 * stays open (its amount committed, still asked about) and staff are told; SUCCESS or CLOSED may follow. The
 * order leaves `refunding` when its last open refund ends: `refunded` once everything paid went back (its
 * record locked again), else `paid`.
 */
export function applyRefundResult(
  ctx: ServiceContext,
  outRefundNo: string,
  result: RefundResult,
  cause: EventCause,
  notificationId: string | null = null,
): Promise<Applied> {
  const outcome = REFUND_OUTCOMES[result.status as keyof typeof REFUND_OUTCOMES];
  return settleRefund(ctx, outRefundNo, cause, notificationId, (refund) => {
    if (result.amount.refund !== refund.amountFen) return 'mismatch:amount';
    // Refund notifications carry no currency; where an answer names one, it must be ours.
    if ((result.amount.currency ?? 'CNY') !== 'CNY') return 'mismatch:currency';
    return outcome
      ? {
          status: outcome,
          refundId: result.refund_id,
          succeededAt: outcome === 'success' ? parseTime(result.success_time) : null,
          detail: { refundStatus: result.status },
        }
      : { refundId: result.refund_id };
  });
}

type RefundOutcome =
  | {
      status: 'success' | 'closed' | 'abnormal' | 'failed';
      refundId: string | null;
      succeededAt: Date | null;
      detail: Record<string, unknown>;
    }
  | { refundId: string };

/** Ends a refund in progress under the order's lock (order first, as a new refund takes them). */
export async function settleRefund(
  ctx: ServiceContext,
  outRefundNo: string,
  cause: EventCause,
  notificationId: string | null,
  decide: (refund: repo.RefundRow) => RefundOutcome | `mismatch:${string}`,
): Promise<Applied> {
  let ended: EventParams | undefined;
  const applied = await ctx.db.transaction(async (tx): Promise<Applied> => {
    const found = await repo.findRefund(tx, outRefundNo);
    if (!found) return { verdict: 'unknown', order: null };
    const order = (await repo.lockOrderById(tx, found.orderId))!;
    const refund = (await repo.lockRefund(tx, outRefundNo))!;
    const outcome = decide(refund);
    if (typeof outcome === 'string') return { verdict: outcome, order };
    const open = refund.status === 'processing' || refund.status === 'abnormal';
    if (!open || ('status' in outcome && outcome.status === refund.status))
      return { verdict: 'duplicate', order };
    if (!('status' in outcome)) {
      if (outcome.refundId !== refund.refundId)
        await repo.updateRefund(tx, refund.id, { refundId: outcome.refundId });
      return { verdict: 'unchanged', order };
    }
    const stillOpen = outcome.status === 'abnormal';
    await repo.updateRefund(tx, refund.id, {
      status: outcome.status,
      refundId: outcome.refundId ?? refund.refundId,
      succeededAt: outcome.succeededAt,
      // An abnormal refund is asked about again on the jobs' back-off, until the merchant resolves it.
      ...(!stillOpen && { nextPollAt: null }),
    });
    const refundedFen = order.refundedFen + (outcome.status === 'success' ? refund.amountFen : 0);
    const { processingFen } = await repo.refundTally(tx, order.id);
    const to = processingFen > 0 ? 'refunding' : refundedFen >= order.amountFen ? 'refunded' : 'paid';
    const updated = await transition(tx, order, to, {
      cause,
      actor: staffActor(ctx),
      notificationId,
      detail: { outRefundNo, amountFen: refund.amountFen, refund: outcome.status, ...outcome.detail },
      patch: { refundedFen },
    });
    ended = { orderNo: order.orderNo, amountYuan: formatYuan(refund.amountFen), outcome: outcome.status };
    return { verdict: 'applied', order: updated };
  });
  if (ended) await notifyStaff(ctx, 'refund', ended);
  return applied;
}

/**
 * Applies to WeChat Pay for a refund (its first time, or again under the same number), notes when it was
 * accepted, and applies the answer.
 * A refusal (nothing happened at WeChat Pay) ends the refund as failed, so it leaves the order `refunding` and
 * is not applied for again; it is then thrown, for the caller to show or log.
 */
export async function applyForRefund(
  ctx: ServiceContext,
  pay: PayClient,
  request: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number; reason: string },
  cause: EventCause,
): Promise<Applied> {
  try {
    const answer = await pay.client.refund({
      ...request,
      notifyUrl: `${pay.notifyBaseUrl}/api/pay/wechat/refund-notify`,
    });
    // Answered (PROCESSING, or SUCCESS at once): WeChat Pay accepted it now, whatever it says later.
    await repo.markRefundAccepted(ctx.db, request.outRefundNo, new Date());
    return await applyRefundResult(ctx, request.outRefundNo, answer, cause);
  } catch (error) {
    if (refusedByWechat(error))
      await settleRefund(ctx, request.outRefundNo, cause, null, () => ({
        status: 'failed',
        refundId: null,
        succeededAt: null,
        detail: { wechatCode: error.wechatCode },
      }));
    throw error;
  }
}

/** Whether an error means WeChat Pay refused the call (nothing happened), not that its outcome is unknown. */
export const refusedByWechat = (error: unknown): error is WechatPayError =>
  error instanceof WechatPayError && !OUTCOME_UNKNOWN_CODES.includes(error.code);
