import type { orderToDoSchema, recordsNowSchema, teamSchema } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { alertCountsQuery } from '../../shared/api/alertCounts.ts';
import { auditQueries } from '../../shared/api/audit.ts';
import { testQueries } from '../../shared/api/tests.ts';
import { api, typed } from '../../shared/http/client.ts';

/** The workplace's cards; each hook is called only by a card the role may read. */

const workplaceKeys = {
  all: ['workplace'] as const,
  card: (name: string) => [...workplaceKeys.all, name] as const,
};

export const useNewAlerts = () => useQuery(alertCountsQuery());

export const useOrderToDo = () =>
  useQuery({
    queryKey: workplaceKeys.card('orders'),
    queryFn: ({ signal }) => api.get('/workplace/orders', typed<typeof orderToDoSchema>(), { signal }),
  });

/** Today's records, as the monitor counts them. */
export const useRecordsToday = () =>
  useQuery({
    queryKey: workplaceKeys.card('records'),
    queryFn: ({ signal }) => api.get('/monitor/records', typed<typeof recordsNowSchema>(), { signal }),
  });

export const useTeam = () =>
  useQuery({
    queryKey: workplaceKeys.card('team'),
    queryFn: ({ signal }) => api.get('/workplace/team', typed<typeof teamSchema>(), { signal }),
  });

/** The audit log's newest entries. */
export const useRecentActivity = () => useQuery(auditQueries.list({ pageNo: 1, pageSize: 8 }));

/** The tests changed last (the template's projects in progress). */
export const useRecentTests = () =>
  useQuery(testQueries.list({ pageNo: 1, pageSize: 5, sortField: 'updateTime', sortOrder: 'descend' }));
