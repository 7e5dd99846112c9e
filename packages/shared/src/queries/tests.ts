import * as z from 'zod/mini';
import { listQuery, PAGING, queryId, queryText, sortQuery } from './list.ts';

/** The tests list: its query, and the values its filters name. */

export const TITLE_MAX = 100;
export const TEST_STATUSES = ['draft', 'on_shelf', 'off_shelf'] as const;
export const TEST_SORT_FIELDS = [
  'sortOrder',
  'createTime',
  'updateTime',
  'priceFen',
  'minutes',
  'titleZh',
  'titleEn',
  'questionCount',
  'version',
] as const;

export const testListQuerySchema = listQuery({
  /** Matches the title in either language. */
  title: z.optional(queryText(TITLE_MAX)),
  categoryId: z.optional(queryId()),
  status: z.optional(z.enum(TEST_STATUSES)),
  pricing: z.optional(z.enum(['free', 'paid'])),
  ...sortQuery(TEST_SORT_FIELDS),
});
export type TestListQuery = z.input<typeof testListQuerySchema>;

/** The export takes the list's filters and sort, without paging. */
export const testExportQuerySchema = z.omit(testListQuerySchema, PAGING);
