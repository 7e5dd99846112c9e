import { purgeRateLimits } from './http/limit-store.ts';
import { defineJob, type Job } from './jobs/jobs.ts';
import { rollUpVisitsJob } from './modules/analysis/jobs.ts';
import { purgeSessions } from './modules/auth/service.ts';
import { recoveryMailJob } from './modules/identity/service.ts';
import { purgeMessagingJob } from './modules/messaging/jobs.ts';
import { notifyStaffJob } from './modules/notifications/service.ts';
import { purgeParticipantSessions } from './modules/participants/service.ts';
import { PAY_JOBS } from './modules/paylog/jobs.ts';

/** Expired and long-revoked sessions, staff and participant ones, are only clutter. */
export const purgeSessionsJob = defineJob({
  name: 'purge-sessions',
  cron: '17 * * * *',
  async run(_data, { database }) {
    await purgeSessions(database.db);
    await purgeParticipantSessions(database.db);
  },
});

/** PGlite has no autovacuum; without this, dead rows pile up and statistics go stale. */
export const vacuumJob = defineJob({
  name: 'vacuum',
  cron: '40 */6 * * *',
  only: 'pglite',
  async run(_data, { database }) {
    await database.pool.query('VACUUM (ANALYZE)');
  },
});

/** Windows of the shared request limits long past (on PostgreSQL; the embedded database counts in memory). */
export const purgeRateLimitsJob = defineJob({
  name: 'purge-rate-limits',
  cron: '29 * * * *',
  only: 'postgres',
  async run(_data, { database }) {
    await purgeRateLimits(database.db);
  },
});

/** Every job the server runs; a new one is defined next to its feature and added here. */
export const JOBS: readonly Job[] = [
  purgeSessionsJob,
  vacuumJob,
  purgeRateLimitsJob,
  purgeMessagingJob,
  notifyStaffJob as Job,
  recoveryMailJob as Job,
  ...PAY_JOBS,
  rollUpVisitsJob,
];
