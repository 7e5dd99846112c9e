import * as z from 'zod/mini';
import { listQuery, queryId } from './list.ts';
import { ALERT_STATUSES } from './records.ts';

/** The alerts list: its query. */

export const alertListQuerySchema = listQuery({
  status: z.optional(z.enum(ALERT_STATUSES)),
  testId: z.optional(queryId()),
  participantId: z.optional(queryId()),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;
