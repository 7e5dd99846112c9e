/**
 * The WeChat Pay page (`/order/weixin`): the payment log, and a day's trade bill reconciled with our orders.
 * Orders change only through the orders module (`syncOrder`, `applyRefundResult`); here they are compared.
 */
import {
  type Page,
  type PayLogEntry,
  type payLogQuerySchema,
  RECONCILIATION_DAYS,
  type Reconciliation,
  type ReconciliationDay,
  type reconciliationDaysQuerySchema,
} from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { conflict, HttpError, httpError, notFound } from '../../http/reply.ts';
import type { TradeBillRow } from '../../integrations/wechatpay/bill.ts';
import { WechatPayError } from '../../integrations/wechatpay/client.ts';
import {
  applyForRefund,
  applyRefundResult,
  type PayClient,
  type PayContext,
  payClientFor,
} from '../orders/payments.ts';
import { syncOrder } from '../orders/service.ts';
import { chinaDate, chinaDay, type Difference, reconcile } from './reconcile.ts';
import * as repo from './repository.ts';

export async function listPayLog(
  ctx: ServiceContext,
  query: z.output<typeof payLogQuerySchema>,
): Promise<Page<PayLogEntry>> {
  const page = await repo.listPayLog(ctx.db, query);
  return {
    ...page,
    data: page.data.map((row) => ({
      id: row.id,
      time: row.occurredAt.toISOString(),
      direction: row.direction,
      operation: row.operation,
      orderNo: row.orderNo,
      httpStatus: row.httpStatus,
      verdict: row.verdict,
      errorCode: row.errorCode,
      durationMs: row.durationMs,
      notificationId: row.notificationId,
      detail: row.detail,
    })),
  };
}

const EMPTY_COUNTS: Reconciliation['counts'] = {
  billRows: 0,
  matched: 0,
  missingHere: 0,
  missingThere: 0,
  amountDiffers: 0,
  statusDiffers: 0,
};

const toReconciliation = (row: repo.ReconciliationRow): Reconciliation => ({
  id: row.id,
  billDate: row.billDate,
  status: row.status,
  counts: { ...EMPTY_COUNTS, ...row.counts },
  differences: row.differences as Difference[],
  error: row.error,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

export async function getReconciliation(ctx: ServiceContext, billDate: string): Promise<Reconciliation> {
  const row = await repo.findReconciliation(ctx.db, billDate);
  if (!row) throw notFound('reconciliation.notFound');
  return toReconciliation(row);
}

/**
 * The recent days (yesterday back `RECONCILIATION_DAYS` days, China time), a page at a time, each with its
 * state: matched, differences, failed (the bill could not be had) or not fetched.
 */
export async function listReconciliationDays(
  ctx: ServiceContext,
  query: z.output<typeof reconciliationDaysQuerySchema>,
): Promise<Page<ReconciliationDay>> {
  const { pageNo, pageSize } = query;
  const skip = (pageNo - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, RECONCILIATION_DAYS - skip));
  const rows =
    count === 0 ? [] : await repo.reconciliationDays(ctx.db, chinaDate(new Date(), -1 - skip), count);
  return {
    pageNo,
    pageSize,
    totalCount: RECONCILIATION_DAYS,
    totalPage: Math.ceil(RECONCILIATION_DAYS / pageSize),
    data: rows.map((row) => ({
      billDate: row.billDate,
      state:
        row.status === null
          ? 'notFetched'
          : row.status === 'failed'
            ? 'failed'
            : row.differences > 0
              ? 'differences'
              : 'matched',
      differences: row.differences,
      unsynced: row.unsynced,
      billRows: row.billRows,
      error: row.error,
      updateTime: row.updatedAt?.toISOString() ?? null,
    })),
  };
}

/** Why a bill could not be had, in words kept with the day (the catalogue code and WeChat Pay's reason). */
const failureText = (error: unknown) =>
  error instanceof HttpError
    ? [error.code, ...Object.values(error.params ?? {})].join(': ').slice(0, 500)
    : 'internal error';

/**
 * Downloads the day's trade bill (China time) and compares it with our orders and refunds; the day's row is
 * replaced. A bill that cannot be had is recorded as `failed` unless the day was already reconciled, and
 * thrown (staff see why). Staff runs are audited as the reconciliation's create or update.
 */
export async function runReconciliation(ctx: PayContext, billDate: string): Promise<Reconciliation> {
  if (billDate >= chinaDate(new Date())) throw conflict('reconciliation.future');
  const pay = await payClientFor(ctx);
  try {
    let outcome: Pick<repo.ReconciliationRow, 'status' | 'counts' | 'differences' | 'error'>;
    try {
      const bill = await tradeBillOf(pay, billDate);
      const { start, end } = chinaDay(billDate);
      const orders = await repo.ordersToReconcile(
        ctx.db,
        start,
        end,
        bill.rows.map((row) => row.outTradeNo),
      );
      const refunds = await repo.refundsToReconcile(
        ctx.db,
        start,
        end,
        bill.rows.filter((row) => row.outRefundNo).map((row) => row.outRefundNo),
      );
      const { counts, differences } = reconcile(billDate, bill.rows, orders, refunds);
      outcome = { status: 'done', counts, differences, error: null };
    } catch (error) {
      // A failed download must not wipe out a day that was reconciled.
      if ((await repo.findReconciliation(ctx.db, billDate))?.status !== 'done')
        await saveRun(ctx, billDate, {
          status: 'failed',
          counts: {},
          differences: [],
          error: failureText(error),
        });
      throw error;
    }
    return toReconciliation(await saveRun(ctx, billDate, outcome));
  } finally {
    await pay.settled();
  }
}

/**
 * The day's bill; none (NO_STATEMENT_EXIST) is an empty one: WeChat Pay makes no bill for a day without
 * payments or refunds (pay.weixin.qq.com/doc/v3/merchant/4013071254), so whatever we have paid that day is
 * missing there. STATEMENT_CREATING (not made yet) stays an error: try again later.
 */
async function tradeBillOf(pay: PayClient, billDate: string): Promise<{ rows: TradeBillRow[] }> {
  try {
    return await pay.client.tradeBill({ billDate });
  } catch (error) {
    if (error instanceof WechatPayError && error.wechatCode === 'NO_STATEMENT_EXIST') return { rows: [] };
    throw error;
  }
}

async function saveRun(
  ctx: ServiceContext,
  billDate: string,
  outcome: Pick<repo.ReconciliationRow, 'status' | 'counts' | 'differences' | 'error'>,
): Promise<repo.ReconciliationRow> {
  return withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockReconciliation(tx, billDate);
    const saved = await repo.saveReconciliation(tx, { billDate, ...outcome });
    const summary = (row: repo.ReconciliationRow) => ({
      status: row.status,
      counts: row.counts,
      error: row.error,
    });
    await audit({
      entityType: 'reconciliation',
      entityId: billDate,
      action: before ? 'update' : 'create',
      before: before ? summary(before) : null,
      after: summary(saved),
    });
    return saved;
  });
}

/**
 * Asks WeChat Pay about a difference's order and applies its answer through the orders module (audited as
 * the order's `sync`), then asks about each of its refunds still in progress, and marks the order's
 * differences of that day synced. An order we do not have at all cannot be synced (404 order.notFound).
 */
export async function syncDifference(
  ctx: PayContext,
  billDate: string,
  orderNo: string,
): Promise<Reconciliation> {
  const stored = await repo.findReconciliation(ctx.db, billDate);
  if (!stored) throw notFound('reconciliation.notFound');
  if (!(stored.differences as Difference[]).some((d) => d.orderNo === orderNo))
    throw httpError(404, 'reconciliation.differenceNotFound');
  await syncOrder(ctx, orderNo);
  const pay = await payClientFor(ctx, orderNo);
  try {
    for (const outRefundNo of await repo.processingRefunds(ctx.db, orderNo))
      await pollRefund(ctx, pay, outRefundNo, 'staff');
  } finally {
    await pay.settled();
  }
  const saved = await withTx(ctx, async ({ tx, audit }) => {
    const row = (await repo.lockReconciliation(tx, billDate))!;
    const differences = (row.differences as Difference[]).map((d) =>
      d.orderNo === orderNo ? { ...d, synced: true } : d,
    );
    await audit({
      entityType: 'reconciliation',
      entityId: billDate,
      action: 'sync',
      before: { orderNo, synced: false },
      after: { orderNo, synced: true },
    });
    return repo.setDifferences(tx, row.id, differences);
  });
  return toReconciliation(saved);
}

/**
 * Asks WeChat Pay about one refund in progress and applies the answer. A refund WeChat Pay has never seen
 * (our application got no answer) is applied for again under the same number, which refunds at most once.
 */
export async function pollRefund(
  ctx: ServiceContext,
  pay: PayClient,
  outRefundNo: string,
  cause: 'job' | 'staff',
) {
  try {
    const answer = await pay.client.queryRefund(outRefundNo);
    return await applyRefundResult(ctx, outRefundNo, answer, cause);
  } catch (error) {
    if (!(error instanceof WechatPayError && error.code === 'wechatpay.notFound')) throw error;
  }
  const again = await repo.refundToApplyAgain(ctx.db, outRefundNo);
  if (!again) return undefined;
  return applyForRefund(ctx, pay, again, cause);
}
