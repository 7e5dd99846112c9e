import { randomInt } from 'node:crypto';
import type {
  ClientOrder,
  clientOrderListQuerySchema,
  Order,
  OrderDetail,
  orderListQuerySchema,
  Page,
  PayChannel,
} from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { CsvCell } from '../../http/csv.ts';
import { badRequest, conflict, httpError, notFound } from '../../http/reply.ts';
import { cappedRows } from '../../http/xlsx.ts';
import { WechatPayError } from '../wechatpay/client.ts';
import { jsapiPayParams } from '../wechatpay/protocol.ts';
import {
  applyForRefund,
  applyRefundResult,
  closeUnpaid,
  type PayClient,
  type PayContext,
  payClientFor,
  queryAndApply,
} from './payments.ts';
import * as repo from './repository.ts';
import { transition } from './transitions.ts';

/** A client's GET asks WeChat Pay about an unpaid order at most this often. */
export const CLIENT_QUERY_INTERVAL_MS = 10_000;
/** An order handed out again must stay payable at least this long. */
const PAYABLE_MARGIN_MS = 60_000;
export const MAX_REFUNDS_PER_ORDER = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `CE` + China time `yyyyMMddHHmmss` + 8 random digits: 24 of [0-9A-Za-z], sortable by time. */
export function newOrderNo(prefix = 'CE', now = new Date()): string {
  const china = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${china}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

// ---- Mapping ----------------------------------------------------------------------------------------

/** Unpaid past its expiry time: shown as expired though the close job has yet to close it. */
const expired = (row: { status: string; expiresAt: Date }) =>
  row.status === 'unpaid' && row.expiresAt.getTime() <= Date.now();
const payable = (row: repo.OrderRow) => row.status === 'unpaid' && !expired(row);

function toClientOrder(row: repo.OrderRow, pay: PayClient | null): ClientOrder {
  const open = payable(row);
  return {
    orderNo: row.orderNo,
    recordId: row.recordId,
    title: row.title,
    amountFen: row.amountFen,
    channel: row.channel,
    status: row.status,
    expired: expired(row),
    expireTime: row.expiresAt.toISOString(),
    paidTime: iso(row.paidAt),
    refundedFen: row.refundedFen,
    createTime: row.createdAt.toISOString(),
    codeUrl: open ? row.codeUrl : null,
    h5Url: open ? row.h5Url : null,
    // Signed afresh each time it is handed out (its timestamp and nonce are the payment's).
    jsapi:
      open && row.channel === 'jsapi' && row.prepayId && pay
        ? jsapiPayParams(pay.merchant.privateKey, pay.merchant.appId, row.prepayId)
        : null,
  };
}

/** `oAbc****xyz`: enough to match against WeChat Pay's merchant platform, not to identify the payer. */
export const maskOpenid = (openid: string | null) =>
  openid === null ? null : openid.length <= 8 ? '****' : `${openid.slice(0, 4)}****${openid.slice(-3)}`;

function toOrder(row: repo.OrderListRow, mask: boolean): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    participant: { id: row.participantId, nickname: row.nickname, erased: row.erased },
    recordId: row.recordId,
    testId: row.testId,
    title: row.title,
    priceFen: row.priceFen,
    amountFen: row.amountFen,
    channel: row.channel,
    status: row.status,
    expired: expired(row),
    transactionId: row.transactionId,
    payerOpenid: mask ? maskOpenid(row.payerOpenid) : row.payerOpenid,
    refundedFen: row.refundedFen,
    expireTime: row.expiresAt.toISOString(),
    paidTime: iso(row.paidAt),
    closedTime: iso(row.closedAt),
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

// ---- Client ------------------------------------------------------------------------------------------

/** Asks WeChat Pay for the payment this order's channel needs, and keeps it on the order. */
async function prepay(
  ctx: PayContext,
  pay: PayClient,
  row: repo.OrderRow,
  payer: { openid?: string; ip: string },
) {
  const input = {
    outTradeNo: row.orderNo,
    description: (row.title.zh || row.title.en).slice(0, 60),
    amountFen: row.amountFen,
    notifyUrl: `${pay.notifyBaseUrl}/api/pay/wechat/notify`,
    timeExpire: row.expiresAt,
  };
  let patch: Partial<repo.OrderRow>;
  if (row.channel === 'native') patch = { codeUrl: (await pay.client.prepayNative(input)).codeUrl };
  else if (row.channel === 'h5')
    patch = { h5Url: (await pay.client.prepayH5({ ...input, payerClientIp: payer.ip })).h5Url };
  else patch = { prepayId: (await pay.client.prepayJsapi({ ...input, openid: payer.openid! })).prepayId };
  return repo.updateOrder(ctx.db, row.id, { ...patch, prepaidAt: new Date() });
}

/**
 * How long WeChat Pay's answer to a prepay can be handed out again, a minute short of its validity: an h5 link
 * works 5 minutes, a code URL or prepay id 2 hours. Past it the order (same number, same amount) is prepaid
 * again, which WeChat Pay answers with a fresh one.
 */
const REUSABLE_MS = { h5: 4 * 60_000, native: 119 * 60_000, jsapi: 119 * 60_000 } as const;

const reusable = (row: repo.OrderRow, now = Date.now()) =>
  (row.channel === 'native' ? row.codeUrl : row.channel === 'h5' ? row.h5Url : row.prepayId) !== null &&
  row.prepaidAt !== null &&
  now - row.prepaidAt.getTime() < REUSABLE_MS[row.channel];

/**
 * The still-payable order of the participant's record for this channel, or a new one (201), with what the
 * channel pays by. The record is locked meanwhile, so two taps make one order. WeChat Pay is called outside
 * the transaction; a prepay that failed is made again (same order number) on the next call.
 */
export async function createClientOrder(
  ctx: PayContext,
  participantId: number,
  input: { recordId: number; channel: PayChannel },
  payerIp: string,
): Promise<{ order: ClientOrder; created: boolean }> {
  const pay = await payClientFor(ctx);
  try {
    const openid =
      input.channel === 'jsapi'
        ? await repo.findOpenid(ctx.db, participantId, pay.merchant.appId)
        : undefined;
    if (input.channel === 'jsapi' && !openid) throw badRequest('channel', 'order.openidRequired');
    // One payable order per record, or a person could pay twice (the code on a computer, then a phone's
    // cashier): another channel's is closed first, asked about before. If it was paid, the record is unlocked
    // and is refused below.
    for (const other of await repo.otherOpenOrders(ctx.db, input.recordId, participantId, input.channel))
      await closeUnpaid(ctx, pay, other, 'client', 'replaced');
    const { row, created } = await ctx.db.transaction(async (tx) => {
      const record = await repo.lockRecord(tx, input.recordId);
      if (record?.participantId !== participantId) throw notFound('record.notFound');
      if (record.status !== 'submitted') throw conflict('order.recordNotSubmitted');
      if (record.priceFen === 0) throw conflict('order.free');
      if (record.unlockedAt !== null) throw conflict('order.alreadyUnlocked');
      const existing = await repo.findPayableOrder(tx, record.id, input.channel, PAYABLE_MARGIN_MS);
      if (existing) return { row: existing, created: false };
      const title = await repo.versionTitle(tx, record.testVersionId);
      for (let attempt = 0; ; attempt++) {
        try {
          const made = await tx.transaction(async (savepoint) => {
            const inserted = await repo.insertOrder(savepoint, {
              orderNo: newOrderNo(),
              participantId,
              recordId: record.id,
              testId: record.testId,
              title,
              priceFen: record.priceFen,
              amountFen: record.priceFen,
              channel: input.channel,
              appId: pay.merchant.appId,
              mchId: pay.merchant.mchId,
              expiresAt: new Date(Date.now() + pay.orderExpireMinutes * 60_000),
            });
            await repo.insertEvent(savepoint, {
              orderId: inserted.id,
              fromStatus: null,
              toStatus: 'unpaid',
              cause: 'client',
              detail: { channel: input.channel, amountFen: inserted.amountFen },
            });
            return inserted;
          });
          return { row: made, created: true };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    });
    pay.orderNo = row.orderNo;
    const ready = reusable(row) ? row : await prepay(ctx, pay, row, { openid, ip: payerIp });
    return { order: toClientOrder(ready, pay), created };
  } finally {
    await pay.settled();
  }
}

async function ownOrder(ctx: ServiceContext, participantId: number, orderNo: string) {
  const row = await repo.findOrder(ctx.db, orderNo);
  if (row?.participantId !== participantId) throw notFound('order.notFound');
  return row;
}

/**
 * The participant's order; an unpaid one not asked about for 10 s is asked about now (its notification may
 * be late or lost), so the pay step sees the payment at once either way.
 */
export async function getClientOrder(ctx: PayContext, participantId: number, orderNo: string) {
  let row = await ownOrder(ctx, participantId, orderNo);
  const lastAsked = (row.lastQueriedAt ?? row.createdAt).getTime();
  const overdue = row.status === 'unpaid' && Date.now() - lastAsked >= CLIENT_QUERY_INTERVAL_MS;
  const needsPay = overdue || (row.channel === 'jsapi' && payable(row));
  const pay = needsPay ? await payClientFor(ctx, orderNo).catch(() => null) : null;
  if (pay && overdue) {
    try {
      row = (await queryAndApply(ctx, pay, row, 'query')).order ?? row;
    } catch {
      // WeChat Pay not answering: the status we have stands, and the jobs ask again.
    }
  }
  await pay?.settled();
  return toClientOrder(row, pay);
}

export const listClientOrders = async (
  ctx: ServiceContext,
  participantId: number,
  query: z.output<typeof clientOrderListQuerySchema>,
): Promise<Page<ClientOrder>> => {
  const page = await repo.listOrders(ctx.db, { ...query, participantId });
  return { ...page, data: page.data.map((row) => toClientOrder(row, null)) };
};

// ---- Staff -------------------------------------------------------------------------------------------

export const listOrders = async (
  ctx: ServiceContext,
  query: z.output<typeof orderListQuerySchema>,
): Promise<Page<Order>> => {
  const page = await repo.listOrders(ctx.db, query);
  return { ...page, data: page.data.map((row) => toOrder(row, true)) };
};

export const orderTotals = (ctx: ServiceContext, filters: repo.OrderFilters) =>
  repo.orderTotals(ctx.db, filters);

/** The order by its number, or by its id (the order profile, `/profile/basic?id=`). */
export async function getOrder(ctx: ServiceContext, key: string | number): Promise<OrderDetail> {
  const row = await repo.findOrderWithParticipant(ctx.db, key);
  if (!row) throw notFound('order.notFound');
  const [events, refunds, record] = await Promise.all([
    repo.listEvents(ctx.db, row.id),
    repo.listRefunds(ctx.db, row.id),
    repo.findRecordState(ctx.db, row.recordId),
  ]);
  return {
    ...toOrder(row, false),
    events: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus as Order['status'] | null,
      toStatus: e.toStatus as Order['status'],
      cause: e.cause,
      actorUsername: e.actorUsername,
      notificationId: e.notificationId,
      detail: e.detail,
      time: e.createdAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      outRefundNo: r.outRefundNo,
      refundId: r.refundId,
      acceptTime: iso(r.acceptedAt),
      amountFen: r.amountFen,
      reason: r.reason,
      status: r.status,
      requestedBy: r.requestedByUsername,
      createTime: r.createdAt.toISOString(),
      successTime: iso(r.succeededAt),
    })),
    record: {
      id: row.recordId,
      status: record?.status ?? 'submitted',
      unlocked: record?.unlockedAt != null,
    },
  };
}

async function existingOrder(ctx: ServiceContext, orderNo: string) {
  const row = await repo.findOrder(ctx.db, orderNo);
  if (!row) throw notFound('order.notFound');
  return row;
}

/** Asks WeChat Pay now and applies its answer, as a staff action (audited `sync`). */
async function staffQuery(ctx: PayContext, pay: PayClient, row: repo.OrderRow) {
  return withTx(ctx, async ({ tx, actor, audit }) => {
    const applied = await queryAndApply({ db: tx, actor }, pay, row, 'staff');
    const after = applied.order ?? row;
    await audit({
      entityType: 'order',
      entityId: row.orderNo,
      action: 'sync',
      before: { status: row.status },
      after: { status: after.status, verdict: applied.verdict },
    });
    return after;
  });
}

export async function syncOrder(ctx: PayContext, orderNo: string): Promise<OrderDetail> {
  const row = await existingOrder(ctx, orderNo);
  const pay = await payClientFor(ctx, orderNo);
  try {
    await staffQuery(ctx, pay, row);
  } finally {
    await pay.settled();
  }
  return getOrder(ctx, orderNo);
}

/**
 * Closes an unpaid order: WeChat Pay is asked first, and an order it says is paid becomes paid instead
 * (`closed: false`). Otherwise it is closed there (unless WeChat Pay never saw it), then here.
 */
export async function closeOrder(
  ctx: PayContext,
  orderNo: string,
): Promise<{ order: OrderDetail; closed: boolean }> {
  const row = await existingOrder(ctx, orderNo);
  if (row.status !== 'unpaid') throw conflict('order.notClosable');
  const pay = await payClientFor(ctx, orderNo);
  try {
    const queried = await staffQuery(ctx, pay, row);
    if (queried.status !== 'unpaid')
      return { order: await getOrder(ctx, orderNo), closed: queried.status === 'closed' };
    try {
      await pay.client.close(orderNo);
    } catch (error) {
      // Paid between the query and the close: asked again, it becomes paid.
      if (error instanceof WechatPayError && error.code === 'wechatpay.orderPaid') {
        await staffQuery(ctx, pay, row);
        return { order: await getOrder(ctx, orderNo), closed: false };
      }
      // WeChat Pay never saw the order (its prepay never reached it): there is nothing to close there.
      if (!(error instanceof WechatPayError && error.code === 'wechatpay.notFound')) throw error;
    }
    await withTx(ctx, async ({ tx, actor, audit }) => {
      const locked = (await repo.lockOrder(tx, orderNo))!;
      if (locked.status !== 'unpaid') throw conflict('order.notClosable');
      await transition(tx, locked, 'closed', { cause: 'staff', actor, patch: { closedAt: new Date() } });
      await audit({
        entityType: 'order',
        entityId: orderNo,
        action: 'close',
        before: { status: 'unpaid' },
        after: { status: 'closed' },
      });
    });
  } finally {
    await pay.settled();
  }
  return { order: await getOrder(ctx, orderNo), closed: true };
}

/**
 * Asks WeChat Pay about one refund still open (processing, or abnormal until the merchant resolves it) and
 * applies its answer, as a staff action (audited as the order's `sync`); the refund outcome page's "sync now".
 * An ended refund is answered as it is. One WeChat Pay has never seen (our application got no answer) is left
 * to the refund job, which applies for it again under the same number.
 */
export async function syncRefund(ctx: PayContext, refundId: number): Promise<OrderDetail> {
  const refund = await repo.findRefundById(ctx.db, refundId);
  if (!refund) throw notFound('refund.notFound');
  const order = (await repo.findOrderWithParticipant(ctx.db, refund.orderId))!;
  if (refund.status !== 'processing' && refund.status !== 'abnormal') return getOrder(ctx, order.id);
  const pay = await payClientFor(ctx, order.orderNo);
  try {
    let answer: Awaited<ReturnType<typeof pay.client.queryRefund>> | null = null;
    try {
      answer = await pay.client.queryRefund(refund.outRefundNo);
    } catch (error) {
      if (!(error instanceof WechatPayError && error.code === 'wechatpay.notFound')) throw error;
    }
    await withTx(ctx, async ({ tx, actor, audit }) => {
      const applied = answer
        ? await applyRefundResult({ db: tx, actor }, refund.outRefundNo, answer, 'staff')
        : null;
      const after = await repo.findRefundById(tx, refund.id);
      await audit({
        entityType: 'order',
        entityId: order.orderNo,
        action: 'sync',
        before: { outRefundNo: refund.outRefundNo, refundStatus: refund.status },
        after: {
          outRefundNo: refund.outRefundNo,
          refundStatus: after?.status,
          verdict: applied?.verdict ?? 'unknown',
        },
      });
    });
  } finally {
    await pay.settled();
  }
  return getOrder(ctx, order.id);
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Refunds part or all of what was paid: checked and recorded (`refunding`, the refund `processing`) under the
 * order's lock, then applied for at WeChat Pay. A refusal ends the refund as `failed` (nothing went back);
 * an unknown outcome (no answer) stays `processing` for the refund job, which asks with the same number.
 */
export async function refundOrder(
  ctx: PayContext,
  orderNo: string,
  input: { amountFen: number; reason: string },
): Promise<OrderDetail> {
  const pay = await payClientFor(ctx, orderNo);
  try {
    const { order, refund } = await withTx(ctx, async ({ tx, actor, audit }) => {
      const locked = await repo.lockOrder(tx, orderNo);
      if (!locked) throw notFound('order.notFound');
      if (locked.status !== 'paid' && locked.status !== 'refunding') throw conflict('order.notRefundable');
      const tally = await repo.refundTally(tx, locked.id);
      if (tally.total >= MAX_REFUNDS_PER_ORDER)
        throw conflict('order.tooManyRefunds', { maximum: MAX_REFUNDS_PER_ORDER });
      const maximum = locked.amountFen - locked.refundedFen - tally.processingFen;
      if (input.amountFen > maximum)
        throw badRequest('amountFen', 'order.refundTooLarge', { maximumYuan: yuan(maximum) });
      const made = await repo.insertRefund(tx, {
        orderId: locked.id,
        outRefundNo: newOrderNo('RF'),
        amountFen: input.amountFen,
        reason: input.reason,
        requestedBy: actor.accountId,
        requestedByUsername: actor.username,
        nextPollAt: new Date(Date.now() + 60_000),
      });
      await transition(tx, locked, 'refunding', {
        cause: 'staff',
        actor,
        detail: { outRefundNo: made.outRefundNo, amountFen: made.amountFen, reason: made.reason },
      });
      await audit({
        entityType: 'order',
        entityId: orderNo,
        action: 'refund',
        before: { status: locked.status },
        after: {
          status: 'refunding',
          outRefundNo: made.outRefundNo,
          amountFen: made.amountFen,
          reason: made.reason,
        },
      });
      return { order: locked, refund: made };
    });
    await applyForRefund(
      ctx,
      pay,
      {
        outTradeNo: orderNo,
        outRefundNo: refund.outRefundNo,
        refundFen: refund.amountFen,
        totalFen: order.amountFen,
        reason: refund.reason,
      },
      'staff',
    );
  } finally {
    await pay.settled();
  }
  return getOrder(ctx, orderNo);
}

// ---- Export ------------------------------------------------------------------------------------------

export const ORDER_EXPORT_COLUMNS = [
  'order_no',
  'participant_id',
  'participant_nickname',
  'record_id',
  'test_id',
  'title_zh',
  'title_en',
  'amount_fen',
  'channel',
  'status',
  'transaction_id',
  'payer_openid',
  'refunded_fen',
  'create_time',
  'paid_time',
  'closed_time',
];

/** The filtered list as file rows (`ORDER_EXPORT_COLUMNS`), read in batches; openids masked as listed. */
export async function* exportOrders(
  ctx: ServiceContext,
  filters: repo.OrderExportFilters,
): AsyncGenerator<CsvCell[]> {
  for await (const row of repo.streamOrders(ctx.db, filters)) {
    const o = toOrder(row, true);
    yield [
      o.orderNo,
      o.participant.id,
      o.participant.nickname ?? '',
      o.recordId,
      o.testId,
      o.title.zh,
      o.title.en,
      o.amountFen,
      o.channel,
      o.status,
      o.transactionId ?? '',
      o.payerOpenid ?? '',
      o.refundedFen,
      o.createTime,
      o.paidTime ?? '',
      o.closedTime ?? '',
    ];
  }
}

/** An XLSX is built in memory: past this many rows it is refused (CSV streams any number). */
export const ORDER_XLSX_MAX_ROWS = 20_000;

export const xlsxRows = (rows: AsyncIterable<CsvCell[]>) =>
  cappedRows(rows, ORDER_XLSX_MAX_ROWS, () =>
    httpError(400, 'order.exportTooLarge', { maximum: ORDER_XLSX_MAX_ROWS }),
  );
