/**
 * The WeChat Pay API v3 calls orders need, over `fetch`: each request signed with the merchant key, each
 * answer believed only once its signature is verified (the bill file, which WeChat Pay does not sign, by its
 * SHA1 from the signed bill answer). Failures become `WechatPayError`s with catalogue codes; every call is
 * reported to `onCall` (endpoint, status, verdict, duration) for the payment log.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { ErrorCode, JsapiPayParams } from '@cool/shared';
import { z } from 'zod';
import { HttpError } from '../../http/reply.ts';
import { parseTradeBill, type TradeBill } from './bill.ts';
import {
  authorization,
  jsapiPayParams,
  type Merchant,
  SignatureError,
  signedHeaders,
  verifySigned,
} from './protocol.ts';

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const USER_AGENT = 'cool-assessment-server (WeChatPay-APIv3; node)';

/** A call that failed, with the catalogue code the client is told and what WeChat Pay said, if anything. */
export class WechatPayError extends HttpError {
  constructor(
    status: number,
    code: ErrorCode & `wechatpay.${string}`,
    params: Record<string, string | number> = {},
    /** WeChat Pay's own code (`ORDER_NOT_EXIST`), when it answered with one. */
    readonly wechatCode: string | null = null,
  ) {
    super(status, code, params);
    this.name = 'WechatPayError';
  }

  /** Whether WeChat Pay's error answer carried a valid signature; either way it is not an order's state. */
  signed = false;
}

/** How a call ended, for the payment log. */
export type CallVerdict = 'ok' | 'wechatError' | 'badSignature' | 'badAnswer' | 'unreachable';

export interface WechatPayCall {
  /** The API, with its path parameters as placeholders: `GET /v3/pay/transactions/out-trade-no/{out_trade_no}`. */
  endpoint: string;
  /** The path actually called (order numbers, no secrets). */
  path: string;
  /** WeChat Pay's HTTP status; null when it was not reached. */
  status: number | null;
  verdict: CallVerdict;
  /** WeChat Pay's error code, or why the answer was refused (`badSignature:unknownSerial`). */
  detail: string | null;
  /** WeChat Pay's `Request-ID`, for its support. */
  requestId: string | null;
  startedAt: Date;
  durationMs: number;
}

export interface WechatPayClientOptions {
  merchant: Merchant;
  /** `https://api.mch.weixin.qq.com`, or a local fake in tests. */
  apiBase: string;
  onCall?: (call: WechatPayCall) => void;
  timeoutMs?: number;
  /** The clock answers are checked against (tests move it). */
  now?: () => number;
}

/** What every order call has in common; amounts are integers in fen. */
export interface PrepayInput {
  outTradeNo: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  /** The last moment the order can be paid. */
  timeExpire?: Date;
  attach?: string;
}

export const transactionSchema = z.looseObject({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.string(),
  trade_state_desc: z.string().optional(),
  bank_type: z.string().optional(),
  attach: z.string().optional(),
  success_time: z.string().optional(),
  payer: z.looseObject({ openid: z.string().optional() }).optional(),
  amount: z
    .looseObject({
      total: z.number().int().optional(),
      payer_total: z.number().int().optional(),
      currency: z.string().optional(),
      payer_currency: z.string().optional(),
    })
    .optional(),
});
/** An order as WeChat Pay sees it (query answer, and the decrypted payment notification). */
export type WechatTransaction = z.infer<typeof transactionSchema>;

/** A refund's amounts, as both the refund answers and the refund notifications give them. */
const refundAmountSchema = z.looseObject({
  total: z.number().int(),
  refund: z.number().int(),
  payer_total: z.number().int().optional(),
  payer_refund: z.number().int().optional(),
  currency: z.string().optional(),
});

const refundSchema = z.looseObject({
  refund_id: z.string(),
  out_refund_no: z.string(),
  transaction_id: z.string().optional(),
  out_trade_no: z.string().optional(),
  channel: z.string().optional(),
  user_received_account: z.string().optional(),
  success_time: z.string().optional(),
  create_time: z.string().optional(),
  /** SUCCESS, CLOSED, PROCESSING or ABNORMAL. */
  status: z.string(),
  amount: refundAmountSchema,
});
/** A refund as the apply and query answers give it. */
export type WechatRefund = z.infer<typeof refundSchema>;

/** The decrypted resource of a refund notification (`REFUND.SUCCESS`, `REFUND.ABNORMAL`, `REFUND.CLOSED`). */
export const refundNotificationSchema = z.looseObject({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.string(),
  success_time: z.string().optional(),
  user_received_account: z.string().optional(),
  amount: refundAmountSchema,
});
export type WechatRefundNotification = z.infer<typeof refundNotificationSchema>;

const prepaySchema = z.looseObject({ prepay_id: z.string() });
const nativeSchema = z.looseObject({ code_url: z.string() });
const h5Schema = z.looseObject({ h5_url: z.string() });
const billSchema = z.looseObject({ hash_type: z.string(), hash_value: z.string(), download_url: z.string() });

/** WeChat Pay's error codes, as ours; anything else is `rejected` (4xx) or `systemError` (5xx). */
const WECHAT_CODES: Record<
  string,
  { status: number; code: ErrorCode & `wechatpay.${string}`; reason?: boolean }
> = {
  SIGN_ERROR: { status: 502, code: 'wechatpay.signRejected' },
  ORDER_NOT_EXIST: { status: 404, code: 'wechatpay.notFound' },
  ORDERNOTEXIST: { status: 404, code: 'wechatpay.notFound' },
  RESOURCE_NOT_EXISTS: { status: 404, code: 'wechatpay.notFound' },
  ORDER_CLOSED: { status: 409, code: 'wechatpay.orderClosed' },
  ORDERPAID: { status: 409, code: 'wechatpay.orderPaid' },
  ORDER_PAID: { status: 409, code: 'wechatpay.orderPaid' },
  OUT_TRADE_NO_USED: { status: 409, code: 'wechatpay.outTradeNoUsed' },
  NOT_ENOUGH: { status: 409, code: 'wechatpay.balanceLow' },
  FREQUENCY_LIMITED: { status: 429, code: 'wechatpay.tooFrequent' },
  NO_STATEMENT_EXIST: { status: 404, code: 'wechatpay.billUnavailable', reason: true },
  STATEMENT_CREATING: { status: 409, code: 'wechatpay.billUnavailable', reason: true },
  NO_AUTH: { status: 502, code: 'wechatpay.merchantRefused', reason: true },
  APPID_MCHID_NOT_MATCH: { status: 502, code: 'wechatpay.merchantRefused', reason: true },
  MCH_NOT_EXISTS: { status: 502, code: 'wechatpay.merchantRefused', reason: true },
};

const reasonOf = (wechatCode: string, message: unknown) =>
  `${wechatCode}${typeof message === 'string' && message ? `: ${message}` : ''}`.slice(0, 200);

function wechatError(status: number, body: { code?: unknown; message?: unknown } | null): WechatPayError {
  const wechatCode = typeof body?.code === 'string' ? body.code : `HTTP ${status}`;
  const known = WECHAT_CODES[wechatCode];
  if (known) {
    const params: Record<string, string> = known.reason
      ? { reason: reasonOf(wechatCode, body?.message) }
      : {};
    return new WechatPayError(known.status, known.code, params, wechatCode);
  }
  const params = { reason: reasonOf(wechatCode, body?.message) };
  return status >= 500 || wechatCode === 'SYSTEM_ERROR' || wechatCode === 'BANK_ERROR'
    ? new WechatPayError(502, 'wechatpay.systemError', params, wechatCode)
    : new WechatPayError(502, 'wechatpay.rejected', params, wechatCode);
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

interface Request {
  method: 'GET' | 'POST';
  endpoint: string;
  pathAndQuery: string;
  body?: object;
}

export function wechatPayClient(options: WechatPayClientOptions) {
  const { merchant, onCall } = options;
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  /** One signed call; `verify` decides whether (and how) the answer is believed. */
  async function send(
    request: { method: 'GET' | 'POST'; endpoint: string; url: URL; body?: string },
    verify: (response: Response, raw: Buffer) => void,
  ): Promise<{ status: number; raw: Buffer }> {
    const startedAt = new Date(now());
    const pathAndQuery = `${request.url.pathname}${request.url.search}`;
    const report = (
      status: number | null,
      verdict: CallVerdict,
      detail: string | null,
      requestId: string | null,
    ) =>
      onCall?.({
        endpoint: request.endpoint,
        path: request.url.pathname,
        status,
        verdict,
        detail,
        requestId,
        startedAt,
        durationMs: Math.max(0, now() - startedAt.getTime()),
      });
    let response: Response;
    let raw: Buffer;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: {
          Authorization: authorization(merchant, {
            method: request.method,
            pathAndQuery,
            body: request.body,
          }),
          Accept: 'application/json',
          'User-Agent': USER_AGENT,
          ...(request.body !== undefined && { 'Content-Type': 'application/json' }),
          // Asks WeChat Pay to sign its answer with the public key (merchants switching from certificates).
          ...(merchant.platformPublicKeyId && { 'Wechatpay-Serial': merchant.platformPublicKeyId }),
        },
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
      report(null, 'unreachable', reason, null);
      throw new WechatPayError(502, 'wechatpay.unreachable', { reason });
    }
    const requestId = response.headers.get('request-id');
    if (raw.length > MAX_ANSWER_BYTES) {
      report(response.status, 'badAnswer', 'too large', requestId);
      throw new WechatPayError(502, 'wechatpay.badAnswer');
    }
    if (response.status >= 300) {
      // SDKs do not require errors to be signed: an error is reported, never taken as an order's state.
      const failure = wechatError(
        response.status,
        parseJson(raw.toString('utf8')) as { code?: unknown } | null,
      );
      let signed = true;
      try {
        verify(response, raw);
      } catch {
        signed = false;
      }
      failure.signed = signed;
      report(
        response.status,
        'wechatError',
        `${failure.wechatCode}${signed ? '' : ' (unsigned)'}`,
        requestId,
      );
      throw failure;
    }
    try {
      verify(response, raw);
    } catch (error) {
      if (error instanceof SignatureError) {
        report(response.status, 'badSignature', error.reason, requestId);
        throw new WechatPayError(502, 'wechatpay.badSignature', { reason: error.reason });
      }
      if (error instanceof WechatPayError) report(response.status, 'badAnswer', error.code, requestId);
      throw error;
    }
    report(response.status, 'ok', null, requestId);
    return { status: response.status, raw };
  }

  const verifyAnswer = (response: Response, raw: Buffer) =>
    verifySigned(
      merchant.platformKeys,
      signedHeaders((name) => response.headers.get(name)),
      raw,
      now(),
    );

  /** A JSON API call whose answer (2xx or error) must carry a valid signature. */
  async function call<T>(request: Request, schema: z.ZodType<T> | null): Promise<T> {
    const url = new URL(`${apiBase}${request.pathAndQuery}`);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const { raw } = await send(
      { method: request.method, endpoint: request.endpoint, url, body },
      verifyAnswer,
    );
    if (schema === null) return undefined as T;
    const parsed = schema.safeParse(parseJson(raw.toString('utf8')));
    if (!parsed.success) throw new WechatPayError(502, 'wechatpay.badAnswer');
    return parsed.data;
  }

  const orderBody = (input: PrepayInput) => ({
    appid: merchant.appId,
    mchid: merchant.mchId,
    description: input.description,
    out_trade_no: input.outTradeNo,
    ...(input.timeExpire && { time_expire: rfc3339(input.timeExpire) }),
    ...(input.attach && { attach: input.attach }),
    notify_url: input.notifyUrl,
    amount: { total: input.amountFen, currency: 'CNY' },
  });

  const outTradeNoPath = (outTradeNo: string) =>
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    /** JSAPI (inside WeChat): the prepay id and the signed parameters for `wx.requestPayment`. */
    async prepayJsapi(
      input: PrepayInput & { openid: string },
    ): Promise<{ prepayId: string; payParams: JsapiPayParams }> {
      const { prepay_id } = await call(
        {
          method: 'POST',
          endpoint: 'POST /v3/pay/transactions/jsapi',
          pathAndQuery: '/v3/pay/transactions/jsapi',
          body: { ...orderBody(input), payer: { openid: input.openid } },
        },
        prepaySchema,
      );
      return {
        prepayId: prepay_id,
        payParams: jsapiPayParams(merchant.privateKey, merchant.appId, prepay_id),
      };
    },

    /** Native (a QR code on a desktop): the `weixin://` URL to show as a QR code. */
    async prepayNative(input: PrepayInput): Promise<{ codeUrl: string }> {
      const { code_url } = await call(
        {
          method: 'POST',
          endpoint: 'POST /v3/pay/transactions/native',
          pathAndQuery: '/v3/pay/transactions/native',
          body: orderBody(input),
        },
        nativeSchema,
      );
      return { codeUrl: code_url };
    },

    /** H5 (a mobile browser outside WeChat): the cashier URL; needs the payer's address. */
    async prepayH5(input: PrepayInput & { payerClientIp: string }): Promise<{ h5Url: string }> {
      const { h5_url } = await call(
        {
          method: 'POST',
          endpoint: 'POST /v3/pay/transactions/h5',
          pathAndQuery: '/v3/pay/transactions/h5',
          body: {
            ...orderBody(input),
            scene_info: { payer_client_ip: input.payerClientIp, h5_info: { type: 'Wap' } },
          },
        },
        h5Schema,
      );
      return { h5Url: h5_url };
    },

    queryByOutTradeNo(outTradeNo: string): Promise<WechatTransaction> {
      const query = new URLSearchParams({ mchid: merchant.mchId });
      return call(
        {
          method: 'GET',
          endpoint: 'GET /v3/pay/transactions/out-trade-no/{out_trade_no}',
          pathAndQuery: `${outTradeNoPath(outTradeNo)}?${query}`,
        },
        transactionSchema,
      );
    },

    /** Closes an unpaid order (204). Query it first: a paid order cannot be closed. */
    close(outTradeNo: string): Promise<void> {
      return call(
        {
          method: 'POST',
          endpoint: 'POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close',
          pathAndQuery: `${outTradeNoPath(outTradeNo)}/close`,
          body: { mchid: merchant.mchId },
        },
        null,
      );
    },

    /** Applies for a refund; the answer means accepted (status PROCESSING usually), not refunded. */
    refund(input: {
      outTradeNo: string;
      outRefundNo: string;
      refundFen: number;
      totalFen: number;
      reason?: string;
      notifyUrl?: string;
    }): Promise<WechatRefund> {
      return call(
        {
          method: 'POST',
          endpoint: 'POST /v3/refund/domestic/refunds',
          pathAndQuery: '/v3/refund/domestic/refunds',
          body: {
            out_trade_no: input.outTradeNo,
            out_refund_no: input.outRefundNo,
            ...(input.reason && { reason: input.reason }),
            ...(input.notifyUrl && { notify_url: input.notifyUrl }),
            amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
          },
        },
        refundSchema,
      );
    },

    queryRefund(outRefundNo: string): Promise<WechatRefund> {
      return call(
        {
          method: 'GET',
          endpoint: 'GET /v3/refund/domestic/refunds/{out_refund_no}',
          pathAndQuery: `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
        },
        refundSchema,
      );
    },

    /**
     * A day's trade bill (`billDate` is `yyyy-MM-dd`, China time), parsed to rows. Two calls: the signed bill
     * answer names the file and its SHA1; the file itself is unsigned, so it is believed by that hash.
     */
    async tradeBill(input: {
      billDate: string;
      billType?: 'ALL' | 'SUCCESS' | 'REFUND';
      gzip?: boolean;
    }): Promise<TradeBill> {
      const query = new URLSearchParams({
        bill_date: input.billDate,
        bill_type: input.billType ?? 'ALL',
        ...(input.gzip !== false && { tar_type: 'GZIP' }),
      });
      const bill = await call(
        { method: 'GET', endpoint: 'GET /v3/bill/tradebill', pathAndQuery: `/v3/bill/tradebill?${query}` },
        billSchema,
      );
      const url = downloadUrl(bill.download_url, apiBase);
      const { raw } = await send(
        { method: 'GET', endpoint: 'GET /v3/billdownload/file', url },
        (_response, body) => {
          const text = isGzip(body) ? gunzipSync(body) : body;
          const hash = createHash(bill.hash_type.toLowerCase() === 'sha1' ? 'sha1' : 'sha256')
            .update(text)
            .digest('hex');
          if (hash !== bill.hash_value.toLowerCase()) throw new WechatPayError(502, 'wechatpay.billCorrupt');
        },
      );
      try {
        return parseTradeBill((isGzip(raw) ? gunzipSync(raw) : raw).toString('utf8'));
      } catch {
        throw new WechatPayError(502, 'wechatpay.badAnswer');
      }
    },
  };
}

export type WechatPayClient = ReturnType<typeof wechatPayClient>;

const isGzip = (data: Buffer) => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

/** The bill file's address, only on WeChat Pay's own hosts (or the configured base): our signature goes there. */
function downloadUrl(address: string, apiBase: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WechatPayError(502, 'wechatpay.badAnswer');
  }
  const trusted =
    url.origin === new URL(apiBase).origin ||
    (url.protocol === 'https:' && /(^|\.)mch\.weixin\.qq\.com$/.test(url.hostname));
  if (!trusted) throw new WechatPayError(502, 'wechatpay.badAnswer');
  return url;
}

/** RFC 3339 in China time, as WeChat Pay writes it: `2026-11-23T12:30:00+08:00`. */
export function rfc3339(date: Date): string {
  const china = new Date(date.getTime() + 8 * 3600_000);
  return `${china.toISOString().slice(0, 19)}+08:00`;
}
