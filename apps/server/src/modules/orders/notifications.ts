/**
 * WeChat Pay's payment and refund notifications: verified over the raw body bytes, decrypted, checked
 * against our order, applied once (row lock), and logged with their verdict whatever happens. Only the
 * verification and one transaction run here, so the answer comes well within WeChat Pay's 5 seconds.
 */
import type { ServiceContext } from '../../db/tx.ts';
import { refundNotificationSchema, transactionSchema } from '../../integrations/wechatpay/client.ts';
import {
  DecryptError,
  openNotification,
  SignatureError,
  type SignedHeaders,
} from '../../integrations/wechatpay/protocol.ts';
import { insertPayLog } from '../paylog/repository.ts';
import { type Applied, applyRefundResult, applyTransaction, notificationMerchant } from './payments.ts';
import * as repo from './repository.ts';

/** The notify route's answer: 204, or a status with `{"code":"FAIL","message":...}` (WeChat Pay's form). */
export interface NotifyAnswer {
  status: number;
  message?: string;
}

type Kind = 'payment' | 'refund';

interface Outcome {
  answer: NotifyAnswer;
  verdict: string;
  orderNo?: string | null;
  notificationId?: string | null;
  detail?: Record<string, unknown>;
}

const fail = (status: number, verdict: string, message: string, rest: Partial<Outcome> = {}): Outcome => ({
  answer: { status, message },
  verdict,
  ...rest,
});

/**
 * The answer to an applied change: 204 when it was made now or before (a duplicate); 404 FAIL for an
 * order or refund we never issued, 400 FAIL when WeChat Pay's facts do not fit ours. A failure makes WeChat
 * Pay deliver it again (and each delivery is logged), rather than acknowledging what we did not record.
 */
function answerFor(applied: Applied, notificationId: string, orderNo: string): Outcome {
  const rest = { notificationId, orderNo };
  if (applied.verdict === 'unknown') return fail(404, 'unknownOrder', 'unknown order', rest);
  if (applied.verdict.startsWith('mismatch:'))
    return fail(400, applied.verdict, 'does not match the order', rest);
  return { answer: { status: 204 }, verdict: applied.verdict, ...rest };
}

async function openAndApply(
  ctx: ServiceContext,
  kind: Kind,
  headers: SignedHeaders,
  raw: Buffer,
): Promise<Outcome> {
  const merchant = await notificationMerchant(ctx);
  if (!merchant) return fail(503, 'notConfigured', 'WeChat Pay is not set up');
  let opened: ReturnType<typeof openNotification>;
  try {
    opened = openNotification(merchant, headers, raw);
  } catch (error) {
    if (error instanceof SignatureError) return fail(401, `signature:${error.reason}`, 'signature refused');
    if (error instanceof DecryptError) return fail(400, `decrypt:${error.reason}`, 'resource not decrypted');
    throw error;
  }
  const { envelope, resource } = opened;
  const notificationId = envelope.id;
  const detail = { eventType: envelope.event_type };
  if (kind === 'payment') {
    const transaction = transactionSchema.safeParse(resource);
    if (!transaction.success)
      return fail(400, 'badResource', 'unexpected resource', { notificationId, detail });
    const orderNo = transaction.data.out_trade_no;
    const applied = await applyTransaction(ctx, orderNo, transaction.data, 'notification', {
      notificationId,
      merchant,
    });
    return {
      ...answerFor(applied, notificationId, orderNo),
      detail: { ...detail, tradeState: transaction.data.trade_state },
    };
  }
  const refund = refundNotificationSchema.safeParse(resource);
  if (!refund.success) return fail(400, 'badResource', 'unexpected resource', { notificationId, detail });
  const { mchid, out_trade_no: orderNo, out_refund_no: outRefundNo } = refund.data;
  if (mchid !== merchant.mchId)
    return fail(400, 'mismatch:mchid', 'does not match the order', { notificationId, orderNo, detail });
  const known = await repo.findRefund(ctx.db, outRefundNo);
  const order = known && (await repo.findOrder(ctx.db, orderNo));
  if (!known || order?.id !== known.orderId)
    return fail(404, 'unknownOrder', 'unknown refund', { notificationId, orderNo, detail });
  const applied = await applyRefundResult(
    ctx,
    outRefundNo,
    { ...refund.data, status: refund.data.refund_status },
    'notification',
    notificationId,
  );
  return { ...answerFor(applied, notificationId, orderNo), detail: { ...detail, outRefundNo } };
}

/**
 * Refused notifications written to the payment log per minute and route; the rest of that minute's are only
 * counted, and the count is written with the next one logged.
 */
export const REFUSALS_LOGGED_PER_MINUTE = 20;

/** Not from WeChat Pay as far as anyone can tell: anybody can send these. */
const unauthenticated = (verdict: string) => verdict === 'notConfigured' || verdict.startsWith('signature:');

/**
 * Handles one notification and logs it (inbound, with verdict and duration), rejected ones included; those
 * anybody could send are logged up to `REFUSALS_LOGGED_PER_MINUTE` a minute.
 */
export async function receiveNotification(
  ctx: ServiceContext,
  kind: Kind,
  headers: SignedHeaders,
  raw: Buffer,
): Promise<NotifyAnswer> {
  const started = performance.now();
  const occurredAt = new Date();
  const operation = `notify.${kind}`;
  let outcome: Outcome;
  try {
    outcome = await openAndApply(ctx, kind, headers, raw);
  } catch (error) {
    outcome = fail(500, 'error', 'not processed', { detail: { error: String(error).slice(0, 200) } });
  }
  let unlogged: { minute: string; count: number } | undefined;
  if (unauthenticated(outcome.verdict)) {
    const minute = new Date(Math.floor(occurredAt.getTime() / 60_000) * 60_000);
    const counted = await repo.countRefusal(ctx.db, operation, minute);
    if (counted.count > REFUSALS_LOGGED_PER_MINUTE) return outcome.answer;
    const previous = counted.previous;
    if (previous && previous.count > REFUSALS_LOGGED_PER_MINUTE)
      unlogged = {
        minute: previous.minute.toISOString(),
        count: previous.count - REFUSALS_LOGGED_PER_MINUTE,
      };
  }
  await insertPayLog(ctx.db, {
    occurredAt,
    direction: 'inbound',
    operation,
    orderNo: outcome.orderNo ?? null,
    httpStatus: outcome.answer.status,
    verdict: outcome.verdict,
    errorCode: outcome.answer.status === 204 ? null : outcome.verdict,
    durationMs: Math.round(performance.now() - started),
    notificationId: outcome.notificationId ?? null,
    detail: {
      ...outcome.detail,
      serial: headers.serial ?? null,
      bytes: raw.length,
      // Refused ones of an earlier minute past the limit, counted but not written.
      ...(unlogged && { unloggedRefusals: unlogged }),
    },
  });
  return outcome.answer;
}
