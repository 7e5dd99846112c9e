import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type WechatPayCall,
  type WechatPayClient,
  WechatPayError,
  wechatPayClient,
} from '../src/integrations/wechatpay/client.ts';
import {
  DecryptError,
  loadMerchant,
  openNotification,
  SignatureError,
  signedHeaders,
} from '../src/integrations/wechatpay/protocol.ts';
import { type AnswerTampering, FakeWechatPay, hasOpenssl, startFakeWechatPay } from './fakes/wechatpay.ts';

const notifyUrl = 'https://pay.example.com/api/pay/wechat/notify';
let orderSeq = 0;
const orderNo = () => `T${Date.now()}${String(++orderSeq).padStart(4, '0')}`;

const clientFor = (fake: FakeWechatPay, calls: WechatPayCall[] = [], config = fake.merchantConfig) =>
  wechatPayClient({ merchant: loadMerchant(config), apiBase: fake.url, onCall: (call) => calls.push(call) });

/** The catalogue code a call failed with (and WeChat Pay's own code), or 'ok'. */
async function outcome(run: () => Promise<unknown>) {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof WechatPayError)
      return error.wechatCode ? `${error.code} ${error.wechatCode}` : error.code;
    throw error;
  }
}

describe.each([
  ['public key', 'publicKey'],
  ['platform certificate', 'certificate'],
] as const)('the client against the fake (%s mode)', (_name, mode) => {
  let fake: FakeWechatPay;
  let client: WechatPayClient;
  const calls: WechatPayCall[] = [];

  beforeAll(async () => {
    if (mode === 'certificate' && !hasOpenssl) return;
    fake = await startFakeWechatPay({ mode });
    client = clientFor(fake, calls);
  });
  afterAll(() => fake?.close());

  it.skipIf(mode === 'certificate' && !hasOpenssl)(
    'orders by Native, JSAPI and H5, each call signed and its answer verified',
    async () => {
      const native = orderNo();
      const { codeUrl } = await client.prepayNative({
        outTradeNo: native,
        description: 'MBTI report',
        amountFen: 990,
        notifyUrl,
      });
      expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const jsapi = orderNo();
      const { prepayId, payParams } = await client.prepayJsapi({
        outTradeNo: jsapi,
        description: 'MBTI report',
        amountFen: 990,
        notifyUrl,
        openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        timeExpire: new Date(Date.now() + 30 * 60_000),
      });
      expect(payParams).toMatchObject({
        appId: fake.appId,
        package: `prepay_id=${prepayId}`,
        signType: 'RSA',
      });
      const signed = `${payParams.appId}\n${payParams.timeStamp}\n${payParams.nonceStr}\n${payParams.package}\n`;
      expect(
        verify(
          'sha256',
          Buffer.from(signed),
          fake.merchantKey.publicKey,
          Buffer.from(payParams.paySign, 'base64'),
        ),
      ).toBe(true);
      const { h5Url } = await client.prepayH5({
        outTradeNo: orderNo(),
        description: 'x',
        amountFen: 1,
        notifyUrl,
        payerClientIp: '203.0.113.9',
      });
      expect(h5Url).toMatch(/^https:\/\/wx\.tenpay\.com\//);
      expect(fake.orders.get(native)).toMatchObject({ amountFen: 990, tradeType: 'NATIVE', state: 'NOTPAY' });
      expect(fake.orders.get(jsapi)).toMatchObject({
        tradeType: 'JSAPI',
        openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      });
      expect(fake.calls.every((call) => call.authorized)).toBe(true);
      expect(calls.slice(-3).map((call) => [call.endpoint, call.status, call.verdict])).toEqual([
        ['POST /v3/pay/transactions/native', 200, 'ok'],
        ['POST /v3/pay/transactions/jsapi', 200, 'ok'],
        ['POST /v3/pay/transactions/h5', 200, 'ok'],
      ]);
      expect(calls.at(-1)?.requestId).toMatch(/^fake-/);
      expect(calls.at(-1)?.durationMs).toBeGreaterThanOrEqual(0);
    },
  );

  it.skipIf(mode === 'certificate' && !hasOpenssl)(
    'queries an order before and after payment, and closes an unpaid one',
    async () => {
      const paid = orderNo();
      await client.prepayNative({ outTradeNo: paid, description: 'x', amountFen: 500, notifyUrl });
      expect(await client.queryByOutTradeNo(paid)).toMatchObject({
        trade_state: 'NOTPAY',
        out_trade_no: paid,
      });
      fake.pay(paid, { openid: 'oPayer' });
      expect(await client.queryByOutTradeNo(paid)).toMatchObject({
        trade_state: 'SUCCESS',
        transaction_id: fake.orders.get(paid)?.transactionId,
        payer: { openid: 'oPayer' },
        amount: { total: 500, currency: 'CNY' },
        mchid: fake.mchId,
        appid: fake.appId,
      });
      expect(await outcome(() => client.close(paid))).toBe('wechatpay.orderPaid ORDERPAID');
      const unpaid = orderNo();
      await client.prepayNative({ outTradeNo: unpaid, description: 'x', amountFen: 500, notifyUrl });
      expect(await outcome(() => client.close(unpaid))).toBe('ok');
      expect(calls.at(-1)).toMatchObject({ status: 204, verdict: 'ok' });
      expect((await client.queryByOutTradeNo(unpaid)).trade_state).toBe('CLOSED');
      expect(
        await outcome(() =>
          client.prepayNative({ outTradeNo: unpaid, description: 'x', amountFen: 500, notifyUrl }),
        ),
      ).toBe('wechatpay.orderClosed ORDER_CLOSED');
      expect(await outcome(() => client.queryByOutTradeNo('NOSUCH000001'))).toBe(
        'wechatpay.notFound ORDER_NOT_EXIST',
      );
      expect(calls.at(-1)).toMatchObject({ status: 404, verdict: 'wechatError', detail: 'ORDER_NOT_EXIST' });
    },
  );

  it.skipIf(mode === 'certificate' && !hasOpenssl)(
    'refunds in parts up to the amount paid, and queries each refund',
    async () => {
      const no = orderNo();
      await client.prepayNative({ outTradeNo: no, description: 'x', amountFen: 1000, notifyUrl });
      fake.pay(no);
      const first = await client.refund({
        outTradeNo: no,
        outRefundNo: `${no}R1`,
        refundFen: 500,
        totalFen: 1000,
        reason: 'half',
      });
      expect(first).toMatchObject({
        status: 'PROCESSING',
        out_refund_no: `${no}R1`,
        amount: { refund: 500, total: 1000 },
      });
      // The same refund number again refunds nothing more: the answer is the same refund.
      expect(
        (await client.refund({ outTradeNo: no, outRefundNo: `${no}R1`, refundFen: 500, totalFen: 1000 }))
          .refund_id,
      ).toBe(first.refund_id);
      expect(
        await outcome(() =>
          client.refund({ outTradeNo: no, outRefundNo: `${no}R2`, refundFen: 501, totalFen: 1000 }),
        ),
      ).toBe('wechatpay.rejected INVALID_REQUEST');
      fake.settleRefund(`${no}R1`);
      expect(await client.queryRefund(`${no}R1`)).toMatchObject({
        status: 'SUCCESS',
        success_time: expect.any(String),
      });
      expect(await outcome(() => client.queryRefund('NOSUCHREFUND'))).toBe(
        'wechatpay.notFound RESOURCE_NOT_EXISTS',
      );
    },
  );

  it.skipIf(mode === 'certificate' && !hasOpenssl)(
    "downloads a day's trade bill, gzip or plain, believed by its hash",
    async () => {
      const no = orderNo();
      await client.prepayNative({
        outTradeNo: no,
        description: 'bill, with a comma',
        amountFen: 1999,
        notifyUrl,
      });
      fake.pay(no, { at: new Date('2026-03-01T04:00:00Z') });
      for (const gzip of [true, false]) {
        const bill = await client.tradeBill({ billDate: '2026-03-01', gzip });
        expect(bill.rows.map((row) => [row.outTradeNo, row.amountFen, row.description])).toEqual([
          [no, 1999, 'bill, with a comma'],
        ]);
      }
      expect(calls.slice(-2).map((call) => [call.endpoint, call.verdict])).toEqual([
        ['GET /v3/bill/tradebill', 'ok'],
        ['GET /v3/billdownload/file', 'ok'],
      ]);
      fake.corruptNextBill = true;
      expect(await outcome(() => client.tradeBill({ billDate: '2026-03-01' }))).toBe('wechatpay.billCorrupt');
      expect(calls.at(-1)).toMatchObject({ verdict: 'badAnswer', detail: 'wechatpay.billCorrupt' });
      expect(await outcome(() => client.tradeBill({ billDate: '2099-01-01' }))).toBe(
        'wechatpay.billUnavailable NO_STATEMENT_EXIST',
      );
    },
  );

  it.skipIf(mode === 'certificate' && !hasOpenssl)(
    'refuses answers with a bad, unknown, stale or missing signature',
    async () => {
      const no = orderNo();
      await client.prepayNative({ outTradeNo: no, description: 'x', amountFen: 1, notifyUrl });
      const spoiled: Record<AnswerTampering, string> = {
        forgedSignature: 'badSignature',
        alteredBody: 'badSignature',
        unknownSerial: 'unknownSerial',
        staleTimestamp: 'staleTimestamp',
        unsigned: 'missingHeaders',
      };
      for (const [tampering, reason] of Object.entries(spoiled)) {
        fake.answerTampering = tampering as AnswerTampering;
        try {
          expect(await outcome(() => client.queryByOutTradeNo(no)), tampering).toBe('wechatpay.badSignature');
          expect(calls.at(-1), tampering).toMatchObject({
            status: 200,
            verdict: 'badSignature',
            detail: reason,
          });
        } finally {
          fake.answerTampering = null;
        }
      }
    },
  );
});

describe('calls that fail before WeChat Pay believes them', () => {
  let fake: FakeWechatPay;
  beforeAll(async () => {
    fake = await startFakeWechatPay();
  });
  afterAll(() => fake.close());

  it('a request signed with the wrong private key is refused with 401 SIGN_ERROR', async () => {
    const calls: WechatPayCall[] = [];
    const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const client = clientFor(fake, calls, {
      ...fake.merchantConfig,
      merchantPrivateKey: wrongKey.toString(),
    });
    expect(await outcome(() => client.queryByOutTradeNo('T000000001'))).toBe(
      'wechatpay.signRejected SIGN_ERROR',
    );
    expect(calls.at(-1)).toMatchObject({ status: 401, verdict: 'wechatError', detail: 'SIGN_ERROR' });
    expect(fake.calls.at(-1)).toMatchObject({ authorized: false });
  });

  it('an answer signed under a key id the merchant does not hold is refused', async () => {
    fake.addOrder('T000000002', 1);
    const calls: WechatPayCall[] = [];
    const client = clientFor(fake, calls, {
      ...fake.merchantConfig,
      platformPublicKeyId: 'PUB_KEY_ID_0000000000000000000000000000000001',
    });
    expect(await outcome(() => client.queryByOutTradeNo('T000000002'))).toBe('wechatpay.badSignature');
    expect(calls.at(-1)).toMatchObject({ verdict: 'badSignature', detail: 'unknownSerial' });
    // An error answer is reported either way, marked unsigned: it is never taken as an order's state.
    const error = await client.queryByOutTradeNo('NOSUCH0001').catch((e: WechatPayError) => e);
    expect(error).toMatchObject({ code: 'wechatpay.notFound', signed: false });
  });

  it('WeChat Pay errors map to codes, and a server error to systemError', async () => {
    const client = clientFor(fake);
    fake.failNext = { status: 429, code: 'FREQUENCY_LIMITED', message: '频率超限' };
    expect(await outcome(() => client.queryByOutTradeNo('T000000001'))).toBe(
      'wechatpay.tooFrequent FREQUENCY_LIMITED',
    );
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' };
    const error = await client.queryByOutTradeNo('T000000001').catch((e: WechatPayError) => e);
    expect(error).toMatchObject({
      code: 'wechatpay.systemError',
      status: 502,
      signed: true,
      params: { reason: 'SYSTEM_ERROR: 系统错误' },
    });
  });

  it('an address with nothing listening is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const calls: WechatPayCall[] = [];
    const client = wechatPayClient({
      merchant: loadMerchant(fake.merchantConfig),
      apiBase: `http://127.0.0.1:${port}`,
      onCall: (call) => calls.push(call),
    });
    expect(await outcome(() => client.close('T000000001'))).toBe('wechatpay.unreachable');
    expect(calls).toMatchObject([{ status: null, verdict: 'unreachable', detail: 'unreachable' }]);
  });
});

describe('the fake sends notifications over HTTP', () => {
  it('delivers signed copies at once that a receiver verifies from the raw bytes, and hostile ones it refuses', async () => {
    const fake = new FakeWechatPay();
    const merchant = loadMerchant(fake.merchantConfig);
    const verdicts: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const { resource } = openNotification(
            merchant,
            signedHeaders((name) => request.headers[name]),
            Buffer.concat(chunks),
          );
          verdicts.push((resource as { out_trade_no: string }).out_trade_no);
          response.writeHead(204).end();
        } catch (error) {
          verdicts.push(
            error instanceof SignatureError || error instanceof DecryptError ? error.reason : 'crash',
          );
          response
            .writeHead(400, { 'Content-Type': 'application/json' })
            .end('{"code":"FAIL","message":"失败"}');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pay/wechat/notify`;
    try {
      fake.addOrder('T20261123000050', 990);
      fake.pay('T20261123000050');
      const notification = fake.buildPaymentNotification('T20261123000050');
      const answers = await fake.sendConcurrently(url, notification, 50);
      expect(answers.every((answer) => answer.status === 204)).toBe(true);
      expect(verdicts).toEqual(Array(50).fill('T20261123000050'));
      verdicts.length = 0;
      const forged = await fake.send(
        url,
        fake.buildPaymentNotification('T20261123000050', 'forgedSignature'),
      );
      expect(forged).toEqual({ status: 400, body: '{"code":"FAIL","message":"失败"}' });
      await fake.send(url, fake.buildPaymentNotification('T20261123000050', 'reserializedBody'));
      await fake.send(url, fake.buildPaymentNotification('T20261123000050', 'wrongApiV3Key'));
      expect(verdicts).toEqual(['badSignature', 'badSignature', 'authenticationFailed']);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
