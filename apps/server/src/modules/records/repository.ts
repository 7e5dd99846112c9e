import type {
  Answer,
  BandColour,
  ClientRecord,
  ClientTest,
  clientRecordListQuerySchema,
  clientTestListQuerySchema,
  LocalizedText,
  RecordStatus,
  recordExportQuerySchema,
  recordListQuerySchema,
  ScoreReport,
  TestRecord,
} from '@cool/shared';
import { and, desc, eq, exists, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList } from '../../db/list.ts';
import {
  alerts,
  participants,
  records,
  testCategories,
  testStats,
  tests,
  testTakers,
  testVersions,
} from '../../db/schema.ts';
import { categoriesSql, participantCountSql } from '../tests/repository.ts';

export type RecordRow = typeof records.$inferSelect;

// ---- Records as staff see them (`recordSchema`) ------------------------------------------------------
// Shared by the records screen and a participant's detail (modules/participants):
// `selectRecords(db).where(...)` then `.map(toRecord)`, or `recordsOfParticipant`.

/** Answered questions: a chosen option, or a non-empty choice of several. */
export const answeredCount = (answers: readonly Answer[]): number =>
  answers.filter((a) => a !== null && (!Array.isArray(a) || a.length > 0)).length;

export const versionTitleSql = sql<LocalizedText>`${testVersions.snapshot}->'title'`;
export const versionQuestionCountSql = sql<number>`jsonb_array_length(${testVersions.snapshot}->'questions')`;

const recordColumns = {
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
};

/** Records with what staff see of them; `extra` columns come along (an export batch's cursor). */
export const selectRecords = <E extends Record<string, SQL | SQL.Aliased>>(db: Executor, extra?: E) =>
  db
    .select({ ...recordColumns, ...(extra as E) })
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

// ---- The shelf: tests a participant can take ---------------------------------------------------------

const shelf = defineList({
  table: tests,
  id: tests.id,
  filters: {
    onShelf: (_: true) => eq(tests.status, 'on_shelf'),
    categoryId: (categoryId: number) =>
      exists(
        sql`(select 1 from ${testCategories} where ${testCategories.testId} = ${tests.id} and ${testCategories.categoryId} = ${categoryId})`,
      ),
  },
  sorts: { sortOrder: tests.sortOrder },
  defaultSort: { field: 'sortOrder', order: 'ascend' },
});

/** On-shelf tests that have no stored current version yet (published before versions were stored). */
export async function shelfTestsWithoutVersion(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: tests.id })
    .from(tests)
    .where(
      and(
        eq(tests.status, 'on_shelf'),
        sql`not exists (select 1 from ${testVersions} where ${testVersions.testId} = ${tests.id} and ${testVersions.version} = ${tests.version})`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * What a participant sees of a test besides its questions: texts, price and minutes are the live ones
 * (staff may change them while it is on the shelf); questions and scoring come from the published version.
 */
const liveColumns = {
  titleZh: tests.titleZh,
  titleEn: tests.titleEn,
  subtitleZh: tests.subtitleZh,
  subtitleEn: tests.subtitleEn,
  coverUrl: tests.coverUrl,
  priceFen: tests.priceFen,
  minutes: tests.minutes,
  participantCount: participantCountSql,
  categories: categoriesSql,
};

interface LiveRow {
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  coverUrl: string | null;
  priceFen: number;
  minutes: number;
  participantCount: number | string;
  categories: ClientTest['categories'];
}

const live = (r: LiveRow) => ({
  title: { zh: r.titleZh, en: r.titleEn },
  subtitle: { zh: r.subtitleZh, en: r.subtitleEn },
  coverUrl: r.coverUrl,
  categories: r.categories,
  priceFen: r.priceFen,
  minutes: r.minutes,
  participantCount: Number(r.participantCount),
});

/** The shelf's page: live texts and price, the question count of each test's current version. */
export const listShelf = (db: Executor, query: z.output<typeof clientTestListQuerySchema>) =>
  shelf.page(db, { ...query, onShelf: true }, async (inPage, order) => {
    const rows = await db
      .select({
        id: tests.id,
        version: tests.version,
        questionCount: versionQuestionCountSql,
        ...liveColumns,
      })
      .from(tests)
      .innerJoin(
        testVersions,
        and(eq(testVersions.testId, tests.id), eq(testVersions.version, tests.version)),
      )
      .where(inPage)
      .orderBy(...order);
    return rows.map(
      (r): Omit<ClientTest, 'paymentUnavailable'> => ({
        id: r.id,
        version: r.version,
        ...live(r),
        questionCount: Number(r.questionCount),
      }),
    );
  });

/** One test as the shelf shows it, without its questions: live texts, price, categories and participants. */
export async function shelfLive(db: Executor, testId: number) {
  const [row] = await db
    .select({
      ...liveColumns,
      introductionZh: tests.introductionZh,
      introductionEn: tests.introductionEn,
      instructionsZh: tests.instructionsZh,
      instructionsEn: tests.instructionsEn,
    })
    .from(tests)
    .where(eq(tests.id, testId));
  if (!row) return undefined;
  return {
    ...live(row),
    introduction: { zh: row.introductionZh, en: row.introductionEn },
    instructions: { zh: row.instructionsZh, en: row.instructionsEn },
  };
}

// ---- A participant's own records ---------------------------------------------------------------------

export async function findRecord(db: Executor, id: number): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(records).where(eq(records.id, id)).limit(1);
  return row;
}

/** Locks the record for the rest of the transaction, so a save and a submit of it serialize. */
export async function lockRecord(tx: Executor, id: number): Promise<RecordRow | undefined> {
  const [row] = await tx.select().from(records).where(eq(records.id, id)).for('update').limit(1);
  return row;
}

/** Locks the participant row: their starts serialize, so two taps never open two records of one test. */
export async function lockParticipant(tx: Executor, id: number) {
  await tx.select({ id: participants.id }).from(participants).where(eq(participants.id, id)).for('update');
}

export async function findInProgress(db: Executor, participantId: number, testId: number) {
  const [row] = await db
    .select()
    .from(records)
    .where(
      and(
        eq(records.participantId, participantId),
        eq(records.testId, testId),
        eq(records.status, 'in_progress'),
      ),
    )
    .orderBy(desc(records.startedAt))
    .limit(1);
  return row;
}

export async function insertRecord(
  tx: Executor,
  values: { participantId: number; testId: number; testVersionId: number; priceFen: number },
): Promise<RecordRow> {
  const [row] = await tx
    .insert(records)
    .values({ ...values, answers: [] })
    .returning();
  await countTaker(tx, values.testId, values.participantId);
  return row!;
}

/**
 * A participant's first start of a test raises the test's count of distinct participants, in one
 * statement. Last in the start's transaction, so the count's row is held only until its commit.
 */
const countTaker = (tx: Executor, testId: number, participantId: number) =>
  tx.execute(sql`
    with added as (
      insert into ${testTakers} (test_id, participant_id) values (${testId}, ${participantId})
      on conflict do nothing returning 1
    )
    insert into ${testStats} (test_id, participants) select ${testId}, 1 from added
    on conflict (test_id) do update set participants = ${testStats.participants} + 1`);

/** Whose record it is, on which version, and whether it is still open: what a save checks first. */
export async function recordOwner(db: Executor, id: number) {
  const [row] = await db
    .select({
      participantId: records.participantId,
      testVersionId: records.testVersionId,
      status: records.status,
    })
    .from(records)
    .where(eq(records.id, id))
    .limit(1);
  return row;
}

/** The record's fields a participant's list shows, without its answers and report. */
const SUMMARY = {
  id: records.id,
  testId: records.testId,
  status: records.status,
  priceFen: records.priceFen,
  unlockedAt: records.unlockedAt,
  startedAt: records.startedAt,
  submittedAt: records.submittedAt,
};
export type RecordSummary = { [K in keyof typeof SUMMARY]: RecordRow[K] };

/** Saves the answers of the participant's record if it is still in progress; undefined when it is not. */
export async function saveOpenAnswers(
  db: Executor,
  id: number,
  participantId: number,
  answers: Answer[],
): Promise<RecordSummary | undefined> {
  const [row] = await db
    .update(records)
    .set({ answers, updatedAt: new Date() })
    .where(
      and(eq(records.id, id), eq(records.participantId, participantId), eq(records.status, 'in_progress')),
    )
    .returning(SUMMARY);
  return row;
}

/** Stores the report with the record, and copies its overall band and alert count for filtering. */
export async function storeReport(
  tx: Executor,
  id: number,
  fields: { answers: Answer[]; report: ScoreReport; engineVersion: string; unlocked: boolean },
): Promise<RecordRow> {
  const now = new Date();
  const { report } = fields;
  const [row] = await tx
    .update(records)
    .set({
      status: 'submitted',
      answers: fields.answers,
      report,
      engineVersion: fields.engineVersion,
      finalScore: report.finalScore,
      bandLevel: report.band?.level ?? null,
      bandColour: report.band?.colour ?? null,
      alertCount: report.alerts.length,
      unlockedAt: fields.unlocked ? now : null,
      submittedAt: now,
      updatedAt: now,
    })
    .where(eq(records.id, id))
    .returning();
  return row!;
}

export async function insertAlert(tx: Executor, recordId: number, severity: BandColour) {
  const [row] = await tx.insert(alerts).values({ recordId, severity }).returning();
  return row!;
}

/** Records for staff, and a participant's own (filtered by `participantId`). */
const recordList = defineList({
  table: records,
  id: records.id,
  filters: {
    participantId: (participantId: number) => eq(records.participantId, participantId),
    /** Matches the participant's nickname. */
    participant: (nickname: string) =>
      exists(
        sql`(select 1 from ${participants} where ${participants.id} = ${records.participantId} and ${ilike(participants.nickname, containsPattern(nickname))})`,
      ),
    testId: (testId: number) => eq(records.testId, testId),
    status: (status: RecordStatus) => eq(records.status, status),
    bandColour: (colour: BandColour) => eq(records.bandColour, colour),
    // A literal 0, not a parameter: only then can a generic plan use the partial index of alerted records.
    hasAlert: (has: 'true' | 'false') =>
      has === 'true' ? sql`${records.alertCount} > 0` : eq(records.alertCount, 0),
    from: (from: string) => gte(records.startedAt, new Date(from)),
    to: (to: string) => lt(records.startedAt, new Date(to)),
  },
  sorts: {
    startTime: records.startedAt,
    // In-progress records have neither: they sort as the lowest.
    submitTime: sql`coalesce(${records.submittedAt}, '-infinity'::timestamptz)`,
    finalScore: sql`coalesce(${records.finalScore}, '-Infinity'::float8)`,
  },
  defaultSort: { field: 'startTime', order: 'descend' },
});

/** A participant's records, newest first. */
export const listOwnRecords = (
  db: Executor,
  participantId: number,
  query: z.output<typeof clientRecordListQuerySchema>,
) =>
  recordList.page(db, { ...query, participantId }, async (inPage, order) => {
    const rows = await db
      .select({
        record: records,
        version: testVersions.version,
        title: versionTitleSql,
        coverUrl: sql<string | null>`${testVersions.snapshot}->>'coverUrl'`,
        questionCount: versionQuestionCountSql,
      })
      .from(records)
      .innerJoin(testVersions, eq(testVersions.id, records.testVersionId))
      .where(inPage)
      .orderBy(...order);
    return rows.map(
      (r): ClientRecord => ({
        id: r.record.id,
        testId: r.record.testId,
        testVersion: r.version,
        title: r.title,
        coverUrl: r.coverUrl,
        status: r.record.status,
        priceFen: r.record.priceFen,
        unlocked: r.record.unlockedAt !== null,
        answeredCount: answeredCount(r.record.answers),
        questionCount: Number(r.questionCount),
        startTime: r.record.startedAt.toISOString(),
        submitTime: r.record.submittedAt?.toISOString() ?? null,
      }),
    );
  });

// ---- Staff: the records screen -----------------------------------------------------------------------

const fetchRecords = (db: Executor) => async (inPage: SQL, order: SQL[]) =>
  (
    await selectRecords(db)
      .where(inPage)
      .orderBy(...order)
  ).map(toRecord);

export const listRecords = (db: Executor, query: z.output<typeof recordListQuerySchema>) =>
  recordList.page(db, query, fetchRecords(db));

export type RecordFilters = Omit<z.output<typeof recordExportQuerySchema>, 'format'>;

/** Every record the filters match, in list order, read in batches. */
export const streamRecords = (db: Executor, filters: RecordFilters) =>
  recordList.stream(filters, async ({ where, order, limit, cursor }) =>
    (
      await selectRecords(db, { cursor })
        .where(where)
        .orderBy(...order)
        .limit(limit)
    ).map((row) => ({ ...toRecord(row), cursor: row.cursor })),
  );

/** One record as staff see it, with what the detail adds. */
export async function findStaffRecord(db: Executor, id: number) {
  const [row] = await db
    .select({
      answers: records.answers,
      report: records.report,
      engineVersion: records.engineVersion,
      snapshot: testVersions.snapshot,
    })
    .from(records)
    .innerJoin(testVersions, eq(testVersions.id, records.testVersionId))
    .where(eq(records.id, id));
  if (!row) return undefined;
  const [listed] = await selectRecords(db).where(eq(records.id, id));
  return listed && { record: toRecord(listed), ...row };
}
