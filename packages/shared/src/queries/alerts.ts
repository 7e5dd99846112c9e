import * as z from 'zod/mini';
import { listQuery, queryId, queryText, queryTime } from './list.ts';
import { ALERT_STATUSES } from './records.ts';

/** The alerts list: its query. */

export const alertListQuerySchema = listQuery({
  status: z.optional(z.enum(ALERT_STATUSES)),
  testId: z.optional(queryId()),
  participantId: z.optional(queryId()),
  /** Matches the participant's nickname. */
  participant: z.optional(queryText(64)),
  /** Raised at or after. */
  from: queryTime(),
  /** Raised before. */
  to: queryTime(),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;
