import { wechatConfig, wechatLogin } from './api/calls.ts';
import { ensureSession } from './api/client.ts';

/**
 * Signing in through WeChat: inside WeChat's browser, when the server has an official account configured,
 * the page goes through WeChat's OAuth page (silent `snsapi_base`: the openid is all the server binds) and
 * posts the `code` it comes back with. Everywhere else, and whenever this fails, the anonymous session stays.
 */

const AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
/** The token WeChat was bound to, so a returning visit does not go through OAuth again. */
const BOUND_KEY = 'h5-wechat-bound';
/** The `state` sent to WeChat this visit; also marks that OAuth was tried, so a failure never loops. */
const STATE_KEY = 'h5-wechat-state';
/** Set when a payment sent the participant through OAuth again, so a sign-in that never links is not repeated. */
const RETRY_KEY = 'h5-wechat-retried';

export const inWechat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export function authorizeUrl(appId: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  });
  // WeChat wants its parameters in this order and the fragment at the end.
  return `${AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
}

/** The address without the `code` and `state` WeChat added. */
export function withoutCode(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return url.toString();
}

const storage = {
  get: (store: Storage, key: string) => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  },
  /** Whether the value is there to read back: some WebViews refuse storage or drop it silently. */
  set: (store: Storage, key: string, value: string): boolean => {
    try {
      store.setItem(key, value);
      return store.getItem(key) === value;
    } catch {
      return false;
    }
  },
  remove: (store: Storage, key: string) => {
    try {
      store.removeItem(key);
    } catch {}
  },
};

/** Runs before the app: true while the page is leaving for WeChat's OAuth page. */
export async function signInThroughWechat(): Promise<boolean> {
  const url = new URL(location.href);
  const code = url.searchParams.get('code');
  const sent = storage.get(sessionStorage, STATE_KEY);
  if (code && sent && url.searchParams.get('state') === sent) {
    history.replaceState(history.state, '', withoutCode(location.href));
    try {
      await wechatLogin(code);
      storage.set(localStorage, BOUND_KEY, await ensureSession());
    } catch {
      // WeChat refused the code or the server is not configured: carry on anonymously.
    }
    return false;
  }
  const token = await ensureSession();
  if (sent || storage.get(localStorage, BOUND_KEY) === token) return false;
  const { appId } = await wechatConfig().catch(() => ({ appId: null }));
  if (!appId) return false;
  const state = Math.random().toString(36).slice(2, 12);
  // Without the marker the return would look like a new visit and leave again, forever (a new anonymous
  // participant each time): the sign-in is skipped instead.
  if (!storage.set(sessionStorage, STATE_KEY, state)) return false;
  location.replace(authorizeUrl(appId, withoutCode(location.href), state));
  return true;
}

/**
 * The server refused a payment inside WeChat for want of the participant's openid (`order.openidRequired`):
 * this visit's sign-in failed or was skipped. Goes through OAuth again, once a visit; true while leaving.
 */
export async function signInAgainThroughWechat(): Promise<boolean> {
  if (storage.get(sessionStorage, RETRY_KEY) || !storage.set(sessionStorage, RETRY_KEY, '1')) return false;
  storage.remove(sessionStorage, STATE_KEY);
  // A token marked bound has no openid the payment can use: it is bound again.
  storage.remove(localStorage, BOUND_KEY);
  return signInThroughWechat();
}
