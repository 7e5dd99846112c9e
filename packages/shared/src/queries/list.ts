import * as z from 'zod/mini';
import { ID_MAX } from '../constants.ts';
import { storable, text } from '../inputs.ts';

/**
 * What every list query builds on. The console parses a list's query from its URL on the list's first paint, so
 * list queries are written with zod/mini and the modules under `queries/` import no zod classic (12 KiB less on
 * each list's first paint). Each domain's module there also holds the values its filters name, which the content
 * schemas import.
 */

/** Text in a query string: as in a body. */
export const queryText = text;

/** A record id in a query string. */
export const queryId = () => z.coerce.number().check(z.int(), z.positive(), z.maximum(ID_MAX));

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
export const SORT_ORDERS = ['ascend', 'descend'] as const;

/** A page of at most `max` rows, `size` unless asked otherwise. */
export const pageSizeQuery = (max: number, size: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), size);

const pageQueryShape = {
  pageNo: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: pageSizeQuery(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  /** The previous page's `nextCursor`; optional, and ignored unless it leads to this `pageNo`. */
  cursor: z.optional(z.string().check(storable(), z.maxLength(200))),
};

export const pageQuerySchema = z.object(pageQueryShape);

/** A list's query: paging, and the list's own filters and sort. */
export const listQuery = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.extend(pageQuerySchema, shape);

/** The optional sort of a list by one of `fields`. */
export const sortQuery = <const Field extends string>(fields: readonly [Field, ...Field[]]) => ({
  sortField: z.optional(z.enum(fields)),
  sortOrder: z.optional(z.enum(SORT_ORDERS)),
});

/**
 * Dates and times before 1900 are refused as invalid: the ISO pattern takes year 0, which PostgreSQL does not
 * have, and nothing of this service is older.
 */
export const notBefore1900 = () => z.refine<string>((value) => value >= '1900', 'field.invalidDate');

/** A calendar day that exists, `YYYY-MM-DD` (not `2026-02-30`). */
export const dayText = () => z.iso.date().check(notBefore1900());

/** A time in a query string, with its offset: a range's `from` or `to`. */
export const queryTime = () => z.optional(z.iso.datetime({ offset: true }).check(notBefore1900()));

/** Paging, which a list's export leaves out of its list's query (`z.omit(query, PAGING)`). */
export const PAGING = { pageNo: true, pageSize: true, cursor: true } as const;
