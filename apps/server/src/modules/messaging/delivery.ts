/**
 * Sends mail and SMS. A channel uses its configured transport (SMTP for mail; Alibaba Cloud or Tencent Cloud
 * SMS); with none configured the message stays in the development outbox (the `messages` table, readable by
 * admins in the console, and in the server log), so a fresh install still has working codes and links.
 */
import { type ChannelStatus, errorMessage } from '@cool/shared';
import type { SmsApiBase } from '../../config.ts';
import type { ServiceContext } from '../../db/tx.ts';
import { HttpError } from '../../http/reply.ts';
import { smtpTransport } from '../../integrations/mail/smtp.ts';
import type { Channel, OutgoingMessage, Transport } from './message.ts';
import { insertMessage } from './repository.ts';
import { smsTransport } from './sms.ts';
import { smsSettings, smtpSettings } from './stored.ts';

const DEFAULT_SMS_API_BASE: SmsApiBase = {
  aliyun: 'https://dysmsapi.aliyuncs.com',
  tencent: 'https://sms.tencentcloudapi.com',
};

/** The transport configured for a channel now (read per message, so a saved change applies at once), or null for the outbox. */
export async function transportFor(ctx: ServiceContext, channel: Channel): Promise<Transport | null> {
  if (channel === 'email') {
    const settings = await smtpSettings(ctx);
    return settings ? smtpTransport(settings, ctx.smtpAllowPrivate ?? false) : null;
  }
  const settings = await smsSettings(ctx);
  return settings ? smsTransport(settings, ctx.smsApiBase ?? DEFAULT_SMS_API_BASE) : null;
}

/** How each channel sends now; the sign-in page says "codes are in the outbox" from it. */
export async function channelStatus(ctx: Pick<ServiceContext, 'db'>): Promise<ChannelStatus> {
  const [mail, sms] = await Promise.all([smtpSettings(ctx), smsSettings(ctx)]);
  return {
    email: mail ? 'smtp' : 'outbox',
    sms: sms?.provider === 'aliyun' || sms?.provider === 'tencent' ? sms.provider : 'outbox',
  };
}

export interface Delivery {
  transport: string;
  status: 'outbox' | 'sent' | 'failed';
}

/** What the outbox shows of a failure: the provider's code and message, or what went wrong with SMTP. */
export function failureText(error: unknown): string {
  const params = error instanceof HttpError ? error.params : undefined;
  const text = params?.code
    ? `${params.code}: ${params.message}`
    : error instanceof HttpError
      ? errorMessage(error.code, params)
      : (error as Error)?.message;
  return String(text ?? error).slice(0, 500);
}

/**
 * Sends one message and records it. A transport's failure is recorded (with its error) and thrown to the
 * caller as is; the outbox never fails.
 */
export async function deliver(ctx: ServiceContext, message: OutgoingMessage): Promise<Delivery> {
  const transport = await transportFor(ctx, message.channel);
  const base = { channel: message.channel, recipient: message.to, kind: message.kind };
  if (!transport) {
    await insertMessage(ctx.db, {
      ...base,
      transport: 'outbox',
      subject: message.subject ?? null,
      body: message.text,
      status: 'outbox',
    });
    // A development aid by design: with nothing configured this is how the person at the terminal reads it.
    ctx.log?.info(
      {
        outbox: {
          channel: message.channel,
          kind: message.kind,
          subject: message.subject,
          text: message.text,
        },
      },
      'message kept in the development outbox',
    );
    return { transport: 'outbox', status: 'outbox' };
  }
  // Only the development outbox keeps a secret: sent mail stays listed for weeks to whoever may read it.
  const subject = message.recordedSubject ?? message.subject ?? null;
  try {
    await transport.send(message);
  } catch (error) {
    await insertMessage(ctx.db, {
      ...base,
      transport: transport.name,
      subject,
      status: 'failed',
      error: failureText(error),
    });
    throw error;
  }
  await insertMessage(ctx.db, {
    ...base,
    transport: transport.name,
    subject,
    status: 'sent',
  });
  return { transport: transport.name, status: 'sent' };
}
