import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savePromotion, settingsKeys, settingsQueries } from '../api/settings.ts';

export function usePromotion() {
  return useQuery(settingsQueries.promotion());
}

export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromotion,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.promotion, saved),
  });
}
