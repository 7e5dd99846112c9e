import { z } from 'zod';
import { fieldErrorSchema } from '../envelope.ts';
import { dimensionKey, poleLetter, scoreNumber } from '../inputs.ts';
import { MAX_OPTIONS_PER_QUESTION, OPTION_TEXT_MAX } from '../limits.ts';
import { MAX_QUESTIONS_PER_TEST, QUESTION_TYPES, STEM_MAX } from '../queries/questions.ts';
import { imageUrl, recordId, text } from './fields.ts';
import { localizedTextSchema, requiredLocalizedInput } from './localized.ts';

/** The questions of a test, their options, and the CSV/XLSX question files. */

export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const optionSchema = z.strictObject({
  /** Shown before the text, e.g. `A` or `1`. */
  label: text(8).default(''),
  text: requiredLocalizedInput(OPTION_TEXT_MAX),
  imageUrl: imageUrl.nullable().default(null),
  /** `null` while staff have not scored it yet; publishing needs every score. */
  score: z._default(z.nullable(scoreNumber), null),
  /** Dimensions (other than `total`) the score counts towards. */
  dimensions: z.array(dimensionKey).max(8).default([]),
  /** Typology tests: the pole letter the option votes for, weighted by its score. */
  pole: z._default(z.nullable(poleLetter), null),
});
export type QuestionOption = z.output<typeof optionSchema>;
export type QuestionOptionInput = z.input<typeof optionSchema>;

export const questionInputSchema = z.strictObject({
  stem: requiredLocalizedInput(STEM_MAX),
  imageUrl: imageUrl.nullable().default(null),
  type: questionTypeSchema.default('single'),
  required: z.boolean().default(true),
  options: z.array(optionSchema).max(MAX_OPTIONS_PER_QUESTION).default([]),
});
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionContent = z.output<typeof questionInputSchema>;

/** `POST /tests/:id/questions/batch`: questions (pasted, one per line) added after the others, all or nothing. */
export const questionBatchSchema = z.strictObject({
  questions: z.array(questionInputSchema).min(1).max(MAX_QUESTIONS_PER_TEST),
});
export type QuestionBatch = z.input<typeof questionBatchSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  /** 1-based position in the test. */
  position: z.number().int(),
  stem: localizedTextSchema,
  imageUrl: z.string().nullable(),
  type: questionTypeSchema,
  required: z.boolean(),
  options: z.array(
    z.object({
      label: z.string(),
      text: localizedTextSchema,
      imageUrl: z.string().nullable(),
      score: z.number().nullable(),
      dimensions: z.array(z.string()),
      pole: z.string().nullable(),
    }),
  ),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionIdsSchema = z.strictObject({
  ids: z.array(recordId).min(1).max(MAX_QUESTIONS_PER_TEST),
});

export const questionBulkDeleteResultSchema = z.object({ deleted: z.number().int() });

/** `PUT /tests/:id/questions/order` answers the questions in their new order. */
export const questionOrderResultSchema = z.array(questionSchema);

export const QUESTION_FILE_FORMATS = ['csv', 'xlsx'] as const;
export const questionFileQuerySchema = z.strictObject({
  format: z.enum(QUESTION_FILE_FORMATS).default('csv'),
});
export const questionImportQuerySchema = z.strictObject({
  /** `append` adds the file's questions after the existing ones; `replace` deletes the existing ones first. */
  mode: z.enum(['append', 'replace']).default('append'),
});

/** A refused cell of an imported file: a field error (code, params, text) with its line. */
export const importRowErrorSchema = fieldErrorSchema.extend({ line: z.number().int() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** What an import or a batch added (`imported`), and how many questions the test now has. */
export const questionImportResultSchema = z.object({ imported: z.number().int(), total: z.number().int() });
