import { SESSION_TTL_MS, TOKEN_STORAGE_KEY } from '@cool/shared';

/** What sits in localStorage under `Authorization`: the raw token and when it stops being valid. */
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

/** The stored token if it is still valid; an expired or malformed entry is removed (= signed out). */
export function readToken(now = Date.now()): string | null {
  const stored = parse(localStorage.getItem(TOKEN_STORAGE_KEY));
  if (!stored || stored.expire <= now) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    return null;
  }
  return stored.value;
}

export function writeToken(value: string, expire = Date.now() + SESSION_TTL_MS): void {
  const entry: StoredToken = { value, expire };
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(entry));
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}
