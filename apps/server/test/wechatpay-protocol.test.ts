import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTradeBill, yuanToFen } from '../src/integrations/wechatpay/bill.ts';
import { refundNotificationSchema } from '../src/integrations/wechatpay/client.ts';
import {
  answerMessage,
  authorization,
  DecryptError,
  decryptResource,
  jsapiPayParams,
  KeyError,
  keyFingerprint,
  loadMerchant,
  openNotification,
  platformKeys,
  readCertificate,
  readPrivateKey,
  readPublicKey,
  requestMessage,
  rsaSign,
  SignatureError,
  secretFingerprint,
  signedHeaders,
  verifySigned,
} from '../src/integrations/wechatpay/protocol.ts';
import { encryptResource, FakeWechatPay, hasOpenssl, selfSignedCertificate } from './fakes/wechatpay.ts';

const fake = new FakeWechatPay();
const merchant = loadMerchant(fake.merchantConfig);

/** What `openssl dgst -sha256 -sign apiclient_key.pem` gives, the way the documentation signs. */
function signWithOpenssl(message: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wechatpay-sign-'));
  try {
    writeFileSync(path.join(dir, 'apiclient_key.pem'), fake.merchantKey.privatePem, { mode: 0o600 });
    const signature = execFileSync(
      'openssl',
      ['dgst', '-sha256', '-sign', path.join(dir, 'apiclient_key.pem')],
      {
        input: message,
      },
    );
    return signature.toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs like WeChat Pay: the platform key over `timestamp\nnonce\nbody\n`. */
const signedBy = (
  body: string,
  timestamp: number,
  { serial = fake.platformSerial, key = fake.platformKey } = {},
) => ({
  serial,
  timestamp: String(timestamp),
  nonce: 'd824f2e086d3c1df967785d13fcd22ef',
  signature: rsaSign(
    key.privateKey,
    answerMessage(String(timestamp), 'd824f2e086d3c1df967785d13fcd22ef', body),
  ),
});

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof SignatureError || error instanceof DecryptError || error instanceof KeyError
      ? error.reason
      : error;
  }
  return 'accepted';
};

describe('request signatures (WECHATPAY2-SHA256-RSA2048)', () => {
  it('builds the five-line message of the documentation example', () => {
    expect(requestMessage('GET', '/v3/certificates', 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    expect(requestMessage('post', '/v3/pay/transactions/native', 1, 'N', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/native\n1\nN\n{"a":1}\n',
    );
  });

  it('puts mchid, nonce_str, signature, timestamp and serial_no in the header, signed with the merchant key', () => {
    const request = { method: 'POST', pathAndQuery: '/v3/pay/transactions/native', body: '{"appid":"wx1"}' };
    const header = authorization(merchant, request, {
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const match =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([A-Za-z0-9+/=]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        header,
      );
    expect(match?.slice(1, 3)).toEqual([fake.mchId, '593BEC0C930BF1AFEB40B4A08C8FB242']);
    expect(match?.slice(4)).toEqual(['1554208460', fake.merchantSerialNo]);
    const message = requestMessage(
      'POST',
      request.pathAndQuery,
      1554208460,
      '593BEC0C930BF1AFEB40B4A08C8FB242',
      request.body,
    );
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        fake.merchantKey.publicKey,
        Buffer.from(match?.[3] ?? '', 'base64'),
      ),
    ).toBe(true);
    const other = requestMessage(
      'POST',
      request.pathAndQuery,
      1554208460,
      '593BEC0C930BF1AFEB40B4A08C8FB242',
      '{"appid":"wx2"}',
    );
    expect(
      verify(
        'sha256',
        Buffer.from(other),
        fake.merchantKey.publicKey,
        Buffer.from(match?.[3] ?? '', 'base64'),
      ),
    ).toBe(false);
  });

  it.skipIf(!hasOpenssl)("signs exactly as the documentation's openssl command does", () => {
    const message = requestMessage('GET', '/v3/certificates', 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(rsaSign(merchant.privateKey, message)).toBe(signWithOpenssl(message));
  });
});

describe('JSAPI paySign for wx.requestPayment', () => {
  const params = jsapiPayParams(
    merchant.privateKey,
    'wx8888888888888888',
    'wx201410272009395522657a690389285100',
    {
      timestamp: 1414561699,
      nonce: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    },
  );
  // The documentation's four lines; signType is sent but not signed.
  const message =
    'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';

  it('gives the six fields, signType RSA', () => {
    expect(params).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
  });

  it('signs appId, timeStamp, nonceStr and package, one per line', () => {
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        fake.merchantKey.publicKey,
        Buffer.from(params.paySign, 'base64'),
      ),
    ).toBe(true);
  });

  it.skipIf(!hasOpenssl)('matches `openssl dgst -sha256 -sign apiclient_key.pem | openssl base64 -A`', () => {
    expect(params.paySign).toBe(signWithOpenssl(message));
  });
});

describe('verifying answers and notifications', () => {
  const now = 1722850421_000;
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=JyC91EIz1"}';

  it("verifies over the documentation example's three lines", () => {
    expect(answerMessage('1722850421', 'd824f2e086d3c1df967785d13fcd22ef', body).toString()).toBe(
      '1722850421\nd824f2e086d3c1df967785d13fcd22ef\n{"code_url":"weixin://wxpay/bizpayurl?pr=JyC91EIz1"}\n',
    );
    expect(answerMessage('1', 'n', '').toString()).toBe('1\nn\n\n');
    expect(failure(() => verifySigned(merchant.platformKeys, signedBy(body, 1722850421), body, now))).toBe(
      'accepted',
    );
    expect(failure(() => verifySigned(merchant.platformKeys, signedBy('', 1722850421), '', now))).toBe(
      'accepted',
    );
  });

  it('refuses a changed body, even whitespace, and the raw bytes are what count', () => {
    const headers = signedBy(body, 1722850421);
    expect(failure(() => verifySigned(merchant.platformKeys, headers, body.replace(':', ': '), now))).toBe(
      'badSignature',
    );
    expect(failure(() => verifySigned(merchant.platformKeys, headers, Buffer.from(body), now))).toBe(
      'accepted',
    );
  });

  it('refuses a signature by another key, an unknown serial, and missing headers', () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = signedBy(body, 1722850421, {
      key: { ...fake.platformKey, privateKey: stranger.privateKey },
    });
    expect(failure(() => verifySigned(merchant.platformKeys, forged, body, now))).toBe('badSignature');
    const unknown = signedBy(body, 1722850421, { serial: 'PUB_KEY_ID_0000000000000024101100397200000006' });
    expect(failure(() => verifySigned(merchant.platformKeys, unknown, body, now))).toBe('unknownSerial');
    expect(
      failure(() =>
        verifySigned(merchant.platformKeys, { ...signedBy(body, 1722850421), signature: '' }, body, now),
      ),
    ).toBe('missingHeaders');
    // The serial is matched whatever its case.
    const lower = signedBy(body, 1722850421, { serial: fake.platformSerial.toLowerCase() });
    expect(failure(() => verifySigned(merchant.platformKeys, lower, body, now))).toBe('accepted');
  });

  it('accepts timestamps up to 5 minutes off either way, no more', () => {
    const at = (offset: number) =>
      failure(() => verifySigned(merchant.platformKeys, signedBy(body, 1722850421 + offset), body, now));
    expect([at(-300), at(300), at(-301), at(301), at(-3600)]).toEqual([
      'accepted',
      'accepted',
      'staleTimestamp',
      'staleTimestamp',
      'staleTimestamp',
    ]);
  });
});

describe.skipIf(!hasOpenssl)('platform certificate mode', () => {
  const certificate = selfSignedCertificate(
    fake.platformKey.privatePem,
    '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    30,
  );
  const read = readCertificate(certificate);
  const keys = platformKeys({ certificates: [certificate] });
  const body = '{"trade_state":"SUCCESS"}';

  it('finds the key by the certificate serial, as Wechatpay-Serial names it', () => {
    expect(read.serialNo).toBe('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
    const signedNow = signedBy(body, Math.floor(Date.now() / 1000), { serial: read.serialNo });
    expect(failure(() => verifySigned(keys, signedNow, body))).toBe('accepted');
  });

  it('refuses what a certificate signs outside its validity', () => {
    const after = read.validTo.getTime() + 86_400_000;
    const headers = signedBy(body, Math.floor(after / 1000), { serial: read.serialNo });
    expect(failure(() => verifySigned(keys, headers, body, after))).toBe('certificateExpired');
  });

  it('holds both kinds while a merchant switches from certificates to the public key', () => {
    const both = platformKeys({
      publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000000001',
      publicKey: fake.platformKey.publicPem,
      certificates: [certificate],
    });
    const ts = Math.floor(Date.now() / 1000);
    expect(failure(() => verifySigned(both, signedBy(body, ts, { serial: read.serialNo }), body))).toBe(
      'accepted',
    );
    const byId = signedBy(body, ts, { serial: 'PUB_KEY_ID_0114232134912410000000000000000001' });
    expect(failure(() => verifySigned(both, byId, body))).toBe('accepted');
  });
});

describe('resource decryption (AEAD_AES_256_GCM with the APIv3 key)', () => {
  const plaintext = JSON.stringify({ out_trade_no: 'T20261123000001', amount: { total: 1 } });

  it('decrypts with and without associated data', () => {
    expect(decryptResource(fake.apiV3Key, encryptResource(fake.apiV3Key, plaintext, 'transaction'))).toBe(
      plaintext,
    );
    expect(decryptResource(fake.apiV3Key, encryptResource(fake.apiV3Key, plaintext, ''))).toBe(plaintext);
  });

  it('fails on a wrong key, a changed ciphertext, nonce or associated data', () => {
    const resource = encryptResource(fake.apiV3Key, plaintext, 'transaction');
    const flipped = Buffer.from(resource.ciphertext, 'base64');
    flipped[3] = (flipped[3] ?? 0) ^ 0x80;
    const cases = [
      () => decryptResource('0123456789abcdef0123456789abcdef', resource),
      () => decryptResource(fake.apiV3Key, { ...resource, ciphertext: flipped.toString('base64') }),
      () => decryptResource(fake.apiV3Key, { ...resource, nonce: 'AAAAAAAAAAAA' }),
      () => decryptResource(fake.apiV3Key, { ...resource, associated_data: 'refund' }),
      () => decryptResource('short', resource),
    ];
    expect(cases.map(failure)).toEqual(Array(5).fill('authenticationFailed'));
    expect(failure(() => decryptResource(fake.apiV3Key, { ...resource, algorithm: 'AES_128_CBC' }))).toBe(
      'unsupportedAlgorithm',
    );
    expect(failure(() => decryptResource(fake.apiV3Key, { ...resource, ciphertext: 'AAAA' }))).toBe(
      'badResource',
    );
  });
});

/** A header's own spelling in a record, found case-insensitively as HTTP reads it. */
const headerName = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).find((key) => key.toLowerCase() === name) ?? name;

describe('opening a notification', () => {
  fake.addOrder('T20261123000002', 990);
  fake.pay('T20261123000002', { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
  const open = (variant: Parameters<FakeWechatPay['buildPaymentNotification']>[1]) => {
    const { headers, body } = fake.buildPaymentNotification('T20261123000002', variant);
    return openNotification(
      merchant,
      signedHeaders((name) => headers[headerName(headers, name)]),
      body,
    );
  };

  it('verifies, then decrypts the transaction', () => {
    const { envelope, resource } = open('valid');
    expect(envelope).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource' });
    expect(envelope.id).toMatch(/^EV-/);
    expect(resource).toMatchObject({
      mchid: fake.mchId,
      appid: fake.appId,
      out_trade_no: 'T20261123000002',
      trade_state: 'SUCCESS',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: 990, currency: 'CNY' },
    });
    expect(open('emptyAssociatedData').resource).toMatchObject({ out_trade_no: 'T20261123000002' });
  });

  it('refuses every forged or spoiled variant before believing its content', () => {
    const variants = [
      'forgedSignature',
      'unknownSerial',
      'staleTimestamp',
      'reserializedBody',
      'tamperedCiphertext',
      'wrongApiV3Key',
    ] as const;
    expect(variants.map((variant) => failure(() => open(variant)))).toEqual([
      'badSignature',
      'unknownSerial',
      'staleTimestamp',
      'badSignature',
      'authenticationFailed',
      'authenticationFailed',
    ]);
  });

  it('opens a refund notification the same way', () => {
    fake.refunds.set('R20261123000002', {
      refundId: '50000000382019052709732678859',
      outRefundNo: 'R20261123000002',
      outTradeNo: 'T20261123000002',
      refundFen: 490,
      totalFen: 990,
      reason: '',
      notifyUrl: null,
      status: 'PROCESSING',
      createTime: new Date(),
      successTime: null,
    });
    fake.settleRefund('R20261123000002');
    const { headers, body } = fake.buildRefundNotification('R20261123000002');
    const opened = openNotification(
      merchant,
      signedHeaders((name) => headers[headerName(headers, name)]),
      body,
    );
    expect(opened.envelope.event_type).toBe('REFUND.SUCCESS');
    expect(refundNotificationSchema.parse(opened.resource)).toMatchObject({
      out_refund_no: 'R20261123000002',
      refund_status: 'SUCCESS',
      amount: { refund: 490, total: 990 },
    });
  });

  it('passes on well-signed content that does not match the order, for the order to refuse', () => {
    expect(open('amountMismatch').resource).toMatchObject({ amount: { total: 991 } });
    expect((open('mchidMismatch').resource as { mchid: string }).mchid).not.toBe(fake.mchId);
    expect((open('unknownOrder').resource as { out_trade_no: string }).out_trade_no).toMatch(/^NOSUCH/);
  });
});

describe('merchant keys from the settings', () => {
  it('fingerprints a key pair the same from either half, and the APIv3 key by a short hash', () => {
    const fromPrivate = keyFingerprint(readPrivateKey(fake.merchantKey.privatePem));
    expect(fromPrivate).toMatch(/^[0-9A-F]{16}$/);
    expect(keyFingerprint(readPublicKey(fake.merchantKey.publicPem))).toBe(fromPrivate);
    expect(keyFingerprint(readPublicKey(fake.platformKey.publicPem))).not.toBe(fromPrivate);
    expect(secretFingerprint(fake.apiV3Key)).toMatch(/^[0-9A-F]{8}$/);
  });

  it('refuses keys that are not PEM, not RSA, too small, and APIv3 keys that are not 32 bytes', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const load = (change: object) => () => loadMerchant({ ...fake.merchantConfig, ...change });
    expect(
      [
        load({ merchantPrivateKey: 'not a key' }),
        load({ merchantPrivateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }),
        load({ merchantPrivateKey: ec.toString() }),
        load({ merchantPrivateKey: small.toString() }),
        load({ apiV3Key: 'x'.repeat(31) }),
        load({ platformPublicKey: fake.merchantKey.privatePem }),
      ].map(failure),
    ).toEqual(['notPem', 'notPem', 'notRsa', 'keySize', 'apiV3KeyLength', 'notPem']);
  });
});

describe('the trade bill file', () => {
  it('reads amounts in yuan as fen, exactly', () => {
    expect(['0.01', '12.3', '100', '19.99', '', '-0.50'].map(yuanToFen)).toEqual([
      1, 1230, 10000, 1999, 0, -50,
    ]);
    expect(() => yuanToFen('1.234')).toThrow();
  });

  it('parses trade lines and the summary, backticks removed, commas in product names kept', () => {
    const billing = new FakeWechatPay();
    billing.addOrder('T20260101000001', 1999).description = 'MBTI, full report';
    billing.pay('T20260101000001', { at: new Date('2026-01-01T02:00:00Z') });
    billing.addOrder('T20260101000002', 1);
    billing.pay('T20260101000002', { at: new Date('2026-01-01T03:00:00Z') });
    const bill = parseTradeBill(billing.billText('2026-01-01'));
    expect(bill.rows.map((row) => [row.outTradeNo, row.amountFen, row.tradeState, row.description])).toEqual([
      ['T20260101000001', 1999, 'SUCCESS', 'MBTI, full report'],
      ['T20260101000002', 1, 'SUCCESS', 'Test report'],
    ]);
    expect(bill.rows[0]?.transactionId).toMatch(/^42000\d{23}$/);
    expect(bill.rows[0]?.tradeTime).toBe('2026-01-01 10:00:00');
    expect(bill.summary).toMatchObject({ 总交易单数: '2', 订单总金额: '20.00' });
    expect(parseTradeBill(billing.billText('2026-01-02')).rows).toEqual([]);
  });
});
