import { z } from 'zod';

/**
 * Text shown to the people who take a test is bilingual: `{ zh, en }`. Both keys are always present in
 * what the API returns; on input either may be omitted or empty (staff may write in one language only),
 * but required texts (title, stem, option text, dimension and band names) need at least one of the two.
 * Clients show the text of the current language and fall back to the other one (`localized()`, in format.ts).
 */

/** Bilingual text as returned by the API. */
export const localizedTextSchema = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export { localizedInput, requiredLocalizedInput } from '../inputs.ts';
