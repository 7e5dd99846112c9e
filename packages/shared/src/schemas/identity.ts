/** Contracts of the staff identity flows: sign-up, activation, invitations, recovery, SMS codes. */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { safeString, text } from './fields.ts';
import { localizedTextSchema } from './localized.ts';

/** A mobile number: digits with an optional leading +; spaces, dashes and brackets are dropped. */
export const mobileSchema = text(32)
  .min(1, 'field.required')
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, 'field.phone'));

const newPassword = safeString().min(1, 'field.required').max(MAX_PASSWORD_LENGTH);
const captcha = text(16).min(1, 'field.required');
const token = text(128).min(1, 'field.required');

/** Sends a code to a mobile number (SMS sign-in, sign-up, recovery). */
export const mobileCodeBodySchema = z.strictObject({ mobile: mobileSchema });
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().int() });
export type CodeSent = z.infer<typeof codeSentSchema>;

/**
 * Sign-up: the staff member's name and email, a password, and a phone with its code. The phone is required only
 * when SMS is set up (the sign-in options' `outbox.sms` is false); without SMS only the email is verified, and a
 * phone given anyway must still come with its code. The server decides which applies.
 */
export const registerBodySchema = z
  .strictObject({
    name: text(64).trim().min(1, 'field.required'),
    email: z.email('field.invalidEmail').max(254),
    password: newPassword,
    confirm: safeString().min(1, 'field.required').max(MAX_PASSWORD_LENGTH),
    mobile: mobileSchema.optional(),
    captcha: captcha.optional(),
  })
  .refine((body) => body.password === body.confirm, { path: ['confirm'], error: 'field.passwordMismatch' });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Where the activation mail went (the result page of docs/spec.md section 2 names it). */
export const registerResultSchema = z.object({ email: z.string() });

export const tokenBodySchema = z.strictObject({ token });
export const linkPurposeSchema = z.enum(['activate', 'recover', 'invite']);
export type LinkPurpose = z.infer<typeof linkPurposeSchema>;
export const linkCheckQuerySchema = z.strictObject({ purpose: linkPurposeSchema, token });
export const linkCheckResultSchema = z.object({ valid: z.boolean() });

/** A used activation link leaves the account waiting for an administrator's approval. */
export const activateResultSchema = z.object({ awaitingApproval: z.boolean() });

export const recoverBodySchema = z.strictObject({ email: z.email('field.invalidEmail').max(254) });
export const linkPasswordBodySchema = z.strictObject({ token, password: newPassword });
export const smsResetBodySchema = z.strictObject({ mobile: mobileSchema, captcha, password: newPassword });

export const signUpSettingsSchema = z.object({ enabled: z.boolean() });
export type SignUpSettings = z.infer<typeof signUpSettingsSchema>;
export const signUpSettingsInputSchema = z.strictObject({ enabled: z.boolean() });

/** What the sign-in page offers: the sign-up link, and where codes and links go when nothing is set up. */
export const signInOptionsSchema = z.object({
  signUp: z.boolean(),
  outbox: z.object({ email: z.boolean(), sms: z.boolean() }),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** The service's policies for the console footer, from the general settings (public: the sign-in page shows them). */
export const consolePoliciesSchema = z.object({
  privacyPolicy: localizedTextSchema,
  terms: localizedTextSchema,
  hotline: z.string(),
});
export type ConsolePolicies = z.infer<typeof consolePoliciesSchema>;
