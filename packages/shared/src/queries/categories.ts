import * as z from 'zod/mini';
import { listQuery, queryText, sortQuery } from './list.ts';

/** The categories list: its query, and the values its filters name. */

/** Enabled or disabled: categories, roles. */
export const STATUSES = ['enabled', 'disabled'] as const;
export const CATEGORY_NAME_MAX = 64;

export const categoryListQuerySchema = listQuery({
  name: z.optional(queryText(CATEGORY_NAME_MAX)),
  status: z.optional(z.enum(STATUSES)),
  ...sortQuery(['sortOrder', 'createTime', 'updateTime', 'nameEn', 'nameZh']),
});
export type CategoryListQuery = z.input<typeof categoryListQuerySchema>;
