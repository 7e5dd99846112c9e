import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { safeString, text } from './fields.ts';

/** How many one-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** Whether the account has two-step verification and whether its role requires it. */
export const twoStepStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepStateSchema = twoStepStatusSchema.extend({
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepState = z.infer<typeof twoStepStateSchema>;

/** A new secret to scan or type into an authenticator app; it counts once a code confirms it. */
export const twoStepSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

/** The authenticator's 6-digit code, or (where a device may be lost) one of the recovery codes. */
const code = text(32).min(1, 'twoStep.codeInvalid');

export const twoStepCodeBodySchema = z.strictObject({ code });
export type TwoStepCodeBody = z.infer<typeof twoStepCodeBodySchema>;

export const twoStepDisableBodySchema = z.strictObject({
  password: safeString().min(1).max(MAX_PASSWORD_LENGTH),
  code,
});
export type TwoStepDisableBody = z.infer<typeof twoStepDisableBodySchema>;

/**
 * Starting a set-up while two-step verification is on replaces the device: it takes the password and a
 * current code, as turning it off does, so a session alone cannot swap in an authenticator of its own.
 * The first enrolment sends none (no body at all).
 */
export const twoStepSetupBodySchema = twoStepDisableBodySchema.partial().nullish();
export type TwoStepSetupBody = z.infer<typeof twoStepSetupBodySchema>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
