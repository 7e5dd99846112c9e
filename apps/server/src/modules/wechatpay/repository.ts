import type { Executor } from '../../db/database.ts';
import { payLog } from '../../db/schema.ts';

/** One line of the payment log: a call to WeChat Pay or a notification from it. */
export const insertPayLog = (db: Executor, values: typeof payLog.$inferInsert) =>
  db.insert(payLog).values(values);
