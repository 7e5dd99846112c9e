import type { AuditListQuery, auditActorSchema, auditEntrySchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, typed, typedPage } from '../http/client.ts';

/** The audit log (the /system/audit screen). */

const auditPageSchema = typedPage<typeof auditEntrySchema>();

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, 'list', query] as const,
  actors: (keyword: string) => [...auditKeys.all, 'actors', keyword] as const,
};

export const auditQueries = {
  list: (query: AuditListQuery) =>
    queryOptions({
      queryKey: auditKeys.list(query),
      queryFn: () => api.get('/audit-log', auditPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  /** Staff whose name or username has the typed text, for the actor filter. */
  actors: (keyword: string) =>
    queryOptions({
      queryKey: auditKeys.actors(keyword),
      queryFn: () =>
        api.get('/audit-log/actors', typed<z.ZodArray<typeof auditActorSchema>>(), {
          params: { keyword: keyword || undefined },
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
};
