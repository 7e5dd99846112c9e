import type { auditListQuerySchema } from '@cool/shared';
import { eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { defineList } from '../../db/list.ts';
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
