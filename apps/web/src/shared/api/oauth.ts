// Types only: the sign-in page calls these, and a runtime schema would bring zod into its download.
import type {
  IdentityProvidersInput,
  identityBindingsSchema,
  identityProvidersSchema,
  loginResultSchema,
  OAuthProvider,
  OAuthTicketBody,
  oauthProvidersSchema,
  oauthRedirectSchema,
} from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, typed } from '../http/client.ts';

/** Staff third-party sign-in (WeChat Work, DingTalk, WeChat): providers, bindings and their settings. */

export const oauthKeys = {
  bindings: ['account', 'bindings'] as const,
  settings: ['settings', 'identityProviders'] as const,
};

/** The providers set up for sign-in: a plain call, the sign-in page has no query library. */
export const oauthProviders = () => api.get('/oauth/providers', typed<typeof oauthProvidersSchema>());

/** Where the browser goes to sign in through a provider (a page, not a call: it leaves the console). */
export const signInUrl = (provider: OAuthProvider) => `/api/oauth/${provider}/start?purpose=sign-in`;

/** The ticket a third-party sign-in came back with, for the session. */
export const exchangeTicket = (body: OAuthTicketBody) =>
  api.post('/oauth/ticket', typed<typeof loginResultSchema>(), body);

export const oauthQueries = {
  bindings: () =>
    queryOptions({
      queryKey: oauthKeys.bindings,
      queryFn: () => api.get('/account/bindings', typed<typeof identityBindingsSchema>()),
    }),
  /** The apps' secrets come back only as set-or-not with a fingerprint. */
  settings: () =>
    queryOptions({
      queryKey: oauthKeys.settings,
      queryFn: () => api.get('/settings/identity-providers', typed<typeof identityProvidersSchema>()),
    }),
};

/** The provider's page to open; the binding is made when it comes back. */
export const startBinding = (provider: OAuthProvider) =>
  api.post(`/account/bindings/${provider}`, typed<typeof oauthRedirectSchema>());

export const unbind = (provider: OAuthProvider) => api.delete(`/account/bindings/${provider}`, null);

/** A secret left out keeps the saved one. */
export const saveIdentityProviders = (input: IdentityProvidersInput) =>
  api.put('/settings/identity-providers', typed<typeof identityProvidersSchema>(), input);
