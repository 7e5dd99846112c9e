import * as z from 'zod/mini';
import { listQuery, pageQuerySchema, queryText, sortQuery } from './list.ts';

/** The staff accounts list and an account's sign-ins: their queries, and the values their filters name. */

/** `pending`: signed up (or invited) and not yet approved; it cannot sign in. */
export const ACCOUNT_STATUSES = ['enabled', 'disabled', 'pending'] as const;

export const signInListQuerySchema = pageQuerySchema;

export const accountListQuerySchema = listQuery({
  keyword: z.optional(queryText(64)),
  status: z.optional(z.enum(ACCOUNT_STATUSES)),
  roleId: z.optional(queryText(64)),
  ...sortQuery(['id', 'username', 'createTime', 'lastLoginTime']),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;
