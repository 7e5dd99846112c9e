import { z } from 'zod';
import { optionalLinkUrl } from './fields.ts';
import { localizedInput, localizedTextSchema } from './localized.ts';

/**
 * The promotion link in the console's bottom-left corner (SPEC 1's 258x48 px box), kept with the
 * service settings so staff can point it at their own campaign, or switch it off.
 */
export const promotionSchema = z.object({
  enabled: z.boolean(),
  text: localizedTextSchema,
  url: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const PROMOTION_TEXT_MAX = 40;

export const promotionInputSchema = z
  .strictObject({
    enabled: z.boolean(),
    text: localizedInput(PROMOTION_TEXT_MAX),
    url: optionalLinkUrl.default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    if (!value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'field.required' });
    if (!value.text.zh && !value.text.en) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'field.textRequired' });
    }
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const DEFAULT_PROMOTION: Promotion = { enabled: false, text: { zh: '', en: '' }, url: '' };
