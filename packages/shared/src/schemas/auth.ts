import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { ACTIONS } from '../permissions.ts';
import { safeString, text } from './fields.ts';
import { mobileSchema } from './identity.ts';
import { twoStepStatusSchema } from './twoStep.ts';

/** Username (or email) and password, or the mobile tab's `mobile` and its SMS code in `captcha`. */
export const loginBodySchema = z
  .strictObject({
    username: text(254).min(1, 'Please enter account name or email address').optional(),
    password: safeString().min(1, 'Please enter your password!').max(MAX_PASSWORD_LENGTH).optional(),
    mobile: mobileSchema.optional(),
    remember_me: z.boolean().optional().default(false),
    captcha: text(16).optional(),
    /** The authenticator's 6-digit code, or a recovery code, for an account with two-step verification. */
    twoStepCode: text(32).optional(),
  })
  .superRefine((body, context) => {
    const required = (field: string) =>
      context.addIssue({ code: 'custom', path: [field], message: 'field.required' });
    if (body.mobile !== undefined) {
      if (!body.captcha) required('captcha');
      return;
    }
    if (body.username === undefined) required('username');
    if (body.password === undefined) required('password');
  });
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  /** Epoch milliseconds when the session stops being valid. */
  expiresAt: z.number().int(),
  /** The console page to open when the sign-in names none (`homePath`). */
  home: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const throttledResultSchema = z.object({ retryAfterSeconds: z.number().int() });

export const permissionEntrySchema = z.object({
  permissionId: z.string(),
  permissionName: z.string(),
  actionEntitySet: z.array(
    z.object({ action: z.enum(ACTIONS), describe: z.string(), defaultCheck: z.boolean() }),
  ),
  actionList: z.array(z.enum(ACTIONS)),
});

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  role: z.object({
    id: z.string(),
    name: z.string(),
    describe: z.string(),
    permissions: z.array(permissionEntrySchema),
  }),
  twoStep: twoStepStatusSchema,
  /** The start page this person chose (Account settings > Custom), or null for the role's. */
  startPage: z.string().nullable(),
  /** Where `/` leads: the chosen start page while the role may open it, else the role's (`homePath`). */
  home: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export interface NavItem {
  path: string;
  name: string;
  icon?: string;
  hideInMenu?: boolean;
  keepAlive?: boolean;
  children?: NavItem[];
}
export const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    icon: z.string().optional(),
    hideInMenu: z.boolean().optional(),
    keepAlive: z.boolean().optional(),
    children: z.array(navItemSchema).optional(),
  }),
);
export const navResultSchema = z.array(navItemSchema);

/**
 * The template's question before signing in (docs/spec.md section 7), asked about the service, not an
 * account: an answer per login would tell anyone which accounts exist and which have a second factor. Whether
 * an account asks for a code is told only once its password checks out (the sign-in's
 * `twoStep.codeRequired`).
 */
export const twoStepBodySchema = z.strictObject({});
export const twoStepResultSchema = z.object({ stepCode: z.union([z.literal(0), z.literal(1)]) });
