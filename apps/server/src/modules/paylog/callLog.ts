import type { Executor } from '../../db/database.ts';
import type { WechatPayCall } from '../../integrations/wechatpay/client.ts';
import { insertPayLog } from './repository.ts';

/** The payment log names each endpoint by what it does. */
const OPERATIONS: Record<string, string> = {
  'POST /v3/pay/transactions/jsapi': 'prepay.jsapi',
  'POST /v3/pay/transactions/native': 'prepay.native',
  'POST /v3/pay/transactions/h5': 'prepay.h5',
  'GET /v3/pay/transactions/out-trade-no/{out_trade_no}': 'query',
  'POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close': 'close',
  'POST /v3/refund/domestic/refunds': 'refund.apply',
  'GET /v3/refund/domestic/refunds/{out_refund_no}': 'refund.query',
  'GET /v3/bill/tradebill': 'bill',
  'GET /v3/billdownload/file': 'bill.download',
};

/** One outbound call in the payment log (`operation` like `query`, `refund.apply`); never a secret. */
export function recordPayCall(db: Executor, call: WechatPayCall, orderNo: string | null = null) {
  const fromPath = /\/out-trade-no\/([^/]+)/.exec(call.path)?.[1];
  return insertPayLog(db, {
    occurredAt: call.startedAt,
    direction: 'outbound',
    operation: OPERATIONS[call.endpoint] ?? call.endpoint,
    orderNo: orderNo ?? (fromPath === undefined ? null : decodeURIComponent(fromPath)),
    httpStatus: call.status,
    verdict: call.verdict,
    errorCode: call.detail,
    durationMs: Math.round(call.durationMs),
    detail: { path: call.path, ...(call.requestId && { requestId: call.requestId }) },
  });
}
