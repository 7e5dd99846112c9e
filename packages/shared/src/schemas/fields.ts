import { z } from 'zod';
import { ID_MAX } from '../constants.ts';
import { DIMENSION_KEY_PATTERN, LINK_PATTERN } from '../limits.ts';
import { storable } from '../queries/list.ts';

/** Field schemas the content schemas build on; internal to `schemas/` (not exported from the package). */

/**
 * Every string a client sends starts here: one that cannot be stored is refused (400), never sent on to
 * the database. Secrets (passwords) use it as it is; other text goes through `text()`.
 */
export const safeString = () => z.string().check(storable());

/**
 * Text: storable, in Unicode NFC (so names that differ only in how an accent is encoded are the same name
 * to the unique indexes and to search), trimmed, at most `max` characters. Its checks are added in one step:
 * chaining `.normalize().trim().max()` builds a schema per call (64 against 14 us, ~200 fields at every start).
 */
export const text = (max: number) =>
  z.string().check(storable(), z.normalize('NFC'), z.trim(), z.maxLength(max));

// Messages here are error codes (packages/shared/src/errors): the server answers them translated.
const LINK_MESSAGE = 'field.notLink';

export const linkUrl = text(1024).regex(LINK_PATTERN, LINK_MESSAGE);
/** A link that may be left empty. */
export const optionalLinkUrl = text(1024).refine(
  (value) => value === '' || LINK_PATTERN.test(value),
  LINK_MESSAGE,
);
export const imageUrl = linkUrl;

/** A record id in a body. */
export const recordId = z.number().int().positive().max(ID_MAX);

export const dimensionKey = text(64).regex(DIMENSION_KEY_PATTERN, 'field.dimensionKey');

export const poleLetter = text(8).regex(/^[A-Z]$/, 'field.poleLetter');

/** The score of an option, and the threshold of an alert on it. */
export const scoreNumber = z.number().min(-1000).max(1000);
