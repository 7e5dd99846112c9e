/** Mail by SMTP (nodemailer), with the settings saved in the console. */
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { HttpError } from '../../http/reply.ts';
import type { StoredMail } from '../settings/mail.ts';
import type { Transport } from './delivery.ts';

/** SMTP servers answer within seconds; a hung one must not hold a sign-up request for minutes. */
const TIMEOUT_MS = 15_000;

export function smtpTransport(settings: StoredMail): Transport {
  const options: SMTPTransport.Options = {
    host: settings.host,
    port: settings.port,
    secure: settings.secure === 'tls',
    requireTLS: settings.secure === 'starttls',
    ignoreTLS: settings.secure === 'none',
    ...(settings.username && { auth: { user: settings.username, pass: settings.password ?? '' } }),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
  const from = settings.fromName
    ? { name: settings.fromName, address: settings.fromAddress }
    : settings.fromAddress;
  return {
    name: 'smtp',
    async send(message) {
      // Loaded at the first mail, not on every start's way to serving.
      const { default: nodemailer } = await import('nodemailer');
      const mailer = nodemailer.createTransport(options);
      try {
        await mailer.sendMail({
          from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html && { html: message.html }),
        });
      } catch (error) {
        // nodemailer's message names the step and the server's answer ("Invalid login: 535 ..."), never the password.
        throw new HttpError(502, 'mail.sendFailed', {
          reason: String((error as Error).message).slice(0, 300),
        });
      } finally {
        mailer.close();
      }
    },
  };
}
