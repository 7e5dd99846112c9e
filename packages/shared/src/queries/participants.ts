import * as z from 'zod/mini';
import { listQuery, queryText, sortQuery } from './list.ts';

/** The participants list (issue 9): its query, and the values its filters name. */

export const PARTICIPANT_STATUSES = ['active', 'blocked'] as const;
export const PARTICIPANT_SORT_FIELDS = ['createTime', 'lastSeenTime', 'recordCount'] as const;

export const participantListQuerySchema = listQuery({
  /** Matches the nickname. */
  nickname: z.optional(queryText(64)),
  status: z.optional(z.enum(PARTICIPANT_STATUSES)),
  ...sortQuery(PARTICIPANT_SORT_FIELDS),
});
export type ParticipantListQuery = z.input<typeof participantListQuerySchema>;
