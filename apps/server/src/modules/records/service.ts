import {
  type Answer,
  BAND_COLOURS,
  type BandColour,
  type ClientQuestion,
  type ClientRecord,
  type ClientRecordDetail,
  type ClientReport,
  type ClientTestDetail,
  type clientRecordListQuerySchema,
  type clientTestListQuerySchema,
  type recordListQuerySchema,
  SCORING_ENGINE_VERSION,
  type ScoreReport,
  scoreTest,
  type TestRecordDetail,
  type TestVersionSnapshot,
  validateAnswers,
} from '@cool/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../db/tx.ts';
import type { CsvCell } from '../../http/csv.ts';
import { conflict, httpError, notFound } from '../../http/reply.ts';
import { cappedRows } from '../../http/xlsx.ts';
import { notifyStaff } from '../notifications/service.ts';
import { wechatPayReady } from '../settings/wechatPay.ts';
import type { TestVersionRow } from '../tests/repository.ts';
import { answersRejected } from '../tests/service.ts';
import {
  ensureCurrentVersion,
  findVersionById,
  lockCurrentVersion,
  shelfVersion,
} from '../tests/versions.ts';
import * as repo from './repository.ts';

/**
 * Test records. A participant's own writes (start, save, submit) are not staff changes and have no
 * audit entry, so they run in `ctx.db.transaction` directly (`withTx` refuses a change it cannot audit).
 */

const unavailable = () => httpError(404, 'record.testUnavailable');

// ---- The shelf ---------------------------------------------------------------------------------------

/** What a participant may see of a question: nothing that scores it (no scores, dimensions or poles). */
const clientQuestion = (q: TestVersionSnapshot['questions'][number]): ClientQuestion => ({
  position: q.position,
  stem: q.stem,
  imageUrl: q.imageUrl,
  type: q.type,
  required: q.required,
  options: q.options.map((o) => ({ label: o.label, text: o.text, imageUrl: o.imageUrl })),
});

/**
 * Whether a test at this price cannot be paid for now: priced while WeChat Pay is not set up. Such a test is
 * shown as such and cannot be started, so no one answers a whole test whose report cannot be unlocked.
 */
const paymentUnavailable = (priceFen: number, payable: boolean) => priceFen > 0 && !payable;

export async function listShelf(ctx: ServiceContext, query: z.output<typeof clientTestListQuerySchema>) {
  // Tests published before versions were stored get theirs now (once), so each lists from its version.
  for (const id of await repo.shelfTestsWithoutVersion(ctx.db)) {
    await ctx.db.transaction((tx) => ensureCurrentVersion(tx, id));
  }
  const payable = await wechatPayReady(ctx);
  const page = await repo.listShelf(ctx.db, query);
  return {
    ...page,
    data: page.data.map((test) => ({
      ...test,
      paymentUnavailable: paymentUnavailable(test.priceFen, payable),
    })),
  };
}

export async function getShelfTest(ctx: ServiceContext, testId: number): Promise<ClientTestDetail> {
  const version = await shelfVersion(ctx.db, testId);
  const test = version && (await repo.shelfLive(ctx.db, testId));
  if (!version || !test) throw unavailable();
  return {
    id: testId,
    version: version.version,
    ...test,
    questionCount: version.snapshot.questions.length,
    paymentUnavailable: paymentUnavailable(test.priceFen, await wechatPayReady(ctx)),
    questions: version.snapshot.questions.map(clientQuestion),
  };
}

// ---- A participant's records -------------------------------------------------------------------------

/**
 * The report as the participant may see it: whole once unlocked; while locked (a paid test not paid yet)
 * the alerts, which are never locked, and which dimensions the report will show, without scores or bands.
 */
export const clientReport = (report: ScoreReport, unlocked: boolean): ClientReport => ({
  locked: !unlocked,
  alerts: report.alerts.map(({ operator: _operator, score: _score, ...alert }) => alert),
  preview: {
    dimensions: report.dimensions.map((d) => ({ key: d.key, name: d.name })),
    hasType: report.type !== null,
  },
  report: unlocked ? report : null,
});

const clientRecord = (
  row: repo.RecordSummary & Pick<repo.RecordRow, 'answers'>,
  version: TestVersionRow,
): ClientRecord => ({
  id: row.id,
  testId: row.testId,
  testVersion: version.version,
  title: version.snapshot.title,
  coverUrl: version.snapshot.coverUrl,
  status: row.status,
  priceFen: row.priceFen,
  unlocked: row.unlockedAt !== null,
  answeredCount: repo.answeredCount(row.answers),
  questionCount: version.snapshot.questions.length,
  startTime: row.startedAt.toISOString(),
  submitTime: row.submittedAt?.toISOString() ?? null,
});

const clientDetail = (row: repo.RecordRow, version: TestVersionRow): ClientRecordDetail => ({
  ...clientRecord(row, version),
  answers: row.answers,
  questions: version.snapshot.questions.map(clientQuestion),
  instructions: version.snapshot.instructions,
  report: row.report ? clientReport(row.report, row.unlockedAt !== null) : null,
});

/** The participant's own record, locked when `lock`; anyone else's is a 404, as if it did not exist. */
async function ownRecord(db: Executor, participantId: number, id: number, lock = false) {
  const row = lock ? await repo.lockRecord(db, id) : await repo.findRecord(db, id);
  if (row?.participantId !== participantId) throw notFound('record.notFound');
  const version = await findVersionById(db, row.testVersionId);
  return { row, version: version! };
}

/**
 * Starts a record of the test's current version. A record of the test still in progress is returned
 * instead (`created: false`): reopening a test resumes it, on the version it was started on. A priced test
 * is not started while WeChat Pay is not set up (409 `record.paymentUnavailable`): its report could not be
 * unlocked.
 */
export const startRecord = async (ctx: ServiceContext, participantId: number, testId: number) =>
  ctx.db.transaction(async (tx) => {
    await repo.lockParticipant(tx, participantId);
    const open = await repo.findInProgress(tx, participantId, testId);
    if (open) {
      const version = await findVersionById(tx, open.testVersionId);
      return { created: false, record: clientDetail(open, version!) };
    }
    // The price asked is the one shown when the record starts (staff may change it while on the shelf).
    const current = await lockCurrentVersion(tx, testId);
    if (!current) throw unavailable();
    const { version, priceFen } = current;
    // Only a priced test needs WeChat Pay: a free one (a screening's) skips the settings read.
    if (priceFen > 0 && paymentUnavailable(priceFen, await wechatPayReady({ ...ctx, db: tx })))
      throw conflict('record.paymentUnavailable');
    const row = await repo.insertRecord(tx, { participantId, testId, testVersionId: version.id, priceFen });
    return { created: true, record: clientDetail(row, version) };
  });

/**
 * Progress may stop anywhere: up to one answer per question, each one the question could take (the
 * engine's checks, with no question required yet).
 */
function checkProgress(snapshot: TestVersionSnapshot, answers: readonly Answer[]) {
  const { questions } = snapshot;
  const padded =
    answers.length < questions.length
      ? [...answers, ...Array<Answer>(questions.length - answers.length).fill(null)]
      : answers;
  const checked = validateAnswers({ questions: questions.map((q) => ({ ...q, required: false })) }, padded);
  if (!checked.ok) throw answersRejected(checked.errors);
}

/**
 * Saves progress with no transaction: the version a record was started on never changes, and the write
 * itself is guarded (this participant's, still in progress), so a submit that lands first wins.
 */
export async function saveProgress(
  ctx: ServiceContext,
  participantId: number,
  id: number,
  answers: Answer[],
) {
  const found = await repo.recordOwner(ctx.db, id);
  if (found?.participantId !== participantId) throw notFound('record.notFound');
  if (found.status === 'submitted') throw conflict('record.submitted');
  const version = (await findVersionById(ctx.db, found.testVersionId))!;
  checkProgress(version.snapshot, answers);
  const saved = await repo.saveOpenAnswers(ctx.db, id, participantId, answers);
  if (!saved) throw conflict('record.submitted');
  return clientRecord({ ...saved, answers }, version);
}

/** The most severe of the alerts raised. */
const mostSevere = (items: ScoreReport['alerts']): BandColour =>
  items.reduce<BandColour>(
    (worst, a) => (BAND_COLOURS.indexOf(a.severity) > BAND_COLOURS.indexOf(worst) ? a.severity : worst),
    'normal',
  );

/**
 * Scores the answers on the record's own version and stores the report with the engine's version. A free
 * test is unlocked at once. The alert row is written in the same transaction: the report and its alert
 * commit together or not at all, so no alert is ever lost.
 */
export async function submitRecord(
  ctx: ServiceContext,
  participantId: number,
  id: number,
  answers: Answer[],
) {
  const { detail, alert } = await ctx.db.transaction(async (tx) => {
    const { row, version } = await ownRecord(tx, participantId, id, true);
    if (row.status === 'submitted') throw conflict('record.submitted');
    const outcome = scoreTest(version.snapshot, answers);
    if (!outcome.ok) throw answersRejected(outcome.errors);
    const { report } = outcome;
    const saved = await repo.storeReport(tx, id, {
      answers,
      report,
      engineVersion: SCORING_ENGINE_VERSION,
      unlocked: row.priceFen === 0,
    });
    const alert =
      report.alerts.length > 0 ? await repo.insertAlert(tx, id, mostSevere(report.alerts)) : undefined;
    return { detail: clientDetail(saved, version), alert };
  });
  if (alert) await notifyStaff(ctx, 'alert', { recordId: id, severity: alert.severity });
  return detail;
}

export const listOwnRecords = (
  ctx: ServiceContext,
  participantId: number,
  query: z.output<typeof clientRecordListQuerySchema>,
) => repo.listOwnRecords(ctx.db, participantId, query);

export async function getOwnRecord(ctx: ServiceContext, participantId: number, id: number) {
  const { row, version } = await ownRecord(ctx.db, participantId, id);
  return clientDetail(row, version);
}

// ---- Staff -------------------------------------------------------------------------------------------

export const listRecords = (ctx: ServiceContext, query: z.output<typeof recordListQuerySchema>) =>
  repo.listRecords(ctx.db, query);

export async function getRecord(ctx: ServiceContext, id: number): Promise<TestRecordDetail> {
  const found = await repo.findStaffRecord(ctx.db, id);
  if (!found) throw notFound('record.notFound');
  return {
    ...found.record,
    answers: found.answers,
    questions: found.snapshot.questions,
    report: found.report,
    engineVersion: found.engineVersion,
  };
}

export const RECORD_EXPORT_COLUMNS = [
  'id',
  'participant_id',
  'participant_nickname',
  'test_id',
  'title_zh',
  'title_en',
  'test_version',
  'status',
  'price_fen',
  'unlocked',
  'final_score',
  'band_level',
  'band_zh',
  'band_en',
  'band_colour',
  'alert_count',
  'alert_status',
  'answered_count',
  'question_count',
  'start_time',
  'submit_time',
];

/** The filtered list as file rows (`RECORD_EXPORT_COLUMNS`), read from the database in batches. */
export async function* exportRecords(
  ctx: ServiceContext,
  filters: repo.RecordFilters,
): AsyncGenerator<CsvCell[][]> {
  for await (const batch of repo.streamRecords(ctx.db, filters)) {
    yield batch.map((r) => [
      r.id,
      r.participant.id,
      r.participant.nickname ?? '',
      r.testId,
      r.title.zh,
      r.title.en,
      r.testVersion,
      r.status,
      r.priceFen,
      r.unlocked,
      r.finalScore ?? '',
      r.band?.level ?? '',
      r.band?.label.zh ?? '',
      r.band?.label.en ?? '',
      r.band?.colour ?? '',
      r.alertCount,
      r.alert?.status ?? '',
      r.answeredCount,
      r.questionCount,
      r.startTime,
      r.submitTime ?? '',
    ]);
  }
}

/** An XLSX is built whole in memory: past this many rows the export is refused (CSV streams any number). */
export const RECORD_XLSX_MAX_ROWS = 20_000;

/** Collects the rows of an XLSX export, refusing (400, before any byte is sent) past the cap. */
export const xlsxRows = (rows: AsyncIterable<CsvCell[][]>) =>
  cappedRows(rows, RECORD_XLSX_MAX_ROWS, () =>
    httpError(400, 'record.exportTooLarge', { maximum: RECORD_XLSX_MAX_ROWS }),
  );
