import { z } from 'zod';

/** Field schemas the content schemas build on; internal to `schemas/` (not exported from the package). */

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (it has no UTF-8 form). */
const unstorable = (value: string) => value.includes('\u0000') || /\p{Cs}/u.test(value);

/**
 * Every string a client sends starts here: one that cannot be stored is refused (400), never sent on to
 * the database. Secrets (passwords) use it as it is; other text goes through `text()`.
 */
const storable = () => z.refine<string>((value) => !unstorable(value), 'field.invalidText');
export const safeString = () => z.string().check(storable());

/**
 * Text: storable, in Unicode NFC (so names that differ only in how an accent is encoded are the same name
 * to the unique indexes and to search), trimmed, at most `max` characters. Its checks are added in one step:
 * chaining `.normalize().trim().max()` builds a schema per call (64 against 14 us, ~200 fields at every start).
 */
export const text = (max: number) =>
  z.string().check(storable(), z.normalize('NFC'), z.trim(), z.maxLength(max));

/**
 * A link or image address: an absolute http(s) URL, or a path inside this app. A path is one `/` then
 * anything but `/` or `\` (browsers read `//host` and `/\host` as another site); no spaces, controls or `\`
 * anywhere (browsers drop tabs and newlines and read `\` as `/`).
 */
export const LINK_PATTERN =
  /^(?:https?:\/\/[^\s\p{Cc}\\/?#]+(?:[/?#][^\s\p{Cc}\\]*)?|\/(?![/\\])[^\s\p{Cc}\\]*)$/u;
// Messages here are error codes (packages/shared/src/errors): the server answers them translated.
const LINK_MESSAGE = 'field.notLink';

export const linkUrl = text(1024).regex(LINK_PATTERN, LINK_MESSAGE);
/** A link that may be left empty. */
export const optionalLinkUrl = text(1024).refine(
  (value) => value === '' || LINK_PATTERN.test(value),
  LINK_MESSAGE,
);
export const imageUrl = linkUrl;

/** The largest id a record can have: ids are 32-bit serial columns. */
export const ID_MAX = 2_147_483_647;
/** A record id in a body. */
export const recordId = z.number().int().positive().max(ID_MAX);
/** A record id in a query string. */
export const recordIdQuery = z.coerce.number().int().positive().max(ID_MAX);

export const DIMENSION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

export const dimensionKey = text(64).regex(DIMENSION_KEY_PATTERN, 'field.dimensionKey');

export const poleLetter = text(8).regex(/^[A-Z]$/, 'field.poleLetter');

/** The score of an option, and the threshold of an alert on it. */
export const scoreNumber = z.number().min(-1000).max(1000);
