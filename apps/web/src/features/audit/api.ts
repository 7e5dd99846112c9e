import type { AuditListQuery } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { auditQueries } from '../../shared/api/audit.ts';

export const useAuditList = (query: AuditListQuery) => useQuery(auditQueries.list(query));

/** Staff whose name or username holds `keyword`, for the actor filter. */
export const useAuditActors = (keyword: string) => useQuery(auditQueries.actors(keyword));
