import { DEFAULT_PROMOTION, type Promotion, promotionSchema } from '@cool/shared';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import * as repo from './repository.ts';

const PROMOTION = 'promotion';

/** A saved link that no longer parses counts as never saved: the switched-off default. */
const asPromotion = (stored: unknown): Promotion => {
  const parsed = promotionSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PROMOTION;
};

export const getPromotion = async (ctx: ServiceContext): Promise<Promotion> =>
  asPromotion(await repo.findSetting(ctx.db, PROMOTION));

export const savePromotion = (ctx: ServiceContext, value: Promotion): Promise<Promotion> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asPromotion(await repo.lockSetting(tx, PROMOTION));
    await repo.saveSetting(tx, PROMOTION, value, actor.accountId);
    await audit({ entityType: 'settings', entityId: PROMOTION, action: 'update', before, after: value });
    return value;
  });
