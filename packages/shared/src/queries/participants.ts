import * as z from 'zod/mini';
import { listQuery, pageQuerySchema, queryText, sortQuery } from './list.ts';

/** The participants list: its query, and the values its filters name. */

export const PARTICIPANT_STATUSES = ['active', 'blocked'] as const;
export const PARTICIPANT_SORT_FIELDS = ['createTime', 'lastSeenTime', 'recordCount'] as const;

export const participantListQuerySchema = listQuery({
  /** Matches the nickname. */
  nickname: z.optional(queryText(64)),
  status: z.optional(z.enum(PARTICIPANT_STATUSES)),
  ...sortQuery(PARTICIPANT_SORT_FIELDS),
});
export type ParticipantListQuery = z.input<typeof participantListQuerySchema>;

/**
 * What a participant did, newest first (`GET /api/participants/:id/activity`): starting and submitting records,
 * ordering and paying, alerts their reports raised. Each kind comes from one area and is shown only to roles
 * that may read that area's list.
 */
export const ACTIVITY_KINDS = ['started', 'submitted', 'ordered', 'paid', 'alert'] as const;

/** A participant's activity: paged like a list (a full page's `nextCursor` reads the next by keyset). */
export const participantActivityQuerySchema = pageQuerySchema;
export type ParticipantActivityQuery = z.input<typeof participantActivityQuerySchema>;
