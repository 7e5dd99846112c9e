import type { AlertListQuery, alertCountsSchema } from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, typed } from '../http/client.ts';

/**
 * The alerts' query keys and the count of new alerts the menu's badge shows, apart from the queue's endpoints
 * (alerts.ts): every console page shows the menu, and the queue's schemas (alerts, records, reports) need not
 * come with it. The response schema is imported as a type only (see `typed`).
 */

/** Query keys; a follow-up invalidates `all`, so the badge's count refreshes with the queue. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (query: AlertListQuery) => [...alertKeys.all, 'list', query] as const,
  counts: () => [...alertKeys.all, 'counts'] as const,
  detail: (id: number) => [...alertKeys.all, 'detail', id] as const,
};

/**
 * New alerts arrive from participants at any time: the count is asked for again every minute, as background
 * work that does not keep an unattended session alive.
 */
export const alertCountsQuery = () =>
  queryOptions({
    queryKey: alertKeys.counts(),
    queryFn: ({ signal }) =>
      api.get('/alerts/counts', typed<typeof alertCountsSchema>(), { signal, background: true }),
    refetchInterval: 60_000,
  });
