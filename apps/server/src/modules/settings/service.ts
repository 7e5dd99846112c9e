import { DEFAULT_PROMOTION, type Promotion, promotionSchema } from '@cool/shared';
import type { Db } from '../../db/database.ts';
import { findSetting, saveSetting } from './repository.ts';

const PROMOTION = 'promotion';

/** The saved link, or the switched-off default when none was saved or it no longer parses. */
export async function promotion(db: Db): Promise<Promotion> {
  const stored = promotionSchema.safeParse(await findSetting(db, PROMOTION));
  return stored.success ? stored.data : DEFAULT_PROMOTION;
}

export async function savePromotion(db: Db, accountId: number, value: Promotion): Promise<Promotion> {
  await saveSetting(db, PROMOTION, value, accountId);
  return value;
}
