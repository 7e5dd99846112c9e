import type { RecordListQuery, recordDetailSchema, recordSchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/** The staff records endpoints, typed from their response schemas (the records screen, its prefetch). */

const recordPageSchema = typedPage<typeof recordSchema>();

export const recordKeys = {
  all: ['records'] as const,
  list: (query: RecordListQuery) => [...recordKeys.all, 'list', query] as const,
  detail: (id: number) => [...recordKeys.all, 'detail', id] as const,
};

export const recordQueries = {
  list: (query: RecordListQuery) =>
    queryOptions({
      queryKey: recordKeys.list(query),
      queryFn: () => api.get('/records', recordPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: recordKeys.detail(id),
      queryFn: () => api.get(`/records/${id}`, typed<typeof recordDetailSchema>()),
    }),
};
