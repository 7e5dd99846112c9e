import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys, orderQueries, syncOrder } from '../../shared/api/orders.ts';

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
