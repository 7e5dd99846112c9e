import * as z from 'zod/mini';
import { listQuery, queryText, queryTime } from './list.ts';

/** The outbox (/system/outbox): its query, and the values its filters name. */

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What a message is for; the outbox names them and filters on them. */
export const MESSAGE_KINDS = [
  'sign-in-code',
  'sign-up-code',
  'recover-code',
  'phone-code',
  'email-code',
  'activation',
  'recovery-link',
  'invitation',
  'notification',
  'test',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_STATUSES = ['outbox', 'sent', 'failed'] as const;

/** `GET /api/outbox`: newest first; `recipient` matches any part of the address or number. */
export const outboxQuerySchema = listQuery({
  channel: z.optional(z.enum(MESSAGE_CHANNELS)),
  recipient: z.optional(queryText(254)),
  kind: z.optional(z.enum(MESSAGE_KINDS)),
  from: queryTime(),
  to: queryTime(),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;
