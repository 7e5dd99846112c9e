import { z } from 'zod';
import { LANGUAGES, MAX_PASSWORD_LENGTH, PAGE_STYLES, THEME_COLOR_NAMES } from '../constants.ts';
import type { STAFF_EVENTS } from '../limits.ts';
import { ACTIONS } from '../permissions.ts';
import { signInEntrySchema } from './accounts.ts';
import { auditEntrySchema } from './audit.ts';
import { linkUrl, safeString, text } from './fields.ts';
import { mobileSchema } from './identity.ts';

/** The signed-in person's own account (account center and account settings). */

/** Strength levels of a password (docs/spec.md section 4), as stored when it was chosen. */
export const PASSWORD_LEVELS = ['strong', 'medium', 'low', 'tooShort'] as const;

/** Profile fields (docs/spec.md section 3); account settings require all but the avatar (section 5). */
export const profileUpdateSchema = z.strictObject({
  email: z.email('field.invalidEmail').max(254),
  name: text(64).min(1),
  profile: text(500).min(1),
  country: text(64).min(1),
  region: text(128).min(1),
  address: text(256).min(1),
  avatar: linkUrl.nullable().optional(),
  /** Needed when the email changes: recovery links go there, so a session alone must not be able to move it. */
  currentPassword: safeString().max(MAX_PASSWORD_LENGTH).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profile: z.string(),
  country: z.string(),
  region: z.string(),
  address: z.string(),
  backupEmail: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  role: z
    .object({
      id: z.string(),
      name: z.string(),
      permissions: z.array(z.object({ permissionId: z.string(), actionList: z.array(z.enum(ACTIONS)) })),
    })
    .nullable(),
  security: z.object({
    /** Null when the password was set before levels were kept, or by an admin. */
    passwordLevel: z.enum(PASSWORD_LEVELS).nullable(),
    passwordChangedAt: z.string().nullable(),
    phoneSet: z.boolean(),
    backupEmailSet: z.boolean(),
    twoStepEnabled: z.boolean(),
    bindings: z.number().int(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z.strictObject({
  currentPassword: safeString().min(1).max(MAX_PASSWORD_LENGTH),
  password: safeString().max(MAX_PASSWORD_LENGTH),
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const phoneCodeSchema = z.strictObject({ mobile: mobileSchema });
export const phoneChangeSchema = z.strictObject({
  mobile: mobileSchema,
  captcha: text(16).min(1, 'field.required'),
});
export type PhoneChange = z.input<typeof phoneChangeSchema>;

export const backupEmailCodeSchema = z.strictObject({ email: z.email('field.invalidEmail').max(254) });
export const backupEmailChangeSchema = z.strictObject({
  email: z.email('field.invalidEmail').max(254),
  captcha: text(16).min(1, 'field.required'),
});
export type BackupEmailChange = z.input<typeof backupEmailChangeSchema>;

/**
 * The console's display settings (docs/spec.md section 3): kept in the browser and, once signed in, on the
 * server.
 */
export const displayPreferencesSchema = z.strictObject({
  language: z.enum(LANGUAGES),
  pageStyle: z.enum(PAGE_STYLES),
  themeColor: z.enum(THEME_COLOR_NAMES),
  layout: z.enum(['sidemenu', 'topmenu']),
  contentWidth: z.enum(['Fluid', 'Fixed']),
  fixedHeader: z.boolean(),
  /** Only meaningful with a fixed header. */
  autoHideHeader: z.boolean(),
  fixSiderbar: z.boolean(),
  colorWeak: z.boolean(),
  multiTab: z.boolean(),
  hideHintAlert: z.boolean(),
  sidebarCollapsed: z.boolean(),
});
export type DisplayPreferences = z.infer<typeof displayPreferencesSchema>;

/** What the server holds: nothing until the person first changes a setting while signed in. */
export const storedPreferencesSchema = displayPreferencesSchema.partial();
export type StoredPreferences = z.infer<typeof storedPreferencesSchema>;

/** Account settings > Custom: the page to land on after signing in; null lands on the role's. */
export const startPageSchema = z.strictObject({ startPage: text(200).nullable() });
export type StartPageChoice = z.infer<typeof startPageSchema>;
export const startPageResultSchema = z.object({ startPage: z.string().nullable(), home: z.string() });

export type StaffEvent = (typeof STAFF_EVENTS)[number];
export const notificationSettingsSchema = z.strictObject({
  alert: z.boolean(),
  refund: z.boolean(),
  signUp: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The account center's activity: recent sign-ins (failures too) and recent actions of this account. */
export const accountActivitySchema = z.object({
  signIns: z.array(signInEntrySchema),
  actions: z.array(auditEntrySchema),
});
export type AccountActivity = z.infer<typeof accountActivitySchema>;
