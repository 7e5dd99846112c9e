import { z } from 'zod';
import { text } from './fields.ts';

/**
 * Text shown to the people who take a test is bilingual: `{ zh, en }`. Both keys are always present in
 * what the API returns; on input either may be omitted or empty (staff may write in one language only),
 * but required texts (title, stem, option text, dimension and band names) need at least one of the two.
 * Clients show the text of the current language and fall back to the other one (`localized()`, in format.ts).
 */

/** Bilingual text as returned by the API. */
export const localizedTextSchema = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Bilingual text on input; either language may be left out. */
export const localizedInput = (max: number) =>
  z.strictObject({ zh: text(max).default(''), en: text(max).default('') });

/** Bilingual text on input that needs at least one of the two languages. */
export const requiredLocalizedInput = (max: number) =>
  localizedInput(max).refine((value) => value.zh !== '' || value.en !== '', {
    message: 'field.textRequired',
  });
