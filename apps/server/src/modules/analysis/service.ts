import {
  ANALYSIS_RANKING_SIZE,
  ANALYSIS_TOP_TESTS_SIZE,
  type AnalysisUnit,
  type PayChannel,
  type SalesByCategory,
  type SalesOverview,
  type SalesPeriod,
  type VisitsOverview,
  type VisitsPeriod,
} from '@cool/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../db/tx.ts';
import { chinaDate, shiftDay } from '../paylog/reconcile.ts';
import * as repo from './repository.ts';

/** The analysis dashboard: the repository's aggregates as the shared contract types (counts come as text). */

const spans = (row: repo.Spans) => ({
  today: Number(row.today),
  yesterday: Number(row.yesterday),
  week: Number(row.week),
  previousWeek: Number(row.previousWeek),
});

const titled = (row: repo.Titled) => ({
  testId: row.testId,
  title: { zh: row.titleZh, en: row.titleEn },
});

const daily = (rows: { date: string; count: string }[]) =>
  rows.map((row) => ({ date: row.date, count: Number(row.count) }));

export async function salesOverview(ctx: ServiceContext): Promise<SalesOverview> {
  const today = chinaDate(new Date());
  const [totals, trend, conversion] = await Promise.all([
    repo.salesTotals(ctx.db, today),
    repo.paymentTrend(ctx.db, today),
    repo.conversion(ctx.db, today),
  ]);
  const c = (key: string) => Number(conversion[key]);
  return {
    totalFen: Number(totals.totalFen),
    salesFen: spans(totals),
    payments: Number(totals.payments),
    paymentsToday: Number(totals.paymentsToday),
    paymentTrend: daily(trend),
    conversion: {
      submitted: c('submitted'),
      paid: c('paid'),
      week: { submitted: c('weekSubmitted'), paid: c('weekPaid') },
      previousWeek: { submitted: c('previousWeekSubmitted'), paid: c('previousWeekPaid') },
    },
  };
}

export async function salesPeriod(
  ctx: ServiceContext,
  query: repo.Period & { unit: AnalysisUnit },
): Promise<SalesPeriod> {
  const [buckets, ranking] = await Promise.all([
    repo.salesBuckets(ctx.db, query, query.unit),
    repo.salesRanking(ctx.db, query),
  ]);
  const rows = buckets.map((b) => ({
    bucket: b.bucket,
    amountFen: Number(b.amountFen),
    payments: Number(b.payments),
  }));
  return {
    buckets: rows,
    // The buckets cover the whole period, each order once.
    totalFen: rows.reduce((sum, b) => sum + b.amountFen, 0),
    payments: rows.reduce((sum, b) => sum + b.payments, 0),
    ranking: ranking.map((r) => ({
      ...titled(r),
      amountFen: Number(r.amountFen),
      payments: Number(r.payments),
    })),
  };
}

export async function salesByCategory(
  ctx: ServiceContext,
  query: repo.Period & { channel?: PayChannel | undefined },
): Promise<SalesByCategory> {
  const rows = await repo.salesByCategory(ctx.db, query, query.channel);
  const categories = rows.map((row) => ({
    categoryId: row.categoryId,
    name: row.categoryId === null ? null : { zh: row.nameZh ?? '', en: row.nameEn ?? '' },
    amountFen: Number(row.amountFen),
  }));
  return { totalFen: categories.reduce((sum, c) => sum + c.amountFen, 0), categories };
}

export async function visitsOverview(ctx: ServiceContext): Promise<VisitsOverview> {
  const today = chinaDate(new Date());
  const [totals, trend] = await Promise.all([
    repo.visitTotals(ctx.db, today),
    repo.visitTrend(ctx.db, today),
  ]);
  return { total: Number(totals.total), visits: spans(totals), trend: daily(trend) };
}

/**
 * The 7 China days of the top tests' weekly range: ending on the period's last day, or today when the period
 * runs on past it (a week of days to come would count nothing).
 */
export function weeklyRange(period: repo.Period, now = new Date()) {
  const today = chinaDate(now);
  // biome-ignore lint/complexity/useMathMinMax: the earlier of two YYYY-MM-DD texts, which Math.min cannot take
  const to = period.to < today ? period.to : today;
  return { from: shiftDay(to, -6), to };
}

const byRecords = (a: TestTaken, b: TestTaken) =>
  b.records - a.records || b.participants - a.participants || a.testId - b.testId;
const byParticipants = (a: TestTaken, b: TestTaken) =>
  b.participants - a.participants || b.records - a.records || a.testId - b.testId;
type TestTaken = { testId: number; records: number; participants: number };

export async function visitsPeriod(
  ctx: ServiceContext,
  query: repo.Period & { unit: AnalysisUnit },
): Promise<VisitsPeriod> {
  const week = weeklyRange(query);
  const grouped = await repo.visitsGrouped(ctx.db, query, query.unit);
  const figures = (row: (typeof grouped)[number]) => ({
    records: Number(row.records),
    participants: Number(row.participants),
  });
  const taken: TestTaken[] = grouped
    .filter((row) => row.kind === 'test')
    .map((row) => ({ testId: Number(row.key), ...figures(row) }));
  const ranking = [...taken].sort(byRecords).slice(0, ANALYSIS_RANKING_SIZE);
  const top = [...taken].sort(byParticipants).slice(0, ANALYSIS_TOP_TESTS_SIZE);
  const ids = [...new Set([...ranking, ...top].map((t) => t.testId))];
  const named = new Map(
    (ids.length ? await repo.testsWithWeeks(ctx.db, ids, week.to) : []).map((t) => [t.testId, t]),
  );
  // A test deleted since leaves the lists, as the join of the statements before did.
  const withTitle = (list: TestTaken[]) => list.filter((t) => named.has(t.testId));
  const total = grouped.find((row) => row.kind === 'total');
  return {
    buckets: grouped
      .filter((row) => row.kind === 'bucket')
      .map((row) => ({ bucket: row.key ?? '', ...figures(row) })),
    records: total ? Number(total.records) : 0,
    participants: total ? Number(total.participants) : 0,
    ranking: withTitle(ranking).map((t) => ({ ...titled(named.get(t.testId)!), records: t.records })),
    weeklyRange: week,
    topTests: withTitle(top).map((t) => {
      const test = named.get(t.testId)!;
      return {
        ...titled(test),
        participants: t.participants,
        records: t.records,
        week: Number(test.week),
        previousWeek: Number(test.previousWeek),
      };
    }),
  };
}

/** A day closes an hour after China's midnight: a record begun just before it may still be committing. */
const CLOSE_AFTER_MS = 3600_000;
/** Days rolled up per transaction: the first run over a year of records holds no lock for long. */
const ROLLUP_CHUNK_DAYS = 31;

/**
 * Rolls up the visits of every closed China day not yet held, a month of days per transaction. Safe to run
 * on several servers at once (the rollup's row is locked) and as often as wanted (nothing to do is one read).
 */
export async function rollUpVisitDays(db: Executor, now = new Date()) {
  const last = chinaDate(new Date(now.getTime() - CLOSE_AFTER_MS), -1);
  let done = false;
  while (!done) {
    done = await db.transaction(async (tx) => {
      const closed = await repo.lockVisitRollup(tx);
      if (closed !== null && closed >= last) return true;
      // Days without records need no rows: start at the first day with some.
      const first = await repo.firstVisitDayAfter(tx, closed);
      const from = first !== null && first < last ? first : last;
      const chunkEnd = shiftDay(from, ROLLUP_CHUNK_DAYS - 1);
      // biome-ignore lint/complexity/useMathMinMax: the earlier of two YYYY-MM-DD texts, which Math.min cannot take
      const to = chunkEnd < last ? chunkEnd : last;
      await repo.rollUpVisits(tx, { from, to });
      return to === last;
    });
  }
}
