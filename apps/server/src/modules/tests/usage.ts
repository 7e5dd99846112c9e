import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { records, tests } from '../../db/schema.ts';

/**
 * How much a test has been used: its records (orders arrive with the payment issue; count them here then).
 * Deleting a used test is refused (`deleteTest` in service.ts).
 */
export async function testUsage(db: Executor, testId: number): Promise<{ records: number; orders: number }> {
  const [row] = await db.select({ n: count() }).from(records).where(eq(records.testId, testId));
  return { records: row?.n ?? 0, orders: 0 };
}

/** Distinct participants with a record of the test, as a SQL expression over `tests.id`. */
export const participantCountSql = sql<number>`(select count(distinct ${records.participantId})::int from ${records} where ${records.testId} = ${tests.id})`;
