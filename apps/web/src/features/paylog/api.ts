import type { PayLogQuery, ReconciliationDaysQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../shared/api/orders.ts';
import { participantKeys } from '../../shared/api/participants.ts';
import { payLogKeys, payLogQueries, runReconciliation, syncDifference } from '../../shared/api/payLog.ts';

export function usePayLog(query: PayLogQuery) {
  return useQuery(payLogQueries.list(query));
}

export function useReconciliationDays(query: ReconciliationDaysQuery) {
  return useQuery(payLogQueries.days(query));
}

export function useReconciliation(billDate: string) {
  return useQuery(payLogQueries.reconciliation(billDate));
}

/** Reconciling or syncing calls WeChat Pay (a new log entry) and may change orders. */
function usePayAction<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payLogKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: participantKeys.summaries() }),
      ]),
  });
}

export const useRunReconciliation = () => usePayAction(runReconciliation);
export const useSyncDifference = () => usePayAction(syncDifference);
