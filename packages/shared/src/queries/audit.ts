import * as z from 'zod/mini';
import { listQuery, queryId, queryText, queryTime, SORT_ORDERS } from './list.ts';

/** The audit log: its query and export, and the values their filters name. */

/** What an audit entry is about; a module that starts auditing a new kind of record adds it here. */
export const AUDIT_ENTITY_TYPES = [
  'category',
  'test',
  'question',
  'settings',
  'account',
  'role',
  'participant',
  'record',
  'alert',
  /** Payment orders: staff sync, close and refund. */
  'order',
  /** A day's trade bill reconciled, and its differences synced. */
  'reconciliation',
  /** The team's goals (the template's goal form, plan and search table). */
  'goal',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** What was done; add a verb here when a service needs one (say `reorder` or `publish`). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'import',
  'sign-in',
  /** A refused sign-in (wrong password, unknown or disabled account); `lockedUntil` when it locked. */
  'sign-in-failed',
  'sign-out',
  /** A test put on the shelf (a new version) or taken off. */
  'publish',
  'unpublish',
  /** Participants: blocked, unblocked, a copy of their data taken, erased on request. */
  'block',
  'unblock',
  'export',
  'erase',
  /** Orders: synced with WeChat Pay, closed, refunded. */
  'sync',
  'close',
  'refund',
  /** Staff identity. */
  'sign-up',
  'activate',
  'approve',
  'invite',
  'reset-password',
  'change-password',
  'recover',
  'revoke-sessions',
  'two-step-on',
  'two-step-off',
  'bind',
  'unbind',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditFilters = {
  actorId: z.optional(queryId()),
  entityType: z.optional(z.enum(AUDIT_ENTITY_TYPES)),
  entityId: z.optional(queryText(64).check(z.minLength(1))),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  /** Entries at or after this time. */
  from: queryTime(),
  /** Entries before this time. */
  to: queryTime(),
  /** Newest first unless sorted by `time` ascending. */
  sortField: z.optional(z.enum(['time'])),
  sortOrder: z.optional(z.enum(SORT_ORDERS)),
};

/** An entity id means nothing without its type. */
const entityTypeGiven = () =>
  z.refine<{ entityId?: string | undefined; entityType?: string | undefined }>(
    (q) => q.entityId === undefined || q.entityType !== undefined,
    { path: ['entityId'], message: 'field.required' },
  );

export const auditListQuerySchema = listQuery(auditFilters).check(entityTypeGiven());
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** The same filters as the list, for the CSV download of every matching entry. */
export const auditExportQuerySchema = z.object(auditFilters).check(entityTypeGiven());
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

/** The actor filter's search: staff whose name or username has the keyword (all of them when it is empty). */
export const auditActorQuerySchema = z.object({ keyword: z.optional(queryText(64)) });
export type AuditActorQuery = z.input<typeof auditActorQuerySchema>;
