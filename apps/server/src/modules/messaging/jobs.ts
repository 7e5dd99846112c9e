import { defineJob } from '../../jobs/jobs.ts';
import { deleteCodesBefore, deleteMessagesBefore } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long enough to look into a complaint about a missing mail; codes and links in it are long dead. */
export const MESSAGE_KEEP_DAYS = 30;

/** Codes older than a day (the hourly limits read only the last hour) and messages older than 30 days. */
export const purgeMessagingJob = defineJob({
  name: 'purge-codes-and-messages',
  cron: '23 * * * *',
  async run(_data, { database }) {
    await deleteCodesBefore(database.db, new Date(Date.now() - DAY_MS));
    await deleteMessagesBefore(database.db, new Date(Date.now() - MESSAGE_KEEP_DAYS * DAY_MS));
  },
});
