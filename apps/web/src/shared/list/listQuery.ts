import type * as z from 'zod/mini';

/** An endpoint's list query schema from packages/shared, e.g. `categoryListQuerySchema`. */
export type ListQuerySchema = z.ZodMiniObject;

/** Paging and sort: what the table sets. Every other key of a list query is a filter, set by a search form. */
export const TABLE_KEYS = ['pageNo', 'pageSize', 'sortField', 'sortOrder'] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

export type ListFilters<Q> = Partial<Omit<Q, TableKey>>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The list query in a URL's parameters, validated by the endpoint's own schema. A parameter the schema refuses
 * falls back to its default while the others still apply, so a mistyped or stale link never breaks the page.
 * Parameters the schema does not name (a page's identifying `testId`) are ignored.
 */
export function parseListQuery<S extends ListQuerySchema>(schema: S, params: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (!isEmpty(value)) input[key] = value!;
  }
  for (;;) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const refused = result.error.issues.map((issue) => String(issue.path[0]));
    if (!refused.some((key) => key in input)) return schema.parse({});
    for (const key of refused) delete input[key];
  }
}

/**
 * `params` with the list query written into it: values at their default or empty are left out, so an untouched
 * list keeps a clean URL; parameters the schema does not name stay as they are.
 */
export function writeListQuery<S extends ListQuerySchema>(
  schema: S,
  params: URLSearchParams,
  query: object,
): URLSearchParams {
  const defaults: Record<string, unknown> = schema.parse({});
  const values = query as Record<string, unknown>;
  const next = new URLSearchParams(params);
  for (const key of Object.keys(schema.shape)) {
    const value = values[key];
    if (isEmpty(value) || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The filters of a list query: everything but paging and sort. */
export function filtersOf<Q extends object>(query: Q): ListFilters<Q> {
  const filters: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const key of TABLE_KEYS) delete filters[key];
  return filters as ListFilters<Q>;
}
