import { z } from 'zod';
import { pageQuerySchema, sortOrderSchema } from '../envelope.ts';

/**
 * Psychological tests, their questions and their scoring (issue 4).
 *
 * Text shown to the people who take a test is bilingual: `{ zh, en }`. Both keys are always present in
 * what the API returns; on input either may be omitted or empty (staff may write in one language only),
 * but required texts (title, stem, option text, dimension and band names) need at least one of the two.
 * Clients show the text of the current language and fall back to the other one (`localized()`).
 */

export const TITLE_MAX = 100;
export const SUBTITLE_MAX = 200;
export const LONG_TEXT_MAX = 5000;
export const STEM_MAX = 1000;
export const OPTION_TEXT_MAX = 500;
export const LABEL_MAX = 100;
export const MAX_QUESTIONS_PER_TEST = 300;
export const MAX_OPTIONS_PER_QUESTION = 20;
export const MAX_PRICE_FEN = 100_000_00;
export const MAX_MINUTES = 600;
export const TEST_SORT_ORDER_MAX = 9999;

const text = (max: number) => z.string().trim().max(max);

/** Bilingual text as returned by the API. */
export const localizedTextSchema = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Bilingual text on input; either language may be left out. */
export const localizedInput = (max: number) =>
  z.strictObject({ zh: text(max).default(''), en: text(max).default('') });

/** Bilingual text on input that needs at least one of the two languages. */
export const requiredLocalizedInput = (max: number) =>
  localizedInput(max).refine((value) => value.zh !== '' || value.en !== '', {
    message: 'Give the text in Chinese or English',
  });

/** The text in the wanted language, else the other one. */
export const localized = (value: LocalizedText, language: 'zh' | 'en'): string =>
  value[language] || value[language === 'zh' ? 'en' : 'zh'];

const imageUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^(https?:\/\/|\/)\S+$/, 'Must be an http(s) URL or a path starting with /');

// ------------------------------------------------------------------ scoring definition

export const DIMENSION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
/** The reserved key of the total: every chosen option's score counts towards it. */
export const TOTAL_KEY = 'total';
const dimensionKey = z
  .string()
  .trim()
  .regex(DIMENSION_KEY_PATTERN, 'Use 1-32 lowercase letters, digits or _, starting with a letter');
const poleLetter = z
  .string()
  .trim()
  .regex(/^[A-Z]$/, 'Use one capital letter A-Z');

export const AGGREGATES = ['sum', 'mean'] as const;
export const ROUNDINGS = ['none', 'floor', 'half_up'] as const;
export const BAND_COLOURS = ['normal', 'mild', 'moderate', 'severe'] as const;
export const bandColourSchema = z.enum(BAND_COLOURS);
export type BandColour = z.infer<typeof bandColourSchema>;

const scoreNumber = z.number().min(-1000).max(1000);

export const bandSchema = z
  .strictObject({
    /** Inclusive range on the final score. */
    min: z.number().min(-1_000_000).max(1_000_000),
    max: z.number().min(-1_000_000).max(1_000_000),
    /** Stable code of the level, e.g. `mild`; kept when texts are translated. */
    level: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,32}$/, 'Use 1-32 lowercase letters, digits, - or _'),
    label: requiredLocalizedInput(LABEL_MAX),
    colour: bandColourSchema,
    interpretation: localizedInput(LONG_TEXT_MAX).default({ zh: '', en: '' }),
  })
  .refine((band) => band.min <= band.max, { message: 'min must not exceed max', path: ['max'] });
export type Band = z.output<typeof bandSchema>;

export const dimensionSchema = z.strictObject({
  /** `total` is the total of every chosen option; other keys collect the options that name them. */
  key: dimensionKey,
  name: requiredLocalizedInput(LABEL_MAX),
  aggregate: z.enum(AGGREGATES).default('sum'),
  /** Applied after the aggregate, before rounding (Zung: 1.25). */
  multiplier: z.number().positive().max(1000).default(1),
  rounding: z.enum(ROUNDINGS).default('none'),
  /** Decimal places the rounding keeps (0 = whole numbers). */
  decimals: z.number().int().min(0).max(2).default(0),
  /** Bands on the final score; a dimension without bands is reported but not banded. */
  bands: z.array(bandSchema).max(20).default([]),
});
export type Dimension = z.output<typeof dimensionSchema>;

export const typologyAxisSchema = z.strictObject({
  key: dimensionKey,
  name: localizedInput(LABEL_MAX).default({ zh: '', en: '' }),
  left: z.strictObject({ letter: poleLetter, name: requiredLocalizedInput(LABEL_MAX) }),
  right: z.strictObject({ letter: poleLetter, name: requiredLocalizedInput(LABEL_MAX) }),
  /** Which pole wins when both collect the same points (also when nothing was answered on the axis). */
  tieWinner: z.enum(['left', 'right']).default('left'),
});
export type TypologyAxis = z.output<typeof typologyAxisSchema>;

export const typeTextSchema = z.strictObject({
  /** One letter per axis, in axis order, e.g. `ESTJ`. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,8}$/),
  name: localizedInput(LABEL_MAX).default({ zh: '', en: '' }),
  description: requiredLocalizedInput(LONG_TEXT_MAX),
});
export type TypeText = z.output<typeof typeTextSchema>;

export const typologySchema = z.strictObject({
  axes: z.array(typologyAxisSchema).min(1).max(8),
  types: z.array(typeTextSchema).max(256).default([]),
});
export type Typology = z.output<typeof typologySchema>;

export const ALERT_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;

export const itemAlertSchema = z.strictObject({
  /** 1-based position of the question the rule looks at (item 9 of PHQ-9 is 9). */
  question: z.number().int().min(1).max(MAX_QUESTIONS_PER_TEST),
  /** Compared with the score of the chosen option (the sum of the chosen options for multiple choice). */
  operator: z.enum(ALERT_OPERATORS),
  score: scoreNumber,
  severity: bandColourSchema.default('severe'),
  message: requiredLocalizedInput(LONG_TEXT_MAX),
});
export type ItemAlert = z.output<typeof itemAlertSchema>;

export const scoringSchema = z
  .strictObject({
    dimensions: z.array(dimensionSchema).max(32).default([]),
    typology: typologySchema.nullable().default(null),
    alerts: z.array(itemAlertSchema).max(50).default([]),
  })
  .superRefine((scoring, ctx) => {
    const keys = new Set<string>();
    scoring.dimensions.forEach((d, i) => {
      if (keys.has(d.key))
        ctx.addIssue({ code: 'custom', path: ['dimensions', i, 'key'], message: `Duplicate key "${d.key}"` });
      keys.add(d.key);
    });
    const letters = new Set<string>();
    const axisKeys = new Set<string>();
    scoring.typology?.axes.forEach((axis, i) => {
      if (axisKeys.has(axis.key))
        ctx.addIssue({ code: 'custom', path: ['typology', 'axes', i, 'key'], message: 'Duplicate axis key' });
      axisKeys.add(axis.key);
      for (const side of ['left', 'right'] as const) {
        const letter = axis[side].letter;
        if (letters.has(letter))
          ctx.addIssue({
            code: 'custom',
            path: ['typology', 'axes', i, side, 'letter'],
            message: `Letter ${letter} is used twice`,
          });
        letters.add(letter);
      }
    });
  });
export type Scoring = z.output<typeof scoringSchema>;
export type ScoringInput = z.input<typeof scoringSchema>;

export const emptyScoring = (): Scoring => ({ dimensions: [], typology: null, alerts: [] });

// ------------------------------------------------------------------ questions

export const QUESTION_TYPES = ['single', 'multiple', 'likert'] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const optionSchema = z.strictObject({
  /** Shown before the text, e.g. `A` or `1`. */
  label: text(8).default(''),
  text: requiredLocalizedInput(OPTION_TEXT_MAX),
  imageUrl: imageUrl.nullable().default(null),
  /** `null` while staff have not scored it yet; publishing needs every score. */
  score: scoreNumber.nullable().default(null),
  /** Dimensions (other than `total`) the score counts towards. */
  dimensions: z.array(dimensionKey).max(8).default([]),
  /** Typology tests: the pole letter the option votes for, weighted by its score. */
  pole: poleLetter.nullable().default(null),
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

export const questionListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_QUESTIONS_PER_TEST).default(MAX_QUESTIONS_PER_TEST),
  keyword: z.string().trim().max(STEM_MAX).optional(),
  type: questionTypeSchema.optional(),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;

export const questionIdsSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(MAX_QUESTIONS_PER_TEST),
});

export const testQuestionParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
  questionId: z.coerce.number().int().positive(),
});

export const QUESTION_FILE_FORMATS = ['csv', 'xlsx'] as const;
export const questionFileQuerySchema = z.strictObject({
  format: z.enum(QUESTION_FILE_FORMATS).default('csv'),
});
export const questionImportQuerySchema = z.strictObject({
  /** `append` adds the file's questions after the existing ones; `replace` deletes the existing ones first. */
  mode: z.enum(['append', 'replace']).default('append'),
});

export const importRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export const questionImportResultSchema = z.object({ imported: z.number().int(), total: z.number().int() });

// ------------------------------------------------------------------ tests

export const TEST_STATUSES = ['draft', 'on_shelf', 'off_shelf'] as const;
export const testStatusSchema = z.enum(TEST_STATUSES);
export type TestStatus = z.infer<typeof testStatusSchema>;

export const testInputSchema = z.strictObject({
  title: requiredLocalizedInput(TITLE_MAX),
  subtitle: localizedInput(SUBTITLE_MAX).default({ zh: '', en: '' }),
  coverUrl: imageUrl.nullable().default(null),
  introduction: localizedInput(LONG_TEXT_MAX).default({ zh: '', en: '' }),
  instructions: localizedInput(LONG_TEXT_MAX).default({ zh: '', en: '' }),
  categoryIds: z.array(z.number().int().positive()).min(1, 'Choose at least one category').max(20),
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

export const TEST_SORT_FIELDS = [
  'sortOrder',
  'createTime',
  'updateTime',
  'priceFen',
  'minutes',
  'titleZh',
  'titleEn',
  'questionCount',
  'version',
] as const;

export const testListQuerySchema = pageQuerySchema.extend({
  /** Matches the title in either language. */
  title: z.string().trim().max(TITLE_MAX).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  status: testStatusSchema.optional(),
  pricing: z.enum(['free', 'paid']).optional(),
  sortField: z.enum(TEST_SORT_FIELDS).optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type TestListQuery = z.input<typeof testListQuerySchema>;

/** The export takes the list's filters and sort, without paging. */
export const testExportQuerySchema = testListQuerySchema.omit({ pageNo: true, pageSize: true });

export const publishProblemsResultSchema = z.object({ problems: z.array(z.string()) });

// ------------------------------------------------------------------ whole-test document

export const TEST_DOCUMENT_FORMAT = 'cool-evaluation/test';

/** A whole test as one JSON document, so it can move between installations. */
export const testDocumentSchema = z.strictObject({
  format: z.literal(TEST_DOCUMENT_FORMAT),
  formatVersion: z.literal(1),
  test: testInputSchema.omit({ categoryIds: true }).extend({
    /** Matched by name on import; names this installation lacks are skipped and reported. */
    categories: z
      .array(z.strictObject({ nameZh: z.string().trim().max(64), nameEn: z.string().trim().max(64) }))
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

// ------------------------------------------------------------------ scoring a test

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

export const axisResultSchema = z.object({
  key: z.string(),
  name: localizedTextSchema,
  left: z.object({ letter: z.string(), name: localizedTextSchema, points: z.number(), percent: z.number() }),
  right: z.object({ letter: z.string(), name: localizedTextSchema, points: z.number(), percent: z.number() }),
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

// ------------------------------------------------------------------ uploads

/** `POST /api/uploads` (multipart field `file`): PNG, JPEG, WebP or GIF by content, at most 2 MB. */
export const uploadResultSchema = z.object({
  /** Path to use as `coverUrl` / `imageUrl`, e.g. `/uploads/<hash>.png`. */
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
