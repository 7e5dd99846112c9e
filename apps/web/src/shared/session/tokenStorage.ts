import { SESSION_TTL_MS, TOKEN_STORAGE_KEY } from '@cool/shared';

/**
 * What sits under `Authorization`: the raw token and when it stops being valid. "Remember me" ticked keeps
 * it in localStorage; unticked, in sessionStorage, so it is gone when the browser session ends.
 */
export interface StoredToken {
  value: string;
  expire: number;
}

function parse(raw: string | null): StoredToken | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as StoredToken).value === 'string' &&
      typeof (parsed as StoredToken).expire === 'number'
    ) {
      return parsed as StoredToken;
    }
  } catch {
    // Not JSON: treated as no token below.
  }
  return null;
}

const stores = () => [localStorage, sessionStorage];

/** The stored token if it is still valid; an expired or malformed entry is removed (= signed out). */
export function readToken(now = Date.now()): string | null {
  for (const store of stores()) {
    const raw = store.getItem(TOKEN_STORAGE_KEY);
    if (raw === null) continue;
    const stored = parse(raw);
    if (stored && stored.expire > now) return stored.value;
    store.removeItem(TOKEN_STORAGE_KEY);
  }
  return null;
}

export function writeToken(value: string, expire = Date.now() + SESSION_TTL_MS, remember = true): void {
  removeToken();
  // Unremembered sessions expire after an idle time the server moves on with each use: the browser keeps
  // the token for the session (at most the remembered lifetime) and leaves the rest to the server's 401.
  const entry: StoredToken = { value, expire: remember ? expire : Date.now() + SESSION_TTL_MS };
  (remember ? localStorage : sessionStorage).setItem(TOKEN_STORAGE_KEY, JSON.stringify(entry));
}

export function removeToken(): void {
  for (const store of stores()) store.removeItem(TOKEN_STORAGE_KEY);
}
