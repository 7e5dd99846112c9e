import {
  type LocalizedText,
  OPEN_REFUND_STATUSES,
  type OrderStatus,
  type orderExportQuerySchema,
  type orderListQuerySchema,
  type orderTotalsQuerySchema,
  type PayChannel,
} from '@cool/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type BatchRow, containsPattern, defineList, type FetchBatch } from '../../db/list.ts';
import {
  accounts,
  orderEvents,
  orders,
  participants,
  participantWechat,
  payLogRefusals,
  records,
  refunds,
  testVersions,
} from '../../db/schema.ts';
import { FORMULA_LEADS } from '../../http/csv.ts';

export type OrderRow = typeof orders.$inferSelect;
/** Columns an order change sets (`updateOrder`, a status change's `patch`). */
export type OrderPatch = Partial<typeof orders.$inferInsert>;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

// ---- Orders ------------------------------------------------------------------------------------------

export const findOrder = async (db: Executor, orderNo: string): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1))[0];

/** The order, locked until the transaction ends: every status change goes through this lock. */
export const lockOrder = async (tx: Executor, orderNo: string): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update').limit(1))[0];

export async function insertOrder(tx: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: Executor, id: number, patch: OrderPatch): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** Whether another order of the same record is paid (a record paid twice stays unlocked after one refund). */
export async function hasOtherPaidOrder(tx: Executor, order: OrderRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.recordId, order.recordId),
        ne(orders.id, order.id),
        inArray(orders.status, ['paid', 'refunding']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export const insertEvent = (tx: Executor, values: typeof orderEvents.$inferInsert) =>
  tx.insert(orderEvents).values(values);

/** The newest unpaid order of this record and channel that can still be paid for `marginMs` more. */
/** The participant's unpaid orders of a record on other channels than `channel`. */
export const otherOpenOrders = async (
  db: Executor,
  recordId: number,
  participantId: number,
  channel: PayChannel,
): Promise<string[]> =>
  (
    await db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          eq(orders.recordId, recordId),
          eq(orders.participantId, participantId),
          eq(orders.status, 'unpaid'),
          ne(orders.channel, channel),
        ),
      )
  ).map((row) => row.orderNo);

export const findPayableOrder = async (
  db: Executor,
  recordId: number,
  channel: PayChannel,
  marginMs: number,
): Promise<OrderRow | undefined> =>
  (
    await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.recordId, recordId),
          eq(orders.channel, channel),
          eq(orders.status, 'unpaid'),
          gt(orders.expiresAt, new Date(Date.now() + marginMs)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1)
  )[0];

/** The record an order pays for, locked: unlocking happens once, under this lock. */
export const lockRecord = async (tx: Executor, id: number) =>
  (await tx.select().from(records).where(eq(records.id, id)).for('update').limit(1))[0];

export const setRecordUnlocked = (tx: Executor, id: number, unlockedAt: Date | null) =>
  tx.update(records).set({ unlockedAt, updatedAt: new Date() }).where(eq(records.id, id));

/** The participant's openid under this app id (JSAPI pays as that WeChat user). */
export const findOpenid = async (db: Executor, participantId: number, appId: string) =>
  (
    await db
      .select({ openid: participantWechat.openid })
      .from(participantWechat)
      .where(and(eq(participantWechat.participantId, participantId), eq(participantWechat.appId, appId)))
      .limit(1)
  )[0]?.openid;

export const listEvents = (db: Executor, orderId: number) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));

// ---- Refunds -----------------------------------------------------------------------------------------

export const listRefunds = (db: Executor, orderId: number) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));

export const findRefundById = async (db: Executor, id: number): Promise<RefundRow | undefined> =>
  (await db.select().from(refunds).where(eq(refunds.id, id)).limit(1))[0];

export const findRefund = async (db: Executor, outRefundNo: string): Promise<RefundRow | undefined> =>
  (await db.select().from(refunds).where(eq(refunds.outRefundNo, outRefundNo)).limit(1))[0];

export const lockRefund = async (tx: Executor, outRefundNo: string): Promise<RefundRow | undefined> =>
  (await tx.select().from(refunds).where(eq(refunds.outRefundNo, outRefundNo)).for('update').limit(1))[0];

export async function insertRefund(tx: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

export async function updateRefund(
  tx: Executor,
  id: number,
  patch: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow> {
  const [row] = await tx
    .update(refunds)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(refunds.id, id))
    .returning();
  return row!;
}

/**
 * Notes when WeChat Pay accepted the refund: the first successful answer to applying for it (a later
 * application under the same number keeps the first time).
 */
export const markRefundAccepted = (db: Executor, outRefundNo: string, at: Date) =>
  db
    .update(refunds)
    .set({ acceptedAt: at, updatedAt: at })
    .where(and(eq(refunds.outRefundNo, outRefundNo), isNull(refunds.acceptedAt)));

/** How many refunds an order has, and the fen still being refunded (processing, or abnormal until resolved). */
export async function refundTally(tx: Executor, orderId: number) {
  const [row] = await tx
    .select({
      total: count(),
      processingFen: sql<string>`coalesce(sum(${refunds.amountFen}) filter (where ${inArray(refunds.status, [...OPEN_REFUND_STATUSES])}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return { total: Number(row?.total ?? 0), processingFen: Number(row?.processingFen ?? 0) };
}

// ---- The payment log ---------------------------------------------------------------------------------

/**
 * Counts one refused notification in `minute` (a server whose clock is behind counts in the newer minute
 * already begun). Returns its number within that minute, and the minute counted before when this one
 * began a new minute.
 */
export async function countRefusal(db: Executor, operation: string, minute: Date) {
  const [before] = await db.select().from(payLogRefusals).where(eq(payLogRefusals.operation, operation));
  const current = sql`${payLogRefusals.minute} >= excluded.minute`;
  const [counted] = await db
    .insert(payLogRefusals)
    .values({ operation, minute, count: 1 })
    .onConflictDoUpdate({
      target: payLogRefusals.operation,
      set: {
        count: sql`CASE WHEN ${current} THEN ${payLogRefusals.count} + 1 ELSE 1 END`,
        minute: sql`greatest(${payLogRefusals.minute}, excluded.minute)`,
      },
    })
    .returning({ count: payLogRefusals.count, minute: payLogRefusals.minute });
  return {
    count: counted!.count,
    minute: counted!.minute,
    previous: counted!.count === 1 && before && before.minute < counted!.minute ? before : null,
  };
}

// ---- Staff: the orders screen ------------------------------------------------------------------------

export const orderList = defineList({
  table: orders,
  id: orders.id,
  filters: {
    orderNo: (orderNo: string) => ilike(orders.orderNo, containsPattern(orderNo)),
    transactionId: (transactionId: string) => eq(orders.transactionId, transactionId),
    participantId: (participantId: number) => eq(orders.participantId, participantId),
    participant: (nickname: string) =>
      sql`exists (select 1 from ${participants} where ${participants.id} = ${orders.participantId} and ${ilike(participants.nickname, containsPattern(nickname))})`,
    testId: (testId: number) => eq(orders.testId, testId),
    status: (status: OrderStatus) => eq(orders.status, status),
    channel: (channel: PayChannel) => eq(orders.channel, channel),
    minAmountFen: (fen: number) => gte(orders.amountFen, fen),
    maxAmountFen: (fen: number) => lte(orders.amountFen, fen),
    from: (from: string) => gte(orders.createdAt, new Date(from)),
    to: (to: string) => lt(orders.createdAt, new Date(to)),
  },
  sorts: {
    createTime: orders.createdAt,
    // Unpaid orders have no paid time: they sort as the lowest.
    paidTime: sql`coalesce(${orders.paidAt}, '-infinity'::timestamptz)`,
    amountFen: orders.amountFen,
  },
  defaultSort: { field: 'createTime', order: 'descend' },
});

export type OrderFilters = z.output<typeof orderTotalsQuerySchema>;
export type OrderExportFilters = Omit<z.output<typeof orderExportQuerySchema>, 'format'>;
export type OrderListRow = OrderRow & { nickname: string | null; erased: boolean };

const fetchOrders = (db: Executor) => async (inPage: SQL, order: SQL[]) =>
  (
    await db
      .select({ order: orders, nickname: participants.nickname, erasedAt: participants.erasedAt })
      .from(orders)
      .innerJoin(participants, eq(participants.id, orders.participantId))
      .where(inPage)
      .orderBy(...order)
  ).map((r): OrderListRow => ({ ...r.order, nickname: r.nickname, erased: r.erasedAt !== null }));

export const listOrders = (db: Executor, query: z.output<typeof orderListQuerySchema>) =>
  orderList.page(db, query, fetchOrders(db));

/** An order as its export row reads it: every value already text or a number, as the file writes it. */
export interface OrderExportRow extends BatchRow {
  order_no: string;
  participant_id: number;
  nickname: string | null;
  record_id: number;
  test_id: number;
  title_zh: string | null;
  title_en: string | null;
  amount_fen: number;
  channel: string;
  status: string;
  transaction_id: string | null;
  payer_openid: string | null;
  refunded_fen: number;
  created: string;
  paid: string | null;
  closed: string | null;
}

/** A time as `Date#toISOString` writes it (UTC, milliseconds), formatted by the database. */
const isoText = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Export rows as plain driver rows: at a million orders, drizzle's per-field mapping and the Date objects
 * cost more than the query itself (35 s of a 39 s export).
 */
const fetchOrderExportRows =
  (db: Executor): FetchBatch<OrderExportRow> =>
  async ({ where, order, limit, cursor }) =>
    (
      await db.execute<OrderExportRow & Record<string, unknown>>(sql`
      select ${orders.id} as id, ${cursor} as cursor, ${orders.orderNo} as order_no, ${orders.participantId} as participant_id,
        ${participants.nickname} as nickname, ${orders.recordId} as record_id, ${orders.testId} as test_id,
        ${orders.title} ->> 'zh' as title_zh, ${orders.title} ->> 'en' as title_en,
        ${orders.amountFen} as amount_fen, ${orders.channel} as channel, ${orders.status} as status,
        ${orders.transactionId} as transaction_id, ${orders.payerOpenid} as payer_openid,
        ${orders.refundedFen} as refunded_fen, ${isoText(orders.createdAt)} as created,
        ${isoText(orders.paidAt)} as paid, ${isoText(orders.closedAt)} as closed
      from ${orders} join ${participants} on ${participants.id} = ${orders.participantId}
      where ${where ?? sql`true`}
      order by ${sql.join(order, sql`, `)}
      limit ${limit}`)
    ).rows;

export const streamOrders = (db: Executor, filters: OrderExportFilters) =>
  orderList.stream(filters, fetchOrderExportRows(db));

/**
 * A text cell as the CSV writer writes it (`csvCell`), for COPY: a formula defused, and '' as NULL, which
 * COPY writes as nothing ('' it would write as "").
 */
const csvText = (value: SQLWrapper) =>
  sql`case when left((${value}), 1) in ${[...FORMULA_LEADS]} then '''' || (${value}) else nullif((${value}), '') end`;

/** `maskOpenid`, in SQL. */
const maskedOpenid = sql`case when length(${orders.payerOpenid}) <= 8 then '****'
  else left(${orders.payerOpenid}, 4) || '****' || right(${orders.payerOpenid}, 3) end`;

/**
 * The rows `streamOrders` reads, as the export writes them (`ORDER_EXPORT_COLUMNS`), in one COPY to CSV:
 * the same filters and order, and each cell the bytes the CSV writer writes for it (numbers as they are; the
 * times start with their year, so none needs defusing).
 */
export const copyOrdersCsv = (filters: OrderExportFilters) => sql`copy (
  select ${csvText(orders.orderNo)}, ${orders.participantId}, ${csvText(participants.nickname)},
    ${orders.recordId}, ${orders.testId}, ${csvText(sql`${orders.title} ->> 'zh'`)},
    ${csvText(sql`${orders.title} ->> 'en'`)}, ${orders.amountFen}, ${csvText(orders.channel)},
    ${csvText(orders.status)}, ${csvText(orders.transactionId)}, ${csvText(maskedOpenid)}, ${orders.refundedFen},
    ${isoText(orders.createdAt)}, ${isoText(orders.paidAt)}, ${isoText(orders.closedAt)}
  from ${orders} join ${participants} on ${participants.id} = ${orders.participantId}
  where ${orderList.where(filters) ?? sql`true`}
  order by ${sql.join(orderList.orderBy(filters), sql`, `)}
) to stdout with (format csv)`;

/** The order (by number, or by id for the order profile) with its participant's name. */
export async function findOrderWithParticipant(db: Executor, key: string | number) {
  const where = typeof key === 'number' ? eq(orders.id, key) : eq(orders.orderNo, key);
  const rows = await fetchOrders(db)(where, [asc(orders.id)]);
  return rows[0];
}

/** Count, paid and refunded of every order the filters match, in one aggregate query. */
export async function orderTotals(db: Executor, filters: OrderFilters) {
  const conditions = orderList.where(filters);
  const [row] = await db
    .select({
      count: count(),
      paidCount: sql<string>`count(*) filter (where ${orders.paidAt} is not null)`,
      paidFen: sql<string>`coalesce(sum(${orders.amountFen}) filter (where ${orders.paidAt} is not null), 0)`,
      refundedFen: sql<string>`coalesce(sum(${orders.refundedFen}), 0)`,
    })
    .from(orders)
    .where(conditions);
  return {
    count: Number(row?.count ?? 0),
    paidCount: Number(row?.paidCount ?? 0),
    paidFen: Number(row?.paidFen ?? 0),
    refundedFen: Number(row?.refundedFen ?? 0),
  };
}

/** The record an order unlocks, as its detail shows it. */
export const findRecordState = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: records.id, status: records.status, unlockedAt: records.unlockedAt })
      .from(records)
      .where(eq(records.id, id))
  )[0];

/** Usernames of the staff who requested refunds (kept on the row when the account goes). */
export const accountNames = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: accounts.id, username: accounts.username })
        .from(accounts)
        .where(inArray(accounts.id, ids));

export const lockOrderById = async (tx: Executor, id: number): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1))[0];

/** When WeChat Pay was last asked about the order (bookkeeping of the back-off, not a state change). */
export const stampQueried = (db: Executor, id: number) =>
  db.update(orders).set({ lastQueriedAt: new Date() }).where(eq(orders.id, id));

/** The title of the version a record was taken on (copied onto its orders). */
export const versionTitle = async (db: Executor, testVersionId: number): Promise<LocalizedText> =>
  (
    await db
      .select({ title: sql<LocalizedText>`${testVersions.snapshot}->'title'` })
      .from(testVersions)
      .where(eq(testVersions.id, testVersionId))
  )[0]!.title;
