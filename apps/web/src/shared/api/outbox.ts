import type {
  MailSettingsInput,
  mailSettingsSchema,
  messageTestResultSchema,
  OutboxQuery,
  outboxMessageSchema,
  SmsSettingsInput,
  smsSettingsSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/**
 * Mail and SMS: the development outbox (/system/outbox) and how messages go out (the mail and
 * SMS sections of /center), typed from their response schemas.
 */

const outboxPageSchema = typedPage<typeof outboxMessageSchema>();

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (query: OutboxQuery) => [...outboxKeys.all, 'list', query] as const,
  message: (id: number) => [...outboxKeys.all, 'message', id] as const,
};

export const outboxQueries = {
  list: (query: OutboxQuery) =>
    queryOptions({
      queryKey: outboxKeys.list(query),
      queryFn: () => api.get('/outbox', outboxPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  message: (id: number) =>
    queryOptions({
      queryKey: outboxKeys.message(id),
      queryFn: () => api.get(`/outbox/${id}`, typed<typeof outboxMessageSchema>()),
    }),
};

export const messagingKeys = {
  mail: ['settings', 'mail'] as const,
  sms: ['settings', 'sms'] as const,
};

export const messagingQueries = {
  /** The SMTP password comes back only as set or not. */
  mail: () =>
    queryOptions({
      queryKey: messagingKeys.mail,
      queryFn: () => api.get('/settings/mail', typed<typeof mailSettingsSchema>()),
    }),
  /** The providers' secrets come back only as set-or-not with a fingerprint. */
  sms: () =>
    queryOptions({
      queryKey: messagingKeys.sms,
      queryFn: () => api.get('/settings/sms', typed<typeof smsSettingsSchema>()),
    }),
};

/** A password left out keeps the saved one; an empty host sends mail to the outbox again. */
export const saveMailSettings = (input: MailSettingsInput) =>
  api.put('/settings/mail', typed<typeof mailSettingsSchema>(), input);

export const saveSmsSettings = (input: SmsSettingsInput) =>
  api.put('/settings/sms', typed<typeof smsSettingsSchema>(), input);

/** Sends a test with the saved settings; a failure's message carries the server's or provider's answer. */
export const sendTestMail = (to: string) =>
  api.post('/settings/mail/test', typed<typeof messageTestResultSchema>(), { to });

export const sendTestSms = (to: string) =>
  api.post('/settings/sms/test', typed<typeof messageTestResultSchema>(), { to });
