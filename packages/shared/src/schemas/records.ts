import { z } from 'zod';
import { ALERT_STATUSES, RECORD_STATUSES } from '../queries/records.ts';
import { recordId } from './fields.ts';
import { localizedTextSchema } from './localized.ts';
import { questionSchema, questionTypeSchema } from './questions.ts';
import {
  alertResultSchema,
  answerSchema,
  bandResultSchema,
  scoreReportSchema,
  scoreRequestSchema,
} from './report.ts';
import { scoringSchema } from './scoring.ts';
import { testCategoryRefSchema } from './tests.ts';

/**
 * Test records: a participant's go at one published version of a test, its answers, and the report
 * stored at submit. The client API (`/api/client/*`) and the staff API (`/api/records`) share these shapes.
 */

/** Changes whenever the engine could score the same answers differently; stored with each report. */
export const SCORING_ENGINE_VERSION = '1';

/** A question as stored in a published version: the staff shape, scores included. */
export const versionQuestionSchema = z.object({
  position: z.number().int(),
  stem: localizedTextSchema,
  imageUrl: z.string().nullable(),
  type: questionTypeSchema,
  required: z.boolean(),
  options: questionSchema.shape.options,
});
export type VersionQuestion = z.infer<typeof versionQuestionSchema>;

/** What publishing stores (table `test_versions`): never changed afterwards. */
export const testVersionSnapshotSchema = z.object({
  title: localizedTextSchema,
  subtitle: localizedTextSchema,
  coverUrl: z.string().nullable(),
  introduction: localizedTextSchema,
  instructions: localizedTextSchema,
  priceFen: z.number().int(),
  minutes: z.number().int(),
  questions: z.array(versionQuestionSchema),
  scoring: scoringSchema,
});
export type TestVersionSnapshot = z.infer<typeof testVersionSnapshotSchema>;

// ---- Client: tests on the shelf -----------------------------------------------------------------------

/** A test on the shelf as the participant app lists it. */
export const clientTestSchema = z.object({
  id: z.number().int(),
  /** The published version the texts come from. */
  version: z.number().int(),
  title: localizedTextSchema,
  subtitle: localizedTextSchema,
  coverUrl: z.string().nullable(),
  categories: z.array(testCategoryRefSchema),
  priceFen: z.number().int(),
  minutes: z.number().int(),
  questionCount: z.number().int(),
  /** Distinct participants with a record of the test. */
  participantCount: z.number().int(),
  /** Priced while WeChat Pay is not set up: its report could not be unlocked, so it cannot be started. */
  paymentUnavailable: z.boolean(),
});
export type ClientTest = z.infer<typeof clientTestSchema>;

/** A question as a participant sees it: no scores, dimensions or poles, nothing to compute the result from. */
export const clientQuestionSchema = z.object({
  position: z.number().int(),
  stem: localizedTextSchema,
  imageUrl: z.string().nullable(),
  type: questionTypeSchema,
  required: z.boolean(),
  options: z.array(
    z.object({ label: z.string(), text: localizedTextSchema, imageUrl: z.string().nullable() }),
  ),
});
export type ClientQuestion = z.infer<typeof clientQuestionSchema>;

export const clientTestDetailSchema = clientTestSchema.extend({
  introduction: localizedTextSchema,
  instructions: localizedTextSchema,
  questions: z.array(clientQuestionSchema),
});
export type ClientTestDetail = z.infer<typeof clientTestDetailSchema>;

// ---- Records and reports ------------------------------------------------------------------------------

export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

export const recordStartSchema = z.strictObject({ testId: recordId });
/** Progress and submit send the answers as the console's score endpoint does. */
export const recordAnswersSchema = scoreRequestSchema;

/**
 * The report as the participant may see it. Unlocked: the whole report. Locked (a paid test not paid yet):
 * the alerts, which are never locked, and which dimensions (and whether a type) the report will show, but
 * no score or band.
 */
export const clientReportSchema = z.object({
  locked: z.boolean(),
  /** Without the rule's condition: a score threshold is staff's business, not the participant's. */
  alerts: z.array(alertResultSchema.omit({ operator: true, score: true })),
  preview: z.object({
    dimensions: z.array(z.object({ key: z.string(), name: localizedTextSchema })),
    hasType: z.boolean(),
  }),
  /** Null while locked. */
  report: scoreReportSchema.nullable(),
});
export type ClientReport = z.infer<typeof clientReportSchema>;

/** A participant's own record as the client lists it. */
export const clientRecordSchema = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  /** The version the record was started on, and is scored on. */
  testVersion: z.number().int(),
  title: localizedTextSchema,
  coverUrl: z.string().nullable(),
  status: recordStatusSchema,
  priceFen: z.number().int(),
  unlocked: z.boolean(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
  startTime: z.string(),
  submitTime: z.string().nullable(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

/** One record with its saved answers, the questions of its version, and the report once submitted. */
export const clientRecordDetailSchema = clientRecordSchema.extend({
  answers: z.array(answerSchema),
  questions: z.array(clientQuestionSchema),
  instructions: localizedTextSchema,
  /** Null while in progress. */
  report: clientReportSchema.nullable(),
});
export type ClientRecordDetail = z.infer<typeof clientRecordDetailSchema>;

// ---- Staff: the records screen ------------------------------------------------------------------------

export const alertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof alertStatusSchema>;

const participantRefSchema = z.object({
  id: z.number().int(),
  /** Null when the participant never gave one (anonymous) or was erased. */
  nickname: z.string().nullable(),
  erased: z.boolean(),
});

export const recordSchema = z.object({
  id: z.number().int(),
  participant: participantRefSchema,
  testId: z.number().int(),
  testVersion: z.number().int(),
  title: localizedTextSchema,
  status: recordStatusSchema,
  priceFen: z.number().int(),
  unlocked: z.boolean(),
  finalScore: z.number().nullable(),
  /** The overall band of the report (the `total` dimension's), null when the test has none. */
  band: bandResultSchema.pick({ level: true, label: true, colour: true }).nullable(),
  alertCount: z.number().int(),
  /** The record's alert and its follow-up status, when it raised one. */
  alert: z.object({ id: z.number().int(), status: alertStatusSchema }).nullable(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
  startTime: z.string(),
  submitTime: z.string().nullable(),
});
export type TestRecord = z.infer<typeof recordSchema>;

/** Staff see everything: each answer next to its question (with scores), and the full stored report. */
export const recordDetailSchema = recordSchema.extend({
  answers: z.array(answerSchema),
  questions: z.array(versionQuestionSchema),
  report: scoreReportSchema.nullable(),
  engineVersion: z.string().nullable(),
});
export type TestRecordDetail = z.infer<typeof recordDetailSchema>;
