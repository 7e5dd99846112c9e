import { z } from 'zod';
import { AGGREGATES, ALERT_OPERATORS, LABEL_MAX, LONG_TEXT_MAX, ROUNDINGS } from '../limits.ts';
import { MAX_QUESTIONS_PER_TEST } from '../queries/questions.ts';
import { BAND_COLOURS } from '../queries/records.ts';
import { dimensionKey, poleLetter, scoreNumber, text } from './fields.ts';
import { localizedInput, requiredLocalizedInput } from './localized.ts';

/** A test's scoring definition: dimensions with their bands, an optional typology, item alerts. */

export const bandColourSchema = z.enum(BAND_COLOURS);
export type BandColour = z.infer<typeof bandColourSchema>;

export const bandSchema = z
  .strictObject({
    /** Inclusive range on the final score. */
    min: z.number().min(-1_000_000).max(1_000_000),
    max: z.number().min(-1_000_000).max(1_000_000),
    /** Stable code of the level, e.g. `mild`; kept when texts are translated. */
    level: text(32).regex(/^[a-z0-9_-]{1,32}$/, 'field.bandLevel'),
    label: requiredLocalizedInput(LABEL_MAX),
    colour: bandColourSchema,
    interpretation: localizedInput(LONG_TEXT_MAX).default({ zh: '', en: '' }),
  })
  .refine((band) => band.min <= band.max, { message: 'field.belowMin', path: ['max'] });
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
  code: text(8).regex(/^[A-Z]{1,8}$/),
  name: localizedInput(LABEL_MAX).default({ zh: '', en: '' }),
  description: requiredLocalizedInput(LONG_TEXT_MAX),
});
export type TypeText = z.output<typeof typeTextSchema>;

export const typologySchema = z.strictObject({
  axes: z.array(typologyAxisSchema).min(1).max(8),
  types: z.array(typeTextSchema).max(256).default([]),
});
export type Typology = z.output<typeof typologySchema>;

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
        ctx.addIssue({
          code: 'custom',
          path: ['dimensions', i, 'key'],
          message: 'field.duplicateKey',
          params: { key: d.key },
        });
      keys.add(d.key);
    });
    const letters = new Set<string>();
    const axisKeys = new Set<string>();
    scoring.typology?.axes.forEach((axis, i) => {
      if (axisKeys.has(axis.key))
        ctx.addIssue({
          code: 'custom',
          path: ['typology', 'axes', i, 'key'],
          message: 'field.duplicateKey',
          params: { key: axis.key },
        });
      axisKeys.add(axis.key);
      for (const side of ['left', 'right'] as const) {
        const letter = axis[side].letter;
        if (letters.has(letter))
          ctx.addIssue({
            code: 'custom',
            path: ['typology', 'axes', i, side, 'letter'],
            message: 'field.letterTwice',
            params: { letter },
          });
        letters.add(letter);
      }
    });
  });
export type Scoring = z.output<typeof scoringSchema>;
export type ScoringInput = z.input<typeof scoringSchema>;

export const emptyScoring = (): Scoring => ({ dimensions: [], typology: null, alerts: [] });
