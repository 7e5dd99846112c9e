/**
 * The three staff sign-in providers behind one interface: where the browser is sent to authorise, and how
 * the code it comes back with becomes the person's stable id there. Secrets, codes and access tokens go only
 * into the requests to the provider: never into a log line, an error or an answer.
 */
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '@cool/shared';
import type { OAuthBases } from '../../config.ts';
import { httpError } from '../../http/reply.ts';

/** What the sign-in flow needs of a provider's app (Settings holds it). */
export interface ProviderApp {
  appId: string;
  agentId: string;
  secret: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  /** WeChat Work userid, DingTalk unionId, WeChat unionid (openid when the app has no open platform). */
  subject: string;
  displayName: string;
}

export interface IdentityProviderClient {
  /** The provider's authorisation page, coming back to `redirectUri` with a code and `state`. */
  authorizeUrl(app: ProviderApp, redirectUri: string, state: string): string;
  identify(app: ProviderApp, code: string): Promise<ProviderIdentity>;
}

const TIMEOUT_MS = 5_000;

const failed = (provider: OAuthProvider, reason: string) =>
  httpError(502, 'oauth.providerFailed', {
    provider: OAUTH_PROVIDER_NAMES[provider],
    reason: reason.slice(0, 200),
  });

const withQuery = (url: string, query: Record<string, string>) => `${url}?${new URLSearchParams(query)}`;

/**
 * One JSON call to a provider. A transport failure is reported by its kind only (the error may name the
 * URL, which carries the secret or a token); an answer with an error code by that code and its message.
 */
async function callJson(provider: OAuthProvider, url: string, init: RequestInit = {}) {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw failed(
      provider,
      error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable',
    );
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (typeof answer !== 'object' || answer === null) throw failed(provider, `HTTP ${response.status}`);
  // WeChat and WeChat Work: `errcode`/`errmsg`; DingTalk's new API: an HTTP error with `code`/`message`.
  const code = answer.errcode ?? (response.ok ? undefined : (answer.code ?? response.status));
  if (code !== undefined && code !== 0) {
    const detail = answer.errmsg ?? answer.message;
    throw failed(provider, `${String(code)} ${typeof detail === 'string' ? detail : ''}`.trim());
  }
  return answer;
}

const field = (provider: OAuthProvider, answer: Record<string, unknown>, name: string): string => {
  const value = answer[name];
  if (typeof value !== 'string' || value === '') throw failed(provider, `no ${name}`);
  return value;
};

const optional = (answer: Record<string, unknown>, name: string) =>
  typeof answer[name] === 'string' ? (answer[name] as string) : '';

/** WeChat Work web login (`wwlogin/sso/login`, a member of the corp scans or confirms in the app). */
const wecom = (bases: OAuthBases): IdentityProviderClient => ({
  authorizeUrl: (app, redirectUri, state) =>
    withQuery(`${bases.wecomLogin}/wwlogin/sso/login`, {
      login_type: 'CorpApp',
      appid: app.appId,
      agentid: app.agentId,
      redirect_uri: redirectUri,
      state,
    }),
  async identify(app, code) {
    const token = await callJson(
      'wecom',
      withQuery(`${bases.wecomApi}/cgi-bin/gettoken`, { corpid: app.appId, corpsecret: app.secret }),
    );
    const user = await callJson(
      'wecom',
      withQuery(`${bases.wecomApi}/cgi-bin/auth/getuserinfo`, {
        access_token: field('wecom', token, 'access_token'),
        code,
      }),
    );
    // Someone outside the corp gets an openid and no userid: not a member, nobody to sign in.
    const userid = field('wecom', user, 'userid');
    return { subject: userid, displayName: userid };
  },
});

/** DingTalk OAuth 2 (`login.dingtalk.com/oauth2/auth`, then the v1.0 API). */
const dingtalk = (bases: OAuthBases): IdentityProviderClient => ({
  authorizeUrl: (app, redirectUri, state) =>
    withQuery(`${bases.dingtalkLogin}/oauth2/auth`, {
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: app.appId,
      scope: 'openid',
      state,
      prompt: 'consent',
    }),
  async identify(app, code) {
    const token = await callJson('dingtalk', `${bases.dingtalkApi}/v1.0/oauth2/userAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: app.appId,
        clientSecret: app.secret,
        code,
        grantType: 'authorization_code',
      }),
    });
    const me = await callJson('dingtalk', `${bases.dingtalkApi}/v1.0/contact/users/me`, {
      headers: { 'x-acs-dingtalk-access-token': field('dingtalk', token, 'accessToken') },
    });
    return { subject: field('dingtalk', me, 'unionId'), displayName: optional(me, 'nick') };
  },
});

/** WeChat open platform website login (`connect/qrconnect`, scope `snsapi_login`). */
const wechat = (bases: OAuthBases): IdentityProviderClient => ({
  authorizeUrl: (app, redirectUri, state) =>
    `${withQuery(`${bases.wechatOpen}/connect/qrconnect`, {
      appid: app.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    })}#wechat_redirect`,
  async identify(app, code) {
    const token = await callJson(
      'wechat',
      withQuery(`${bases.wechatApi}/sns/oauth2/access_token`, {
        appid: app.appId,
        secret: app.secret,
        code,
        grant_type: 'authorization_code',
      }),
    );
    const openid = field('wechat', token, 'openid');
    const user = await callJson(
      'wechat',
      withQuery(`${bases.wechatApi}/sns/userinfo`, {
        access_token: field('wechat', token, 'access_token'),
        openid,
      }),
    );
    // The unionid is the same person across the organisation's apps; the openid is per app.
    const subject = optional(user, 'unionid') || optional(token, 'unionid') || openid;
    return { subject, displayName: optional(user, 'nickname') };
  },
});

export const providerClient = (provider: OAuthProvider, bases: OAuthBases): IdentityProviderClient =>
  ({ wecom, dingtalk, wechat })[provider](bases);
