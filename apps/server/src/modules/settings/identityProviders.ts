/**
 * The apps staff sign in through (one JSON document under `identityProviders`): WeChat Work, DingTalk and
 * the WeChat open platform. Each app's secret is write-only: it leaves the server only as "set" and a
 * fingerprint, and the audit log records only that it changed. It belongs to the app (id and agent id) it
 * was entered with: changing either drops it unless it is entered again.
 */
import {
  type IdentityProvider,
  type IdentityProviders,
  type identityProvidersInputSchema,
  OAUTH_PROVIDERS,
  type OAuthProvider,
} from '@cool/shared';
import { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { ProviderApp } from '../../integrations/oauth/providers.ts';
import { secretFingerprint } from '../../integrations/wechatpay/protocol.ts';
import * as repo from './repository.ts';

const IDENTITY_PROVIDERS = 'identityProviders';

const appSchema = z.object({
  enabled: z.boolean().default(false),
  appId: z.string().default(''),
  agentId: z.string().default(''),
  secret: z.string().nullable().default(null),
});
const storedSchema = z.object({
  wecom: appSchema.default(appSchema.parse({})),
  dingtalk: appSchema.default(appSchema.parse({})),
  wechat: appSchema.default(appSchema.parse({})),
});
type Stored = z.infer<typeof storedSchema>;
type StoredApp = z.infer<typeof appSchema>;

const asStored = (value: unknown): Stored => {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
};

/** Enabled with its ids and secret (WeChat Work also needs the agent id), or undefined. */
const usable = (provider: OAuthProvider, app: StoredApp): ProviderApp | undefined =>
  app.enabled && app.appId && app.secret && (provider !== 'wecom' || app.agentId)
    ? { appId: app.appId, agentId: app.agentId, secret: app.secret }
    : undefined;

const viewApp = (provider: OAuthProvider, app: StoredApp): IdentityProvider => ({
  enabled: app.enabled,
  appId: app.appId,
  agentId: app.agentId,
  secret: app.secret
    ? { set: true, fingerprint: secretFingerprint(app.secret) }
    : { set: false, fingerprint: null },
  configured: usable(provider, app) !== undefined,
});

const view = (stored: Stored): IdentityProviders => ({
  wecom: viewApp('wecom', stored.wecom),
  dingtalk: viewApp('dingtalk', stored.dingtalk),
  wechat: viewApp('wechat', stored.wechat),
});

export const getIdentityProviders = async (ctx: ServiceContext): Promise<IdentityProviders> =>
  view(asStored(await repo.findSetting(ctx.db, IDENTITY_PROVIDERS)));

/** The providers set up for sign-in, each with its app. */
export async function providerApps(ctx: ServiceContext): Promise<Map<OAuthProvider, ProviderApp>> {
  const stored = asStored(await repo.findSetting(ctx.db, IDENTITY_PROVIDERS));
  const apps = new Map<OAuthProvider, ProviderApp>();
  for (const provider of OAUTH_PROVIDERS) {
    const app = usable(provider, stored[provider]);
    if (app) apps.set(provider, app);
  }
  return apps;
}

export const saveIdentityProviders = (
  ctx: ServiceContext,
  input: z.output<typeof identityProvidersInputSchema>,
): Promise<IdentityProviders> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asStored(await repo.lockSetting(tx, IDENTITY_PROVIDERS));
    const after = Object.fromEntries(
      OAUTH_PROVIDERS.map((provider) => {
        const { secret, ...ids } = input[provider];
        // A secret left out keeps the saved one of the same app; null removes it.
        const saved = before[provider];
        const sameApp = ids.appId === saved.appId && ids.agentId === saved.agentId;
        return [
          provider,
          { ...ids, secret: secret === undefined ? (sameApp ? saved.secret : null) : secret },
        ];
      }),
    ) as Stored;
    await repo.saveSetting(tx, IDENTITY_PROVIDERS, after, actor.accountId);
    const saved = view(after);
    await audit({
      entityType: 'settings',
      entityId: IDENTITY_PROVIDERS,
      action: 'update',
      before: view(before),
      after: saved,
      changedSecrets: OAUTH_PROVIDERS.filter((p) => before[p].secret !== after[p].secret).map(
        (p) => `${p}.secret`,
      ),
    });
    return saved;
  });
