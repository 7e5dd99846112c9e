/** Mail by SMTP (nodemailer), with the settings saved in the console. */

import type { ErrorCode } from '@cool/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { HttpError } from '../../http/reply.ts';
import { mailServerAddress } from './mailServer.ts';

/** The SMTP server and sender, as Settings saves them. */
export interface SmtpServer {
  host: string;
  port: number;
  secure: 'tls' | 'starttls' | 'none';
  username: string;
  password: string | null;
  fromAddress: string;
  fromName: string;
}

/** One mail as SMTP sends it. */
export interface Mail {
  to: string;
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
}

/** SMTP servers answer within seconds; a hung one must not hold a sign-up request for minutes. */
const TIMEOUT_MS = 15_000;

/**
 * What went wrong, from nodemailer's error code, in words of our own: the server's answer is never passed
 * on (a host on the server's network would otherwise be read through it).
 */
function failureCode(error: unknown): ErrorCode {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'ETIMEDOUT') return 'mail.timedOut';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'mail.signInRefused';
  if (code === 'ETLS' || code === 'EREQUIRETLS') return 'mail.tlsFailed';
  if (code === 'ESOCKET' || code === 'ECONNECTION' || code === 'EDNS')
    // Our own TLS layer's words (wrong version, certificate), not the server's.
    return /\b(ssl|tls|certificate)\b/i.test(String(message)) ? 'mail.tlsFailed' : 'mail.connectFailed';
  return 'mail.sendFailed';
}

export function smtpTransport(settings: SmtpServer, allowPrivate: boolean) {
  const from = settings.fromName
    ? { name: settings.fromName, address: settings.fromAddress }
    : settings.fromAddress;
  return {
    name: 'smtp',
    async send(message: Mail) {
      const found = await mailServerAddress(settings.host, allowPrivate);
      if (!found.ok)
        throw new HttpError(
          502,
          found.reason === 'ownNetwork' ? 'mail.hostNotAllowed' : 'mail.connectFailed',
        );
      const options: SMTPTransport.Options = {
        // The address just checked; the name still checks the certificate (and is sent as SNI).
        host: found.address,
        port: settings.port,
        secure: settings.secure === 'tls',
        requireTLS: settings.secure === 'starttls',
        ignoreTLS: settings.secure === 'none',
        ...(found.address !== settings.host.replace(/^\[(.*)\]$/, '$1') && {
          tls: { servername: settings.host },
        }),
        ...(settings.username &&
          settings.password !== null && { auth: { user: settings.username, pass: settings.password } }),
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      };
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
        throw new HttpError(502, failureCode(error));
      } finally {
        mailer.close();
      }
    },
  };
}
