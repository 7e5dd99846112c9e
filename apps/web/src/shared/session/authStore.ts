import type { UserInfo } from '@cool/shared';
import { create } from 'zustand';
import { readToken, removeToken, writeToken } from './tokenStorage.ts';

interface AuthState {
  /** Raw token; null means signed out (docs/spec.md section 4: two states, by token presence). */
  token: string | null;
  /** Set once /user/info answered with a usable role. */
  user: UserInfo | null;
  /** Why the user info could not be loaded when that did not end the session (no answer, a 5xx): Retry. */
  userError: unknown;
  /** `remember` (default): "remember me" was ticked, so the token outlives the browser session. */
  signIn: (token: string, expire: number, remember?: boolean) => void;
  setUser: (user: UserInfo) => void;
  setUserError: (error: unknown) => void;
  signOut: () => void;
  /** Re-reads storage so an expired (or externally removed) token signs the user out. */
  syncFromStorage: () => void;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: readToken(),
  user: null,
  userError: null,
  signIn: (token, expire, remember) => {
    writeToken(token, expire, remember);
    set({ token, user: null, userError: null });
  },
  setUser: (user) => set({ user, userError: null }),
  setUserError: (userError) => set({ userError }),
  signOut: () => {
    removeToken();
    set({ token: null, user: null, userError: null });
  },
  syncFromStorage: () => {
    const token = readToken();
    if (token !== get().token) set({ token, user: null, userError: null });
  },
}));
