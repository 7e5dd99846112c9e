import { z } from 'zod';
import { MAX_QUESTIONS_PER_TEST } from '../queries/questions.ts';
import { text } from './fields.ts';
import { questionInputSchema } from './questions.ts';
import { scoringSchema } from './scoring.ts';
import { testInputSchema, testSchema } from './tests.ts';

/** Export and import of a whole test as one JSON document. */

export const TEST_DOCUMENT_FORMAT = 'cool-evaluation/test';

/** A whole test as one JSON document, so it can move between installations. */
export const testDocumentSchema = z.strictObject({
  format: z.literal(TEST_DOCUMENT_FORMAT),
  formatVersion: z.literal(1),
  test: testInputSchema.omit({ categoryIds: true }).extend({
    /** Matched by name on import; names this installation lacks are skipped and reported. */
    categories: z
      .array(z.strictObject({ nameZh: text(64), nameEn: text(64) }))
      .max(20)
      .default([]),
  }),
  questions: z.array(questionInputSchema).max(MAX_QUESTIONS_PER_TEST),
  scoring: scoringSchema,
});
export type TestDocument = z.output<typeof testDocumentSchema>;
export type TestDocumentInput = z.input<typeof testDocumentSchema>;

export const testImportResultSchema = z.object({
  test: testSchema,
  /** Category names of the document that this installation does not have. */
  skippedCategories: z.array(z.string()),
});
