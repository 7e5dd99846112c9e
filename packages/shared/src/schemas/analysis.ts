import { z } from 'zod';
import { PAY_CHANNELS } from '../queries/orders.ts';
import { localizedTextSchema } from './localized.ts';

/**
 * The analysis dashboard (/dashboard/analysis): sales from paid orders (`orders.query`) and visits from test
 * records (`records.query`). Days are calendar days in China time (UTC+8), as the WeChat Pay bills count them.
 */

/** How the chart of a period is bucketed: by the hour (a few days at most), by day or by month. */
export const ANALYSIS_UNITS = ['hour', 'day', 'month'] as const;
export type AnalysisUnit = (typeof ANALYSIS_UNITS)[number];

/** The longest period asked at once, in days; by the hour, a week. */
export const ANALYSIS_MAX_DAYS = 366;
export const ANALYSIS_MAX_HOUR_DAYS = 7;
/** The top cards' sparklines cover the last this many days, today included. */
export const ANALYSIS_TREND_DAYS = 30;
/** Rows of the sales and visits rankings, and of the top tests table. */
export const ANALYSIS_RANKING_SIZE = 7;
export const ANALYSIS_TOP_TESTS_SIZE = 10;

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** A calendar day `YYYY-MM-DD` (China time), between 2000 and 2099. */
const calendarDay = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, 'field.date')
  .refine((date) => new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'field.date');

/** Days from `from` to `to`, both included. */
export const periodDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

const periodShape = { from: calendarDay, to: calendarDay };

function checkPeriod(query: { from: string; to: string; unit?: AnalysisUnit }, ctx: z.RefinementCtx): void {
  const days = periodDays(query.from, query.to);
  if (Number.isNaN(days)) return;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'analysis.rangeReversed' });
  const maximum = query.unit === 'hour' ? ANALYSIS_MAX_HOUR_DAYS : ANALYSIS_MAX_DAYS;
  if (days > maximum)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'analysis.rangeTooLong', params: { maximum } });
}

/** A period of whole days, `from` to `to` included, and how its chart is bucketed. */
export const analysisPeriodQuerySchema = z
  .strictObject({ ...periodShape, unit: z.enum(ANALYSIS_UNITS).default('day') })
  .superRefine(checkPeriod);
export type AnalysisPeriodQuery = z.input<typeof analysisPeriodQuerySchema>;

/** The proportion of sales: a period, and optionally one payment channel. */
export const salesByCategoryQuerySchema = z
  .strictObject({ ...periodShape, channel: z.enum(PAY_CHANNELS).optional() })
  .superRefine(checkPeriod);
export type SalesByCategoryQuery = z.input<typeof salesByCategoryQuerySchema>;

const count = z.number().int().nonnegative();
/** Money in fen, net of refunds: a refund is counted against its payment's day, never below 0. */
const fen = z.number().int().nonnegative();

/** A count per day, oldest first, for a sparkline. */
const dailyCountsSchema = z.array(z.object({ date: z.string(), count }));

/** Totals over two spans ending today: to compare day over day and week over week (7 days). */
const spansShape = {
  today: fen,
  yesterday: fen,
  /** The last 7 days, today included. */
  week: fen,
  /** The 7 days before those. */
  previousWeek: fen,
};

/** The top cards of sales: all-time totals and today's, with their comparisons. */
export const salesOverviewSchema = z.object({
  /** Paid amount less refunds, of every order ever paid, in fen. */
  totalFen: fen,
  salesFen: z.object(spansShape),
  /** Orders ever paid (refunded ones included: the payment happened). */
  payments: count,
  paymentsToday: count,
  /** Orders paid per day over the last ANALYSIS_TREND_DAYS days. */
  paymentTrend: dailyCountsSchema,
  /**
   * The conversion of reports that cost money: records of paid tests submitted in the last
   * ANALYSIS_TREND_DAYS days (`submitted`), and those of them whose report is unlocked by a payment now
   * (`paid`; a fully refunded one is locked again). The same over the last 7 days and the 7 before.
   */
  conversion: z.object({
    submitted: count,
    paid: count,
    week: z.object({ submitted: count, paid: count }),
    previousWeek: z.object({ submitted: count, paid: count }),
  }),
});
export type SalesOverview = z.infer<typeof salesOverviewSchema>;

const testTitleShape = { testId: z.number().int(), title: localizedTextSchema };

/** A period's sales: paid amount less refunds per bucket (dated by payment), and the tests that sold most. */
export const salesPeriodSchema = z.object({
  buckets: z.array(z.object({ bucket: z.string(), amountFen: fen, payments: count })),
  totalFen: fen,
  payments: count,
  ranking: z.array(z.object({ ...testTitleShape, amountFen: fen, payments: count })),
});
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

/** A period's sales by test category (a test's first category by the categories' order; null: none). */
export const salesByCategorySchema = z.object({
  totalFen: fen,
  categories: z.array(
    z.object({
      categoryId: z.number().int().nullable(),
      name: localizedTextSchema.nullable(),
      amountFen: fen,
    }),
  ),
});
export type SalesByCategory = z.infer<typeof salesByCategorySchema>;

/** The top card of visits: records started, all time and today, and per day lately. */
export const visitsOverviewSchema = z.object({
  total: count,
  visits: z.object(spansShape),
  trend: dailyCountsSchema,
});
export type VisitsOverview = z.infer<typeof visitsOverviewSchema>;

/** A period's visits: records started per bucket, their participants, and the tests taken most. */
export const visitsPeriodSchema = z.object({
  buckets: z.array(z.object({ bucket: z.string(), records: count, participants: count })),
  records: count,
  /** Distinct participants who started a record in the period. */
  participants: count,
  ranking: z.array(z.object({ ...testTitleShape, records: count })),
  /**
   * The tests the most participants took in the period, with their records over the last 7 days (today
   * included) and the 7 before: the weekly range.
   */
  topTests: z.array(
    z.object({ ...testTitleShape, participants: count, records: count, week: count, previousWeek: count }),
  ),
});
export type VisitsPeriod = z.infer<typeof visitsPeriodSchema>;
