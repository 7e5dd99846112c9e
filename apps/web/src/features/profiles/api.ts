import type { AlertListQuery, OrderListQuery, ParticipantListQuery, RecordListQuery } from '@cool/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertQueries } from '../../shared/api/alerts.ts';
import { orderKeys, orderQueries, syncOrder } from '../../shared/api/orders.ts';
import { participantQueries } from '../../shared/api/participants.ts';
import { recordQueries } from '../../shared/api/records.ts';

/**
 * A participant's profile reads each area's list through that area's own endpoint, so the server applies each
 * permission: records (records.query), orders (orders.query), alerts (alerts.query). `enabled` is false where the
 * role may not read them, so nothing is asked that would answer 403. Their figures and their activity come
 * merged from the server, with the areas the role may read.
 */

export const useParticipant = (id: number, enabled = true) =>
  useQuery({ ...participantQueries.detail(id), enabled });

export const useParticipantSearch = (query: ParticipantListQuery) => useQuery(participantQueries.list(query));

export const useParticipantRecords = (query: RecordListQuery, enabled: boolean) =>
  useQuery({ ...recordQueries.list(query), enabled });

export const useParticipantOrders = (query: OrderListQuery, enabled: boolean) =>
  useQuery({ ...orderQueries.list(query), enabled });

/** The figures (submitted, paid less refunded, open alerts) in one call, of the areas the role may list. */
export const useParticipantSummary = (participantId: number, enabled: boolean) =>
  useQuery({ ...participantQueries.summary(participantId), enabled });

export const useParticipantAlerts = (query: AlertListQuery, enabled: boolean) =>
  useQuery({ ...alertQueries.list(query), enabled });

export const useParticipantActivity = (id: number) => useInfiniteQuery(participantQueries.activity(id));

// ---- The order profile

/** The order profile's order (`?id=`). */
export function useOrderProfile(id: number | null) {
  return useQuery({ ...orderQueries.byId(id ?? 0), enabled: id !== null });
}

/** The order with this number, for the profile's search (which then opens it by id). */
export function useFindOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => queryClient.fetchQuery(orderQueries.detail(orderNo)),
  });
}

/** Asks WeChat Pay about the order now: the order changes everywhere it is shown. */
export function useSyncOrderNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
