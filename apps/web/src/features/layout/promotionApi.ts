import type { Promotion, PromotionInput } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http/client.ts';

const promotionKey = ['settings', 'promotion'] as const;

/** The bottom-left promotion link every signed-in user's console shows. */
export function usePromotion() {
  return useQuery({
    queryKey: promotionKey,
    queryFn: () => api.get<Promotion>('/settings/promotion'),
    // Staff rarely change it; one read per session is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionInput) => api.put<Promotion>('/settings/promotion', input),
    onSuccess: (saved) => queryClient.setQueryData(promotionKey, saved),
  });
}
