import { z } from 'zod';
import { PAY_DIRECTIONS } from '../queries/orders.ts';
import { alertStatusSchema } from './records.ts';
import { bandColourSchema } from './scoring.ts';

/** The monitor dashboard (/dashboard/monitor): the service's live operations, one section per resource. */

/**
 * How far back the monitor looks: the per-hour chart, the payment log, the job queue, and the records in
 * progress (started this long ago at most: older unfinished starts are not being answered now).
 */
export const MONITOR_HOURS = 24;

export const recordsNowSchema = z.object({
  /** Records started and submitted since midnight in China time (UTC+8). */
  startedToday: z.number().int(),
  submittedToday: z.number().int(),
  /** Records started in the last MONITOR_HOURS hours and not yet submitted. */
  inProgress: z.number().int(),
  /** The last 24 hours, oldest first: each hour's start (ISO 8601, UTC) and its counts, zeros included. */
  hours: z.array(z.object({ hour: z.string(), started: z.number().int(), submitted: z.number().int() })),
});
export type RecordsNow = z.infer<typeof recordsNowSchema>;

export const paymentsHealthSchema = z.object({
  /** Entries of the last 24 hours by direction and verdict, most frequent first. */
  verdicts: z.array(
    z.object({ direction: z.enum(PAY_DIRECTIONS), verdict: z.string(), count: z.number().int() }),
  ),
  total: z.number().int(),
  failed: z.number().int(),
  /** Outbound calls to WeChat Pay: how many, and their average and 95th percentile duration. */
  calls: z.object({
    count: z.number().int(),
    averageMs: z.number().int().nullable(),
    p95Ms: z.number().int().nullable(),
  }),
  /** The newest failures, newest first. */
  latestFailures: z.array(
    z.object({
      id: z.number().int(),
      time: z.string(),
      direction: z.enum(PAY_DIRECTIONS),
      operation: z.string(),
      orderNo: z.string().nullable(),
      verdict: z.string(),
      httpStatus: z.number().int().nullable(),
    }),
  ),
});
export type PaymentsHealth = z.infer<typeof paymentsHealthSchema>;

/** How many failures `latestFailures` lists. */
export const LATEST_FAILURES = 5;

export const openAlertsSchema = z.object({
  /** Alerts not closed, by severity and follow-up status (only the pairs that have any). */
  open: z.array(
    z.object({
      severity: bandColourSchema,
      status: alertStatusSchema.exclude(['closed']),
      count: z.number().int(),
    }),
  ),
  /** When the oldest alert nobody has contacted yet was raised (ISO 8601); null when there is none. */
  oldestNewTime: z.string().nullable(),
});
export type OpenAlerts = z.infer<typeof openAlertsSchema>;

export const jobQueuesSchema = z.object({
  /** False when this server runs no job queue (its tables do not exist): background work runs in-process. */
  available: z.boolean(),
  /** Each queue's jobs created in the last 24 hours, in name order: waiting (new or to retry), running, done, failed. */
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      active: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type JobQueues = z.infer<typeof jobQueuesSchema>;
