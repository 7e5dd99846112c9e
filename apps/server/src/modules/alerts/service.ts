import type { Alert, alertListQuerySchema, alertUpdateSchema } from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { notFound } from '../../http/reply.ts';
import * as repo from './repository.ts';

/** The alerts queue: alert rows are written by the submit that raised them (records/service.ts). */

export const listAlerts = (ctx: ServiceContext, query: z.output<typeof alertListQuerySchema>) =>
  repo.listAlerts(ctx.db, query);

export async function getAlert(ctx: ServiceContext, id: number): Promise<Alert> {
  const found = await repo.findAlert(ctx.db, id);
  if (!found) throw notFound('alert.notFound');
  return found;
}

export const alertCounts = async (ctx: ServiceContext) => ({ new: await repo.countNew(ctx.db) });

/** A follow-up: the new status and a note, signed with who wrote it; audited on the alert. */
export const updateAlert = (ctx: ServiceContext, id: number, input: z.output<typeof alertUpdateSchema>) =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = await repo.lockAlert(tx, id);
    if (!before) throw notFound('alert.notFound');
    await repo.followUp(tx, id, { ...input, accountId: actor.accountId, username: actor.username });
    await audit({
      entityType: 'alert',
      entityId: id,
      action: 'update',
      before: { status: before.status },
      after: { status: input.status, note: input.note },
    });
    return getAlert({ ...ctx, db: tx }, id);
  });
