import { z } from 'zod';

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

/** A staff account the audit log can be filtered by (enabled or not: a disabled account acted too). */
export const auditActorSchema = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;
