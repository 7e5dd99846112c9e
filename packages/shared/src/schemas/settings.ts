import { z } from 'zod';
import { POLICY_TEXT_MAX, PROMOTION_TEXT_MAX, SERVICE_NAME_MAX } from '../limits.ts';
import { optionalLinkUrl, safeString, text } from './fields.ts';
import { localizedInput, localizedTextSchema } from './localized.ts';
import { keyStateSchema } from './wechatPay.ts';

/**
 * The promotion link in the console's bottom-left corner (the 258x48 px box of docs/spec.md section 1), kept
 * with the service settings so staff can point it at their own campaign, or switch it off.
 */
export const promotionSchema = z.object({
  enabled: z.boolean(),
  text: localizedTextSchema,
  url: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionInputSchema = z
  .strictObject({
    enabled: z.boolean(),
    text: localizedInput(PROMOTION_TEXT_MAX),
    url: optionalLinkUrl.default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    if (!value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'field.required' });
    if (!value.text.zh && !value.text.en) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'field.textRequired' });
    }
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const DEFAULT_PROMOTION: Promotion = { enabled: false, text: { zh: '', en: '' }, url: '' };

/**
 * `GET /api/settings/general`: the service as participants see it in `/h5/` (name, logo, hotline, the
 * ICP licence number in the footer, the disclaimer and the privacy policy). Everything here is public.
 */
export const generalSettingsSchema = z.object({
  serviceName: localizedTextSchema,
  logoUrl: z.string(),
  hotline: z.string(),
  icpLicence: z.string(),
  disclaimer: localizedTextSchema,
  privacyPolicy: localizedTextSchema,
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** `PUT /api/settings/general`: every field is replaced; '' leaves it empty. */
export const generalSettingsInputSchema = z.strictObject({
  serviceName: localizedInput(SERVICE_NAME_MAX),
  logoUrl: optionalLinkUrl.default(''),
  hotline: text(40)
    .regex(/^[0-9+\-() ]*$/, 'field.invalidFormat')
    .default(''),
  icpLicence: text(60).default(''),
  disclaimer: localizedInput(POLICY_TEXT_MAX),
  privacyPolicy: localizedInput(POLICY_TEXT_MAX),
});
export type GeneralSettingsInput = z.input<typeof generalSettingsInputSchema>;

const emptyText = { zh: '', en: '' };
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  serviceName: emptyText,
  logoUrl: '',
  hotline: '',
  icpLicence: '',
  disclaimer: emptyText,
  privacyPolicy: emptyText,
};

/** `GET /api/client/settings`: what the participant app shows of the general settings (all of it is public). */
export const clientSettingsSchema = generalSettingsSchema;
export type ClientSettings = GeneralSettings;

/**
 * `GET /api/settings/wechat-official-account`: the official account participants sign in with (OAuth). The
 * secret is write-only. Saved settings win; without them the server's `WECHAT_APP_ID`/`WECHAT_APP_SECRET`
 * are used (`source` says which, `none` when neither is set).
 */
export const wechatOfficialAccountSchema = z.object({
  appId: z.string(),
  appSecret: keyStateSchema,
  source: z.enum(['settings', 'environment', 'none']),
});
export type WechatOfficialAccount = z.infer<typeof wechatOfficialAccountSchema>;

/** `PUT /api/settings/wechat-official-account`: a secret left out keeps the saved one, `null` removes it. */
export const wechatOfficialAccountInputSchema = z.strictObject({
  appId: text(32).regex(/^(?:wx[0-9A-Za-z]{16})?$/, 'field.invalidFormat'),
  appSecret: safeString()
    .regex(/^[0-9A-Za-z]{32}$/, 'field.invalidFormat')
    .nullish(),
});
export type WechatOfficialAccountInput = z.input<typeof wechatOfficialAccountInputSchema>;
