import { z } from 'zod';
import { localizedTextSchema } from './localized.ts';
import { testCategoryRefSchema, testStatusSchema } from './tests.ts';

/** The template's basic, card and search lists, built on the tests and their records (queries/lists.ts). */

/** A test with how far its records got: started ones, and how many of those were submitted. */
export const testProgressSchema = z.object({
  id: z.number().int(),
  title: localizedTextSchema,
  /** The test's one-line description. */
  subtitle: localizedTextSchema,
  coverUrl: z.string().nullable(),
  categories: z.array(testCategoryRefSchema),
  status: testStatusSchema,
  priceFen: z.number().int(),
  /** Who changed it last, when known. */
  owner: z.string().nullable(),
  updateTime: z.string(),
  publishTime: z.string().nullable(),
  /** Every record of the test, in progress or submitted. */
  recordCount: z.number().int(),
  submittedCount: z.number().int(),
});
export type TestProgress = z.infer<typeof testProgressSchema>;

export const testProgressSummarySchema = z.object({
  /** Tests on the shelf. */
  publishedCount: z.number().int(),
  /** Records started since `weekFrom`. */
  recordsThisWeek: z.number().int(),
  /** Every record, and the submitted ones: their ratio is the average completion. */
  recordCount: z.number().int(),
  submittedCount: z.number().int(),
});
export type TestProgressSummary = z.infer<typeof testProgressSummarySchema>;
