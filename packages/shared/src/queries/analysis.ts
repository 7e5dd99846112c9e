import * as z from 'zod/mini';
import { PAY_CHANNELS } from './orders.ts';

/**
 * The analysis dashboard's periods (/dashboard/analysis): whole calendar days in China time (UTC+8), as the
 * WeChat Pay bills count them, `from` to `to` included.
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

/** Days from `from` to `to` (`YYYY-MM-DD`), both included. */
export const periodDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** A calendar day `YYYY-MM-DD` between 2000 and 2099 that exists. */
const calendarDay = z.string().check(
  z.regex(/^20\d{2}-\d{2}-\d{2}$/, 'field.date'),
  // Refinements run after a failed pattern too: parse without throwing on any text.
  z.refine((date) => {
    const time = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date);
  }, 'field.date'),
);

/** Not reversed, and not longer than the unit allows. */
const boundedPeriod = () =>
  z.superRefine<{ from: string; to: string; unit?: AnalysisUnit | undefined }>((query, ctx) => {
    const days = periodDays(query.from, query.to);
    // A day that is not one is refused by its own field.
    if (Number.isNaN(days)) return;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'analysis.rangeReversed', input: query });
    const maximum = query.unit === 'hour' ? ANALYSIS_MAX_HOUR_DAYS : ANALYSIS_MAX_DAYS;
    if (days > maximum)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'analysis.rangeTooLong',
        params: { maximum },
        input: query,
      });
  });

/** A period, and how its chart is bucketed. */
export const analysisPeriodQuerySchema = z
  .strictObject({ from: calendarDay, to: calendarDay, unit: z._default(z.enum(ANALYSIS_UNITS), 'day') })
  .check(boundedPeriod());
export type AnalysisPeriodQuery = z.input<typeof analysisPeriodQuerySchema>;

/** The proportion of sales: a period, and optionally one payment channel. */
export const salesByCategoryQuerySchema = z
  .strictObject({ from: calendarDay, to: calendarDay, channel: z.optional(z.enum(PAY_CHANNELS)) })
  .check(boundedPeriod());
export type SalesByCategoryQuery = z.input<typeof salesByCategoryQuerySchema>;
