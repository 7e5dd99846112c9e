import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { pageQuerySchema, sortOrderSchema } from '../envelope.ts';
import { ACTIONS } from '../permissions.ts';

export const STATUSES = ['enabled', 'disabled'] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

const username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Use letters, digits, dot, dash or underscore');
const password = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  status: statusSchema,
  roleId: z.string(),
  roleName: z.string(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createTime: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountCreateSchema = z.strictObject({
  username,
  name: z.string().trim().min(1).max(64),
  password,
  email: z.email().max(254).nullable().optional(),
  phone: optionalText(32),
  avatar: z.url().max(1024).nullable().optional(),
  status: statusSchema.default('enabled'),
  roleId: z.string().min(1).max(64),
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

export const accountUpdateSchema = accountCreateSchema.partial().omit({ username: true });
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

export const accountListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  status: statusSchema.optional(),
  roleId: z.string().max(64).optional(),
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
