import { TOKEN_STORAGE_KEY } from '@cool/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { readToken, writeToken } from './tokenStorage.ts';

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
