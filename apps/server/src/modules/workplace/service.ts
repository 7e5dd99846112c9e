import { EXPIRING_SOON_MINUTES, type OrderToDo, type Team } from '@cool/shared';
import type { ServiceContext } from '../../db/tx.ts';
import * as repo from './repository.ts';

/** The workplace: what the signed-in staff member may act on. */

export async function orderToDo(ctx: ServiceContext, now = new Date()): Promise<OrderToDo> {
  const refunds = await repo.openRefunds(ctx.db);
  const of = (status: string) => refunds.find((row) => row.status === status)?.count ?? 0;
  return {
    refundsProcessing: of('processing'),
    refundsAbnormal: of('abnormal'),
    unpaidExpiringSoon: await repo.unpaidExpiring(
      ctx.db,
      now,
      new Date(now.getTime() + EXPIRING_SOON_MINUTES * 60_000),
    ),
  };
}

export const team = (ctx: ServiceContext): Promise<Team> => repo.rolesWithMembers(ctx.db);
