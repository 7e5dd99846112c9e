/**
 * The WeChat official account participants sign in with (one JSON document under `wechatOfficialAccount`).
 * The secret is write-only: it leaves the server only as "set" and a fingerprint, and the audit log records
 * only that it changed; a new app id drops it unless it is entered again. Saved settings win over the server's `WECHAT_APP_ID`/`WECHAT_APP_SECRET`.
 */
import type { WechatOfficialAccount, wechatOfficialAccountInputSchema } from '@cool/shared';
import { z } from 'zod';
import type { Config, WechatConfig } from '../../config.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { secretFingerprint } from '../../integrations/wechatpay/protocol.ts';
import * as repo from './repository.ts';

const OFFICIAL_ACCOUNT = 'wechatOfficialAccount';

const storedSchema = z.object({
  appId: z.string().default(''),
  appSecret: z.string().nullable().default(null),
});
type Stored = z.infer<typeof storedSchema>;

const asStored = (value: unknown): Stored => {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
};

const complete = (stored: Stored) => stored.appId !== '' && stored.appSecret !== null;

function view(stored: Stored, environment: WechatConfig | undefined): WechatOfficialAccount {
  const { appId, appSecret } = stored;
  return {
    appId,
    appSecret: { set: appSecret !== null, fingerprint: appSecret && secretFingerprint(appSecret) },
    source: complete(stored) ? 'settings' : environment ? 'environment' : 'none',
  };
}

type ServerConfig = Pick<Config, 'wechat' | 'wechatApiBase'>;

export const getOfficialAccount = async (
  ctx: ServiceContext,
  config: ServerConfig,
): Promise<WechatOfficialAccount> =>
  view(asStored(await repo.findSetting(ctx.db, OFFICIAL_ACCOUNT)), config.wechat);

/** What WeChat sign-in uses: the saved account when complete, else the server's, else none. */
export async function wechatSignIn(
  ctx: ServiceContext,
  config: ServerConfig,
): Promise<WechatConfig | undefined> {
  const stored = asStored(await repo.findSetting(ctx.db, OFFICIAL_ACCOUNT));
  if (!complete(stored)) return config.wechat;
  return { appId: stored.appId, appSecret: stored.appSecret as string, apiBase: config.wechatApiBase };
}

export const saveOfficialAccount = (
  ctx: ServiceContext,
  config: ServerConfig,
  input: z.output<typeof wechatOfficialAccountInputSchema>,
): Promise<WechatOfficialAccount> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asStored(await repo.lockSetting(tx, OFFICIAL_ACCOUNT));
    // A secret left out keeps the saved one of the same app id; null removes it.
    const after: Stored = {
      appId: input.appId,
      appSecret:
        input.appSecret === undefined
          ? input.appId === before.appId
            ? before.appSecret
            : null
          : input.appSecret,
    };
    await repo.saveSetting(tx, OFFICIAL_ACCOUNT, after, actor.accountId);
    const saved = view(after, config.wechat);
    await audit({
      entityType: 'settings',
      entityId: OFFICIAL_ACCOUNT,
      action: 'update',
      before: view(before, config.wechat),
      after: saved,
      changedSecrets: before.appSecret === after.appSecret ? [] : ['appSecret'],
    });
    return saved;
  });
