import type {
  ActivityKind,
  LocalizedText,
  ParticipantStatus,
  participantListQuerySchema,
} from '@cool/shared';
import { and, desc, eq, getTableColumns, gt, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import {
  alerts,
  orders,
  participantSessions,
  participants,
  participantWechat,
  records,
  testVersions,
} from '../../db/schema.ts';
import { versionTitleSql } from '../records/repository.ts';

/** A stored participant, as written. */
export type ParticipantRecord = typeof participants.$inferSelect;
/** A participant as staff list them: with their record count and whether a WeChat identity is bound. */
export type ParticipantRow = ParticipantRecord & { recordCount: number; orderCount: number; wechat: boolean };

/** A live (unexpired, unrevoked) participant session with its participant's status. */
export async function findLiveParticipantSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      participantId: participantSessions.participantId,
      expiresAt: participantSessions.expiresAt,
      status: participants.status,
    })
    .from(participantSessions)
    .innerJoin(participants, eq(participants.id, participantSessions.participantId))
    .where(
      and(
        eq(participantSessions.tokenHash, tokenHash),
        isNull(participantSessions.revokedAt),
        gt(participantSessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** Slides the session's end to `days` from now and marks its participant as seen now. */
export async function touchParticipantSession(
  db: Executor,
  tokenHash: string,
  participantId: number,
  days: number,
) {
  await db
    .update(participantSessions)
    .set({ expiresAt: sql`now() + make_interval(days => ${days})` })
    .where(eq(participantSessions.tokenHash, tokenHash));
  await db.update(participants).set({ lastSeenAt: sql`now()` }).where(eq(participants.id, participantId));
}

export const insertParticipant = async (db: Executor, values: { locale: string | null }) =>
  (await db.insert(participants).values(values).returning())[0]!;

export async function insertParticipantSession(
  db: Executor,
  values: typeof participantSessions.$inferInsert,
): Promise<void> {
  await db.insert(participantSessions).values(values);
}

const participantIdSql = outerColumn(participants.id);
const recordCountSql = sql<number>`(select count(*)::int from ${records} where ${records.participantId} = ${participantIdSql})`;
const orderCountSql = sql<number>`(select count(*)::int from ${orders} where ${orders.participantId} = ${participantIdSql})`;
const wechatSql = sql<boolean>`exists (select 1 from ${participantWechat} where ${participantWechat.participantId} = ${participantIdSql})`;

const selectParticipants = (db: Executor, where: SQL) =>
  db
    .select({
      ...getTableColumns(participants),
      recordCount: recordCountSql,
      orderCount: orderCountSql,
      wechat: wechatSql,
    })
    .from(participants)
    .where(where);

const byId = (id: number) => eq(participants.id, id);

const participantList = defineList({
  table: participants,
  id: participants.id,
  filters: {
    nickname: (nickname: string) => ilike(participants.nickname, containsPattern(nickname)),
    status: (status: ParticipantStatus) => eq(participants.status, status),
  },
  sorts: {
    createTime: participants.createdAt,
    lastSeenTime: participants.lastSeenAt,
    recordCount: recordCountSql,
  },
  defaultSort: { field: 'lastSeenTime', order: 'descend' },
});

// Built once per list shape, like every page read with a plain select (see `pages` in db/list.ts).
const participantPages = participantList.pages((db, inPage, order) =>
  selectParticipants(db, inPage).orderBy(...order),
);

export const listParticipants = (db: Executor, query: z.output<typeof participantListQuerySchema>) =>
  participantPages(db, query);

export const findParticipant = async (db: Executor, id: number): Promise<ParticipantRow | undefined> =>
  (await selectParticipants(db, byId(id)).limit(1))[0];

/** Reads the participant for a change, locking it until the transaction ends. */
export const lockParticipant = async (db: Executor, id: number): Promise<ParticipantRecord | undefined> =>
  (await db.select().from(participants).where(byId(id)).for('update').limit(1))[0];

export const updateParticipant = async (
  db: Executor,
  id: number,
  values: Partial<Omit<typeof participants.$inferInsert, 'id'>>,
): Promise<ParticipantRecord> => (await db.update(participants).set(values).where(byId(id)).returning())[0]!;

export const deleteParticipant = async (db: Executor, id: number): Promise<void> => {
  await db.delete(participants).where(byId(id));
};

export const wechatIdsOf = (db: Executor, participantId: number) =>
  db
    .select({
      appId: participantWechat.appId,
      openid: participantWechat.openid,
      unionid: participantWechat.unionid,
    })
    .from(participantWechat)
    .where(eq(participantWechat.participantId, participantId))
    .orderBy(participantWechat.appId, participantWechat.openid);

/** Who holds this openid of this app, locked until the transaction ends. */
export const lockWechatId = async (db: Executor, appId: string, openid: string) =>
  (
    await db
      .select()
      .from(participantWechat)
      .where(and(eq(participantWechat.appId, appId), eq(participantWechat.openid, openid)))
      .for('update')
      .limit(1)
  )[0];

/** Binds the openid to the participant; false when another transaction bound it first. */
export const insertWechatId = async (db: Executor, values: typeof participantWechat.$inferInsert) =>
  (await db.insert(participantWechat).values(values).onConflictDoNothing().returning()).length > 0;

export async function updateWechatUnionid(db: Executor, appId: string, openid: string, unionid: string) {
  await db
    .update(participantWechat)
    .set({ unionid })
    .where(and(eq(participantWechat.appId, appId), eq(participantWechat.openid, openid)));
}

/** What is kept about each session, but not its token hash, for the personal-data export. */
export const sessionsOf = (db: Executor, participantId: number) =>
  db
    .select({
      createdAt: participantSessions.createdAt,
      expiresAt: participantSessions.expiresAt,
      ip: participantSessions.ip,
      userAgent: participantSessions.userAgent,
    })
    .from(participantSessions)
    .where(eq(participantSessions.participantId, participantId))
    .orderBy(participantSessions.createdAt);

export const deleteWechatIds = async (db: Executor, participantId: number) =>
  (await db.delete(participantWechat).where(eq(participantWechat.participantId, participantId)).returning())
    .length;

export const deleteParticipantSessions = async (db: Executor, participantId: number) =>
  (
    await db
      .delete(participantSessions)
      .where(eq(participantSessions.participantId, participantId))
      .returning({ tokenHash: participantSessions.tokenHash })
  ).length;

/** Moves what a participant holds (records, orders, sessions) to another one, before the first is deleted. */
export async function moveParticipantHoldings(db: Executor, from: number, to: number) {
  await db.update(records).set({ participantId: to }).where(eq(records.participantId, from));
  await db.update(orders).set({ participantId: to }).where(eq(orders.participantId, from));
  await db
    .update(participantSessions)
    .set({ participantId: to })
    .where(eq(participantSessions.participantId, from));
}

/** Everything stored on the participant's records, newest first, for the personal-data export. */
export const recordsForExport = (db: Executor, participantId: number) =>
  db
    .select({
      id: records.id,
      testId: records.testId,
      testVersion: testVersions.version,
      title: versionTitleSql,
      status: records.status,
      answers: records.answers,
      report: records.report,
      engineVersion: records.engineVersion,
      priceFen: records.priceFen,
      unlockedAt: records.unlockedAt,
      startedAt: records.startedAt,
      updatedAt: records.updatedAt,
      submittedAt: records.submittedAt,
    })
    .from(records)
    .innerJoin(testVersions, eq(testVersions.id, records.testVersionId))
    .where(eq(records.participantId, participantId))
    .orderBy(desc(records.startedAt), desc(records.id));

/** Hands one session to another participant (signing in as them on this device). */
export async function moveSession(db: Executor, tokenHash: string, participantId: number) {
  await db
    .update(participantSessions)
    .set({ participantId })
    .where(eq(participantSessions.tokenHash, tokenHash));
}

export async function deleteParticipantSessionsBefore(
  db: Executor,
  expiredBefore: Date,
  revokedBefore: Date,
) {
  await db
    .delete(participantSessions)
    .where(
      or(lt(participantSessions.expiresAt, expiredBefore), lt(participantSessions.revokedAt, revokedBefore)),
    );
}

// ---- A participant's activity ------------------------------------------------------------------------------

/**
 * The areas a participant's activity is drawn from, each with its kinds in the order they happen (the rank
 * breaks ties between events of one time: an alert raised in the submit's transaction comes above the submit).
 */
export const ACTIVITY_SOURCES = {
  records: ['started', 'submitted'],
  orders: ['ordered', 'paid'],
  alerts: ['alert'],
} as const satisfies Record<string, readonly ActivityKind[]>;
export type ActivitySource = keyof typeof ACTIVITY_SOURCES;

const RANKS: Record<ActivityKind, number> = { started: 0, submitted: 1, ordered: 2, paid: 3, alert: 4 };
const KINDS = Object.keys(RANKS) as ActivityKind[];
export const rankOf = (kind: ActivityKind) => RANKS[kind];

/** Where a page of activity starts: after this event (`time` as `activityKey` gives it, rank, id). */
export interface ActivitySeek {
  time: string;
  rank: number;
  id: number;
}

/** An event's time as a key: UTC to the microsecond, so a cursor names its event exactly. */
const activityKey = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One kind of event: its source rows' newest `limit` after `seek`, off the participant's index of that table
 * (records by participant, orders by participant, alerts through the participant's records).
 */
function eventsOf(kind: ActivityKind, participantId: number, seek: ActivitySeek | undefined, limit: number) {
  const rank = RANKS[kind];
  const source = {
    started: { time: records.startedAt, id: records.id, recordId: records.id, orderId: sql`null::int` },
    submitted: { time: records.submittedAt, id: records.id, recordId: records.id, orderId: sql`null::int` },
    ordered: { time: orders.createdAt, id: orders.id, recordId: orders.recordId, orderId: orders.id },
    paid: { time: orders.paidAt, id: orders.id, recordId: orders.recordId, orderId: orders.id },
    alert: { time: alerts.createdAt, id: alerts.id, recordId: alerts.recordId, orderId: sql`null::int` },
  }[kind];
  const from =
    kind === 'alert'
      ? sql`${alerts} join ${records} on ${records.id} = ${alerts.recordId} where ${records.participantId} = ${participantId}`
      : kind === 'ordered' || kind === 'paid'
        ? sql`${orders} where ${orders.participantId} = ${participantId}`
        : sql`${records} where ${records.participantId} = ${participantId}`;
  const happened =
    kind === 'submitted' || kind === 'paid' ? sql` and ${source.time} is not null` : sql.empty();
  const after = seek
    ? sql` and (${source.time}, ${rank}::int, ${source.id}) < (${seek.time}::timestamptz, ${seek.rank}::int, ${seek.id}::int)`
    : sql.empty();
  return sql`(select ${rank}::int as rank, ${source.time} as time, ${source.id} as id, ${source.recordId} as record_id,
    ${source.orderId} as order_id from ${from}${happened}${after}
    order by ${source.time} desc, ${source.id} desc limit ${limit})`;
}

export interface ActivityRow {
  kind: ActivityKind;
  /** The time as `activityKey` gives it. */
  time: string;
  id: number;
  recordId: number;
  orderId: number | null;
  title: LocalizedText;
}

/**
 * A page of the participant's events from `sources`, newest first (time, then rank, then id, all descending):
 * each kind's newest `skip + pageSize` after `seek` are merged (UNION ALL), and only the page's rows are read
 * in full (their test's title).
 */
export async function participantActivity(
  db: Executor,
  participantId: number,
  sources: readonly ActivitySource[],
  page: { pageSize: number; skip: number; seek?: ActivitySeek | undefined },
): Promise<ActivityRow[]> {
  const kinds = sources.flatMap((source) => ACTIVITY_SOURCES[source]);
  const limit = page.skip + page.pageSize;
  const { rows } = await db.execute<{
    rank: number;
    time: string;
    id: number;
    record_id: number;
    order_id: number | null;
    title: LocalizedText;
  }>(sql`
    with events as (${sql.join(
      kinds.map((kind) => eventsOf(kind, participantId, page.seek, limit)),
      sql` union all `,
    )}),
    shown as (select * from events order by time desc, rank desc, id desc limit ${page.pageSize} offset ${page.skip})
    select shown.rank, ${activityKey(sql`shown.time`)} as time, shown.id, shown.record_id, shown.order_id,
      coalesce(${orders.title}, ${versionTitleSql}) as title
    from shown
    join ${records} on ${records.id} = shown.record_id
    join ${testVersions} on ${testVersions.id} = ${records.testVersionId}
    left join ${orders} on ${orders.id} = shown.order_id
    order by shown.time desc, shown.rank desc, shown.id desc`);
  return rows.map((row) => ({
    kind: KINDS[row.rank]!,
    time: row.time,
    id: row.id,
    recordId: row.record_id,
    orderId: row.order_id,
    title: row.title,
  }));
}

/** How many events the participant's activity from `sources` holds. */
export async function countParticipantActivity(
  db: Executor,
  participantId: number,
  sources: readonly ActivitySource[],
): Promise<number> {
  const counts = {
    records: sql`(select count(*) + count(${records.submittedAt}) from ${records} where ${records.participantId} = ${participantId})`,
    orders: sql`(select count(*) + count(${orders.paidAt}) from ${orders} where ${orders.participantId} = ${participantId})`,
    alerts: sql`(select count(*) from ${alerts} join ${records} on ${records.id} = ${alerts.recordId} where ${records.participantId} = ${participantId})`,
  };
  const { rows } = await db.execute<{ n: string | number }>(
    sql`select ${sql.join(
      sources.map((source) => counts[source]),
      sql` + `,
    )} as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

export const participantExists = async (db: Executor, id: number) =>
  (await db.select({ id: participants.id }).from(participants).where(byId(id)).limit(1)).length > 0;

/**
 * The profile's figures in one statement, each only for an area asked (`undefined` for the others), or
 * undefined when there is no such participant.
 */
export async function participantSummary(db: Executor, id: number, areas: readonly ActivitySource[]) {
  const figure = (area: ActivitySource, value: SQL) => (areas.includes(area) ? value : sql`null`);
  const { rows } = await db.execute<Record<'submitted' | 'netPaidFen' | 'openAlerts', string | null>>(sql`
    select
      ${figure('records', sql`(select count(*) from ${records} where ${records.participantId} = ${id} and ${records.status} = 'submitted')`)} as "submitted",
      ${figure('orders', sql`(select coalesce(sum(${orders.amountFen}) filter (where ${orders.paidAt} is not null), 0) - coalesce(sum(${orders.refundedFen}), 0) from ${orders} where ${orders.participantId} = ${id})`)} as "netPaidFen",
      ${figure('alerts', sql`(select count(*) from ${alerts} join ${records} on ${records.id} = ${alerts.recordId} where ${records.participantId} = ${id} and ${alerts.status} in ('new', 'contacted'))`)} as "openAlerts"
    from ${participants} where ${participants.id} = ${id}`);
  const [row] = rows;
  if (!row) return undefined;
  const number = (value: string | null) => (value === null ? undefined : Number(value));
  return {
    submitted: number(row.submitted),
    netPaidFen: number(row.netPaidFen),
    openAlerts: number(row.openAlerts),
  };
}
