import type { JsapiPayParams, OrderStatus, PayChannel } from '@cool/shared';
import { inWechat } from './wechat.ts';

/** Paying for a report: which WeChat Pay channel this device uses, and when to stop asking about the order. */

/**
 * How often an open order is asked about while the participant waits: each second, so the report opens about
 * a second after WeChat Pay's notification at worst (an order page asks 60 times a minute, half the
 * per-participant limit).
 */
export const POLL_MS = 1000;

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;
/** Below this a touch screen is a phone or tablet (an iPad in desktop mode says Macintosh). */
const PHONE_WIDTH = 1024;

/** Inside WeChat its payment sheet; a phone browser the WeChat Pay h5 page; a computer a QR code to scan. */
export function payChannelFor(userAgent: string, width: number, touch = false): PayChannel {
  if (inWechat(userAgent)) return 'jsapi';
  if (MOBILE_UA.test(userAgent) || (touch && width < PHONE_WIDTH)) return 'h5';
  return 'native';
}

/** Settled either way (paid, closed, refunded), or past its expiry: nothing more will happen while we wait. */
export function pollingStops(status: OrderStatus, expireTime?: string, now = Date.now()): boolean {
  if (status !== 'unpaid') return true;
  return expireTime !== undefined && Date.parse(expireTime) <= now;
}

/** WeChat Pay's h5 page returns to `redirect_url` when the participant finishes or gives up. */
export const h5PayUrl = (h5Url: string, back: string) =>
  `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`;

type Bridge = {
  invoke: (name: string, params: JsapiPayParams, done: (result: { err_msg?: string }) => void) => void;
};

/** WeChat's payment sheet; resolves `ok`, `cancel` or `fail` (the order status is still asked for after). */
export function payInWechat(params: JsapiPayParams): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () => {
      const bridge = (window as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
      if (!bridge) return resolve('fail');
      bridge.invoke('getBrandWCPayRequest', params, (result) => {
        const message = result.err_msg ?? '';
        resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    };
    if ((window as { WeixinJSBridge?: Bridge }).WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

const PENDING_KEY = 'h5-pay-pending';

/** The h5 channel leaves the page: the order is remembered so the report asks about it on return. */
export const pendingOrder = {
  get(recordId: number): string | null {
    try {
      const saved = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as {
        recordId: number;
        orderNo: string;
      } | null;
      return saved?.recordId === recordId ? saved.orderNo : null;
    } catch {
      return null;
    }
  },
  set(recordId: number, orderNo: string | null) {
    try {
      if (orderNo) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ recordId, orderNo }));
      else sessionStorage.removeItem(PENDING_KEY);
    } catch {}
  },
};
