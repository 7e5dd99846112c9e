import { z } from 'zod';
import { safeString, text } from './fields.ts';

/** Minutes an order can be paid for, unless staff set otherwise. */
export const DEFAULT_ORDER_EXPIRE_MINUTES = 30;
/** A PEM key or certificate is a few kilobytes; a longer paste is not one. */
const PEM_MAX = 16_384;
export const PLATFORM_CERTIFICATES_MAX = 5;

/**
 * A key the console may set but never read back (the merchant private key, the APIv3 key; the WeChat Pay
 * public key is handled the same way): whether one is set, and a short fingerprint to tell which.
 */
export const keyStateSchema = z.object({ set: z.boolean(), fingerprint: z.string().nullable() });
export type KeyState = z.infer<typeof keyStateSchema>;

/** A platform certificate (the older mode), by the serial WeChat Pay names it with. */
export const platformCertificateSchema = z.object({
  serialNo: z.string(),
  validTo: z.iso.datetime(),
  fingerprint: z.string(),
});

/** `GET /api/settings/wechat-pay`: the merchant settings, secrets shown only as set-or-not. */
export const wechatPaySettingsSchema = z.object({
  appId: z.string(),
  mchId: z.string(),
  merchantSerialNo: z.string(),
  merchantPrivateKey: keyStateSchema,
  apiV3Key: keyStateSchema,
  platformPublicKeyId: z.string(),
  platformPublicKey: keyStateSchema,
  platformCertificates: z.array(platformCertificateSchema),
  notifyBaseUrl: z.string(),
  orderExpireMinutes: z.number().int(),
  /** Everything a signed call and its verification need is set. */
  configured: z.boolean(),
});
export type WechatPaySettings = z.infer<typeof wechatPaySettingsSchema>;

/** The base of our notify URLs: https, no query or fragment (WeChat Pay's rule); http only for this machine. */
const NOTIFY_BASE = /^(?:https:\/\/[^\s/?#]+|http:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?)(?:\/[^\s?#]*)?$/;

const pem = safeString().trim().max(PEM_MAX);

/**
 * `PUT /api/settings/wechat-pay`. The plain fields are replaced ('' clears one); a key left out keeps the saved
 * one, `null` removes it. The server checks that keys parse (RSA, 2048-4096 bits) and certificates are valid,
 * upper-cases the serial and drops a trailing `/` of the notify base.
 */
export const wechatPaySettingsInputSchema = z.strictObject({
  appId: text(32).regex(/^(?:wx[0-9A-Za-z]{16})?$/, 'field.invalidFormat'),
  mchId: text(32).regex(/^(?:\d{6,32})?$/, 'field.invalidFormat'),
  merchantSerialNo: text(64).regex(/^(?:[0-9A-Fa-f]{8,64})?$/, 'field.invalidFormat'),
  merchantPrivateKey: pem.nullish(),
  apiV3Key: safeString()
    .regex(/^[A-Za-z0-9]{32}$/, 'wechatpay.apiV3KeyInvalid')
    .nullish(),
  platformPublicKeyId: text(64).regex(/^(?:PUB_KEY_ID_[0-9A-Za-z_]{1,52})?$/, 'field.invalidFormat'),
  platformPublicKey: pem.nullish(),
  platformCertificates: z.array(pem).max(PLATFORM_CERTIFICATES_MAX).nullish(),
  notifyBaseUrl: text(200).refine((url) => url === '' || NOTIFY_BASE.test(url), 'wechatpay.notifyUrlInvalid'),
  orderExpireMinutes: z.number().int().min(5).max(1440).default(DEFAULT_ORDER_EXPIRE_MINUTES),
});
export type WechatPaySettingsInput = z.input<typeof wechatPaySettingsInputSchema>;

/**
 * `POST /api/settings/wechat-pay/test`: one signed query with the saved settings went through and its answer's
 * signature verified. A failure answers the error envelope, its message saying what failed.
 */
export const wechatPayTestResultSchema = z.object({ durationMs: z.number().int() });
export type WechatPayTestResult = z.infer<typeof wechatPayTestResultSchema>;
