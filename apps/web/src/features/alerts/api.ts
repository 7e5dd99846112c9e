import type { AlertListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertKeys, alertQueries, updateAlert } from '../../shared/api/alerts.ts';
import { participantKeys } from '../../shared/api/participants.ts';
import { recordKeys } from '../../shared/api/records.ts';

export function useAlertList(query: AlertListQuery) {
  return useQuery(alertQueries.list(query));
}

/** The alert a link names (`null`: none). */
export function useLinkedAlert(id: number | null) {
  return useQuery({ ...alertQueries.detail(id ?? 0), enabled: id !== null });
}

/** A follow-up refreshes the queue, the menu's count of new alerts and the records showing its status. */
export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: participantKeys.summaries() }),
      ]),
  });
}
