import { z } from 'zod';
import { LONG_TEXT_MAX, MAX_MINUTES, MAX_PRICE_FEN, SUBTITLE_MAX, TEST_SORT_ORDER_MAX } from '../limits.ts';
import { TEST_STATUSES, TITLE_MAX } from '../queries/tests.ts';
import { imageUrl, recordId } from './fields.ts';
import { localizedInput, localizedTextSchema, requiredLocalizedInput } from './localized.ts';
import { scoringSchema } from './scoring.ts';

/** Psychological tests: what staff edit and what lists show (the list's query: queries/tests.ts). */

export const testStatusSchema = z.enum(TEST_STATUSES);
export type TestStatus = z.infer<typeof testStatusSchema>;

export const testInputSchema = z.strictObject({
  title: requiredLocalizedInput(TITLE_MAX),
  subtitle: z._default(localizedInput(SUBTITLE_MAX), { zh: '', en: '' }),
  coverUrl: imageUrl.nullable().default(null),
  introduction: z._default(localizedInput(LONG_TEXT_MAX), { zh: '', en: '' }),
  instructions: z._default(localizedInput(LONG_TEXT_MAX), { zh: '', en: '' }),
  categoryIds: z.array(recordId).min(1, 'Choose at least one category').max(20),
  priceFen: z.number().int().min(0).max(MAX_PRICE_FEN).default(0),
  minutes: z.number().int().min(1).max(MAX_MINUTES).default(5),
  sortOrder: z.number().int().min(0).max(TEST_SORT_ORDER_MAX).default(0),
});
export type TestInput = z.input<typeof testInputSchema>;

export const testCategoryRefSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
});

export const testSchema = z.object({
  id: z.number().int(),
  title: localizedTextSchema,
  subtitle: localizedTextSchema,
  coverUrl: z.string().nullable(),
  introduction: localizedTextSchema,
  instructions: localizedTextSchema,
  categories: z.array(testCategoryRefSchema),
  priceFen: z.number().int(),
  minutes: z.number().int(),
  status: testStatusSchema,
  sortOrder: z.number().int(),
  /** Derived from the questions table. */
  questionCount: z.number().int(),
  /** Derived from test records once they exist; 0 until then. */
  participantCount: z.number().int(),
  /** Incremented at each publish; 0 means never published. */
  version: z.number().int(),
  /** Set for the seeded built-in scales, e.g. `phq-9`. */
  builtinKey: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  publishTime: z.string().nullable(),
});
export type Test = z.infer<typeof testSchema>;

/** One test with its scoring definition. */
export const testDetailSchema = testSchema.extend({
  scoring: scoringSchema,
});
export type TestDetail = z.infer<typeof testDetailSchema>;

/**
 * A change made from what the client last read: `If-Match: "<updateTime>"` of the test it started from. With
 * it, the change is refused (412 `test.changedMeanwhile`) once the test has changed since.
 */
export const ifMatchHeadersSchema = z.object({
  'if-match': z.string().max(64).optional().meta({ description: "The test's updateTime, quoted" }),
});

/** Why a test cannot be published (scoring/checks.ts): a `publish.*` error code and the values its text names. */
export const publishProblemSchema = z.object({
  error: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Whether priced tests on the shelf can be paid for: participants cannot start one while WeChat Pay is not
 * set up, so the console warns staff of those on the shelf.
 */
export const shelfPaymentSchema = z.object({
  /** Tests on the shelf with a price. */
  pricedOnShelf: z.number().int(),
  wechatPayConfigured: z.boolean(),
});
export type ShelfPayment = z.infer<typeof shelfPaymentSchema>;

/** What publish-check answers: no problems means the test can go on the shelf. */
export const publishCheckSchema = z.object({ problems: z.array(publishProblemSchema) });
export type PublishCheck = z.infer<typeof publishCheckSchema>;
