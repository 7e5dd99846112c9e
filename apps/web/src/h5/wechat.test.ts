import { describe, expect, it } from 'vitest';
import { authorizeUrl, inWechat, withoutCode } from './wechat.ts';

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
