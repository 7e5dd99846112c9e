import { ANALYSIS_RANKING_SIZE, ANALYSIS_TREND_DAYS, type AnalysisUnit, type PayChannel } from '@cool/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  categories,
  orders,
  records,
  rollups,
  testCategories,
  tests,
  visitDays,
  visitTestDays,
} from '../../db/schema.ts';
import { chinaDate, chinaDay, shiftDay } from '../paylog/reconcile.ts';

/**
 * The dashboard's aggregates, each one statement. Days are China's calendar days (the WeChat Pay bills' days,
 * see paylog/reconcile.ts); every range is a half-open range on an indexed time column.
 */

const ZONE = sql.raw(`'Asia/Shanghai'`);

/** A period of whole China-time days, `from` to `to` included. */
export interface Period {
  from: string;
  to: string;
}

/** `time` as China's local time (timestamp without zone). */
const local = (time: unknown) => sql`(${time} at time zone ${ZONE})`;
/** The instant China's day `YYYY-MM-DD` starts, as a parameter: a constant the planner compares an index with. */
const dayStart = (day: string) => sql`${chinaDay(day).start.toISOString()}::timestamptz`;
/** `[from, to + 1 day)` on `column`. */
const inPeriod = (column: unknown, { from, to }: Period) =>
  sql`${column} >= ${dayStart(from)} and ${column} < ${dayStart(shiftDay(to, 1))}`;
/**
 * `column` in the `days` China days ending `daysAgo` days before the China day `end`. The bounds are
 * parameters: computed in the statement (`now() at time zone ...`) they were recomputed for every row of a
 * FILTER, 1-2 s a card on a year of data instead of 0.1 s.
 */
const inLastDays = (column: unknown, end: string, days: number, daysAgo = 0) => {
  const last = chinaDay(end).start;
  return inPeriod(column, { from: chinaDate(last, -(days - 1 + daysAgo)), to: chinaDate(last, -daysAgo) });
};

const LABELS: Record<AnalysisUnit, string> = {
  hour: 'YYYY-MM-DD HH24:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

/**
 * Every bucket of the period (so a bucket without data is there with 0s), left-joined to `grouped`, whose
 * `bucket` column is `date_trunc(unit, local time)`.
 */
function bucketed(period: Period, unit: AnalysisUnit, columns: SQL, grouped: SQL) {
  return sql`
    select to_char(series.bucket, ${LABELS[unit]}) as "bucket", ${columns}
    from ${bucketSeries(period, unit)}
    left join (${grouped}) as grouped on grouped.bucket = series.bucket
    order by series.bucket`;
}

/** Every `unit` of the period, as `series.bucket` (timestamps of China's local time). */
const bucketSeries = (period: Period, unit: AnalysisUnit) => sql`generate_series(
  date_trunc(${unit}, ${period.from}::date::timestamp),
  date_trunc(${unit}, (${period.to}::date + 1)::timestamp - interval '1 microsecond'),
  ('1 ' || ${unit})::interval
) as series(bucket)`;

const rows = async <Row>(db: Executor, query: SQL) => (await db.execute(query)).rows as Row[];

/** The first China day of the trend ending `today`. */
const trendStart = (today: string) => shiftDay(today, 1 - ANALYSIS_TREND_DAYS);

/** Every China day of the last ANALYSIS_TREND_DAYS days, `today` included, with `perDay`'s (day, count). */
const trend = (db: Executor, today: string, perDay: SQL) =>
  rows<{ date: string; count: string }>(
    db,
    sql`
      select to_char(series.day, 'YYYY-MM-DD') as "date", coalesce(grouped.count, 0) as "count"
      from generate_series(${trendStart(today)}::timestamp, ${today}::timestamp, interval '1 day') as series(day)
      left join (${perDay}) as grouped on grouped.day = series.day::date
      order by series.day`,
  );

/** Counts per China day over the last ANALYSIS_TREND_DAYS days, `today` included, of `column` in `table`. */
const dailyCounts = (db: Executor, table: unknown, column: unknown, today: string) =>
  trend(
    db,
    today,
    sql`select ${local(column)}::date as day, count(*) as count from ${table}
      where ${inLastDays(column, today, ANALYSIS_TREND_DAYS)} group by 1`,
  );

/** Sums of `value` over `today`, yesterday, the last 7 days and the 7 before. */
const spans = (value: SQL, column: unknown, today: string) => sql`
  coalesce(sum(${value}) filter (where ${inLastDays(column, today, 1)}), 0) as "today",
  coalesce(sum(${value}) filter (where ${inLastDays(column, today, 1, 1)}), 0) as "yesterday",
  coalesce(sum(${value}) filter (where ${inLastDays(column, today, 7)}), 0) as "week",
  coalesce(sum(${value}) filter (where ${inLastDays(column, today, 7, 7)}), 0) as "previousWeek"`;

export type Spans = Record<'today' | 'yesterday' | 'week' | 'previousWeek', string>;

// ---- Sales (orders) ----------------------------------------------------------------------------------

const NET = sql`(${orders.amountFen} - ${orders.refundedFen})`;

/** Every paid order's net amount and count, with today's and the last two weeks' spans. */
export const salesTotals = async (db: Executor, today: string) =>
  (
    await rows<Spans & { totalFen: string; payments: string; paymentsToday: string }>(
      db,
      sql`
        select coalesce(sum(${NET}), 0) as "totalFen", count(*) as "payments",
          count(*) filter (where ${inLastDays(orders.paidAt, today, 1)}) as "paymentsToday",
          ${spans(NET, orders.paidAt, today)}
        from ${orders} where ${orders.paidAt} is not null`,
    )
  )[0]!;

export const paymentTrend = (db: Executor, today: string) => dailyCounts(db, orders, orders.paidAt, today);

const CONVERTED = sql`case when ${records.unlockedAt} is not null then 1 else 0 end`;

/**
 * Records of paid tests submitted in the last ANALYSIS_TREND_DAYS days, and those whose report a payment
 * unlocked (a full refund locks it again), with the same over the last 7 days and the 7 before.
 */
export const conversion = async (db: Executor, today: string) =>
  (
    await rows<Record<string, string>>(
      db,
      sql`
        select count(*) as "submitted", coalesce(sum(${CONVERTED}), 0) as "paid",
          count(*) filter (where ${inLastDays(records.submittedAt, today, 7)}) as "weekSubmitted",
          coalesce(sum(${CONVERTED}) filter (where ${inLastDays(records.submittedAt, today, 7)}), 0) as "weekPaid",
          count(*) filter (where ${inLastDays(records.submittedAt, today, 7, 7)}) as "previousWeekSubmitted",
          coalesce(sum(${CONVERTED}) filter (where ${inLastDays(records.submittedAt, today, 7, 7)}), 0)
            as "previousWeekPaid"
        from ${records}
        where ${inLastDays(records.submittedAt, today, ANALYSIS_TREND_DAYS)} and ${records.priceFen} > 0`,
    )
  )[0]!;

const paidIn = (period: Period) => inPeriod(orders.paidAt, period);

export const salesBuckets = (db: Executor, period: Period, unit: AnalysisUnit) =>
  rows<{ bucket: string; amountFen: string; payments: string }>(
    db,
    bucketed(
      period,
      unit,
      sql`coalesce(grouped.amount, 0) as "amountFen", coalesce(grouped.payments, 0) as "payments"`,
      sql`select date_trunc(${unit}, ${local(orders.paidAt)}) as bucket, sum(${NET}) as amount, count(*) as payments
        from ${orders} where ${paidIn(period)} group by 1`,
    ),
  );

const TITLE = sql`${tests.titleZh} as "titleZh", ${tests.titleEn} as "titleEn"`;
export type Titled = { testId: number; titleZh: string; titleEn: string };

export const salesRanking = (db: Executor, period: Period) =>
  rows<Titled & { amountFen: string; payments: string }>(
    db,
    sql`
      select sales.test_id as "testId", ${TITLE}, sales.amount as "amountFen", sales.payments as "payments"
      from (
        select ${orders.testId} as test_id, sum(${NET}) as amount, count(*) as payments
        from ${orders} where ${paidIn(period)} group by 1
      ) as sales join ${tests} on ${tests.id} = sales.test_id
      order by sales.amount desc, sales.payments desc, sales.test_id
      limit ${ANALYSIS_RANKING_SIZE}`,
  );

/** The period's net sales by each test's first category (in the categories' order); null: a test in none. */
export const salesByCategory = (db: Executor, period: Period, channel: PayChannel | undefined) =>
  rows<{ categoryId: number | null; nameZh: string | null; nameEn: string | null; amountFen: string }>(
    db,
    sql`
      select first.id as "categoryId", first.name_zh as "nameZh", first.name_en as "nameEn",
        sum(sales.amount) as "amountFen"
      from (
        select ${orders.testId} as test_id, sum(${NET}) as amount from ${orders}
        where ${paidIn(period)} ${channel ? sql`and ${orders.channel} = ${channel}` : sql``}
        group by 1
      ) as sales
      left join lateral (
        select ${categories.id} as id, ${categories.nameZh} as name_zh, ${categories.nameEn} as name_en
        from ${testCategories} join ${categories} on ${categories.id} = ${testCategories.categoryId}
        where ${testCategories.testId} = sales.test_id
        order by ${categories.sortOrder}, ${categories.id} limit 1
      ) as first on true
      group by 1, 2, 3
      order by 4 desc, 1`,
  );

// ---- Visits (records) --------------------------------------------------------------------------------

/** The last China day the visit rollups hold, read in the statement that reads them (one snapshot). */
const CLOSED = sql`(select ${rollups.closedThrough} from ${rollups} where ${rollups.name} = 'visits')`;
/** The instant after the rollups' last day: records from here on are counted live. */
const OPEN_FROM = sql`coalesce(((${CLOSED} + 1)::timestamp at time zone ${ZONE}), '-infinity')`;

/**
 * Visits per China day in the period: records started and distinct participants that day, per test
 * (`byTest`) or over all tests. Closed days come from the rollups, the days after from the records (today,
 * and yesterday until the job closes it), so the figures never depend on how recently the job ran.
 */
function visitsByDay({ from, to }: Period, byTest: boolean) {
  const rolled = byTest ? visitTestDays : visitDays;
  const test = byTest ? sql`, ${visitTestDays.testId} as test_id` : sql``;
  const liveTest = byTest ? sql`, ${records.testId}` : sql``;
  return sql`
    select ${rolled.day} as day ${test}, ${rolled.records} as records, ${rolled.participants} as participants
    from ${rolled} where ${rolled.day} between ${from}::date and ${to}::date and ${rolled.day} <= ${CLOSED}
    union all
    select ${local(records.startedAt)}::date ${liveTest}, count(*), count(distinct ${records.participantId})
    from ${records}
    where ${records.startedAt} >= greatest(${dayStart(from)}, ${OPEN_FROM})
      and ${records.startedAt} < ${dayStart(shiftDay(to, 1))}
    group by 1 ${byTest ? sql`, 2` : sql``}`;
}

/** Every record ever and those of today, yesterday and the last two weeks (China days). */
export const visitTotals = async (db: Executor, today: string) => {
  const since = (days: number, daysAgo = 0) => {
    const last = shiftDay(today, -daysAgo);
    return sql`sum(records) filter (where day between ${shiftDay(last, 1 - days)}::date and ${last}::date)`;
  };
  return (
    await rows<Spans & { total: string }>(
      db,
      sql`
        select coalesce(sum(records), 0) as "total", coalesce(${since(1)}, 0) as "today",
          coalesce(${since(1, 1)}, 0) as "yesterday", coalesce(${since(7)}, 0) as "week",
          coalesce(${since(7, 7)}, 0) as "previousWeek"
        from (${visitsByDay({ from: FIRST_DAY, to: today }, false)}) as days`,
    )
  )[0]!;
};

/** Records started per China day over the last ANALYSIS_TREND_DAYS days, `today` included. */
export const visitTrend = (db: Executor, today: string) =>
  trend(
    db,
    today,
    sql`select day, records as count from (${visitsByDay({ from: trendStart(today), to: today }, false)}) as days`,
  );

type VisitsRow = {
  kind: 'bucket' | 'test' | 'total';
  key: string | null;
  records: string;
  participants: string;
};

/**
 * The period's visits, per bucket (every bucket of the period, zeros included), per test and in all, each with
 * its records and participants (`kind`: bucket, test, total). By the day or month, participants are counted
 * once a day (the sum of each day's distinct participants): a year then reads 365 rolled-up rows.
 */
export const visitsGrouped = (db: Executor, period: Period, unit: AnalysisUnit) =>
  unit === 'hour' ? visitsByHour(db, period) : visitsByDays(db, period, unit);

const visitsByDays = (db: Executor, period: Period, unit: AnalysisUnit) =>
  rows<VisitsRow>(
    db,
    sql`
      with all_tests as materialized (${visitsByDay(period, false)}),
        per_test as (${visitsByDay(period, true)})
      select 'bucket' as "kind", to_char(series.bucket, ${LABELS[unit]}) as "key",
        coalesce(sum(all_tests.records), 0) as "records", coalesce(sum(all_tests.participants), 0) as "participants"
      from ${bucketSeries(period, unit)}
      left join all_tests on date_trunc(${unit}, all_tests.day::timestamp) = series.bucket
      group by series.bucket
      union all
      select 'test', test_id::text, sum(records), sum(participants) from per_test group by test_id
      union all
      select 'total', null, coalesce(sum(records), 0), coalesce(sum(participants), 0) from all_tests
      order by 1, 2`,
  );

/** A period of a few days by the hour, from the records (a week at most, so distinct counts stay cheap). */
const visitsByHour = (db: Executor, period: Period) =>
  rows<VisitsRow>(
    db,
    sql`
      with grouped as materialized (
        select grouping(bucket, test_id) as sets, bucket, test_id, count(*) as records,
          count(distinct participant_id) as participants
        from (
          select date_trunc('hour', ${local(records.startedAt)}) as bucket, ${records.testId} as test_id,
            ${records.participantId} as participant_id
          from ${records} where ${inPeriod(records.startedAt, period)}
        ) as taken
        group by grouping sets ((bucket), (test_id), ())
      )
      select 'bucket' as "kind", to_char(series.bucket, ${LABELS.hour}) as "key",
        coalesce(grouped.records, 0) as "records", coalesce(grouped.participants, 0) as "participants"
      from ${bucketSeries(period, 'hour')}
      left join grouped on grouped.sets = 1 and grouped.bucket = series.bucket
      union all
      select 'test', test_id::text, records, participants from grouped where sets = 2
      union all
      select 'total', null, records, participants from grouped where sets = 3`,
  );

/** The tests' titles, with their records over the 7 China days ending `weekEnd` and the 7 before. */
export const testsWithWeeks = (db: Executor, ids: number[], weekEnd: string) => {
  const weekStart = shiftDay(weekEnd, -6);
  return rows<Titled & { week: string; previousWeek: string }>(
    db,
    sql`
      select ${tests.id} as "testId", ${TITLE},
        coalesce(sum(days.records) filter (where days.day >= ${weekStart}::date), 0) as "week",
        coalesce(sum(days.records) filter (where days.day < ${weekStart}::date), 0) as "previousWeek"
      from ${tests}
      left join (${visitsByDay({ from: shiftDay(weekEnd, -13), to: weekEnd }, true)}) as days
        on days.test_id = ${tests.id}
      where ${tests.id} = any(${`{${ids.join(',')}}`}::int[])
      group by ${tests.id}`,
  );
};

// ---- Rollups (the job) -------------------------------------------------------------------------------

/** The China day before which no record can start (the dashboard's all-time figures start here). */
const FIRST_DAY = '2000-01-01';

/** The rollups' last day, locked until the transaction ends (the row is made on first use). */
export async function lockVisitRollup(tx: Executor): Promise<string | null> {
  await tx.insert(rollups).values({ name: 'visits' }).onConflictDoNothing();
  const [row] = await tx.select().from(rollups).where(eq(rollups.name, 'visits')).for('update');
  return row?.closedThrough ?? null;
}

/** The China day of the first record started after `after` (any, when null); null when there is none. */
export async function firstVisitDayAfter(db: Executor, after: string | null) {
  const [row] = await rows<{ day: string | null }>(
    db,
    sql`select to_char(${local(sql`min(${records.startedAt})`)}, 'YYYY-MM-DD') as day from ${records}
      ${after ? sql`where ${records.startedAt} >= ${dayStart(shiftDay(after, 1))}` : sql``}`,
  );
  return row?.day ?? null;
}

/** Rolls up the China days `from` to `to` from the records and records `to` as the last day held. */
export async function rollUpVisits(tx: Executor, period: Period) {
  const started = inPeriod(records.startedAt, period);
  const day = sql`${local(records.startedAt)}::date`;
  await tx.execute(sql`
    insert into ${visitDays} (day, records, participants)
    select ${day}, count(*), count(distinct ${records.participantId}) from ${records} where ${started} group by 1`);
  await tx.execute(sql`
    insert into ${visitTestDays} (day, test_id, records, participants)
    select ${day}, ${records.testId}, count(*), count(distinct ${records.participantId}) from ${records}
    where ${started} group by 1, 2`);
  await tx.update(rollups).set({ closedThrough: period.to }).where(eq(rollups.name, 'visits'));
}
