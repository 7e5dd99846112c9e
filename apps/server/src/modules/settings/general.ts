/** The general settings (one JSON document under `general`): what participants see of the service in `/h5/`. */
import {
  DEFAULT_GENERAL_SETTINGS,
  type GeneralSettings,
  type generalSettingsInputSchema,
  generalSettingsSchema,
} from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import * as repo from './repository.ts';

const GENERAL = 'general';

/** A saved document that no longer parses counts as never saved. */
const asGeneral = (stored: unknown): GeneralSettings => {
  const parsed = generalSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
};

export const getGeneral = async (ctx: ServiceContext): Promise<GeneralSettings> =>
  asGeneral(await repo.findSetting(ctx.db, GENERAL));

export const saveGeneral = (
  ctx: ServiceContext,
  value: z.output<typeof generalSettingsInputSchema>,
): Promise<GeneralSettings> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asGeneral(await repo.lockSetting(tx, GENERAL));
    await repo.saveSetting(tx, GENERAL, value, actor.accountId);
    await audit({ entityType: 'settings', entityId: GENERAL, action: 'update', before, after: value });
    return value;
  });
