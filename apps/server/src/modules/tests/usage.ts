import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';

/**
 * How much a test has been used. There are no test-record or order tables yet (they arrive with the
 * answering and payment issues); when they do, count them here and in `participantCountSql`, and
 * deleting a used test is refused (`deleteTest` in service.ts).
 */
export async function testUsage(
  _db: Executor,
  _testId: number,
): Promise<{ records: number; orders: number }> {
  return { records: 0, orders: 0 };
}

/** Real participants of a test, as a SQL expression over `tests.id` (0 until test records exist). */
export const participantCountSql = sql<number>`0`;
