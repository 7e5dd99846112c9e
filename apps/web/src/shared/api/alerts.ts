import {
  type AlertListQuery,
  type AlertUpdate,
  alertCountsSchema,
  alertSchema,
  pageSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../http/client.ts';

/**
 * The alerts queue's endpoints, typed from their response schemas. The alerts screen and the menu's badge of
 * new alerts both read them.
 */

const alertPageSchema = pageSchema(alertSchema);

/** Query keys; a follow-up invalidates `all`, so the badge's count refreshes with the queue. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (query: AlertListQuery) => [...alertKeys.all, 'list', query] as const,
  counts: () => [...alertKeys.all, 'counts'] as const,
};

export const alertQueries = {
  list: (query: AlertListQuery) =>
    queryOptions({
      queryKey: alertKeys.list(query),
      queryFn: () => api.get('/alerts', alertPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  /** New alerts arrive from participants at any time: the count is asked for again every minute. */
  counts: () =>
    queryOptions({
      queryKey: alertKeys.counts(),
      queryFn: () => api.get('/alerts/counts', alertCountsSchema),
      refetchInterval: 60_000,
    }),
};

export const updateAlert = ({ id, input }: { id: number; input: AlertUpdate }) =>
  api.put(`/alerts/${id}`, alertSchema, input);
