import type { auditExportQuerySchema, auditListQuerySchema } from '@cool/shared';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { defineList, type PageQuery } from '../../db/list.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditRow(db: Executor, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

const auditList = defineList({
  table: auditLog,
  id: auditLog.id,
  filters: {
    actorId: (id: number) => eq(auditLog.actorId, id),
    entityType: (type: string) => eq(auditLog.entityType, type),
    entityId: (id: string) => eq(auditLog.entityId, id),
    action: (action: string) => eq(auditLog.action, action),
    from: (time: string) => gte(auditLog.occurredAt, new Date(time)),
    to: (time: string) => lt(auditLog.occurredAt, new Date(time)),
  },
  sorts: { time: auditLog.occurredAt },
  defaultSort: { field: 'time', order: 'descend' },
});

export const listAuditRows = (db: Executor, query: z.output<typeof auditListQuerySchema>) =>
  auditList.page(db, query, (inPage, order) =>
    db
      .select()
      .from(auditLog)
      .where(inPage)
      .orderBy(...order),
  );

export const streamAuditRows = (db: Executor, query: z.output<typeof auditExportQuerySchema>) =>
  auditList.stream(db, query, (inBatch, order) =>
    db
      .select()
      .from(auditLog)
      .where(inBatch)
      .orderBy(...order),
  );

/** An account's sign-in attempts: served by the entity index (type, id, time). */
const signInList = defineList({
  table: auditLog,
  id: auditLog.id,
  filters: {
    accountId: (id: string) =>
      and(
        eq(auditLog.entityType, 'account'),
        eq(auditLog.entityId, id),
        inArray(auditLog.action, ['sign-in', 'sign-in-failed']),
      ),
  },
  sorts: { time: auditLog.occurredAt },
  defaultSort: { field: 'time', order: 'descend' },
});

export const listSignIns = (db: Executor, accountId: number, query: PageQuery) =>
  signInList.page(db, { ...query, accountId: String(accountId) }, (inPage, order) =>
    db
      .select()
      .from(auditLog)
      .where(inPage)
      .orderBy(...order),
  );
