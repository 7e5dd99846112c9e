import type { UserInfo } from '@cool/shared';
import i18n from 'i18next';
import { errorText } from '../http/errorText.ts';
import { notices } from '../ui/notices.ts';
import { fetchUserInfo } from './api.ts';
import { useAuthStore } from './authStore.ts';

let loading: { token: string; info: Promise<UserInfo> } | null = null;

/**
 * The user info of a session, asked for once while in flight (the login page and the console's session guard
 * both wait for it). Usable info is stored; unusable info (SPEC 4) or a failed call signs out with an error
 * notice. Either only while `token` is still the session's, so a late answer cannot touch a newer session.
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
