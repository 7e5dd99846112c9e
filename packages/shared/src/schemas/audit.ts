import { z } from 'zod';
import { pageQuerySchema, sortOrderSchema } from '../envelope.ts';
import { recordIdQuery, text } from './fields.ts';

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
  /** Payment orders (issue 10): staff sync, close and refund. */
  'order',
  /** A day's trade bill reconciled, and its differences synced (issue 10). */
  'reconciliation',
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
  /** Orders: synced with WeChat Pay, closed, refunded (issue 10). */
  'sync',
  'close',
  'refund',
  /** Staff identity (issue 11). */
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

/**
 * The changed fields: `to` only for a create, `from` only for a delete; secrets are never included, a
 * changed secret (a new password) is only `{changed: true}`.
 */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown(), to: z.unknown(), changed: z.literal(true) }).partial(),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When it happened, ISO 8601 in UTC. */
  time: z.string(),
  /** The staff account that acted; null for the system. Kept after the account is deleted. */
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  changes: auditChangesSchema,
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoTime = z.iso.datetime({ offset: true });

const auditFilters = z.object({
  actorId: recordIdQuery.optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: text(64).min(1).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Entries at or after this time. */
  from: isoTime.optional(),
  /** Entries before this time. */
  to: isoTime.optional(),
  /** Newest first unless sorted by `time` ascending. */
  sortField: z.enum(['time']).optional(),
  sortOrder: sortOrderSchema.optional(),
});

/** An entity id means nothing without its type. */
const hasEntityType = (q: { entityId?: string | undefined; entityType?: string | undefined }) =>
  q.entityId === undefined || q.entityType !== undefined;
const ENTITY_TYPE_REQUIRED = { path: ['entityId'], message: 'field.required' };

export const auditListQuerySchema = pageQuerySchema
  .extend(auditFilters.shape)
  .refine(hasEntityType, ENTITY_TYPE_REQUIRED);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** The same filters as the list, for the CSV download of every matching entry. */
export const auditExportQuerySchema = auditFilters.refine(hasEntityType, ENTITY_TYPE_REQUIRED);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;
