import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys, orderQueries, refundOrder, syncRefund } from '../../shared/api/orders.ts';
import { participantKeys } from '../../shared/api/participants.ts';
import { recordKeys } from '../../shared/api/records.ts';

/** The order the wizard refunds, by the number staff typed or arrived with (`?orderNo=`). */
export function useOrderByNo(orderNo: string) {
  return useQuery({ ...orderQueries.detail(orderNo), enabled: orderNo !== '' });
}

/** The order an outcome page is about (`?order=<id>`). */
export function useOrderById(id: number | null) {
  return useQuery({ ...orderQueries.byId(id ?? 0), enabled: id !== null });
}

/** After a refund or a sync, failed too (a refusal is kept as a failed refund): the order everywhere, and the
 * records (a refund of all that was paid locks the report again). */
function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [orderKeys.all, recordKeys.all, participantKeys.summaries()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export const useRefund = () => useMutation({ mutationFn: refundOrder, onSettled: useRefetchAfter() });
export const useSyncRefund = () => useMutation({ mutationFn: syncRefund, onSettled: useRefetchAfter() });
