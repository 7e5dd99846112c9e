import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import {
  filtersOf,
  type ListFilters,
  type ListQuerySchema,
  parseListQuery,
  writeListQuery,
} from './listQuery.ts';

/** A list screen's filters, sort and page, kept in the URL so a shared link or a restored tab shows the same list. */
export interface ListState<Q> {
  /** The URL's parameters validated by the endpoint's query schema; missing or refused ones are defaults. */
  query: Q;
  /** The query's filters (no paging or sort), e.g. a search form's values. */
  filters: ListFilters<Q>;
  /** Merges a change into the URL. It replaces the entry in place: the page stays in its tab and history. */
  update: (change: Partial<Q>) => void;
  /** Replaces every filter and goes back to the first page; sort and page size stay. */
  search: (filters: ListFilters<Q>) => void;
}

/** The list state a schema gives, e.g. `ListStateOf<typeof categoryListQuerySchema>` for a table's props. */
export type ListStateOf<S extends ListQuerySchema> = ListState<z.output<S>>;

/** The list state of the shown page, validated by `schema` (e.g. `categoryListQuerySchema` from packages/shared). */
export function useListState<S extends ListQuerySchema>(schema: S): ListState<z.output<S>> {
  const [params, setParams] = useSearchParams();
  return useMemo(() => {
    const query = parseListQuery(schema, params);
    const write = (next: object) => {
      const written = writeListQuery(schema, params, next);
      if (written.toString() !== params.toString()) setParams(written, { replace: true });
    };
    const { pageSize, sortField, sortOrder } = query;
    return {
      query,
      filters: filtersOf(query),
      update: (change) => write({ ...query, ...change }),
      search: (values) => write({ pageSize, sortField, sortOrder, ...values, pageNo: 1 }),
    };
  }, [schema, params, setParams]);
}
