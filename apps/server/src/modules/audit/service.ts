import type { AuditEntry, auditListQuerySchema, Page } from '@cool/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../db/tx.ts';
import * as repo from './repository.ts';

const toAuditEntry = (row: repo.AuditRow): AuditEntry => ({
  id: row.id,
  time: row.occurredAt.toISOString(),
  actorId: row.actorId,
  actorUsername: row.actorUsername,
  entityType: row.entityType,
  entityId: row.entityId,
  action: row.action,
  changes: row.changes,
  requestId: row.requestId,
  ip: row.ip,
});

export async function listAuditEntries(
  ctx: ServiceContext,
  query: z.output<typeof auditListQuerySchema>,
): Promise<Page<AuditEntry>> {
  const page = await repo.listAuditRows(ctx.db, query);
  return { ...page, data: page.data.map(toAuditEntry) };
}
