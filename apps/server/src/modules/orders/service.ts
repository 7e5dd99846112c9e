/** Staff's orders: the list and totals, an order's detail, and syncing, closing and refunding it. */
import type { Order, OrderDetail, orderListQuerySchema, Page } from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { badRequest, conflict, notFound } from '../../http/reply.ts';
import { WechatPayError } from '../../integrations/wechatpay/client.ts';
import { newOrderNo } from './orderNo.ts';
import {
  applyForRefund,
  applyRefundResult,
  type PayClient,
  type PayContext,
  payClientFor,
  queryAndApply,
} from './payments.ts';
import * as repo from './repository.ts';
import { transition } from './transitions.ts';
import { iso, toOrder } from './view.ts';

export const MAX_REFUNDS_PER_ORDER = 50;

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
