/** Orders as the contracts show them: to participants (ClientOrder) and to staff (Order). */
import type { ClientOrder, Order } from '@cool/shared';
import { jsapiPayParams } from '../../integrations/wechatpay/protocol.ts';
import type { PayClient } from './payments.ts';
import type * as repo from './repository.ts';

export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Unpaid past its expiry time: shown as expired though the close job has yet to close it. */
export const expired = (row: { status: string; expiresAt: Date }) =>
  row.status === 'unpaid' && row.expiresAt.getTime() <= Date.now();
export const payable = (row: repo.OrderRow) => row.status === 'unpaid' && !expired(row);

export function toClientOrder(row: repo.OrderRow, pay: PayClient | null): ClientOrder {
  const open = payable(row);
  return {
    orderNo: row.orderNo,
    recordId: row.recordId,
    title: row.title,
    amountFen: row.amountFen,
    channel: row.channel,
    status: row.status,
    expired: expired(row),
    expireTime: row.expiresAt.toISOString(),
    paidTime: iso(row.paidAt),
    refundedFen: row.refundedFen,
    createTime: row.createdAt.toISOString(),
    codeUrl: open ? row.codeUrl : null,
    h5Url: open ? row.h5Url : null,
    // Signed afresh each time it is handed out (its timestamp and nonce are the payment's).
    jsapi:
      open && row.channel === 'jsapi' && row.prepayId && pay
        ? jsapiPayParams(pay.merchant.privateKey, pay.merchant.appId, row.prepayId)
        : null,
  };
}

/** `oAbc****xyz`: enough to match against WeChat Pay's merchant platform, not to identify the payer. */
export const maskOpenid = (openid: string | null) =>
  openid === null ? null : openid.length <= 8 ? '****' : `${openid.slice(0, 4)}****${openid.slice(-3)}`;

export function toOrder(row: repo.OrderListRow, mask: boolean): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    participant: { id: row.participantId, nickname: row.nickname, erased: row.erased },
    recordId: row.recordId,
    testId: row.testId,
    title: row.title,
    priceFen: row.priceFen,
    amountFen: row.amountFen,
    channel: row.channel,
    status: row.status,
    expired: expired(row),
    transactionId: row.transactionId,
    payerOpenid: mask ? maskOpenid(row.payerOpenid) : row.payerOpenid,
    refundedFen: row.refundedFen,
    expireTime: row.expiresAt.toISOString(),
    paidTime: iso(row.paidAt),
    closedTime: iso(row.closedAt),
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}
