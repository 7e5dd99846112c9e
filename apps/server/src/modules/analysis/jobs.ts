import { defineJob } from '../../jobs/jobs.ts';
import { rollUpVisitDays } from './service.ts';

/** Closes the visits of past China days into the rollups the dashboard reads (first run: the whole history). */
export const rollUpVisitsJob = defineJob({
  name: 'roll-up-visits',
  cron: '*/10 * * * *',
  // A first deployment on a year of records rolls them up at once, not at the next tenth minute.
  atStart: true,
  async run(_data, { database }) {
    await rollUpVisitDays(database.db);
  },
});
