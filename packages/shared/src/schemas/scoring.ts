import * as z from 'zod/mini';
import {
  dimensionKey,
  localizedInput,
  poleLetter,
  requiredLocalizedInput,
  scoreNumber,
  text,
} from '../inputs.ts';
import { AGGREGATES, ALERT_OPERATORS, LABEL_MAX, LONG_TEXT_MAX, ROUNDINGS } from '../limits.ts';
import { MAX_QUESTIONS_PER_TEST } from '../queries/questions.ts';
import { BAND_COLOURS } from '../queries/records.ts';

/**
 * A test's scoring definition: dimensions with their bands, an optional typology, item alerts. Written with
 * zod/mini: the console checks it live in the scoring editor, and zod classic stays off every page.
 */

const EMPTY_TEXT = { zh: '', en: '' };
const finite = (limit: number) => z.number().check(z.minimum(-limit), z.maximum(limit));

export const bandColourSchema = z.enum(BAND_COLOURS);
export type BandColour = z.infer<typeof bandColourSchema>;

export const bandSchema = z
  .strictObject({
    /** Inclusive range on the final score. */
    min: finite(1_000_000),
    max: finite(1_000_000),
    /** Stable code of the level, e.g. `mild`; kept when texts are translated. */
    level: text(32).check(z.regex(/^[a-z0-9_-]{1,32}$/, 'field.bandLevel')),
    label: requiredLocalizedInput(LABEL_MAX),
    colour: bandColourSchema,
    interpretation: z._default(localizedInput(LONG_TEXT_MAX), EMPTY_TEXT),
  })
  .check(z.refine((band) => band.min <= band.max, { message: 'field.belowMin', path: ['max'] }));
export type Band = z.output<typeof bandSchema>;

export const dimensionSchema = z.strictObject({
  /** `total` is the total of every chosen option; other keys collect the options that name them. */
  key: dimensionKey,
  name: requiredLocalizedInput(LABEL_MAX),
  aggregate: z._default(z.enum(AGGREGATES), 'sum'),
  /** Applied after the aggregate, before rounding (Zung: 1.25). */
  multiplier: z._default(z.number().check(z.positive(), z.maximum(1000)), 1),
  rounding: z._default(z.enum(ROUNDINGS), 'none'),
  /** Decimal places the rounding keeps (0 = whole numbers). */
  decimals: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(2)), 0),
  /** Bands on the final score; a dimension without bands is reported but not banded. */
  bands: z._default(z.array(bandSchema).check(z.maxLength(20)), []),
});
export type Dimension = z.output<typeof dimensionSchema>;

const pole = () => z.strictObject({ letter: poleLetter, name: requiredLocalizedInput(LABEL_MAX) });

export const typologyAxisSchema = z.strictObject({
  key: dimensionKey,
  name: z._default(localizedInput(LABEL_MAX), EMPTY_TEXT),
  left: pole(),
  right: pole(),
  /** Which pole wins when both collect the same points (also when nothing was answered on the axis). */
  tieWinner: z._default(z.enum(['left', 'right']), 'left'),
});
export type TypologyAxis = z.output<typeof typologyAxisSchema>;

export const typeTextSchema = z.strictObject({
  /** One letter per axis, in axis order, e.g. `ESTJ`. */
  code: text(8).check(z.regex(/^[A-Z]{1,8}$/)),
  name: z._default(localizedInput(LABEL_MAX), EMPTY_TEXT),
  description: requiredLocalizedInput(LONG_TEXT_MAX),
});
export type TypeText = z.output<typeof typeTextSchema>;

export const typologySchema = z.strictObject({
  axes: z.array(typologyAxisSchema).check(z.minLength(1), z.maxLength(8)),
  types: z._default(z.array(typeTextSchema).check(z.maxLength(256)), []),
});
export type Typology = z.output<typeof typologySchema>;

export const itemAlertSchema = z.strictObject({
  /** 1-based position of the question the rule looks at (item 9 of PHQ-9 is 9). */
  question: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_QUESTIONS_PER_TEST)),
  /** Compared with the score of the chosen option (the sum of the chosen options for multiple choice). */
  operator: z.enum(ALERT_OPERATORS),
  score: scoreNumber,
  severity: z._default(bandColourSchema, 'severe'),
  /**
   * Whether the raised alert opens the participant's report with the self-harm crisis text and hotline. The
   * console always sends it; a rule without it (saved before it existed) is read by `showsCrisisText`.
   */
  crisis: z.optional(z.boolean()),
  message: requiredLocalizedInput(LONG_TEXT_MAX),
});
export type ItemAlert = z.output<typeof itemAlertSchema>;

export const scoringSchema = z
  .strictObject({
    dimensions: z._default(z.array(dimensionSchema).check(z.maxLength(32)), []),
    typology: z._default(z.nullable(typologySchema), null),
    alerts: z._default(z.array(itemAlertSchema).check(z.maxLength(50)), []),
  })
  .check(
    z.superRefine((scoring, ctx) => {
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
    }),
  );
export type Scoring = z.output<typeof scoringSchema>;
export type ScoringInput = z.input<typeof scoringSchema>;

export const emptyScoring = (): Scoring => ({ dimensions: [], typology: null, alerts: [] });
