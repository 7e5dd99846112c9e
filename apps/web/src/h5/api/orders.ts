import type { ClientOrder, Page, PayChannel } from '@cool/shared';
import { ClientError, call } from './client.ts';
import { type PageRequest, pageQuery } from './pages.ts';

/** A report's payment: an order per record and channel, asked about until it settles. */

/**
 * 201 a new order, 200 the one still payable; 503 `wechatpay.notConfigured` until WeChat Pay is set up; 409
 * `order.alreadyUnlocked` when it was paid meanwhile. A jsapi order without the participant's openid is a 400
 * refusal of the field `channel` (`order.openidRequired`): its error takes that code, for the panel to act on.
 */
export const createOrder = (recordId: number, channel: PayChannel) =>
  call<ClientOrder>('POST', '/orders', { recordId, channel }).catch((error: unknown) => {
    throw error instanceof ClientError &&
      error.fields.some((f) => f.field === 'channel' && f.error === 'order.openidRequired')
      ? new ClientError(error.status, error.message, 'order.openidRequired', error.fields)
      : error;
  });

/** The server asks WeChat Pay itself when the order has not been asked about for a while. */
export const getOrder = (orderNo: string) => call<ClientOrder>('GET', `/orders/${orderNo}`);

/** My orders a page at a time, newest first. */
export const listOrders = (page: PageRequest) =>
  call<Page<ClientOrder>>('GET', `/orders?${pageQuery(page, 20)}`);
