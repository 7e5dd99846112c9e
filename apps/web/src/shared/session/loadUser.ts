import type { UserInfo } from '@cool/shared';
import i18n from 'i18next';
import { ApiError } from '../http/client.ts';
import { errorText } from '../http/errorText.ts';
import { notices } from '../ui/notices.ts';
import { fetchUserInfo, ROLES_ERROR } from './api.ts';
import { useAuthStore } from './authStore.ts';

let loading: { token: string; info: Promise<UserInfo> } | null = null;

/**
 * Whether a failed user info call ends the session: the server said it is gone (401: the HTTP client signed
 * out already), or the role is unusable (docs/spec.md section 4). No answer (the request the browser aborts
 * on a reload, a time-out) or a 5xx says nothing about the session.
 */
const endsSession = (error: unknown) =>
  error instanceof ApiError ? error.status === 401 : error instanceof Error && error.message === ROLES_ERROR;

/**
 * The user info of a session, asked for once while in flight (the login page and the console's session guard
 * both wait for it). Usable info is stored; unusable info (docs/spec.md section 4) or a 401 signs out with an
 * error notice; any other failure keeps the token and is stored for the session guard to offer Retry. Each
 * only while `token` is still the session's, so a late answer cannot touch a newer session.
 */
export function loadUser(token: string): Promise<UserInfo> {
  if (loading?.token === token) return loading.info;
  const info = fetchUserInfo();
  const current = { token, info };
  loading = current;
  const stillCurrent = () => useAuthStore.getState().token === token;
  info.then(
    (user) => {
      if (stillCurrent()) useAuthStore.getState().setUser(user);
    },
    (error: unknown) => {
      if (!stillCurrent()) return;
      if (!endsSession(error)) return useAuthStore.getState().setUserError(error);
      useAuthStore.getState().signOut();
      notices.notification.error({ title: errorText(error, i18n.t) });
    },
  );
  const settled = () => {
    if (loading === current) loading = null;
  };
  info.then(settled, settled);
  return info;
}
