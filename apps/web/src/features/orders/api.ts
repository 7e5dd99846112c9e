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
import { recordKeys } from '../../shared/api/records.ts';
import { testQueries } from '../../shared/api/tests.ts';

export function useOrderList(query: OrderListQuery) {
  return useQuery(orderQueries.list(query));
}

export function useOrderTotals(filters: OrderFilters) {
  return useQuery(orderQueries.totals(filters));
}

export function useOrderDetail(orderNo: string) {
  return useQuery(orderQueries.detail(orderNo));
}

/** The largest page the API serves: the test picker lists the tests in one page. */
const EVERY_TEST = { pageNo: 1, pageSize: 100 } as const;

/** Tests for the search form's picker; they rarely change while the orders screen is open. */
export function useTestOptions() {
  return useQuery({ ...testQueries.list(EVERY_TEST), staleTime: 60_000 });
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
      ]),
  });
}

export const useSyncOrder = () => useOrderAction(syncOrder);
export const useCloseOrder = () => useOrderAction(closeOrder);
export const useRefundOrder = () => useOrderAction(refundOrder);
