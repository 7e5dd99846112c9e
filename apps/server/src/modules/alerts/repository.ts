import type { Alert, AlertNote, AlertStatus, alertListQuerySchema, ScoreReport } from '@cool/shared';
import { count, eq, exists, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import { alertNotes, alerts, participants, records, testVersions } from '../../db/schema.ts';
import { versionTitleSql } from '../records/repository.ts';

export type AlertRow = typeof alerts.$inferSelect;

/** An alert's notes, newest first, in one column. */
const notesSql = sql<AlertNote[]>`coalesce((
  select json_agg(json_build_object('id', n.id, 'status', n.status, 'note', n.note, 'username', n.username,
    'time', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    order by n.created_at desc, n.id desc)
  from ${alertNotes} n where n.alert_id = ${outerColumn(alerts.id)}), '[]'::json)`;

const selectAlerts = (db: Executor) =>
  db
    .select({
      id: alerts.id,
      recordId: alerts.recordId,
      participantId: records.participantId,
      nickname: participants.nickname,
      erasedAt: participants.erasedAt,
      testId: records.testId,
      title: versionTitleSql,
      severity: alerts.severity,
      items: sql<ScoreReport['alerts']>`coalesce(${records.report}->'alerts', '[]'::jsonb)`,
      status: alerts.status,
      notes: notesSql,
      createdAt: alerts.createdAt,
      updatedAt: alerts.updatedAt,
    })
    .from(alerts)
    .innerJoin(records, eq(records.id, alerts.recordId))
    .innerJoin(testVersions, eq(testVersions.id, records.testVersionId))
    .innerJoin(participants, eq(participants.id, records.participantId));

type SelectedAlert = Awaited<ReturnType<ReturnType<typeof selectAlerts>['execute']>>[number];

const toAlert = (row: SelectedAlert): Alert => ({
  id: row.id,
  recordId: row.recordId,
  participant: { id: row.participantId, nickname: row.nickname, erased: row.erasedAt !== null },
  testId: row.testId,
  title: row.title,
  severity: row.severity,
  items: row.items,
  status: row.status,
  notes: row.notes,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

/** The record an alert belongs to matches `condition`. */
const ofRecord = (condition: SQL) =>
  exists(sql`(select 1 from ${records} where ${records.id} = ${alerts.recordId} and ${condition})`);

const alertList = defineList({
  table: alerts,
  id: alerts.id,
  filters: {
    status: (status: AlertStatus) => eq(alerts.status, status),
    testId: (testId: number) => ofRecord(eq(records.testId, testId)),
    participantId: (participantId: number) => ofRecord(eq(records.participantId, participantId)),
    /** Matches the participant's nickname (its trigram index). */
    participant: (nickname: string) =>
      ofRecord(
        sql`exists (select 1 from ${participants} where ${participants.id} = ${records.participantId} and ${ilike(participants.nickname, containsPattern(nickname))})`,
      ),
    from: (from: string) => gte(alerts.createdAt, new Date(from)),
    to: (to: string) => lt(alerts.createdAt, new Date(to)),
  },
  sorts: { createTime: alerts.createdAt },
  defaultSort: { field: 'createTime', order: 'descend' },
});

/** The queue, newest first. */
export const listAlerts = (db: Executor, query: z.output<typeof alertListQuerySchema>) =>
  alertList.page(db, query, async (inPage, order) =>
    (
      await selectAlerts(db)
        .where(inPage)
        .orderBy(...order)
    ).map(toAlert),
  );

export async function findAlert(db: Executor, id: number): Promise<Alert | undefined> {
  const [row] = await selectAlerts(db).where(eq(alerts.id, id));
  return row && toAlert(row);
}

export async function countNew(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.status, 'new'));
  return row?.n ?? 0;
}

export async function lockAlert(tx: Executor, id: number): Promise<AlertRow | undefined> {
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update').limit(1);
  return row;
}

/** Sets the status and adds the note, with who wrote it. */
export async function followUp(
  tx: Executor,
  id: number,
  change: { status: AlertStatus; note: string; accountId: number | null; username: string | null },
) {
  const now = new Date();
  await tx
    .update(alerts)
    .set({ status: change.status, updatedAt: now, updatedBy: change.accountId })
    .where(eq(alerts.id, id));
  await tx.insert(alertNotes).values({
    alertId: id,
    accountId: change.accountId,
    username: change.username,
    status: change.status,
    note: change.note,
    createdAt: now,
  });
}
