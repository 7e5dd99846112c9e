import type { AuditAction, AuditEntityType, Language } from '@cool/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsApiBase } from '../config.ts';
import { type DiffOptions, diff } from './auditDiff.ts';
import type { Executor, Tx } from './database.ts';
import { auditLog } from './schema.ts';

/** Who is acting, and from where; `accountId` is null for the system and for anonymous callers. */
export interface Actor {
  accountId: number | null;
  username: string | null;
  requestId: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: Actor = { accountId: null, username: null, requestId: null, ip: null };

/** What every service function receives: where to read and write, and on whose behalf. */
export interface ServiceContext {
  db: Executor;
  actor: Actor;
  /** The request's logger (absent in jobs and scripts that pass none). */
  log?: FastifyBaseLogger;
  /** The caller's language (`Accept-Language`), for mail and SMS written to someone who has none saved. */
  language?: Language;
  /** Where SMS providers are reached (config); absent means their public endpoints. */
  smsApiBase?: SmsApiBase;
  /** `SMTP_ALLOW_PRIVATE`: the SMTP server may be on the server's own network (absent: it may not). */
  smtpAllowPrivate?: boolean;
}

/** One change for the audit log; the diff of `before` and `after` is what gets written. */
export interface AuditInput extends DiffOptions {
  entityType: AuditEntityType;
  entityId: number | string | null;
  action: AuditAction;
  /** The record before the change; null or absent for a create. */
  before?: object | null;
  /** The record after the change; null or absent for a delete. */
  after?: object | null;
  /** Overrides the context's actor, e.g. at sign-in, where the account is known only once it is checked. */
  actor?: { accountId: number | null; username: string | null };
}

/**
 * What a change inside `withTx` works with: the caller's context whose database is the transaction (`db` and
 * `tx` are the same), so a service function called with the scope runs inside it. Lint refuses the outer
 * context's `db` inside the callback (lint/server-tx-reads.grit).
 */
export interface TxScope extends ServiceContext {
  db: Tx;
  tx: Tx;
  /** Writes one audit row in this transaction; it commits or rolls back with the change. */
  audit(change: AuditInput): Promise<void>;
}

/**
 * Runs a change in one transaction (a savepoint when `ctx.db` is already a transaction) and refuses to
 * commit one that recorded no audit entry: every change leaves a row. An `update` whose diff is empty (saved
 * as it was) leaves none: it changed nothing. Reads need no `withTx`.
 */
export function withTx<T>(ctx: ServiceContext, operation: (scope: TxScope) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    let audited = 0;
    const audit = async ({ entityType, entityId, action, before, after, actor, ...options }: AuditInput) => {
      const who = actor ?? ctx.actor;
      const changes = diff(before, after, options);
      audited++;
      // An edit that changed no field changed nothing: the log keeps only what happened.
      if (action === 'update' && Object.keys(changes).length === 0) return;
      await tx.insert(auditLog).values({
        actorId: who.accountId,
        actorUsername: who.username,
        entityType,
        entityId: entityId === null ? null : String(entityId),
        action,
        changes,
        requestId: ctx.actor.requestId,
        ip: ctx.actor.ip,
      });
    };
    const result = await operation({ ...ctx, db: tx, tx, audit });
    if (audited === 0) throw new Error('A change committed without an audit entry; call audit() in withTx');
    return result;
  });
}
