/**
 * Staff third-party sign-in and account binding. A flow starts with a random `state` (only its
 * hash stored, 10 minutes, in the database so any server can finish it) and the provider's page; its
 * callback uses the state up, turns the code into the person's id there, then binds it to the account that
 * started, or signs in the account bound to it. A sign-in does not put the session in a URL: the console
 * gets a one-time ticket (5 minutes, in the URL fragment, which no server or referrer sees) and exchanges it
 * by POST, with the two-step code when the account has two-step verification.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type IdentityBinding,
  type LoginResult,
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  type oauthCallbackQuerySchema,
  type oauthTicketBodySchema,
} from '@cool/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { HttpError, httpError } from '../../http/reply.ts';
import {
  type ProviderApp,
  type ProviderIdentity,
  providerClient,
} from '../../integrations/oauth/providers.ts';
import { refuseWhileLocked } from '../auth/credentials.ts';
import { openSession } from '../auth/service.ts';
import { providerApps } from '../settings/identityProviders.ts';
import { checkSecondFactor } from '../twostep/service.ts';
import * as repo from './repository.ts';

export const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 5 * 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const name = (provider: OAuthProvider) => ({ provider: OAUTH_PROVIDER_NAMES[provider] });

/** The console pages a callback lands on, with what happened in the query. */
const LOGIN_PAGE = '/user/login';
const BINDING_PAGE = '/account/settings?section=binding';
const withResult = (page: string, result: Record<string, string>) =>
  `${page}${page.includes('?') ? '&' : '?'}${new URLSearchParams(result)}`;

export const configuredProviders = async (ctx: ServiceContext): Promise<OAuthProvider[]> => [
  ...(await providerApps(ctx)).keys(),
];

async function appOf(ctx: ServiceContext, provider: OAuthProvider): Promise<ProviderApp> {
  const app = (await providerApps(ctx)).get(provider);
  if (!app) throw httpError(404, 'oauth.notConfigured', name(provider));
  return app;
}

const redirectUri = (config: Config, provider: OAuthProvider) =>
  `${config.publicUrl}/api/oauth/${provider}/callback`;

/**
 * A flow that started in this browser: the state is also kept in a cookie (HttpOnly, SameSite=Lax: the
 * provider's redirect back is a top-level GET) and the callback must bring both. Without it, a callback address
 * from someone else's flow, opened by a victim, would sign the victim into that person's account, or bind the
 * victim's identity to it.
 */
export interface Flow {
  /** Where the browser goes next. */
  url: string;
  /** The state, for the cookie. */
  state: string;
}

/** A new state for the flow, and the provider's page to send the browser to. */
async function begin(
  ctx: ServiceContext,
  config: Config,
  provider: OAuthProvider,
  accountId: number | null,
): Promise<Flow> {
  const app = await appOf(ctx, provider);
  const state = randomBytes(24).toString('base64url');
  await repo.insertState(ctx.db, {
    stateHash: hash(state),
    provider,
    purpose: accountId === null ? 'sign-in' : 'bind',
    accountId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = providerClient(provider, config.oauth).authorizeUrl(app, redirectUri(config, provider), state);
  return { url, state };
}

/** Where the sign-in page's icon goes; when the provider is not set up, back to that page saying so. */
export const startSignIn = (
  ctx: ServiceContext,
  config: Config,
  provider: OAuthProvider,
): Promise<Flow | string> =>
  begin(ctx, config, provider, null).catch((error) => failedPage(LOGIN_PAGE, provider, error));

export async function startBinding(
  ctx: ServiceContext,
  config: Config,
  provider: OAuthProvider,
  accountId: number,
): Promise<Flow> {
  if ((await repo.listBindings(ctx.db, accountId)).some((b) => b.provider === provider))
    throw httpError(409, 'oauth.alreadyBound', name(provider));
  return begin(ctx, config, provider, accountId);
}

/** A refusal shown on the page the flow returns to: its error code (the console translates it). */
function failedPage(page: string, provider: OAuthProvider, error: unknown): string {
  if (!(error instanceof HttpError)) throw error;
  const reason = error.params.reason;
  return withResult(page, {
    oauthError: error.code,
    provider,
    ...(typeof reason === 'string' && { reason }),
  });
}

/**
 * The provider's callback, with the state this browser's cookie kept (see `Flow`): answers the console page to
 * send the browser to.
 */
export async function finish(
  ctx: ServiceContext,
  config: Config,
  provider: OAuthProvider,
  query: z.output<typeof oauthCallbackQuerySchema>,
  browserState: string | undefined,
): Promise<string> {
  const state =
    query.state &&
    query.state === browserState &&
    (await repo.takeState(ctx.db, hash(query.state), provider, ['sign-in', 'bind']));
  if (!state) return failedPage(LOGIN_PAGE, provider, httpError(400, 'oauth.stateInvalid'));
  const bindingFor = state.purpose === 'bind' ? state.accountId : null;
  try {
    // WeChat Work and WeChat send `code`, DingTalk `authCode`; none when the person declined.
    const code = query.code || query.authCode;
    if (!code) throw httpError(400, 'oauth.providerFailed', { ...name(provider), reason: 'declined' });
    const identity = await providerClient(provider, config.oauth).identify(await appOf(ctx, provider), code);
    if (bindingFor === null)
      return `${LOGIN_PAGE}#${new URLSearchParams({ oauthTicket: await issueTicket(ctx, config, provider, identity) })}`;
    await bind(ctx, provider, bindingFor, identity);
    return withResult(BINDING_PAGE, { bound: provider });
  } catch (error) {
    return failedPage(bindingFor === null ? LOGIN_PAGE : BINDING_PAGE, provider, error);
  }
}

const failedSignIn = (ctx: ServiceContext, accountId: number | null, outcome: object) =>
  withTx(ctx, ({ audit }) =>
    audit({ entityType: 'account', entityId: accountId, action: 'sign-in-failed', after: outcome }),
  );

/** The bound, enabled account's one-time ticket; refusals are audited like password sign-in's. */
async function issueTicket(
  ctx: ServiceContext,
  config: Config,
  provider: OAuthProvider,
  identity: ProviderIdentity,
): Promise<string> {
  const bound = await repo.findBoundAccount(ctx.db, provider, identity.subject);
  if (!bound) {
    await failedSignIn(ctx, null, { reason: 'not-bound', provider });
    throw httpError(401, 'oauth.notBound', name(provider));
  }
  if (bound.status !== 'enabled') {
    await failedSignIn(ctx, bound.id, { reason: 'disabled', provider });
    throw httpError(403, 'auth.accountDisabled');
  }
  await refuseWhileLocked(ctx, config.loginThrottle, bound.id);
  const ticket = randomBytes(32).toString('base64url');
  await repo.insertState(ctx.db, {
    stateHash: hash(ticket),
    provider,
    purpose: 'ticket',
    accountId: bound.id,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * The console's ticket becomes a session. The ticket stays while two-step verification asks for its code,
 * and ends with a wrong code: another guess needs another sign-in at the provider.
 */
export async function exchangeTicket(
  ctx: ServiceContext,
  config: Config,
  body: z.output<typeof oauthTicketBodySchema>,
  userAgent: string | undefined,
): Promise<LoginResult> {
  const ticketHash = hash(body.ticket);
  const ticket = await repo.findTicket(ctx.db, ticketHash);
  const account = ticket?.accountId ? await repo.findSigningIn(ctx.db, ticket.accountId) : undefined;
  if (!ticket || !account) throw httpError(400, 'oauth.stateInvalid');
  const provider = ticket.provider;
  if (account.status !== 'enabled') {
    await repo.deleteState(ctx.db, ticketHash);
    throw httpError(403, 'auth.accountDisabled');
  }
  await refuseWhileLocked(ctx, config.loginThrottle, account.id);
  const secondFactor = await checkSecondFactor(ctx, account.id, body.twoStepCode);
  if (secondFactor === 'missing') throw httpError(401, 'twoStep.codeRequired');
  if (secondFactor === 'wrong') {
    await repo.deleteState(ctx.db, ticketHash);
    await failedSignIn(ctx, account.id, { reason: 'wrong-two-step-code', provider });
    throw httpError(401, 'twoStep.codeInvalid');
  }
  return withTx(ctx, async (scope) => {
    // Used once, even by two exchanges at the same moment.
    if (!(await repo.deleteState(scope.tx, ticketHash))) throw httpError(400, 'oauth.stateInvalid');
    return openSession(scope, account, {
      ip: ctx.actor.ip ?? '',
      userAgent,
      idleHours: body.remember_me ? undefined : config.sessionIdleHours,
      provider,
    });
  });
}

const bind = (ctx: ServiceContext, provider: OAuthProvider, accountId: number, identity: ProviderIdentity) =>
  withTx(ctx, async ({ tx, audit }) => {
    const account = await repo.findSigningIn(tx, accountId);
    if (!account) throw httpError(400, 'oauth.stateInvalid');
    const existing = await repo.findBinding(tx, provider, identity.subject);
    if (existing && existing.accountId !== accountId)
      throw httpError(409, 'oauth.boundElsewhere', name(provider));
    if (existing) throw httpError(409, 'oauth.alreadyBound', name(provider));
    const row = await repo.insertBinding(tx, {
      accountId,
      provider,
      subject: identity.subject,
      displayName: identity.displayName.slice(0, 128),
    });
    // The other unique key: this account has another identity of this provider.
    if (!row) throw httpError(409, 'oauth.alreadyBound', name(provider));
    await audit({
      entityType: 'account',
      entityId: accountId,
      action: 'bind',
      // The callback comes without the console's session: the account that started the binding acts.
      actor: { accountId, username: account.username },
      after: { provider, displayName: row.displayName },
    });
  });

export async function listBindings(ctx: ServiceContext, accountId: number): Promise<IdentityBinding[]> {
  const apps = await providerApps(ctx);
  const rows = await repo.listBindings(ctx.db, accountId);
  return OAUTH_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    return {
      provider,
      available: apps.has(provider),
      displayName: row?.displayName ?? null,
      boundAt: row?.createdAt.toISOString() ?? null,
    };
  });
}

export const unbind = (ctx: ServiceContext, accountId: number, provider: OAuthProvider) =>
  withTx(ctx, async ({ tx, audit }) => {
    const row = await repo.deleteBinding(tx, accountId, provider);
    if (!row) throw httpError(404, 'oauth.bindingNotFound', name(provider));
    await audit({
      entityType: 'account',
      entityId: accountId,
      action: 'unbind',
      before: { provider, displayName: row.displayName },
    });
  });
