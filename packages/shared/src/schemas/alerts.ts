import { z } from 'zod';
import { ALERT_NOTE_MAX } from '../limits.ts';
import { text } from './fields.ts';
import { localizedTextSchema } from './localized.ts';
import { alertStatusSchema } from './records.ts';
import { alertResultSchema } from './report.ts';
import { bandColourSchema } from './scoring.ts';

/** The alerts queue: every record whose report raised an alert, followed up by staff. */

export const alertNoteSchema = z.object({
  id: z.number().int(),
  status: alertStatusSchema,
  note: z.string(),
  /** Who wrote it; null once the account is gone and no name was kept. */
  username: z.string().nullable(),
  time: z.string(),
});
export type AlertNote = z.infer<typeof alertNoteSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  participant: z.object({ id: z.number().int(), nickname: z.string().nullable(), erased: z.boolean() }),
  testId: z.number().int(),
  title: localizedTextSchema,
  /** The most severe of the record's alerts. */
  severity: bandColourSchema,
  /** What the report raised, item by item. */
  items: z.array(alertResultSchema),
  status: alertStatusSchema,
  /** Newest first. */
  notes: z.array(alertNoteSchema),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Staff follow up: a new status and a note (a note alone keeps the status). */
export const alertUpdateSchema = z.strictObject({
  status: alertStatusSchema,
  note: text(ALERT_NOTE_MAX).default(''),
});
export type AlertUpdate = z.input<typeof alertUpdateSchema>;

/** For the menu's badge. */
export const alertCountsSchema = z.object({ new: z.number().int() });
