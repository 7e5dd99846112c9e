import type { AuditListQuery, auditEntrySchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typedPage } from '../http/client.ts';

/** The audit log (the /system/audit screen). */

const auditPageSchema = typedPage<typeof auditEntrySchema>();

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, 'list', query] as const,
};

export const auditQueries = {
  list: (query: AuditListQuery) =>
    queryOptions({
      queryKey: auditKeys.list(query),
      queryFn: () => api.get('/audit-log', auditPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
};
