import { z } from 'zod';
import { ALERT_OPERATORS, MAX_OPTIONS_PER_QUESTION } from '../limits.ts';
import { MAX_QUESTIONS_PER_TEST } from '../queries/questions.ts';
import { localizedTextSchema } from './localized.ts';
import { bandColourSchema } from './scoring.ts';

/** Scoring a test: the answers sent, and the report that comes back. */

/** One entry per question in position order: an option index (0-based), indexes for multiple choice, or null. */
export const answerSchema = z.union([
  z.number().int(),
  z.array(z.number().int()).max(MAX_OPTIONS_PER_QUESTION),
  z.null(),
]);
export type Answer = z.infer<typeof answerSchema>;

export const scoreRequestSchema = z.strictObject({
  answers: z.array(answerSchema).max(MAX_QUESTIONS_PER_TEST),
});
export type ScoreRequest = z.infer<typeof scoreRequestSchema>;

export const bandResultSchema = z.object({
  level: z.string(),
  label: localizedTextSchema,
  colour: bandColourSchema,
  interpretation: localizedTextSchema,
  min: z.number(),
  max: z.number(),
});

export const dimensionResultSchema = z.object({
  key: z.string(),
  name: localizedTextSchema,
  /** Sum of the scores of the chosen options that count towards the dimension. */
  raw: z.number(),
  /** Answered questions that count towards it (the divisor of a mean). */
  itemCount: z.number().int(),
  /** After aggregate, multiplier and rounding; null when no question of it was answered. */
  final: z.number().nullable(),
  band: bandResultSchema.nullable(),
});
export type DimensionResult = z.infer<typeof dimensionResultSchema>;

const poleResultSchema = z.object({
  letter: z.string(),
  name: localizedTextSchema,
  points: z.number(),
  percent: z.number(),
});

export const axisResultSchema = z.object({
  key: z.string(),
  name: localizedTextSchema,
  left: poleResultSchema,
  right: poleResultSchema,
  letter: z.string(),
  tie: z.boolean(),
});

export const typeResultSchema = z.object({
  code: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  axes: z.array(axisResultSchema),
});

export const alertResultSchema = z.object({
  question: z.number().int(),
  severity: bandColourSchema,
  /**
   * Whether its rule opens the report with the self-harm crisis text and hotline; absent in reports stored
   * before rules said so: read it with `showsCrisisText`.
   */
  crisis: z.boolean().optional(),
  /**
   * The rule's condition on the question's score, for staff ("Question 9 · score above 0"); absent in reports
   * stored before it was kept, which staff then read by their message.
   */
  operator: z.enum(ALERT_OPERATORS).optional(),
  score: z.number().optional(),
  message: localizedTextSchema,
});

export const scoreReportSchema = z.object({
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  /** Sum of every chosen option's score. */
  totalRaw: z.number(),
  /** The `total` dimension's final score and band when the test defines one. */
  finalScore: z.number().nullable(),
  band: bandResultSchema.nullable(),
  dimensions: z.array(dimensionResultSchema),
  type: typeResultSchema.nullable(),
  /** Shown apart from the result and never behind a paywall. */
  alerts: z.array(alertResultSchema),
});
export type ScoreReport = z.infer<typeof scoreReportSchema>;
