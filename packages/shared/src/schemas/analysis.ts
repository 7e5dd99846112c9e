import { z } from 'zod';
import { localizedTextSchema } from './localized.ts';

/**
 * The analysis dashboard's answers (/dashboard/analysis): sales from paid orders (`orders.query`) and visits from
 * test records (`records.query`); its periods are in queries/analysis.ts.
 */

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
   * The 7 China days (`YYYY-MM-DD`, both included) of the top tests' weekly range: ending on the period's last
   * day, or today when the period runs on past it.
   */
  weeklyRange: z.object({ from: z.string(), to: z.string() }),
  /**
   * The tests the most participants took in the period, with their records over the weekly range's 7 days and
   * the 7 before.
   */
  topTests: z.array(
    z.object({ ...testTitleShape, participants: count, records: count, week: count, previousWeek: count }),
  ),
});
export type VisitsPeriod = z.infer<typeof visitsPeriodSchema>;
