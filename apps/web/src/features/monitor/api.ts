import type {
  jobQueuesSchema,
  openAlertsSchema,
  paymentsHealthSchema,
  ResultSchema,
  recordsNowSchema,
} from '@cool/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, typed } from '../../shared/http/client.ts';

/** The monitor's sections, one endpoint each (each behind its own resource's permission). */

/** How often the page asks again while it is shown. */
export const MONITOR_REFRESH_MS = 30_000;

export const monitorKeys = {
  all: ['monitor'] as const,
  section: (name: string) => [...monitorKeys.all, name] as const,
};

/**
 * Polled while the page is visible (TanStack stops in a hidden tab), as background work: an open monitor
 * must not keep an unattended session alive.
 */
const live = <S extends ResultSchema>(name: string, schema: S) =>
  queryOptions({
    queryKey: monitorKeys.section(name),
    queryFn: ({ signal }) => api.get(`/monitor/${name}`, schema, { signal, background: true }),
    refetchInterval: MONITOR_REFRESH_MS,
  });

// Each used only by its section, which shows only to roles that may read it.
export const useRecordsNow = () => useQuery(live('records', typed<typeof recordsNowSchema>()));
export const usePaymentsHealth = () => useQuery(live('payments', typed<typeof paymentsHealthSchema>()));
export const useOpenAlerts = () => useQuery(live('alerts', typed<typeof openAlertsSchema>()));
export const useJobQueues = () => useQuery(live('jobs', typed<typeof jobQueuesSchema>()));
