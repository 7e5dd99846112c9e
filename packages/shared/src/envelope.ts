import { z } from 'zod';
import { ID_MAX } from './constants.ts';

/**
 * Every API answer is wrapped in this envelope (docs/spec.md sections 3 and 7); `code` is 0 on success, else
 * the HTTP status.
 */
export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  result: T;
  timestamp: number;
}

// Built once and shared by every route's envelope and page: building them per route was ~30 ms of a start.
const integer = z.number().int();
const text = z.string();
const optionalText = text.optional();
const flag = z.boolean();

export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    code: integer,
    success: flag,
    message: text,
    result,
    timestamp: integer,
  });

const errorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe('The values the code\'s text names, e.g. `{ "minimum": 2 }`');

/** One refused field: its dotted path (`dimensions.0.bands.0.min`), a `field.*` code and its text. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  error: z.string(),
  params: errorParamsSchema.optional(),
  message: z.string(),
  /** The file line, for an import's row errors. */
  line: z.number().int().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The `result` of every failed call: a stable code (`category.inUse`, see packages/shared/src/errors) with
 * its parameters, field errors for a refused input, and extra facts some errors add (`retryAfterSeconds`).
 */
export const errorResultSchema = z
  .object({
    error: z.string(),
    params: errorParamsSchema.optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .catchall(z.unknown());
export type ErrorResult = z.infer<typeof errorResultSchema>;

export const errorEnvelopeSchema = envelopeSchema(errorResultSchema);

/** An endpoint's response schema (the schema of `result`), or null for endpoints that answer `result: null`. */
export type ResultSchema = z.ZodType | null;

/** What a call to the endpoint resolves with, derived from its response schema. */
export type ResultOf<S extends ResultSchema> = S extends z.ZodType ? z.infer<S> : null;

export interface Page<T> {
  pageNo: number;
  pageSize: number;
  totalCount: number;
  /** The list is longer than `totalCount` ("10,000+"): it is being counted, and a later page says how long. */
  totalCapped?: boolean;
  totalPage: number;
  data: T[];
  /** Pass it back with `pageNo + 1` to read the next page by keyset instead of skipping rows. */
  nextCursor?: string;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    pageNo: integer,
    pageSize: integer,
    totalCount: integer,
    totalCapped: z.boolean().optional(),
    totalPage: integer,
    data: z.array(item),
    nextCursor: optionalText,
  });

/**
 * The id in a path. Above the 32-bit id columns' range no record can exist, so such an id reads as 0, which
 * no record has, and the answer is that record's 404 (the database is never asked to compare out of range).
 */
export const idParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .transform((id) => (id > ID_MAX ? 0 : id)),
});
