import type { ClientOrder, Page, PayChannel } from '@cool/shared';
import { ClientError, call } from './client.ts';
import { type PageRequest, pageQuery } from './pages.ts';

/** A report's payment (issue 10): an order per record and channel, asked about until it settles. */

/**
 * 201 a new order, 200 the one still payable; 503 `wechatpay.notConfigured` until WeChat Pay is set up; 409
 * `order.alreadyUnlocked` when it was paid meanwhile. A jsapi order without the participant's openid is a 400
 * field error of `channel` (`order.openidRequired`), which the client's error does not carry: it gets that code here.
 */
export const createOrder = (recordId: number, channel: PayChannel) =>
  call<ClientOrder>('POST', '/orders', { recordId, channel }).catch((error: unknown) => {
    throw channel === 'jsapi' && openidRefusal(error)
      ? new ClientError(error.status, error.message, 'order.openidRequired')
      : error;
  });

/** The server names the refused field first in the message (`channel: …`), whatever the language. */
const openidRefusal = (error: unknown): error is ClientError =>
  error instanceof ClientError &&
  error.status === 400 &&
  error.code === 'request.invalid' &&
  error.message.startsWith('channel:');

/** The server asks WeChat Pay itself when the order has not been asked about for a while. */
export const getOrder = (orderNo: string) => call<ClientOrder>('GET', `/orders/${orderNo}`);

/** My orders a page at a time, newest first. */
export const listOrders = (page: PageRequest) =>
  call<Page<ClientOrder>>('GET', `/orders?${pageQuery(page, 20)}`);
