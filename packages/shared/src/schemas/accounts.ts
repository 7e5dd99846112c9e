import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { pageQuerySchema, sortOrderSchema } from '../envelope.ts';
import { ACTIONS } from '../permissions.ts';
import { linkUrl, safeString, text } from './fields.ts';

export const STATUSES = ['enabled', 'disabled'] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

/** `pending`: signed up (or invited) and not yet approved; it cannot sign in (issue 11). */
export const ACCOUNT_STATUSES = ['enabled', 'disabled', 'pending'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const username = text(32)
  .min(3)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'field.username');
const password = safeString().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
const optionalText = (max: number) => text(max).nullable().optional();

export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  status: accountStatusSchema,
  /** Null while a signed-up account awaits approval. */
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createTime: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountCreateSchema = z.strictObject({
  username,
  name: text(64).min(1),
  password,
  email: z.email().max(254).nullable().optional(),
  phone: optionalText(32),
  avatar: linkUrl.nullable().optional(),
  status: statusSchema.default('enabled'),
  roleId: text(64).min(1),
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

export const accountUpdateSchema = accountCreateSchema.partial().omit({ username: true });
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

export const accountListQuerySchema = pageQuerySchema.extend({
  keyword: text(64).optional(),
  status: accountStatusSchema.optional(),
  roleId: text(64).optional(),
  sortField: z.enum(['id', 'username', 'createTime', 'lastLoginTime']).optional(),
  sortOrder: sortOrderSchema.optional(),
});

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  describe: z.string(),
  status: statusSchema,
  createTime: z.string(),
  permissions: z.array(z.object({ permissionId: z.string(), actionList: z.array(z.enum(ACTIONS)) })),
});
export type Role = z.infer<typeof roleSchema>;
