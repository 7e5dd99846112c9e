import { z } from 'zod';
import { MAIL_SECURITY, SMS_PROVIDERS } from '../limits.ts';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../queries/messaging.ts';
import { safeString, text } from './fields.ts';
import { keyStateSchema } from './wechatPay.ts';

// ---- Messages and the development outbox (/system/outbox) ----------------------------------------------

/** One message the server sent or kept. `body` is kept only for outbox rows (sent mail is not stored). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** `outbox`, `smtp`, `aliyun`, `tencent`. */
  transport: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  /** The transport's error (a provider's code and message) when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** How each channel sends now: the development outbox until a transport is configured. */
export const channelStatusSchema = z.object({
  email: z.enum(['outbox', 'smtp']),
  sms: z.enum(['outbox', 'aliyun', 'tencent']),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** A test message's outcome: which transport took it and how long that took. */
export const messageTestResultSchema = z.object({
  transport: z.string(),
  recipient: z.string(),
  durationMs: z.number().int(),
});
export type MessageTestResult = z.infer<typeof messageTestResultSchema>;

// ---- Mail (SMTP) ---------------------------------------------------------------------------------------

/**
 * `GET /api/settings/mail`: the password is write-only, shown only as set or not: a person's password has no
 * fingerprint, which a wordlist would match offline.
 */
export const mailSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.enum(MAIL_SECURITY),
  username: z.string(),
  password: z.object({ set: z.boolean() }),
  from: z.object({ address: z.string(), name: z.string() }),
  /** Host and sender are set: mail goes out by SMTP, not to the outbox. */
  configured: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

const emailOrEmpty = z.union([z.literal(''), z.email().max(254)]);

/** `PUT /api/settings/mail`: an empty host switches SMTP off; a password left out keeps the saved one. */
export const mailSettingsInputSchema = z.strictObject({
  host: text(253)
    .regex(/^[A-Za-z0-9.:[\]-]*$/, 'field.invalidFormat')
    .default(''),
  port: z.number().int().min(1).max(65535).default(465),
  secure: z.enum(MAIL_SECURITY).default('tls'),
  username: text(254).default(''),
  password: safeString().max(512).nullish(),
  from: z
    .strictObject({ address: emailOrEmpty.default(''), name: text(80).default('') })
    .default({ address: '', name: '' }),
});
export type MailSettingsInput = z.input<typeof mailSettingsInputSchema>;

export const mailTestInputSchema = z.strictObject({ to: z.email().max(254) });

// ---- SMS (Alibaba Cloud, Tencent Cloud) ----------------------------------------------------------------

export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The provider templates: `code` takes one parameter (the code), `notification` the alert's text. */
const templatesSchema = z.object({ code: z.string(), notification: z.string() });

/** `GET /api/settings/sms`: each provider's secret is write-only. */
export const smsSettingsSchema = z.object({
  provider: z.enum(SMS_PROVIDERS),
  aliyun: z.object({
    accessKeyId: z.string(),
    accessKeySecret: keyStateSchema,
    signName: z.string(),
    templateCode: templatesSchema,
  }),
  tencent: z.object({
    secretId: z.string(),
    secretKey: keyStateSchema,
    sdkAppId: z.string(),
    signName: z.string(),
    region: z.string(),
    templateId: templatesSchema,
  }),
  /** The chosen provider has its key, sign and code template: SMS goes out, not to the outbox. */
  configured: z.boolean(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

const token = (max: number) =>
  text(max)
    .regex(/^[A-Za-z0-9_.-]*$/, 'field.invalidFormat')
    .default('');
const templatesInput = z
  .strictObject({ code: token(64), notification: token(64) })
  .default({ code: '', notification: '' });

/**
 * `PUT /api/settings/sms`: both providers' fields are kept; a provider left out keeps what was saved for it, and
 * a secret left out keeps the saved one while its key id is unchanged.
 */
export const smsSettingsInputSchema = z.strictObject({
  provider: z.enum(SMS_PROVIDERS),
  aliyun: z
    .strictObject({
      accessKeyId: token(64),
      accessKeySecret: safeString().max(128).nullish(),
      signName: text(40).default(''),
      templateCode: templatesInput,
    })
    .optional(),
  tencent: z
    .strictObject({
      secretId: token(64),
      secretKey: safeString().max(128).nullish(),
      sdkAppId: text(20).regex(/^\d*$/, 'field.invalidFormat').default(''),
      signName: text(40).default(''),
      region: token(32),
      templateId: templatesInput,
    })
    .optional(),
});
export type SmsSettingsInput = z.input<typeof smsSettingsInputSchema>;

/** A phone number: digits with an optional leading + (mainland numbers may leave out +86). */
export const smsTestInputSchema = z.strictObject({
  to: text(20).regex(/^\+?\d{5,15}$/, 'field.invalidFormat'),
});
