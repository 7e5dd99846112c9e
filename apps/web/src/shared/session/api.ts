// Types only: the login page calls both, and a runtime schema would bring zod into its download.
import type { LoginBody, loginResultSchema, UserInfo, userInfoSchema } from '@cool/shared';
import { api, typed } from '../http/client.ts';

/** The wording of docs/spec.md section 4, kept verbatim because it is the documented error text. */
export const ROLES_ERROR = 'getInfo: roles must be a non-null array !';

export const login = (body: LoginBody) => api.post('/account/login', typed<typeof loginResultSchema>(), body);

export const logout = () => api.post('/auth/logout', null);

/** docs/spec.md section 4: user info is only usable when the role exists with at least one permission. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const info = await api.get('/user/info', typed<typeof userInfoSchema>());
  if (!info?.role || !Array.isArray(info.role.permissions) || info.role.permissions.length === 0) {
    throw new Error(ROLES_ERROR);
  }
  return info;
}
