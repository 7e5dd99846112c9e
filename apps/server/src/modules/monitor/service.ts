import {
  type JobQueues,
  MONITOR_HOURS,
  type OpenAlerts,
  PAY_SUCCESS_VERDICTS,
  type PaymentsHealth,
  type RecordsNow,
} from '@cool/shared';
import type { ServiceContext } from '../../db/tx.ts';
import { chinaDate, chinaDay } from '../paylog/reconcile.ts';
import * as repo from './repository.ts';

/** The monitor dashboard: read-only aggregates of the service's last day. */

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600_000);

export async function recordsNow(ctx: ServiceContext, now = new Date()): Promise<RecordsNow> {
  // "Today" is the service's day: midnight in China time.
  const { start } = chinaDay(chinaDate(now));
  const counts = await repo.recordCounts(ctx.db, start, new Date(now.getTime() - MONITOR_HOURS * 3600_000));
  return {
    startedToday: counts.started,
    submittedToday: counts.submitted,
    inProgress: counts.inProgress,
    hours: await repo.recordsByHour(ctx.db, now),
  };
}

const isSuccess = (verdict: string) => (PAY_SUCCESS_VERDICTS as readonly string[]).includes(verdict);

export async function paymentsHealth(ctx: ServiceContext, now = new Date()): Promise<PaymentsHealth> {
  const { verdicts, calls, latestFailures } = await repo.payLogHealth(ctx.db, hoursAgo(now, MONITOR_HOURS));
  const sum = (rows: typeof verdicts) => rows.reduce((total, row) => total + row.count, 0);
  return {
    verdicts,
    total: sum(verdicts),
    failed: sum(verdicts.filter((row) => !isSuccess(row.verdict))),
    calls,
    latestFailures: latestFailures.map(({ occurredAt, ...failure }) => ({
      ...failure,
      time: occurredAt.toISOString(),
    })),
  };
}

export async function openAlerts(ctx: ServiceContext): Promise<OpenAlerts> {
  const { open, oldestNew } = await repo.openAlerts(ctx.db);
  return {
    open: open.flatMap(({ status, ...row }) => (status === 'closed' ? [] : [{ ...row, status }])),
    oldestNewTime: oldestNew ? oldestNew.toISOString() : null,
  };
}

export async function jobQueues(ctx: ServiceContext, now = new Date()): Promise<JobQueues> {
  if (!(await repo.hasJobQueue(ctx.db))) return { available: false, queues: [] };
  const byName = new Map<string, JobQueues['queues'][number]>();
  for (const { name, state, count } of await repo.jobCounts(ctx.db, hoursAgo(now, MONITOR_HOURS))) {
    const queue = byName.get(name) ?? { name, queued: 0, active: 0, completed: 0, failed: 0 };
    byName.set(name, queue);
    if (state === 'created' || state === 'retry') queue.queued += count;
    else if (state === 'active' || state === 'completed' || state === 'failed') queue[state] += count;
  }
  return { available: true, queues: [...byName.values()] };
}
