import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { outerColumn } from '../../db/list.ts';
import { orders, records, testStats, tests } from '../../db/schema.ts';

/** How much a test has been used: its records and orders. Deleting a used test is refused (`deleteTest`). */
export async function testUsage(db: Executor, testId: number): Promise<{ records: number; orders: number }> {
  const [row] = await db.select({ n: count() }).from(records).where(eq(records.testId, testId));
  const [paid] = await db.select({ n: count() }).from(orders).where(eq(orders.testId, testId));
  return { records: row?.n ?? 0, orders: paid?.n ?? 0 };
}

/** Distinct participants with a record of the test (kept by each start, `test_stats`), over `tests.id`. */
export const participantCountSql = sql<number>`coalesce((select ${testStats.participants} from ${testStats} where ${testStats.testId} = ${outerColumn(tests.id)}), 0)`;
