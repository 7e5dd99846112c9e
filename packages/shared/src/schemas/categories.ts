import { z } from 'zod';
import { SORT_ORDER_MAX } from '../limits.ts';
import { CATEGORY_NAME_MAX } from '../queries/categories.ts';
import { statusSchema } from './accounts.ts';
import { linkUrl, text } from './fields.ts';

export const categorySchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  iconUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  status: statusSchema,
  /** How many tests are filed under it; deleting is refused while this is above 0. */
  testCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.strictObject({
  nameZh: text(CATEGORY_NAME_MAX).min(1),
  nameEn: text(CATEGORY_NAME_MAX).min(1),
  iconUrl: linkUrl.nullable().optional(),
  sortOrder: z.number().int().min(0).max(SORT_ORDER_MAX).default(0),
  /**
   * Left out: enabled for a new category, unchanged on an edit. Setting it takes the role's
   * categories.enable or categories.disable, as the status endpoints do.
   */
  status: statusSchema.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
