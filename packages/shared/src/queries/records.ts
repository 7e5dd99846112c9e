import * as z from 'zod/mini';
import { listQuery, PAGING, queryId, queryText, queryTime, sortQuery } from './list.ts';

/** The records lists (staff and participants) and the tests a participant browses: queries, and their values. */

export const RECORD_STATUSES = ['in_progress', 'submitted'] as const;
export const ALERT_STATUSES = ['new', 'contacted', 'closed'] as const;
/** A band's colour, its severity: comparable across tests. */
export const BAND_COLOURS = ['normal', 'mild', 'moderate', 'severe'] as const;
export const RECORD_SORT_FIELDS = ['startTime', 'submitTime', 'finalScore'] as const;
export const RECORD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const clientTestListQuerySchema = listQuery({ categoryId: z.optional(queryId()) });
export type ClientTestListQuery = z.input<typeof clientTestListQuerySchema>;

export const clientRecordListQuerySchema = listQuery({ status: z.optional(z.enum(RECORD_STATUSES)) });

export const recordListQuerySchema = listQuery({
  participantId: z.optional(queryId()),
  /** Matches the participant's nickname. */
  participant: z.optional(queryText(64)),
  testId: z.optional(queryId()),
  status: z.optional(z.enum(RECORD_STATUSES)),
  /** The overall band's colour (its severity), comparable across tests. */
  bandColour: z.optional(z.enum(BAND_COLOURS)),
  hasAlert: z.optional(z.enum(['true', 'false'])),
  /** Started at or after. */
  from: queryTime(),
  /** Started before. */
  to: queryTime(),
  ...sortQuery(RECORD_SORT_FIELDS),
});
export type RecordListQuery = z.input<typeof recordListQuerySchema>;

export const recordExportQuerySchema = z.extend(z.omit(recordListQuerySchema, PAGING), {
  format: z._default(z.enum(RECORD_EXPORT_FORMATS), 'csv'),
});
export type RecordExportQuery = z.input<typeof recordExportQuerySchema>;
