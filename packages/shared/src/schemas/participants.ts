import { z } from 'zod';
import { ACTIVITY_KINDS, PARTICIPANT_STATUSES } from '../queries/participants.ts';
import { safeString, text } from './fields.ts';
import { localizedTextSchema } from './localized.ts';
import { recordSchema } from './records.ts';

/** Participants: the people who take tests, their sessions, and what staff see of them. */

export const participantStatusSchema = z.enum(PARTICIPANT_STATUSES);
export type ParticipantStatus = z.infer<typeof participantStatusSchema>;

export const CLIENT_LOCALES = ['zh-CN', 'en-US'] as const;

/** `POST /api/client/session`: starts an anonymous participant. */
export const clientSessionInputSchema = z.strictObject({
  locale: z.enum(CLIENT_LOCALES).optional(),
});
export const clientSessionSchema = z.object({ token: z.string() });

/** `GET /api/client/wechat/config`: the official account to sign in through inside WeChat, null when none. */
export const clientWechatConfigSchema = z.object({ appId: z.string().nullable() });
export type ClientWechatConfig = z.infer<typeof clientWechatConfigSchema>;

/** `POST /api/client/wechat/login`: the OAuth `code` WeChat handed the page. */
export const wechatLoginInputSchema = z.strictObject({ code: safeString().min(1).max(128) });

/** `PUT /api/client/me`: what participants may set themselves; a field left out stays as it is. */
export const clientMeInputSchema = z.strictObject({
  /** An empty nickname clears it. */
  nickname: text(32).optional(),
  locale: z.enum(CLIENT_LOCALES).optional(),
});
export type ClientMeInput = z.infer<typeof clientMeInputSchema>;

/** Who the client is signed in as. */
export const clientMeSchema = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  locale: z.string().nullable(),
  /** Whether a WeChat identity is bound. */
  wechat: z.boolean(),
});
export type ClientMe = z.infer<typeof clientMeSchema>;

export const participantSchema = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Masked (`138****5678`) in lists and details; the full number only in the personal-data export. */
  phone: z.string().nullable(),
  locale: z.string().nullable(),
  status: participantStatusSchema,
  wechat: z.boolean(),
  recordCount: z.number().int(),
  /** The participant's payment orders, whatever their status. */
  orderCount: z.number().int(),
  erased: z.boolean(),
  firstSeenTime: z.string(),
  lastSeenTime: z.string(),
  createTime: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantDetailSchema = participantSchema.extend({
  /** The newest 50 records; the records screen filtered by participant shows them all. */
  records: z.array(recordSchema),
});
export type ParticipantDetail = z.infer<typeof participantDetailSchema>;

export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** One thing a participant did (`GET /api/participants/:id/activity`). */
export const participantActivitySchema = z.object({
  /** Unique in the participant's activity: the kind and the id of the record, order or alert. */
  key: z.string(),
  kind: activityKindSchema,
  time: z.string(),
  /** The test's title. */
  title: localizedTextSchema,
  /** The record it is about: the record itself, or the record ordered for or that raised the alert. */
  recordId: z.number().int(),
  /** The order of `ordered` and `paid`, else null. */
  orderId: z.number().int().nullable(),
  /** The alert of `alert`, else null. */
  alertId: z.number().int().nullable(),
});
export type ParticipantActivity = z.infer<typeof participantActivitySchema>;

/**
 * The participant profile's figures (`GET /api/participants/:id/summary`), each only when the role may list
 * its area: records submitted (`records.query`), paid less refunded in fen (`orders.query`), alerts new or
 * contacted (`alerts.query`).
 */
export const participantSummarySchema = z.object({
  submitted: z.optional(z.number().int()),
  netPaidFen: z.optional(z.number().int()),
  openAlerts: z.optional(z.number().int()),
});
export type ParticipantSummary = z.infer<typeof participantSummarySchema>;

/**
 * Everything held on one participant (personal-information law: the right to a copy). Records carry their
 * answers and reports.
 */
export const participantExportSchema = z.object({
  exportedAt: z.string(),
  participant: participantSchema.extend({ phone: z.string().nullable() }),
  wechat: z.array(z.object({ appId: z.string(), openid: z.string(), unionid: z.string().nullable() })),
  /** Where and on what device each live or recent session was started; never its token. */
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  records: z.array(z.record(z.string(), z.unknown())),
});
