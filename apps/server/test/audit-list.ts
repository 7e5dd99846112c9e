import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../src/db/database.ts';
import { auditLog } from '../src/db/schema.ts';

/**
 * A list over audit rows, the list helper's fixture: a timestamp sort key with microseconds and ties, an
 * expression sort key, and a filter.
 */
export const auditListSpec = {
  table: auditLog,
  id: auditLog.id,
  filters: { action: (action: string) => eq(auditLog.action, action) },
  sorts: { time: auditLog.occurredAt, entityId: sql`${auditLog.entityId}::int` },
  defaultSort: { field: 'time', order: 'descend' },
} as const;

/** The rows of a page: their id and entity id. */
export const fetchAuditRows = (db: Executor) => (inPage: SQL, order: SQL[]) =>
  db
    .select({ id: auditLog.id, entityId: auditLog.entityId })
    .from(auditLog)
    .where(inPage)
    .orderBy(...order);
