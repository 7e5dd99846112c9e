import { z } from 'zod';
import { ID_MAX } from '../constants.ts';
import { storable, textChecks } from '../inputs.ts';
import { LINK_PATTERN } from '../limits.ts';

/** Field schemas the content schemas build on; internal to `schemas/` (not exported from the package). */

/**
 * Every string a client sends starts here: one that cannot be stored is refused (400), never sent on to
 * the database. Secrets (passwords) use it as it is; other text goes through `text()`.
 */
export const safeString = () => z.string().check(storable());

/** Text (see `textChecks`), as a classic schema for the schemas that chain on it. */
export const text = (max: number) => z.string().check(...textChecks(max));

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
