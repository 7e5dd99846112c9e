import type { AlertListQuery, AlertUpdate, alertSchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';
import { alertKeys } from './alertCounts.ts';

export { alertKeys };

/**
 * The alerts queue's endpoints, typed from their response schemas. The menu's count of new alerts is in
 * alertCounts.ts.
 */

const alertPageSchema = typedPage<typeof alertSchema>();

export const alertQueries = {
  list: (query: AlertListQuery) =>
    queryOptions({
      queryKey: alertKeys.list(query),
      queryFn: () => api.get('/alerts', alertPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  /** One alert, as a link to it opens it. */
  detail: (id: number) =>
    queryOptions({
      queryKey: alertKeys.detail(id),
      queryFn: () => api.get(`/alerts/${id}`, typed<typeof alertSchema>()),
    }),
};

export const updateAlert = ({ id, input }: { id: number; input: AlertUpdate }) =>
  api.put(`/alerts/${id}`, typed<typeof alertSchema>(), input);
