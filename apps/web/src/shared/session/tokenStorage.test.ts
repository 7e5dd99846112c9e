import { TOKEN_STORAGE_KEY } from '@cool/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { readToken, removeToken, writeToken } from './tokenStorage.ts';

describe('token storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores the token as JSON with its expiry', () => {
    writeToken('abc', 5000);
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? '')).toEqual({ value: 'abc', expire: 5000 });
    expect(readToken(4999)).toBe('abc');
  });

  it('treats an expired token as signed out and removes it', () => {
    writeToken('abc', 5000);
    expect(readToken(5000)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ignores a malformed entry', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'not-json');
    expect(readToken()).toBeNull();
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ value: 1 }));
    expect(readToken()).toBeNull();
  });
});

describe('remember me', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('ticked: the token stays in localStorage until its expiry', () => {
    writeToken('kept', 5000, true);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? '')).toEqual({
      value: 'kept',
      expire: 5000,
    });
  });

  it('unticked: the token lives in sessionStorage only, for the browser session', () => {
    writeToken('tab-only', Date.now() + 1000, false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(readToken()).toBe('tab-only');
    // The server moves an idle session's expiry on with each use, so the sign-in time's expiry is not final.
    expect(readToken(Date.now() + 60 * 60 * 1000)).toBe('tab-only');
  });

  it('a new sign-in replaces the other storage, and signing out clears both', () => {
    writeToken('first', Date.now() + 1000, true);
    writeToken('second', Date.now() + 1000, false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(readToken()).toBe('second');
    writeToken('third', Date.now() + 1000, true);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    removeToken();
    expect(readToken()).toBeNull();
  });
});
