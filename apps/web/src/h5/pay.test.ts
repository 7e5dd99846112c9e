import { describe, expect, it } from 'vitest';
import { h5PayUrl, payChannelFor, pollingStops } from './pay.ts';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('payment channel', () => {
  it('pays inside WeChat through its own payment sheet, whatever the width', () => {
    expect(payChannelFor(WECHAT, 375)).toBe('jsapi');
    expect(payChannelFor(WECHAT, 1280)).toBe('jsapi');
  });

  it('sends a phone browser outside WeChat to the WeChat Pay h5 page', () => {
    expect(payChannelFor(ANDROID, 412)).toBe('h5');
  });

  it('shows a desktop a QR code to scan, also in a narrow window', () => {
    expect(payChannelFor(DESKTOP, 1280)).toBe('native');
    expect(payChannelFor(DESKTOP, 375)).toBe('native');
  });

  it('takes a touch-sized screen without a mobile user agent (iPad desktop mode) as a phone', () => {
    expect(payChannelFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 768, true)).toBe(
      'h5',
    );
  });
});

describe('status polling', () => {
  it('goes on while the order is unpaid and stops once it is settled either way', () => {
    expect(pollingStops('unpaid')).toBe(false);
    for (const status of ['paid', 'closed', 'refunding', 'refunded'] as const)
      expect(pollingStops(status)).toBe(true);
  });

  it('stops when the order has expired even before the server closed it', () => {
    const now = Date.parse('2026-11-23T06:00:00Z');
    expect(pollingStops('unpaid', '2026-11-23T05:59:59Z', now)).toBe(true);
    expect(pollingStops('unpaid', '2026-11-23T06:05:00Z', now)).toBe(false);
  });
});

describe('h5 return address', () => {
  it('asks WeChat Pay to come back to this page', () => {
    expect(h5PayUrl('https://wx.tenpay.com/pay?prepay_id=wx1&package=2', 'https://a.test/h5/records/3')).toBe(
      'https://wx.tenpay.com/pay?prepay_id=wx1&package=2&redirect_url=https%3A%2F%2Fa.test%2Fh5%2Frecords%2F3',
    );
  });
});
