import type { Answer, BandColour, LocalizedText, ScoreReport, TestRecord } from '@cool/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { alerts, participants, records, testVersions } from '../../db/schema.ts';

/**
 * Records as staff see them (`recordSchema`), shared by the records screen and a participant's detail
 * (modules/participants): `selectRecords(db).where(...)` then `.map(toRecord)`, or `recordsOfParticipant`.
 */

/** Answered questions: a chosen option, or a non-empty choice of several. */
export const answeredCount = (answers: readonly Answer[]): number =>
  answers.filter((a) => a !== null && (!Array.isArray(a) || a.length > 0)).length;

export const versionTitleSql = sql<LocalizedText>`${testVersions.snapshot}->'title'`;
export const versionQuestionCountSql = sql<number>`jsonb_array_length(${testVersions.snapshot}->'questions')`;

export const selectRecords = (db: Executor) =>
  db
    .select({
      id: records.id,
      participantId: records.participantId,
      nickname: participants.nickname,
      erasedAt: participants.erasedAt,
      testId: records.testId,
      version: testVersions.version,
      title: versionTitleSql,
      status: records.status,
      priceFen: records.priceFen,
      unlockedAt: records.unlockedAt,
      finalScore: records.finalScore,
      band: sql<ScoreReport['band']>`${records.report}->'band'`,
      alertCount: records.alertCount,
      alertId: alerts.id,
      alertStatus: alerts.status,
      answers: records.answers,
      questionCount: versionQuestionCountSql,
      startedAt: records.startedAt,
      submittedAt: records.submittedAt,
    })
    .from(records)
    .innerJoin(testVersions, eq(testVersions.id, records.testVersionId))
    .innerJoin(participants, eq(participants.id, records.participantId))
    .leftJoin(alerts, eq(alerts.recordId, records.id));

export type SelectedRecord = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

export const toRecord = (row: SelectedRecord): TestRecord => ({
  id: row.id,
  participant: { id: row.participantId, nickname: row.nickname, erased: row.erasedAt !== null },
  testId: row.testId,
  testVersion: row.version,
  title: row.title,
  status: row.status,
  priceFen: row.priceFen,
  unlocked: row.unlockedAt !== null,
  finalScore: row.finalScore,
  band: row.band && {
    level: row.band.level,
    label: row.band.label,
    colour: row.band.colour as BandColour,
  },
  alertCount: row.alertCount,
  alert:
    row.alertId !== null && row.alertStatus !== null ? { id: row.alertId, status: row.alertStatus } : null,
  answeredCount: answeredCount(row.answers),
  questionCount: Number(row.questionCount),
  startTime: row.startedAt.toISOString(),
  submitTime: row.submittedAt?.toISOString() ?? null,
});

/** A participant's newest records, for their detail. */
export async function recordsOfParticipant(db: Executor, participantId: number, limit = 50) {
  const rows = await selectRecords(db)
    .where(eq(records.participantId, participantId))
    .orderBy(desc(records.startedAt), desc(records.id))
    .limit(limit);
  return rows.map(toRecord);
}
