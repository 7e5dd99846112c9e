import { z } from 'zod';
import { pageQuerySchema, sortOrderSchema } from '../envelope.ts';
import { statusSchema } from './accounts.ts';

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

export const CATEGORY_NAME_MAX = 64;
export const SORT_ORDER_MAX = 9999;
/** A category icon is an http(s) URL or a path starting with /. */
export const ICON_URL_PATTERN = /^(https?:\/\/|\/)\S+$/;
export const ICON_URL_MAX = 1024;

export const categoryInputSchema = z.strictObject({
  nameZh: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
  nameEn: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
  iconUrl: z
    .string()
    .trim()
    .max(ICON_URL_MAX)
    .regex(ICON_URL_PATTERN, 'Must be an http(s) URL or a path starting with /')
    .nullable()
    .optional(),
  sortOrder: z.number().int().min(0).max(SORT_ORDER_MAX).default(0),
  status: statusSchema.default('enabled'),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(CATEGORY_NAME_MAX).optional(),
  status: statusSchema.optional(),
  sortField: z.enum(['sortOrder', 'createTime', 'updateTime', 'nameEn', 'nameZh']).optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type CategoryListQuery = z.input<typeof categoryListQuerySchema>;
