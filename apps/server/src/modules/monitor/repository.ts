import { LATEST_FAILURES, MONITOR_HOURS, PAY_SUCCESS_VERDICTS } from '@cool/shared';
import { and, asc, count, desc, eq, gte, inArray, min, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { alerts, payLog, records } from '../../db/schema.ts';

/** The monitor's aggregates: each one a single statement on an index (time or status). */

const countSince = (column: typeof records.startedAt | typeof records.submittedAt, start: Date) =>
  sql<number>`count(*) filter (where ${column} >= ${start})`.mapWith(Number);

/**
 * Records started and submitted since `todayStart`, and those in progress that started after `openSince`: a
 * year leaves hundreds of thousands of starts nobody finished, which are not being answered now (and
 * counting them took 140 ms on every poll of every open monitor).
 */
export async function recordCounts(db: Executor, todayStart: Date, openSince: Date) {
  const [today] = await db
    .select({
      started: countSince(records.startedAt, todayStart),
      submitted: countSince(records.submittedAt, todayStart),
    })
    .from(records)
    .where(sql`${records.startedAt} >= ${todayStart} or ${records.submittedAt} >= ${todayStart}`);
  // The status as a literal: the partial index of open records matches it in a generic plan too.
  const [open] = await db
    .select({ n: count() })
    .from(records)
    .where(and(sql`${records.status} = 'in_progress'`, gte(records.startedAt, openSince)));
  return { started: today!.started, submitted: today!.submitted, inProgress: open!.n };
}

/**
 * Each of the last MONITOR_HOURS hours up to `now`'s, zeros included (generate_series): records started and
 * submitted in it. China time is a whole number of hours from UTC, so UTC hours are China-time hours.
 */
export async function recordsByHour(db: Executor, now: Date) {
  const { rows } = await db.execute<{ hour: Date | string; started: string; submitted: string }>(sql`
    with hours as (
      select generate_series(
        date_trunc('hour', ${now}::timestamptz) - ${`${MONITOR_HOURS - 1} hours`}::interval,
        date_trunc('hour', ${now}::timestamptz),
        interval '1 hour') as hour
    ),
    started as (
      select date_trunc('hour', ${records.startedAt}) as hour, count(*) as n from ${records}
      where ${records.startedAt} >= (select min(hour) from hours) group by 1
    ),
    submitted as (
      select date_trunc('hour', ${records.submittedAt}) as hour, count(*) as n from ${records}
      where ${records.submittedAt} >= (select min(hour) from hours) group by 1
    )
    select h.hour, coalesce(s.n, 0) as started, coalesce(d.n, 0) as submitted
    from hours h left join started s on s.hour = h.hour left join submitted d on d.hour = h.hour
    order by h.hour`);
  return rows.map((row) => ({
    hour: new Date(row.hour).toISOString(),
    started: Number(row.started),
    submitted: Number(row.submitted),
  }));
}

/** The payment log since `since`: counts by direction and verdict, outbound timing, newest failures. */
export async function payLogHealth(db: Executor, since: Date) {
  const recent = gte(payLog.occurredAt, since);
  const verdicts = await db
    .select({ direction: payLog.direction, verdict: payLog.verdict, count: count() })
    .from(payLog)
    .where(recent)
    .groupBy(payLog.direction, payLog.verdict)
    .orderBy(desc(count()), asc(payLog.direction), asc(payLog.verdict));
  const [calls] = await db
    .select({
      count: count(),
      averageMs: sql<number | null>`round(avg(${payLog.durationMs}))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      p95Ms: sql<
        number | null
      >`round(percentile_cont(0.95) within group (order by ${payLog.durationMs}))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(payLog)
    .where(and(recent, eq(payLog.direction, 'outbound')));
  const latestFailures = await db
    .select({
      id: payLog.id,
      occurredAt: payLog.occurredAt,
      direction: payLog.direction,
      operation: payLog.operation,
      orderNo: payLog.orderNo,
      verdict: payLog.verdict,
      httpStatus: payLog.httpStatus,
    })
    .from(payLog)
    .where(and(recent, notInArray(payLog.verdict, [...PAY_SUCCESS_VERDICTS])))
    .orderBy(desc(payLog.occurredAt), desc(payLog.id))
    .limit(LATEST_FAILURES);
  return { verdicts, calls: calls!, latestFailures };
}

/** Alerts not closed by severity and status, and the oldest one still new. */
export async function openAlerts(db: Executor) {
  const open = await db
    .select({ severity: alerts.severity, status: alerts.status, count: count() })
    .from(alerts)
    .where(inArray(alerts.status, ['new', 'contacted']))
    .groupBy(alerts.severity, alerts.status);
  const [oldest] = await db
    .select({ time: min(alerts.createdAt) })
    .from(alerts)
    .where(eq(alerts.status, 'new'));
  return { open, oldestNew: oldest?.time ?? null };
}

/** Whether pg-boss's tables exist here: they do once a server has started its job queue. */
export async function hasJobQueue(db: Executor): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.archive') is not null as found`,
  );
  return rows[0]?.found === true;
}

/**
 * pg-boss's jobs created since `since` by queue and state, from its live table and its archive (where done
 * and failed jobs move after a while; its index is on `archived_on`, never before `created_on`). pg-boss's
 * own schema: read only here. The live table holds only what is not yet archived, so it stays small.
 */
export async function jobCounts(db: Executor, since: Date) {
  const { rows } = await db.execute<{ name: string; state: string; n: string }>(sql`
    select name, state::text as state, count(*) as n from (
      select name, state from pgboss.job where created_on >= ${since}
      union all
      select name, state from pgboss.archive where archived_on >= ${since} and created_on >= ${since}
    ) jobs
    -- pg-boss's own bookkeeping queues are not the service's work.
    where name not like '\_\_pgboss\_\_%'
    group by name, state order by name`);
  return rows.map((row) => ({ name: row.name, state: row.state, count: Number(row.n) }));
}
