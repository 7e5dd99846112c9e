import { z } from 'zod';
import { OAUTH_PROVIDERS } from '../limits.ts';
import { text } from './fields.ts';
import { keyStateSchema } from './wechatPay.ts';

export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** A provider's name in server messages (the console shows its own translation). */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  wecom: 'WeChat Work',
  dingtalk: 'DingTalk',
  wechat: 'WeChat',
};

export const oauthProviderParamsSchema = z.object({ provider: oauthProviderSchema });

/**
 * One provider's app: `appId` is WeChat Work's corp ID, DingTalk's client ID (AppKey) or the WeChat open
 * platform's AppID; `agentId` is WeChat Work's only. The secret is write-only.
 */
export const identityProviderSchema = z.object({
  enabled: z.boolean(),
  appId: z.string(),
  agentId: z.string(),
  secret: keyStateSchema,
  /** Enabled with every id and the secret: its icon shows on the sign-in page. */
  configured: z.boolean(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const identityProvidersSchema = z.object({
  wecom: identityProviderSchema,
  dingtalk: identityProviderSchema,
  wechat: identityProviderSchema,
});
export type IdentityProviders = z.infer<typeof identityProvidersSchema>;

const identityProviderInputSchema = z.strictObject({
  enabled: z.boolean(),
  appId: text(128),
  agentId: text(64).default(''),
  /** Absent keeps the saved secret, null removes it. */
  secret: text(256).min(1).nullable().optional(),
});

export const identityProvidersInputSchema = z.strictObject({
  wecom: identityProviderInputSchema,
  dingtalk: identityProviderInputSchema,
  wechat: identityProviderInputSchema,
});
export type IdentityProvidersInput = z.input<typeof identityProvidersInputSchema>;

/** The providers the sign-in page shows: enabled and fully set up. */
export const oauthProvidersSchema = z.array(oauthProviderSchema);

export const oauthStartQuerySchema = z.object({ purpose: z.literal('sign-in').default('sign-in') });

/** What a provider sends back: `code` (DingTalk: `authCode`) and our `state`; other fields are ignored. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  authCode: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
});

/**
 * A third-party sign-in comes back to the console with a one-time ticket (in the URL fragment, 5 minutes);
 * the console exchanges it here for the session, with the two-step code when the account asks for one.
 */
export const oauthTicketBodySchema = z.strictObject({
  ticket: z.string().min(1).max(128),
  twoStepCode: text(32).optional(),
  remember_me: z.boolean().optional().default(false),
});
export type OAuthTicketBody = z.input<typeof oauthTicketBodySchema>;

/** Where the browser goes to bind: the provider's authorisation page. */
export const oauthRedirectSchema = z.object({ url: z.string() });

/** Each provider with the account's binding to it, if any. */
export const identityBindingSchema = z.object({
  provider: oauthProviderSchema,
  /** The provider is set up, so binding can start. */
  available: z.boolean(),
  /** The bound identity's name at the provider (WeChat Work userid, DingTalk or WeChat nickname). */
  displayName: z.string().nullable(),
  /** ISO 8601; null when not bound. */
  boundAt: z.string().nullable(),
});
export type IdentityBinding = z.infer<typeof identityBindingSchema>;
export const identityBindingsSchema = z.array(identityBindingSchema);
