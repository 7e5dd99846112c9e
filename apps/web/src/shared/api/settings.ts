import { type PromotionInput, promotionSchema } from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../http/client.ts';

/** The service settings endpoints, typed from their response schemas. */

export const settingsKeys = {
  promotion: ['settings', 'promotion'] as const,
};

export const settingsQueries = {
  /** The bottom-left promotion link every signed-in user's console shows. */
  promotion: () =>
    queryOptions({
      queryKey: settingsKeys.promotion,
      queryFn: () => api.get('/settings/promotion', promotionSchema),
      // Staff rarely change it; one read per session is enough.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const savePromotion = (input: PromotionInput) =>
  api.put('/settings/promotion', promotionSchema, input);
