import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authorizeUrl,
  inWechat,
  signInAgainThroughWechat,
  signInThroughWechat,
  withoutCode,
} from './wechat.ts';

describe('WeChat sign-in', () => {
  it('knows WeChat’s browser by its user agent', () => {
    expect(
      inWechat(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44',
      ),
    ).toBe(true);
    expect(inWechat('Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36')).toBe(false);
  });

  it('sends the participant to WeChat’s silent OAuth page and back to the same address', () => {
    const url = new URL(authorizeUrl('wx123', 'https://example.test/h5/tests/3?lang=zh', 'abc'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx123',
      redirect_uri: 'https://example.test/h5/tests/3?lang=zh',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'abc',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('drops the code and state WeChat adds, keeping the rest of the address', () => {
    expect(withoutCode('https://example.test/h5/?lang=en&code=CODE&state=abc')).toBe(
      'https://example.test/h5/?lang=en',
    );
  });
});

describe('going through WeChat’s OAuth page', () => {
  let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    localStorage.setItem('h5-token', 'token');
    // The server has an official account to sign in through.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 0, success: true, message: 'OK', result: { appId: 'wx1' } }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    replace = vi.fn<(url: string | URL) => void>();
    vi.spyOn(location, 'replace').mockImplementation(replace);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('goes there once a visit', async () => {
    expect(await signInThroughWechat()).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(await signInThroughWechat()).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('stays when the browser does not keep the marker, or each return would look new and leave again', async () => {
    const forgetful = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    vi.stubGlobal('sessionStorage', forgetful);
    expect(await signInThroughWechat()).toBe(false);
    vi.stubGlobal('sessionStorage', {
      ...forgetful,
      setItem: () => {
        throw new DOMException('refused', 'QuotaExceededError');
      },
    });
    expect(await signInThroughWechat()).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it('goes again when payment needs the openid the last sign-in did not link, once a visit', async () => {
    sessionStorage.setItem('h5-wechat-state', 'tried');
    localStorage.setItem('h5-wechat-bound', 'token');
    expect(await signInThroughWechat()).toBe(false);
    expect(await signInAgainThroughWechat()).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]?.[0])).toMatch(/^https:\/\/open\.weixin\.qq\.com\//);
    // Still not linked after that: the error shows rather than another round trip.
    expect(await signInAgainThroughWechat()).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });
});
