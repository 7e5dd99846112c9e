/**
 * A local WeChat Pay API v3 for tests: it holds its own keys (the test merchant's key pair and WeChat Pay's
 * platform key, as a `PUB_KEY_ID_...` public key or a self-signed platform certificate), refuses requests
 * whose `Authorization` signature is wrong (401 SIGN_ERROR), keeps orders and refunds, answers with signed
 * responses, serves the trade bill, and sends signed, encrypted notifications: valid ones and hostile ones.
 */
import { execFileSync } from 'node:child_process';
import { createCipheriv, createHash, generateKeyPairSync, randomBytes, randomInt, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type EncryptedResource,
  type MerchantConfig,
  randomNonce,
  requestMessage,
  rsaSign,
  TIMESTAMP_WINDOW_SECONDS,
  unixSeconds,
} from '../../src/integrations/wechatpay/protocol.ts';

export type FakeKeyMode = 'publicKey' | 'certificate';

/** Ways to spoil the fake's answers, to see the client refuse them. */
export type AnswerTampering =
  | 'forgedSignature'
  | 'unknownSerial'
  | 'staleTimestamp'
  | 'alteredBody'
  | 'unsigned';

/** A notification as sent, and the hostile kinds. */
export type NotificationVariant =
  | 'valid'
  | 'emptyAssociatedData'
  | 'forgedSignature'
  | 'unknownSerial'
  | 'tamperedCiphertext'
  | 'wrongApiV3Key'
  | 'staleTimestamp'
  | 'reserializedBody'
  | 'amountMismatch'
  | 'currencyMismatch'
  | 'mchidMismatch'
  | 'appidMismatch'
  | 'unknownOrder';

export interface FakeOrder {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  notifyUrl: string;
  amountFen: number;
  tradeType: 'JSAPI' | 'NATIVE' | 'MWEB';
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  prepayId: string;
  attach: string;
  transactionId: string | null;
  openid: string | null;
  successTime: Date | null;
}

export interface FakeRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string | null;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  createTime: Date;
  successTime: Date | null;
}

export interface BuiltNotification {
  headers: Record<string, string>;
  body: string;
}

/** One request the fake received, and whether its signature held. */
export interface FakeCall {
  method: string;
  path: string;
  authorized: boolean;
}

const ORDER_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const alnum = (length: number) => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
};

/** RFC 3339 in China time. */
const chinaTime = (date: Date) =>
  `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
/** `yyyy-MM-dd HH:mm:ss` in China time (the bill's format) and its date. */
const billTime = (date: Date) =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** AES-256-GCM with the APIv3 key, ciphertext and tag base64-encoded together, as WeChat Pay sends it. */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  nonce: string = alnum(12),
  originalType = 'transaction',
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: originalType,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A self-signed certificate for `privateKeyPem` with this serial, made by the openssl command line (Node
 * reads X.509 but cannot write it), valid from now for `days` days.
 */
export function selfSignedCertificate(privateKeyPem: string, serialHex: string, days = 365): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-wechatpay-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-out',
        certFile,
        '-days',
        String(days),
        '-subj',
        '/C=CN/O=Tenpay.com/CN=Tenpay.com Test Platform',
        '-set_serial',
        `0x${serialHex}`,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(certFile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rsaPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** A positive 20-byte serial, like WeChat Pay's certificate serials. */
const certificateSerial = () => `${randomInt(1, 8)}${hex(20).slice(1)}`;

export interface FakeWechatPayOptions {
  mode?: FakeKeyMode;
  mchId?: string;
  appId?: string;
}

export class FakeWechatPay {
  readonly mode: FakeKeyMode;
  readonly mchId: string;
  readonly appId: string;
  readonly apiV3Key = alnum(32);
  readonly merchantSerialNo = hex(20);
  readonly merchantKey = rsaPair();
  readonly platformKey = rsaPair();
  /** `Wechatpay-Serial` of the platform key: `PUB_KEY_ID_...`, or the certificate's serial. */
  readonly platformSerial: string;
  readonly platformCertificate: string | null;
  readonly orders = new Map<string, FakeOrder>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly calls: FakeCall[] = [];
  /** Spoils every answer this way until set back to null. */
  answerTampering: AnswerTampering | null = null;
  /** The next API call answers this error instead. */
  /** The next call (or the next one to `route`, `METHOD /path`) fails with this error. */
  failNext: { status: number; code: string; message: string; route?: string } | null = null;
  /** Plants differences in the bill: orders left out, amounts changed, lines only WeChat Pay has. */
  readonly billTweaks = {
    omit: new Set<string>(),
    amountFen: new Map<string, number>(),
    extra: [] as string[][],
  };
  /** The bill file served next does not match its hash. */
  corruptNextBill = false;
  private readonly bills = new Map<string, { data: Buffer }>();
  private server: Server | null = null;
  private strangerKey: ReturnType<typeof rsaPair> | null = null;
  url = '';

  constructor(options: FakeWechatPayOptions = {}) {
    this.mode = options.mode ?? 'publicKey';
    this.mchId = options.mchId ?? `19${digits(8)}`;
    this.appId = options.appId ?? `wx${hex(8).toLowerCase()}`;
    if (this.mode === 'certificate') {
      this.platformSerial = certificateSerial();
      this.platformCertificate = selfSignedCertificate(this.platformKey.privatePem, this.platformSerial);
    } else {
      this.platformSerial = `PUB_KEY_ID_${digits(32)}`;
      this.platformCertificate = null;
    }
  }

  /** The settings a merchant of this fake would enter. */
  get merchantConfig(): MerchantConfig {
    return {
      mchId: this.mchId,
      appId: this.appId,
      merchantSerialNo: this.merchantSerialNo,
      merchantPrivateKey: this.merchantKey.privatePem,
      apiV3Key: this.apiV3Key,
      ...(this.mode === 'publicKey'
        ? { platformPublicKeyId: this.platformSerial, platformPublicKey: this.platformKey.publicPem }
        : { platformCertificates: [this.platformCertificate as string] }),
    };
  }

  /** Listens on `port` (0: any free one; e2e passes the one the server's WECHATPAY_API_BASE names). */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** An unpaid order placed directly, as if our prepay call had made it (for tests without HTTP). */
  addOrder(outTradeNo: string, amountFen: number, tradeType: FakeOrder['tradeType'] = 'NATIVE'): FakeOrder {
    const order: FakeOrder = {
      appid: this.appId,
      mchid: this.mchId,
      outTradeNo,
      description: 'Test report',
      notifyUrl: 'https://example.com/api/pay/wechat/notify',
      amountFen,
      tradeType,
      state: 'NOTPAY',
      prepayId: `wx${digits(28)}`,
      attach: '',
      transactionId: null,
      openid: null,
      successTime: null,
    };
    this.orders.set(outTradeNo, order);
    return order;
  }

  /** The payer pays an unpaid order (what scanning the code and paying does). */
  pay(outTradeNo: string, { openid = `o${alnum(27)}`, at = new Date() } = {}): FakeOrder {
    const order = this.orders.get(outTradeNo);
    if (order?.state !== 'NOTPAY') throw new Error(`fake: order ${outTradeNo} is not payable`);
    Object.assign(order, { state: 'SUCCESS', openid, successTime: at, transactionId: `42000${digits(23)}` });
    return order;
  }

  /** WeChat Pay finishes a refund (its notification is `buildRefundNotification`). */
  settleRefund(outRefundNo: string, status: FakeRefund['status'] = 'SUCCESS', at = new Date()): FakeRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake: no refund ${outRefundNo}`);
    refund.status = status;
    refund.successTime = status === 'SUCCESS' ? at : null;
    return refund;
  }

  // ---- notifications ----

  /** `TRANSACTION.SUCCESS` for a paid order, or a hostile variant of it. */
  buildPaymentNotification(outTradeNo: string, variant: NotificationVariant = 'valid'): BuiltNotification {
    const order = this.orders.get(outTradeNo);
    if (!order?.successTime) throw new Error(`fake: order ${outTradeNo} is not paid`);
    const transaction = {
      ...this.transactionJson(order),
      ...(variant === 'amountMismatch' && {
        amount: {
          total: order.amountFen + 1,
          payer_total: order.amountFen + 1,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      }),
      ...(variant === 'currencyMismatch' && {
        amount: {
          total: order.amountFen,
          payer_total: order.amountFen,
          currency: 'USD',
          payer_currency: 'USD',
        },
      }),
      ...(variant === 'mchidMismatch' && { mchid: `18${digits(8)}` }),
      ...(variant === 'appidMismatch' && { appid: `wx${hex(8).toLowerCase()}` }),
      ...(variant === 'unknownOrder' && { out_trade_no: `NOSUCH${digits(20)}` }),
    };
    return this.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', transaction, variant);
  }

  /** `REFUND.SUCCESS` (or `.ABNORMAL`, `.CLOSED`, following the refund's status), or a hostile variant. */
  buildRefundNotification(outRefundNo: string, variant: NotificationVariant = 'valid'): BuiltNotification {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake: no refund ${outRefundNo}`);
    const order = this.orders.get(refund.outTradeNo) as FakeOrder;
    const resource = {
      mchid: variant === 'mchidMismatch' ? `18${digits(8)}` : this.mchId,
      transaction_id: order.transactionId,
      out_trade_no: variant === 'unknownOrder' ? `NOSUCH${digits(20)}` : order.outTradeNo,
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      refund_status: refund.status,
      ...(refund.successTime && { success_time: chinaTime(refund.successTime) }),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.totalFen,
        refund: variant === 'amountMismatch' ? refund.refundFen + 1 : refund.refundFen,
        payer_total: refund.totalFen,
        payer_refund: refund.refundFen,
        ...(variant === 'currencyMismatch' && { currency: 'USD' }),
      },
    };
    const summary = {
      SUCCESS: '退款成功',
      ABNORMAL: '退款异常',
      CLOSED: '退款关闭',
      PROCESSING: '退款处理中',
    };
    return this.notification(`REFUND.${refund.status}`, summary[refund.status], 'refund', resource, variant);
  }

  /** POSTs a notification the way WeChat Pay does; the answer's status and body. */
  async send(url: string, notification: BuiltNotification): Promise<{ status: number; body: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });
    return { status: response.status, body: await response.text() };
  }

  /** The same notification `copies` times at once (WeChat Pay retries, racing each other). */
  sendConcurrently(url: string, notification: BuiltNotification, copies: number) {
    return Promise.all(Array.from({ length: copies }, () => this.send(url, notification)));
  }

  private notification(
    eventType: string,
    summary: string,
    originalType: string,
    resource: object,
    variant: NotificationVariant,
  ): BuiltNotification {
    const associatedData = variant === 'emptyAssociatedData' ? '' : originalType;
    const key = variant === 'wrongApiV3Key' ? alnum(32) : this.apiV3Key;
    const encrypted = encryptResource(key, JSON.stringify(resource), associatedData, alnum(12), originalType);
    if (variant === 'tamperedCiphertext') {
      const data = Buffer.from(encrypted.ciphertext, 'base64');
      data[0] = (data[0] ?? 0) ^ 0x01;
      encrypted.ciphertext = data.toString('base64');
    }
    const now = new Date();
    const body = JSON.stringify({
      id: `EV-${digits(22)}`,
      create_time: chinaTime(now),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: encrypted,
    });
    const headers = this.signatureHeaders(body, notificationSpoiling(variant));
    const sent = variant === 'reserializedBody' ? JSON.stringify(JSON.parse(body), null, 2) : body;
    return { headers: { 'Content-Type': 'application/json', ...headers }, body: sent };
  }

  // ---- signing ----

  private stranger() {
    this.strangerKey ??= rsaPair();
    return this.strangerKey;
  }

  /** `Wechatpay-*` headers over `body`, spoiled as asked. */
  private signatureHeaders(body: string, spoil: AnswerTampering | null): Record<string, string> {
    const timestamp = unixSeconds() - (spoil === 'staleTimestamp' ? TIMESTAMP_WINDOW_SECONDS + 60 : 0);
    const nonce = randomNonce();
    const signer = spoil === 'forgedSignature' ? this.stranger().privateKey : this.platformKey.privateKey;
    const message = `${timestamp}\n${nonce}\n${body}\n`;
    return {
      'Wechatpay-Serial': spoil === 'unknownSerial' ? `PUB_KEY_ID_${digits(32)}` : this.platformSerial,
      'Wechatpay-Signature': rsaSign(signer, message),
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  // ---- the API ----

  private answer(response: ServerResponse, status: number, json?: object) {
    const body = json === undefined ? '' : JSON.stringify(json);
    const spoil = this.answerTampering;
    const headers = spoil === 'unsigned' ? {} : this.signatureHeaders(body, spoil);
    const sent = spoil === 'alteredBody' && body ? body.replace(/"(\d)/, '"9$1') : body;
    response.writeHead(status, {
      ...headers,
      'Request-ID': `fake-${hex(8)}`,
      ...(sent && { 'Content-Type': 'application/json; charset=utf-8' }),
    });
    response.end(sent);
  }

  private error(response: ServerResponse, status: number, code: string, message: string) {
    this.answer(response, status, { code, message });
  }

  /** Checks our request's `Authorization` the way WeChat Pay does: merchant, serial, time and signature. */
  private authorized(request: IncomingMessage, rawBody: string): boolean {
    const header = request.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match?.[1]) return false;
    const fields = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (mchid !== this.mchId || serial?.toUpperCase() !== this.merchantSerialNo) return false;
    if (
      !nonce ||
      !signature ||
      !timestamp ||
      Math.abs(unixSeconds() - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS
    )
      return false;
    const message = requestMessage(
      request.method ?? '',
      request.url ?? '',
      Number(timestamp),
      nonce,
      rawBody,
    );
    return verify(
      'sha256',
      Buffer.from(message),
      this.merchantKey.publicKey,
      Buffer.from(signature, 'base64'),
    );
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.url);
    const authorized = this.authorized(request, rawBody);
    this.calls.push({ method: request.method ?? '', path: url.pathname, authorized });
    if (!authorized) return this.error(response, 401, 'SIGN_ERROR', '签名错误，请检查后再试');
    if (
      this.failNext &&
      (!this.failNext.route || this.failNext.route === `${request.method} ${url.pathname}`)
    ) {
      const { status, code, message } = this.failNext;
      this.failNext = null;
      return this.error(response, status, code, message);
    }
    let body: Record<string, any> = {};
    if (rawBody) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return this.error(response, 400, 'PARAM_ERROR', '请求体不是有效的 JSON');
      }
    }
    const route = `${request.method} ${url.pathname}`;
    const param = (pattern: RegExp) => {
      const found = pattern.exec(route)?.[1];
      return found === undefined ? undefined : decodeURIComponent(found);
    };
    const kind = param(/^POST \/v3\/pay\/transactions\/(jsapi|native|h5)$/);
    if (kind) return this.prepay(response, kind as 'jsapi' | 'native' | 'h5', body);
    const queried = param(/^GET \/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
    if (queried) return this.query(response, queried, url.searchParams.get('mchid'));
    const closed = param(/^POST \/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/);
    if (closed) return this.closeOrder(response, closed, body);
    if (route === 'POST /v3/refund/domestic/refunds') return this.applyRefund(response, body);
    const refundNo = param(/^GET \/v3\/refund\/domestic\/refunds\/([^/]+)$/);
    if (refundNo) {
      const refund = this.refunds.get(refundNo);
      if (!refund) return this.error(response, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return this.answer(response, 200, this.refundJson(refund));
    }
    if (route === 'GET /v3/bill/tradebill') return this.tradeBill(response, url.searchParams);
    if (route === 'GET /v3/billdownload/file') {
      const bill = this.bills.get(url.searchParams.get('token') ?? '');
      if (!bill) return this.error(response, 400, 'INVALID_REQUEST', '下载链接已失效');
      // The file is not signed (WeChat Pay signs the bill answer that names its hash instead).
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      return response.end(bill.data);
    }
    return this.error(response, 404, 'NOT_FOUND', '接口不存在');
  }

  private prepay(response: ServerResponse, kind: 'jsapi' | 'native' | 'h5', body: Record<string, any>) {
    if (body.appid !== this.appId || body.mchid !== this.mchId)
      return this.error(response, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    const total = body.amount?.total;
    const valid =
      typeof body.out_trade_no === 'string' &&
      ORDER_NO.test(body.out_trade_no) &&
      typeof body.description === 'string' &&
      body.description.length > 0 &&
      body.description.length <= 127 &&
      Number.isInteger(total) &&
      total > 0 &&
      typeof body.notify_url === 'string' &&
      /^https?:\/\/[^?#]+$/.test(body.notify_url) &&
      (kind !== 'jsapi' || typeof body.payer?.openid === 'string') &&
      (kind !== 'h5' || typeof body.scene_info?.payer_client_ip === 'string');
    if (!valid) return this.error(response, 400, 'PARAM_ERROR', '参数错误');
    const tradeType = ({ jsapi: 'JSAPI', native: 'NATIVE', h5: 'MWEB' } as const)[kind];
    const existing = this.orders.get(body.out_trade_no);
    if (existing?.state === 'CLOSED') return this.error(response, 400, 'ORDER_CLOSED', '订单已关闭');
    if (existing && existing.state !== 'NOTPAY')
      return this.error(response, 400, 'ORDERPAID', '该订单已支付');
    if (
      existing &&
      (existing.amountFen !== total ||
        existing.description !== body.description ||
        existing.tradeType !== tradeType)
    )
      return this.error(response, 403, 'OUT_TRADE_NO_USED', '商户订单号重复');
    const { prepayId } = Object.assign(this.addOrder(body.out_trade_no, total, tradeType), {
      description: body.description,
      notifyUrl: body.notify_url,
      attach: typeof body.attach === 'string' ? body.attach : '',
      openid: kind === 'jsapi' ? body.payer.openid : null,
    });
    if (kind === 'jsapi') return this.answer(response, 200, { prepay_id: prepayId });
    if (kind === 'native')
      return this.answer(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${alnum(9)}` });
    return this.answer(response, 200, {
      h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=${digits(10)}`,
    });
  }

  private transactionJson(order: FakeOrder) {
    const paid = order.successTime !== null;
    const descriptions = {
      NOTPAY: '订单未支付',
      SUCCESS: '支付成功',
      CLOSED: '订单已关闭',
      REFUND: '订单发生过退款',
    };
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.outTradeNo,
      ...(paid && { transaction_id: order.transactionId, bank_type: 'OTHERS' }),
      trade_type: order.tradeType,
      trade_state: order.state,
      trade_state_desc: descriptions[order.state],
      attach: order.attach,
      ...(paid && { success_time: chinaTime(order.successTime as Date), payer: { openid: order.openid } }),
      amount: paid
        ? { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' }
        : { payer_currency: 'CNY' },
    };
  }

  private query(response: ServerResponse, outTradeNo: string, mchid: string | null) {
    if (mchid !== this.mchId) return this.error(response, 400, 'PARAM_ERROR', 'mchid 与请求商户不符');
    const order = this.orders.get(outTradeNo);
    if (!order) return this.error(response, 404, 'ORDER_NOT_EXIST', '订单不存在');
    return this.answer(response, 200, this.transactionJson(order));
  }

  private closeOrder(response: ServerResponse, outTradeNo: string, body: Record<string, any>) {
    if (body.mchid !== this.mchId) return this.error(response, 400, 'PARAM_ERROR', 'mchid 与请求商户不符');
    const order = this.orders.get(outTradeNo);
    if (!order) return this.error(response, 404, 'ORDER_NOT_EXIST', '订单不存在');
    if (order.state === 'SUCCESS' || order.state === 'REFUND')
      return this.error(response, 400, 'ORDERPAID', '订单已支付');
    order.state = 'CLOSED';
    return this.answer(response, 204);
  }

  private refundJson(refund: FakeRefund) {
    const order = this.orders.get(refund.outTradeNo) as FakeOrder;
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: order.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime && { success_time: chinaTime(refund.successTime) }),
      create_time: chinaTime(refund.createTime),
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: refund.totalFen,
        refund: refund.refundFen,
        payer_total: refund.totalFen,
        payer_refund: refund.refundFen,
        settlement_refund: refund.refundFen,
        settlement_total: refund.totalFen,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  private applyRefund(response: ServerResponse, body: Record<string, any>) {
    const order = this.orders.get(body.out_trade_no);
    if (!order) return this.error(response, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const { refund, total } = body.amount ?? {};
    if (
      typeof body.out_refund_no !== 'string' ||
      !REFUND_NO.test(body.out_refund_no) ||
      !Number.isInteger(refund) ||
      refund <= 0 ||
      total !== order.amountFen
    )
      return this.error(response, 400, 'PARAM_ERROR', '参数错误');
    const existing = this.refunds.get(body.out_refund_no);
    if (existing) {
      // The same refund number refunds once: a repeat is answered with the refund it made.
      if (existing.outTradeNo !== order.outTradeNo || existing.refundFen !== refund)
        return this.error(response, 400, 'INVALID_REQUEST', '退款单号已被使用');
      return this.answer(response, 200, this.refundJson(existing));
    }
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND')
      return this.error(response, 400, 'INVALID_REQUEST', '订单未支付');
    const refunded = [...this.refunds.values()]
      .filter((r) => r.outTradeNo === order.outTradeNo && r.status !== 'CLOSED')
      .reduce((sum, r) => sum + r.refundFen, 0);
    if (refunded + refund > order.amountFen)
      return this.error(response, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    const made: FakeRefund = {
      refundId: `50${digits(27)}`,
      outRefundNo: body.out_refund_no,
      outTradeNo: order.outTradeNo,
      refundFen: refund,
      totalFen: order.amountFen,
      reason: typeof body.reason === 'string' ? body.reason : '',
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : null,
      status: 'PROCESSING',
      createTime: new Date(),
      successTime: null,
    };
    this.refunds.set(made.outRefundNo, made);
    order.state = 'REFUND';
    return this.answer(response, 200, this.refundJson(made));
  }

  /** The bill of one China-time day, in WeChat Pay's layout; `billTweaks` plants differences. */
  billText(billDate: string, billType = 'ALL'): string {
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
      '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,' +
      '手续费,费率,订单金额,申请退款金额,费率备注';
    const onDay = (date: Date | null) => date !== null && billTime(date).startsWith(billDate);
    // 交易时间 to 交易类型: the same on a payment line and a refund line.
    const tradeColumns = (order: FakeOrder, at: Date) => [
      billTime(at),
      order.appid,
      order.mchid,
      '0',
      '',
      order.transactionId ?? '',
      order.outTradeNo,
      order.openid ?? '',
      order.tradeType,
    ];
    const lines: string[][] = [];
    if (billType !== 'REFUND') {
      for (const order of this.orders.values()) {
        if (!onDay(order.successTime) || this.billTweaks.omit.has(order.outTradeNo)) continue;
        const fen = this.billTweaks.amountFen.get(order.outTradeNo) ?? order.amountFen;
        lines.push([
          ...tradeColumns(order, order.successTime as Date),
          'SUCCESS',
          'OTHERS',
          'CNY',
          yuan(fen),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          order.description,
          order.attach,
          (fen * 0.006).toFixed(5),
          '0.60%',
          yuan(fen),
          '0.00',
          '',
        ]);
      }
    }
    if (billType !== 'SUCCESS') {
      for (const refund of this.refunds.values()) {
        if (!onDay(refund.successTime)) continue;
        const order = this.orders.get(refund.outTradeNo) as FakeOrder;
        lines.push([
          ...tradeColumns(order, refund.successTime as Date),
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          refund.refundId,
          refund.outRefundNo,
          yuan(refund.refundFen),
          '0.00',
          'ORIGINAL',
          'SUCCESS',
          order.description,
          order.attach,
          '0.00000',
          '0.60%',
          yuan(refund.totalFen),
          yuan(refund.refundFen),
          '',
        ]);
      }
    }
    lines.push(...this.billTweaks.extra);
    const paid = lines
      .filter((l) => l[9] === 'SUCCESS')
      .reduce((sum, l) => sum + Math.round(Number(l[12]) * 100), 0);
    const refunded = lines
      .filter((l) => l[9] === 'REFUND')
      .reduce((sum, l) => sum + Math.round(Number(l[16]) * 100), 0);
    const summary = [
      String(lines.length),
      yuan(paid),
      yuan(refunded),
      '0.00',
      '0.00000',
      yuan(paid),
      yuan(refunded),
    ];
    return `${[
      header,
      ...lines.map((line) => line.map((field) => `\`${field}`).join(',')),
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      summary.map((field) => `\`${field}`).join(','),
    ].join('\r\n')}\r\n`;
  }

  private tradeBill(response: ServerResponse, query: URLSearchParams) {
    const billDate = query.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(billDate))
      return this.error(response, 400, 'PARAM_ERROR', '账单日期格式不正确');
    if (billDate >= billTime(new Date()).slice(0, 10))
      return this.error(response, 400, 'NO_STATEMENT_EXIST', '该日期账单尚未生成');
    const text = Buffer.from(this.billText(billDate, query.get('bill_type') ?? 'ALL'));
    const hash = createHash('sha1').update(text).digest('hex');
    const served = this.corruptNextBill ? Buffer.concat([text, Buffer.from('`x\r\n')]) : text;
    this.corruptNextBill = false;
    const token = alnum(24);
    this.bills.set(token, { data: query.get('tar_type') === 'GZIP' ? gzipSync(served) : served });
    return this.answer(response, 200, {
      hash_type: 'SHA1',
      hash_value: hash,
      download_url: `${this.url}/v3/billdownload/file?token=${token}`,
    });
  }
}

/** A notification variant's effect on its headers. */
function notificationSpoiling(variant: NotificationVariant): AnswerTampering | null {
  if (variant === 'forgedSignature' || variant === 'unknownSerial' || variant === 'staleTimestamp')
    return variant;
  return null;
}

export const startFakeWechatPay = (options?: FakeWechatPayOptions) => new FakeWechatPay(options).start();
