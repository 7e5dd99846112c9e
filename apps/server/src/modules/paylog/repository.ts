import { OPEN_REFUND_STATUSES, type payLogQuerySchema } from '@cool/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { defineList } from '../../db/list.ts';
import { billReconciliations, orders, payLog, refunds } from '../../db/schema.ts';
import type { OurOrder, OurRefund } from './reconcile.ts';

export type PayLogRow = typeof payLog.$inferSelect;
export type ReconciliationRow = typeof billReconciliations.$inferSelect;

// ---- The payment log ---------------------------------------------------------------------------------

/** Exact matches only, so each filter stays on an index (time; order number or operation, then time). */
export const payLogList = defineList({
  table: payLog,
  id: payLog.id,
  filters: {
    direction: (direction: 'inbound' | 'outbound') => eq(payLog.direction, direction),
    operation: (operation: string) => eq(payLog.operation, operation),
    orderNo: (orderNo: string) => eq(payLog.orderNo, orderNo),
    verdict: (verdict: string) => eq(payLog.verdict, verdict),
    from: (from: string) => gte(payLog.occurredAt, new Date(from)),
    to: (to: string) => lt(payLog.occurredAt, new Date(to)),
  },
  sorts: { time: payLog.occurredAt },
  defaultSort: { field: 'time', order: 'descend' },
});

// Built once per list shape (see `pages` in db/list.ts).
const payLogPages = payLogList.pages((db, inPage, order) =>
  db
    .select()
    .from(payLog)
    .where(inPage)
    .orderBy(...order),
);

export const listPayLog = (db: Executor, query: z.output<typeof payLogQuerySchema>) => payLogPages(db, query);

// ---- Reconciliation ----------------------------------------------------------------------------------

export const findReconciliation = async (db: Executor, billDate: string) =>
  (await db.select().from(billReconciliations).where(eq(billReconciliations.billDate, billDate)).limit(1))[0];

export const lockReconciliation = async (tx: Executor, billDate: string) =>
  (
    await tx
      .select()
      .from(billReconciliations)
      .where(eq(billReconciliations.billDate, billDate))
      .for('update')
      .limit(1)
  )[0];

/**
 * `count` days back from `newest` (`YYYY-MM-DD`, newest first), each with its reconciliation's summary when
 * it has one: status, differences and those not synced, trades in the bill. One statement, `count` rows.
 */
export async function reconciliationDays(db: Executor, newest: string, count: number) {
  const { rows } = await db.execute<{
    billDate: string;
    status: ReconciliationRow['status'] | null;
    differences: number | string;
    unsynced: number | string;
    billRows: number | string | null;
    error: string | null;
    updatedAt: Date | string | null;
  }>(sql`
    with days as (
      select to_char(${newest}::date - n, 'YYYY-MM-DD') as bill_date, n
      from generate_series(0, ${count - 1}::int) as n
    )
    select d.bill_date as "billDate", r.status, r.error, r.updated_at as "updatedAt",
      (r.counts ->> 'billRows')::int as "billRows",
      coalesce(jsonb_array_length(r.differences), 0) as differences,
      (select count(*) from jsonb_array_elements(r.differences) as x where x ->> 'synced' is distinct from 'true')
        as unsynced
    from days d left join ${billReconciliations} r on r.bill_date = d.bill_date
    order by d.n`);
  return rows.map((row) => ({
    ...row,
    differences: Number(row.differences),
    unsynced: Number(row.unsynced),
    billRows: row.billRows === null ? null : Number(row.billRows),
    updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt),
  }));
}

/** One row per day: a run again replaces the day's counts and differences. */
export async function saveReconciliation(
  tx: Executor,
  values: Pick<ReconciliationRow, 'billDate' | 'status' | 'counts' | 'differences' | 'error'>,
): Promise<ReconciliationRow> {
  const [row] = await tx
    .insert(billReconciliations)
    .values(values)
    .onConflictDoUpdate({
      target: billReconciliations.billDate,
      set: {
        status: values.status,
        counts: values.counts,
        differences: values.differences,
        error: values.error,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function setDifferences(tx: Executor, id: number, differences: Record<string, unknown>[]) {
  const [row] = await tx
    .update(billReconciliations)
    .set({ differences, updatedAt: new Date() })
    .where(eq(billReconciliations.id, id))
    .returning();
  return row!;
}

const ourOrderColumns = {
  orderNo: orders.orderNo,
  transactionId: orders.transactionId,
  amountFen: orders.amountFen,
  status: orders.status,
  paidAt: orders.paidAt,
};

/** Our orders paid in `[start, end)` and those named in `orderNos` (the bill's), whatever their day. */
export async function ordersToReconcile(
  db: Executor,
  start: Date,
  end: Date,
  orderNos: string[],
): Promise<OurOrder[]> {
  const paidThatDay = await db
    .select(ourOrderColumns)
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)));
  const seen = new Set(paidThatDay.map((order) => order.orderNo));
  const rest = [...new Set(orderNos)].filter((orderNo) => !seen.has(orderNo));
  const named: OurOrder[] = [];
  for (let i = 0; i < rest.length; i += 1000)
    named.push(
      ...(await db
        .select(ourOrderColumns)
        .from(orders)
        .where(inArray(orders.orderNo, rest.slice(i, i + 1000)))),
    );
  return [...paidThatDay, ...named];
}

/** Our refunds that succeeded in `[start, end)` and those named in `outRefundNos`, with their order number. */
export async function refundsToReconcile(
  db: Executor,
  start: Date,
  end: Date,
  outRefundNos: string[],
): Promise<OurRefund[]> {
  const columns = {
    outRefundNo: refunds.outRefundNo,
    orderNo: orders.orderNo,
    amountFen: refunds.amountFen,
    status: refunds.status,
    succeededAt: refunds.succeededAt,
  };
  const onDay = and(gte(refunds.succeededAt, start), lt(refunds.succeededAt, end));
  const named = outRefundNos.length > 0 ? inArray(refunds.outRefundNo, outRefundNos) : undefined;
  return db
    .select(columns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(named ? sql`(${onDay}) or ${named}` : onDay);
}

// ---- The jobs' claims ----------------------------------------------------------------------------------
// Each claim stamps the rows it takes in one statement, skipping rows another server holds, so two servers
// never work on the same order at once and a row is not asked about again before its back-off ends.

export type ClaimedOrder = Pick<typeof orders.$inferSelect, 'id' | 'orderNo'>;

/** Unpaid orders past their expiry, oldest first. */
export async function claimExpiredOrders(db: Executor, limit: number): Promise<ClaimedOrder[]> {
  const { rows } = await db.execute<{ id: number; order_no: string }>(sql`
    update ${orders} set last_queried_at = now()
    where id in (
      select id from ${orders}
      where status = 'unpaid' and expires_at <= now()
        and (last_queried_at is null or last_queried_at < now() - interval '1 minute')
      order by expires_at limit ${limit}
      for update skip locked)
    returning id, order_no`);
  return rows.map((row) => ({ id: row.id, orderNo: row.order_no }));
}

/**
 * Unpaid orders still payable, created over `minAgeSeconds` ago, that WeChat Pay knows (a prepay was made),
 * asked about again once their age has doubled since the last question (at about 2, 4, 8, 16 minutes).
 */
export async function claimUnnotifiedOrders(
  db: Executor,
  minAgeSeconds: number,
  limit: number,
): Promise<ClaimedOrder[]> {
  const { rows } = await db.execute<{ id: number; order_no: string }>(sql`
    update ${orders} set last_queried_at = now()
    where id in (
      select id from ${orders}
      where status = 'unpaid' and expires_at > now()
        and created_at < now() - make_interval(secs => ${minAgeSeconds})
        and (prepay_id is not null or code_url is not null or h5_url is not null)
        and (last_queried_at is null or last_queried_at < created_at + (now() - created_at) / 2)
      order by expires_at limit ${limit}
      for update skip locked)
    returning id, order_no`);
  return rows.map((row) => ({ id: row.id, orderNo: row.order_no }));
}

/** Minutes to wait after the n-th look at a refund still in progress (then 30 minutes each). */
export const REFUND_BACKOFF_MINUTES = [1, 5, 10, 20, 30] as const;

export interface ClaimedRefund {
  outRefundNo: string;
  pollCount: number;
}

/** Refunds in progress (abnormal ones too) whose next look is due; the next one is pushed back by the back-off now. */
export async function claimDueRefunds(db: Executor, limit: number): Promise<ClaimedRefund[]> {
  const steps = sql.raw(`array[${REFUND_BACKOFF_MINUTES.join(',')}]`);
  const { rows } = await db.execute<{ out_refund_no: string; poll_count: number }>(sql`
    update ${refunds} set poll_count = poll_count + 1,
      next_poll_at = now() + make_interval(mins => (${steps})[least(poll_count + 2, ${REFUND_BACKOFF_MINUTES.length})])
    where id in (
      select id from ${refunds}
      where ${inArray(refunds.status, [...OPEN_REFUND_STATUSES])} and next_poll_at <= now()
      order by next_poll_at limit ${limit}
      for update skip locked)
    returning out_refund_no, poll_count`);
  return rows.map((row) => ({ outRefundNo: row.out_refund_no, pollCount: Number(row.poll_count) }));
}

/** The refunds of one order still in progress, abnormal ones too (a difference's sync asks about each). */
export const processingRefunds = async (db: Executor, orderNo: string) =>
  (
    await db
      .select({ outRefundNo: refunds.outRefundNo })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(orders.orderNo, orderNo), inArray(refunds.status, [...OPEN_REFUND_STATUSES])))
  ).map((row) => row.outRefundNo);

/** What applying for a refund again takes: the same refund number, amount and reason, and its order's. */
export const refundToApplyAgain = async (db: Executor, outRefundNo: string) =>
  (
    await db
      .select({
        outTradeNo: orders.orderNo,
        outRefundNo: refunds.outRefundNo,
        refundFen: refunds.amountFen,
        totalFen: orders.amountFen,
        reason: refunds.reason,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.outRefundNo, outRefundNo), eq(refunds.status, 'processing')))
      .limit(1)
  )[0];

/** One line of the payment log: a call to WeChat Pay or a notification from it. */
export const insertPayLog = (db: Executor, values: typeof payLog.$inferInsert) =>
  db.insert(payLog).values(values);
