import type { auditExportQuerySchema, auditListQuerySchema } from '@cool/shared';
import { and, asc, eq, getTableColumns, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, type PageQuery } from '../../db/list.ts';
import { accounts, auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

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

/** The audit rows of a page or batch, in the list's order. */
const selectAuditRows = (db: Executor, inRows: SQL, order: SQL[]) =>
  db
    .select()
    .from(auditLog)
    .where(inRows)
    .orderBy(...order);

// Built once per list shape (see `pages` in db/list.ts).
const auditPages = auditList.pages(selectAuditRows);

export const listAuditRows = (db: Executor, query: z.output<typeof auditListQuerySchema>) =>
  auditPages(db, query);

export const streamAuditRows = (db: Executor, query: z.output<typeof auditExportQuerySchema>) =>
  auditList.stream(query, ({ where, order, limit, cursor }) =>
    db
      .select({ ...getTableColumns(auditLog), cursor })
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(limit),
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

const signInPages = signInList.pages(selectAuditRows);

export const listSignIns = (db: Executor, accountId: number, query: PageQuery) =>
  signInPages(db, { ...query, accountId: String(accountId) });

/** Staff accounts whose name or username has `keyword`, by username, at most `limit`. */
export const actorChoices = (db: Executor, keyword: string | undefined, limit: number) =>
  db
    .select({ id: accounts.id, name: accounts.name, username: accounts.username })
    .from(accounts)
    .where(
      keyword
        ? or(
            ilike(accounts.name, containsPattern(keyword)),
            ilike(accounts.username, containsPattern(keyword)),
          )
        : undefined,
    )
    .orderBy(asc(accounts.username))
    .limit(limit);
