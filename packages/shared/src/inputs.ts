import * as z from 'zod/mini';
import { DIMENSION_KEY_PATTERN } from './limits.ts';

/**
 * The input fields every schema builds on, written with zod/mini: the scoring schema, which the console runs
 * live in the scoring editor, and the list queries use them, so no page downloads zod classic. Classic schemas
 * embed them as they are (both are zod core schemas). Messages here are error codes
 * (packages/shared/src/errors): the server answers them translated.
 */

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (it has no UTF-8 form). */
const unstorable = (value: string) => value.includes('\u0000') || /\p{Cs}/u.test(value);

/**
 * Every string a client sends is checked by this: one that cannot be stored is refused (400), never sent on to
 * the database. A check, so classic and mini strings share it.
 */
export const storable = () => z.refine<string>((value) => !unstorable(value), 'field.invalidText');

/**
 * The checks of text: storable, in Unicode NFC (so names that differ only in how an accent is encoded are the
 * same name to the unique indexes and to search), trimmed, at most `max` characters. Added in one step:
 * chaining `.normalize().trim().max()` builds a schema per call (64 against 14 us, ~200 fields at every start).
 */
export const textChecks = (max: number) =>
  [storable(), z.normalize('NFC'), z.trim(), z.maxLength(max)] as const;

/** Text in a body or a query string. */
export const text = (max: number) => z.string().check(...textChecks(max));

/** Bilingual text on input; either language may be left out. */
export const localizedInput = (max: number) =>
  z.strictObject({ zh: z._default(text(max), ''), en: z._default(text(max), '') });

/** Bilingual text on input that needs at least one of the two languages. */
export const requiredLocalizedInput = (max: number) =>
  localizedInput(max).check(
    z.refine((value) => value.zh !== '' || value.en !== '', { message: 'field.textRequired' }),
  );

export const dimensionKey = text(64).check(z.regex(DIMENSION_KEY_PATTERN, 'field.dimensionKey'));

export const poleLetter = text(8).check(z.regex(/^[A-Z]$/, 'field.poleLetter'));

/** The score of an option, and the threshold of an alert on it. */
export const scoreNumber = z.number().check(z.minimum(-1000), z.maximum(1000));
