import type { OrderListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  closeOrder,
  type OrderFilters,
  orderKeys,
  orderQueries,
  refundOrder,
  syncOrder,
} from '../../shared/api/orders.ts';
import { participantKeys } from '../../shared/api/participants.ts';
import { recordKeys } from '../../shared/api/records.ts';

export function useOrderList(query: OrderListQuery) {
  return useQuery(orderQueries.list(query));
}

export function useOrderTotals(filters: OrderFilters) {
  return useQuery(orderQueries.totals(filters));
}

export function useOrderDetail(orderNo: string) {
  return useQuery(orderQueries.detail(orderNo));
}

/** A sync, close or refund changes the order everywhere, and may lock or unlock its record's report. */
function useOrderAction<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    // After a failure too: one without an answer may still have changed the order.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: participantKeys.summaries() }),
      ]),
  });
}

export const useSyncOrder = () => useOrderAction(syncOrder);
export const useCloseOrder = () => useOrderAction(closeOrder);
export const useRefundOrder = () => useOrderAction(refundOrder);
