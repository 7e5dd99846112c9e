import type {
  AuditActor,
  AuditActorQuery,
  AuditEntry,
  auditExportQuerySchema,
  auditListQuerySchema,
  Page,
  SignInEntry,
} from '@cool/shared';
import type { z } from 'zod';
import type { PageQuery } from '../../db/list.ts';
import type { ServiceContext } from '../../db/tx.ts';
import type { CsvCell } from '../../http/csv.ts';
import * as repo from './repository.ts';

export const toAuditEntry = (row: repo.AuditRow): AuditEntry => ({
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

/** How many staff the actor filter offers for one search: type more to narrow it. */
const ACTOR_CHOICES_MAX = 20;

export const actorChoices = (ctx: ServiceContext, query: AuditActorQuery): Promise<AuditActor[]> =>
  repo.actorChoices(ctx.db, query.keyword, ACTOR_CHOICES_MAX);

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'time',
  'actor_id',
  'actor_username',
  'entity_type',
  'entity_id',
  'action',
  'changes',
  'ip',
  'request_id',
];

/** Every entry the filters match as file rows (`AUDIT_EXPORT_COLUMNS`), read in batches; changes as JSON. */
export async function* exportAuditEntries(
  ctx: ServiceContext,
  query: z.output<typeof auditExportQuerySchema>,
): AsyncGenerator<CsvCell[][]> {
  for await (const batch of repo.streamAuditRows(ctx.db, query)) {
    yield batch.map((row) => [
      row.id,
      row.occurredAt.toISOString(),
      row.actorId,
      row.actorUsername,
      row.entityType,
      row.entityId,
      row.action,
      JSON.stringify(row.changes),
      row.ip,
      row.requestId,
    ]);
  }
}

/** What a sign-in row recorded, as the field's new value (`sign-in-failed` writes `{reason, lockedUntil?}`). */
const recorded = (row: repo.AuditRow, field: string) => {
  const value = row.changes[field]?.to;
  return value === undefined || value === null ? null : String(value);
};

const toSignIn = (row: repo.AuditRow): SignInEntry => ({
  id: row.id,
  time: row.occurredAt.toISOString(),
  outcome: row.action === 'sign-in' ? 'success' : 'failure',
  reason: row.action === 'sign-in' ? null : recorded(row, 'reason'),
  lockedUntil: recorded(row, 'lockedUntil'),
  ip: row.ip,
});

export async function listSignIns(
  ctx: ServiceContext,
  accountId: number,
  query: PageQuery,
): Promise<Page<SignInEntry>> {
  const page = await repo.listSignIns(ctx.db, accountId, query);
  return { ...page, data: page.data.map(toSignIn) };
}
