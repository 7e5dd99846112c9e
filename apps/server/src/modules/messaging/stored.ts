/**
 * The stored mail and SMS settings (JSON documents under `mail` and `sms`) and the readers delivery takes
 * its transports from. Settings (settings/mail.ts, settings/sms.ts) edit them and show them to staff.
 */
import { z } from 'zod';
import type { ServiceContext } from '../../db/tx.ts';
import { findSetting } from '../settings/repository.ts';

export const MAIL = 'mail';

const storedMailSchema = z.object({
  host: z.string().default(''),
  port: z.number().int().default(465),
  secure: z.enum(['tls', 'starttls', 'none']).default('tls'),
  username: z.string().default(''),
  password: z.string().nullable().default(null),
  fromAddress: z.string().default(''),
  fromName: z.string().default(''),
});
export type StoredMail = z.infer<typeof storedMailSchema>;

export const asStoredMail = (value: unknown): StoredMail => {
  const parsed = storedMailSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedMailSchema.parse({});
};

export const isMailConfigured = (stored: StoredMail) => Boolean(stored.host && stored.fromAddress);

/** The saved SMTP settings when mail goes out by SMTP, or undefined for the outbox. */
export async function smtpSettings(ctx: Pick<ServiceContext, 'db'>): Promise<StoredMail | undefined> {
  const stored = asStoredMail(await findSetting(ctx.db, MAIL));
  return isMailConfigured(stored) ? stored : undefined;
}

export const SMS = 'sms';

const templates = z.object({ code: z.string().default(''), notification: z.string().default('') }).default({
  code: '',
  notification: '',
});
const storedSmsSchema = z.object({
  provider: z.enum(['none', 'aliyun', 'tencent']).default('none'),
  aliyun: z
    .object({
      accessKeyId: z.string().default(''),
      accessKeySecret: z.string().nullable().default(null),
      signName: z.string().default(''),
      templateCode: templates,
    })
    .prefault({}),
  tencent: z
    .object({
      secretId: z.string().default(''),
      secretKey: z.string().nullable().default(null),
      sdkAppId: z.string().default(''),
      signName: z.string().default(''),
      region: z.string().default(''),
      templateId: templates,
    })
    .prefault({}),
});
export type StoredSms = z.infer<typeof storedSmsSchema>;

export const asStoredSms = (value: unknown): StoredSms => {
  const parsed = storedSmsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSmsSchema.parse({});
};

/** The chosen provider has what a code SMS needs. */
export function isSmsConfigured({ provider, aliyun, tencent }: StoredSms): boolean {
  if (provider === 'aliyun')
    return Boolean(
      aliyun.accessKeyId && aliyun.accessKeySecret && aliyun.signName && aliyun.templateCode.code,
    );
  if (provider === 'tencent')
    return Boolean(
      tencent.secretId &&
        tencent.secretKey &&
        tencent.sdkAppId &&
        tencent.signName &&
        tencent.region &&
        tencent.templateId.code,
    );
  return false;
}

/** The saved settings when SMS goes out by a provider, or undefined for the outbox. */
export async function smsSettings(ctx: Pick<ServiceContext, 'db'>): Promise<StoredSms | undefined> {
  const stored = asStoredSms(await findSetting(ctx.db, SMS));
  return isSmsConfigured(stored) ? stored : undefined;
}
