import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { ACTIONS, PERMISSION_ACTIONS, PERMISSION_IDS } from '../permissions.ts';
import { ACCOUNT_STATUSES } from '../queries/accounts.ts';
import { STATUSES } from '../queries/categories.ts';
import { linkUrl, safeString, text } from './fields.ts';
import { mobileSchema } from './identity.ts';

export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

/** `pending`: signed up (or invited) and not yet approved; it cannot sign in. */
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const username = text(32)
  .min(3)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'field.username');
const password = safeString().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);

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

/**
 * Without a password the account is invited (mail must work): it stays pending until the person opens the
 * mailed link and chooses one.
 */
export const accountCreateSchema = z.strictObject({
  username,
  name: text(64).min(1),
  password: password.optional(),
  email: z.email().max(254).nullable().optional(),
  /** The security phone, kept as SMS sign-in and recovery look it up (digits, an optional +). */
  phone: mobileSchema.nullable().optional(),
  avatar: linkUrl.nullable().optional(),
  status: statusSchema.default('enabled'),
  roleId: text(64).min(1),
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

/**
 * An edit of an account's details. Its status is not among them: enabling and disabling have their own endpoints
 * and permissions, and an edit must leave a disabled or pending account as it is.
 */
export const accountUpdateSchema = accountCreateSchema.omit({ username: true, status: true }).partial();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

/** An admin approves a pending sign-up by giving it a role. */
export const accountApproveSchema = z.strictObject({ roleId: text(64).min(1) });
export type AccountApprove = z.input<typeof accountApproveSchema>;

/**
 * A password reset: `link` when a recovery link was mailed, else `password` with the generated temporary
 * password, shown this once.
 */
export const passwordResetSchema = z.object({
  delivery: z.enum(['link', 'password']),
  password: z.string().optional(),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** One sign-in attempt of an account, from the audit log. */
export const signInEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  outcome: z.enum(['success', 'failure']),
  /** Why it failed: `wrong-password`, `disabled`, `two-step`...; null for a success. */
  reason: z.string().nullable(),
  /** Set when this failure locked the account, until when. */
  lockedUntil: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SignInEntry = z.infer<typeof signInEntrySchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  describe: z.string(),
  status: statusSchema,
  createTime: z.string(),
  permissions: z.array(z.object({ permissionId: z.string(), actionList: z.array(z.enum(ACTIONS)) })),
  /** Its accounts must use two-step verification. */
  requireTwoStep: z.boolean(),
  /** Seeded roles are read-only. */
  builtIn: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** Permission id -> granted actions; each action must be one PERMISSION_ACTIONS allows for that id. */
const grantsSchema = z
  .array(z.strictObject({ permissionId: z.enum(PERMISSION_IDS), actionList: z.array(z.enum(ACTIONS)) }))
  .superRefine((entries, context) => {
    entries.forEach((entry, index) => {
      const allowed: readonly string[] = PERMISSION_ACTIONS[entry.permissionId];
      if (entry.actionList.some((action) => !allowed.includes(action))) {
        context.addIssue({ code: 'custom', path: [index, 'actionList'], message: 'role.actionNotAllowed' });
      }
    });
  });

export const roleUpdateSchema = z.strictObject({
  name: text(64).min(1),
  describe: text(256).default(''),
  status: statusSchema.default('enabled'),
  requireTwoStep: z.boolean().default(false),
  permissions: grantsSchema,
});
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

/** A new role's id is a slug the admin types: it names the role in URLs and the audit log. */
export const roleCreateSchema = roleUpdateSchema.extend({
  id: text(32).regex(/^[a-z][a-z0-9-]{1,31}$/, 'role.badId'),
});
export type RoleCreate = z.input<typeof roleCreateSchema>;

export const roleParamsSchema = z.strictObject({ id: text(64).min(1) });
