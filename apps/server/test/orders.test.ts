import { verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { LocalizedText, Order } from '@cool/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, participants, participantWechat, payLog, payLogRefusals } from '../src/db/schema.ts';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { copiedCsvStream, csvStream, readCsv } from '../src/http/csv.ts';
import { copyOrders, exportOrders, ORDER_EXPORT_COLUMNS } from '../src/modules/orders/export.ts';
import { REFUSALS_LOGGED_PER_MINUTE } from '../src/modules/orders/notifications.ts';
import type { OrderExportFilters } from '../src/modules/orders/repository.ts';
import { moveParticipantHoldings } from '../src/modules/participants/repository.ts';
import { type BuiltNotification, type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, type Client, participant, phq, take } from './takers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let testId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, payload?: object, token = admin) =>
  server.call(token, { method, url: `/api${url}`, ...(payload && { payload }) });

const configure = (apiV3Key: string | null = fake.apiV3Key) =>
  staff('PUT', '/settings/wechat-pay', {
    appId: fake.appId,
    mchId: fake.mchId,
    merchantSerialNo: fake.merchantSerialNo,
    merchantPrivateKey: fake.merchantKey.privatePem,
    apiV3Key,
    platformPublicKeyId: fake.platformSerial,
    platformPublicKey: fake.platformKey.publicPem,
    notifyBaseUrl: 'https://pay.example.com',
    orderExpireMinutes: 30,
  });

/** Delivers a notification the way WeChat Pay does: the exact bytes, with its headers. */
async function deliver(notification: BuiltNotification, path = '/api/pay/wechat/notify') {
  const response = await server.app.inject({
    method: 'POST',
    url: path,
    headers: notification.headers,
    payload: notification.body,
  });
  return { status: response.statusCode, body: response.body };
}

/** A paid copy of PHQ-9 on the shelf (as in client-records.test.ts). */
async function paidPhq() {
  const copy = (await staff('POST', `/tests/${await builtinId(server, admin, 'phq-9')}/duplicate`)).body
    .result;
  const { id, title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder, categories } = copy;
  const put = await staff('PUT', `/tests/${id}`, {
    ...{ title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder },
    priceFen: 1990,
    categoryIds: categories.map((c: { id: number }) => c.id),
  });
  expect(put.status).toBe(200);
  expect((await staff('POST', `/tests/${id}/publish`)).status).toBe(200);
  return id as number;
}

/** A participant with a submitted, still-locked record of the paid test. */
async function lockedRecord(): Promise<{ client: Client; recordId: number }> {
  const client = await participant(server);
  const record = await take(client, testId, phq(1));
  expect(record).toMatchObject({ unlocked: false, priceFen: 1990 });
  return { client, recordId: record.id };
}

/** A native order of a new locked record, paid at the fake (its notification not yet sent). */
async function paidAtWechat() {
  const { client, recordId } = await lockedRecord();
  const created = await client('POST', '/orders', { recordId, channel: 'native' });
  expect(created.status).toBe(201);
  const orderNo: string = created.body.result.orderNo;
  fake.pay(orderNo);
  return { client, recordId, orderNo };
}

const detail = async (orderNo: string) => (await staff('GET', `/orders/${orderNo}`)).body.result;
const statusOf = async (orderNo: string) =>
  (await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]?.status;
const unlocked = async (client: Client, recordId: number) =>
  (await client('GET', `/records/${recordId}`)).body.result.unlocked as boolean;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  testId = await paidPhq();
  expect((await configure()).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('before WeChat Pay is set up', () => {
  it('a client order answers 503 wechatpay.notConfigured, and a notification 503 FAIL', async () => {
    // Taken while WeChat Pay was set up: a priced test is not started without it.
    const { client, recordId } = await lockedRecord();
    expect((await configure(null)).status).toBe(200);
    const res = await client('POST', '/orders', { recordId, channel: 'native' });
    expect(res.status).toBe(503);
    expect(res.body.result.error).toBe('wechatpay.notConfigured');
    const notified = await deliver({ headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notified.status).toBe(503);
    expect(JSON.parse(notified.body)).toEqual({ code: 'FAIL', message: expect.any(String) });
    expect((await configure()).status).toBe(200);
  });
});

describe('paying by QR code', () => {
  it('creates a native order once, and a verified notification unlocks the report', async () => {
    const { client, recordId } = await lockedRecord();
    const created = await client('POST', '/orders', { recordId, channel: 'native' });
    expect(created.status).toBe(201);
    const order = created.body.result;
    expect(order).toMatchObject({
      recordId,
      amountFen: 1990,
      channel: 'native',
      status: 'unpaid',
      codeUrl: expect.stringMatching(/^weixin:\/\//),
      jsapi: null,
    });
    expect(order.orderNo).toMatch(/^CE\d{22}$/);
    const again = await client('POST', '/orders', { recordId, channel: 'native' });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ orderNo: order.orderNo, codeUrl: order.codeUrl });

    fake.pay(order.orderNo);
    const notification = fake.buildPaymentNotification(order.orderNo);
    const started = performance.now();
    const answer = await deliver(notification);
    const answered = performance.now() - started;
    const unlockedAfter = await unlocked(client, recordId);
    const elapsed = performance.now() - started;
    // The unlock commits before the 204; the client's next read sees it.
    console.info(
      `notification answered (unlocked) in ${answered.toFixed(1)} ms, seen at ${elapsed.toFixed(1)} ms`,
    );
    expect(answer).toEqual({ status: 204, body: '' });
    expect(unlockedAfter).toBe(true);
    expect(elapsed).toBeLessThan(1000);
    const record = (await client('GET', `/records/${recordId}`)).body.result;
    expect(record.report).toMatchObject({
      locked: false,
      report: expect.objectContaining({ finalScore: 1 }),
    });

    const seen = await client('GET', `/orders/${order.orderNo}`);
    expect(seen.body.result).toMatchObject({ status: 'paid', codeUrl: null, paidTime: expect.any(String) });
    const staffView = await detail(order.orderNo);
    expect(staffView.events).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'unpaid', cause: 'client' }),
      expect.objectContaining({
        fromStatus: 'unpaid',
        toStatus: 'paid',
        cause: 'notification',
        notificationId: JSON.parse(notification.body).id,
        detail: expect.objectContaining({ unlocked: true, tradeState: 'SUCCESS' }),
      }),
    ]);
    expect(staffView).toMatchObject({
      transactionId: expect.stringMatching(/^42000/),
      record: { unlocked: true },
    });
    const logged = await server.database.db.select().from(payLog).where(eq(payLog.orderNo, order.orderNo));
    expect(logged.map((l) => `${l.direction} ${l.operation} ${l.verdict}`).sort()).toEqual([
      'inbound notify.payment applied',
      'outbound prepay.native ok',
    ]);
    const handled = logged.find((l) => l.direction === 'inbound')?.durationMs;
    console.info(`notification handled (verified, applied, unlocked) in ${handled} ms`);
    const mine = await client('GET', '/orders');
    expect(mine.body.result.data.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
  });

  it('refuses a stranger’s record, an unsubmitted or free one, and JSAPI without an openid', async () => {
    const { recordId } = await lockedRecord();
    const stranger = await participant(server);
    expect((await stranger('POST', '/orders', { recordId, channel: 'native' })).status).toBe(404);
    const started = (await stranger('POST', '/records', { testId })).body.result;
    const early = await stranger('POST', '/orders', { recordId: started.id, channel: 'native' });
    expect(early.body.result.error).toBe('order.recordNotSubmitted');
    const free = await take(stranger, await builtinId(server, admin, 'phq-9'), phq(0));
    expect((await stranger('POST', '/orders', { recordId: free.id, channel: 'h5' })).body.result.error).toBe(
      'order.free',
    );
    const { client, recordId: mine } = await lockedRecord();
    const jsapi = await client('POST', '/orders', { recordId: mine, channel: 'jsapi' });
    expect(jsapi.status).toBe(400);
    expect(jsapi.body.result.errors[0].error).toBe('order.openidRequired');
    const h5 = await client('POST', '/orders', { recordId: mine, channel: 'h5' });
    expect(h5.body.result).toMatchObject({ channel: 'h5', h5Url: expect.stringMatching(/^https:\/\//) });
    expect((await stranger('GET', `/orders/${h5.body.result.orderNo}`)).status).toBe(404);
  });
});

describe('handing out the payment again', () => {
  const prepaidAgo = (orderNo: string, minutes: number) =>
    server.database.db
      .update(orders)
      .set({ prepaidAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(orders.orderNo, orderNo));

  it('gives the same link while WeChat Pay still honours it, and asks for a fresh one after', async () => {
    const { client, recordId } = await lockedRecord();
    const first = (await client('POST', '/orders', { recordId, channel: 'h5' })).body.result;
    const again = await client('POST', '/orders', { recordId, channel: 'h5' });
    expect([again.status, again.body.result.orderNo, again.body.result.h5Url]).toEqual([
      200,
      first.orderNo,
      first.h5Url,
    ]);
    // An h5 link works five minutes (a code URL two hours): back from the cashier later, the same order gets a
    // new one.
    await prepaidAgo(first.orderNo, 5);
    const later = (await client('POST', '/orders', { recordId, channel: 'h5' })).body.result;
    expect(later.orderNo).toBe(first.orderNo);
    expect(later.h5Url).not.toBe(first.h5Url);
    expect(later.h5Url).toMatch(/^https:\/\/wx\.tenpay\.com\//);

    const native = (await client('POST', '/orders', { recordId, channel: 'native' })).body.result;
    await prepaidAgo(native.orderNo, 60);
    expect((await client('POST', '/orders', { recordId, channel: 'native' })).body.result.codeUrl).toBe(
      native.codeUrl,
    );
    await prepaidAgo(native.orderNo, 121);
    expect((await client('POST', '/orders', { recordId, channel: 'native' })).body.result.codeUrl).not.toBe(
      native.codeUrl,
    );
  });
});

describe('one payable order per record', () => {
  it('closes the code of a computer when the person goes on to pay on a phone, there and at WeChat Pay', async () => {
    const { client, recordId } = await lockedRecord();
    const native = (await client('POST', '/orders', { recordId, channel: 'native' })).body.result;
    const h5 = await client('POST', '/orders', { recordId, channel: 'h5' });
    expect(h5.status).toBe(201);
    expect(await statusOf(native.orderNo)).toBe('closed');
    expect(fake.orders.get(native.orderNo)?.state).toBe('CLOSED');
    expect((await detail(native.orderNo)).events.at(-1)).toMatchObject({
      toStatus: 'closed',
      cause: 'client',
      detail: { reason: 'replaced' },
    });
  });

  it('takes a payment made meanwhile instead: the record is unlocked and no second order is made', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    const h5 = await client('POST', '/orders', { recordId, channel: 'h5' });
    expect([h5.status, h5.body.result.error]).toEqual([409, 'order.alreadyUnlocked']);
    expect(await statusOf(orderNo)).toBe('paid');
    expect(await unlocked(client, recordId)).toBe(true);
  });
});

describe('a merchant setting changed while orders are open', () => {
  it('still takes their payments: each order is checked against the merchant it was made under', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    const saved = await staff('PUT', '/settings/wechat-pay', {
      appId: 'wx00000000000000ff',
      mchId: fake.mchId,
      merchantSerialNo: fake.merchantSerialNo,
      platformPublicKeyId: fake.platformSerial,
      platformPublicKey: fake.platformKey.publicPem,
      notifyBaseUrl: 'https://pay.example.com',
      orderExpireMinutes: 30,
    });
    try {
      expect(saved.status).toBe(200);
      expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);
      expect(await statusOf(orderNo)).toBe('paid');
      expect(await unlocked(client, recordId)).toBe(true);
    } finally {
      expect((await configure()).status).toBe(200);
    }
  });
});

describe('paying inside WeChat', () => {
  it('hands out wx.requestPayment parameters signed with the merchant key, for the payer’s openid', async () => {
    const { client, recordId } = await lockedRecord();
    const participantId = (await client('GET', '/me')).body.result.id;
    await server.database.db
      .insert(participantWechat)
      .values({ appId: fake.appId, openid: 'oJsapiPayer0000000000000001', participantId });
    const created = await client('POST', '/orders', { recordId, channel: 'jsapi' });
    expect(created.status).toBe(201);
    const { jsapi, orderNo } = created.body.result;
    expect(jsapi).toMatchObject({
      appId: fake.appId,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    const message = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    const signature = Buffer.from(jsapi.paySign, 'base64');
    expect(verify('sha256', Buffer.from(message), fake.merchantKey.publicKey, signature)).toBe(true);
    expect(fake.orders.get(orderNo)).toMatchObject({
      tradeType: 'JSAPI',
      openid: 'oJsapiPayer0000000000000001',
    });
  });
});

describe('hostile notifications', () => {
  const HOSTILE = [
    ['forgedSignature', 401],
    ['unknownSerial', 401],
    ['staleTimestamp', 401],
    ['reserializedBody', 401],
    ['tamperedCiphertext', 400],
    ['wrongApiV3Key', 400],
    ['amountMismatch', 400],
    ['currencyMismatch', 400],
    ['mchidMismatch', 400],
    ['appidMismatch', 400],
    ['unknownOrder', 404],
  ] as const;

  it('change nothing, answer 4xx {"code":"FAIL"}, and are logged with their verdict', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    for (const [variant, status] of HOSTILE) {
      const answer = await deliver(fake.buildPaymentNotification(orderNo, variant));
      expect([variant, answer.status]).toEqual([variant, status]);
      expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: expect.any(String) });
    }
    expect(await statusOf(orderNo)).toBe('unpaid');
    expect(await unlocked(client, recordId)).toBe(false);
    const verdicts = (
      await server.database.db
        .select({ verdict: payLog.verdict })
        .from(payLog)
        .where(sql`${payLog.direction} = 'inbound' and ${payLog.id} > 0`)
    ).map((r) => r.verdict);
    for (const verdict of [
      'signature:badSignature',
      'signature:unknownSerial',
      'signature:staleTimestamp',
      'decrypt:authenticationFailed',
      'mismatch:amount',
      'mismatch:currency',
      'mismatch:mchid',
      'mismatch:appid',
      'unknownOrder',
    ])
      expect(verdicts).toContain(verdict);

    const valid = fake.buildPaymentNotification(orderNo);
    const started = performance.now();
    expect((await deliver(valid)).status).toBe(204);
    console.info(`a warm notification unlocked in ${(performance.now() - started).toFixed(1)} ms`);
    expect((await deliver(valid)).status).toBe(204);
    expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);
    const events = (await detail(orderNo)).events.filter((e: { toStatus: string }) => e.toStatus === 'paid');
    expect(events).toHaveLength(1);
    expect(await unlocked(client, recordId)).toBe(true);
  });

  it('answer a body over 1 MB, a form, XML or no content type with a 4xx {"code":"FAIL"}', async () => {
    const { orderNo } = await paidAtWechat();
    const valid = fake.buildPaymentNotification(orderNo);
    const signed = Object.fromEntries(
      Object.entries(valid.headers).filter(([name]) => name !== 'Content-Type'),
    );
    for (const url of ['/api/pay/wechat/notify', '/api/pay/wechat/refund-notify'])
      for (const [what, headers, payload, status] of [
        ['over 1 MB', { 'content-type': 'application/json' }, `{"x":"${'a'.repeat(1_100_000)}"}`, 413],
        ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1', 415],
        ['XML', { 'content-type': 'text/xml' }, '<xml><return_code>SUCCESS</return_code></xml>', 415],
        ['no content type', {}, valid.body, 415],
      ] as const) {
        const res = await server.app.inject({
          method: 'POST',
          url,
          headers: { ...signed, ...headers },
          payload,
        });
        expect([url, what, res.statusCode]).toEqual([url, what, status]);
        expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
      }
    expect(await statusOf(orderNo)).toBe('unpaid');
    expect((await deliver(valid)).status).toBe(204);
  });

  it('50 concurrent copies of one notification make exactly one paid event', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    const notification = fake.buildPaymentNotification(orderNo);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(notification)));
    console.info(`50 concurrent copies answered in ${(performance.now() - started).toFixed(1)} ms`);
    expect(answers.every((a) => a.status === 204)).toBe(true);
    const events = (await detail(orderNo)).events;
    expect(events.filter((e: { toStatus: string }) => e.toStatus === 'paid')).toHaveLength(1);
    expect(await unlocked(client, recordId)).toBe(true);
    const logged = await server.database.db
      .select({ verdict: payLog.verdict })
      .from(payLog)
      .where(eq(payLog.orderNo, orderNo));
    expect(logged.filter((l) => l.verdict === 'applied')).toHaveLength(1);
    expect(logged.filter((l) => l.verdict === 'duplicate')).toHaveLength(49);
  });
});

describe('junk sent to the notify routes', () => {
  const junk = (url: string) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
  const logged = async (operation: string, after: number) =>
    server.database.db
      .select({ occurredAt: payLog.occurredAt, detail: payLog.detail })
      .from(payLog)
      .where(sql`${payLog.operation} = ${operation} and ${payLog.id} > ${after}`)
      .orderBy(payLog.id);

  it(`is written to the payment log ${REFUSALS_LOGGED_PER_MINUTE} times a minute at most, the rest counted`, async () => {
    // The minute being counted is one this test cannot run past, so the counts below are exact.
    await server.database.db
      .insert(payLogRefusals)
      .values({ operation: 'notify.payment', minute: new Date(Date.now() + 3600_000), count: 0 })
      .onConflictDoUpdate({
        target: payLogRefusals.operation,
        set: { minute: sql`excluded.minute`, count: 0 },
      });
    const [{ last = 0 } = {}] = await server.database.db
      .select({ last: sql<number>`coalesce(max(${payLog.id}), 0)::int` })
      .from(payLog);
    const sent = REFUSALS_LOGGED_PER_MINUTE + 25;
    for (let i = 0; i < sent; i++) expect((await junk('/api/pay/wechat/notify')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await junk('/api/pay/wechat/refund-notify')).statusCode).toBe(401);
    expect(await logged('notify.payment', last)).toHaveLength(REFUSALS_LOGGED_PER_MINUTE);
    // Each route has its own count.
    expect(await logged('notify.refund', last)).toHaveLength(5);

    // The minute ends: the next refused one is written, with how many went unwritten before it.
    await server.database.db
      .update(payLogRefusals)
      .set({ minute: new Date(Date.now() - 3600_000) })
      .where(sql`${payLogRefusals.operation} = 'notify.payment'`);
    await junk('/api/pay/wechat/notify');
    const rows = await logged('notify.payment', last);
    expect(rows).toHaveLength(REFUSALS_LOGGED_PER_MINUTE + 1);
    expect(rows.at(-1)?.detail).toMatchObject({ unloggedRefusals: { count: 25 } });
  });
});

describe('asking WeChat Pay', () => {
  it('a client GET of an unpaid order asks WeChat Pay once it is 10 s old, and applies SUCCESS', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    const queries = () => fake.calls.filter((c) => c.path.endsWith(orderNo)).length;
    expect((await client('GET', `/orders/${orderNo}`)).body.result.status).toBe('unpaid');
    expect(queries()).toBe(0);
    await server.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.orderNo, orderNo));
    expect((await client('GET', `/orders/${orderNo}`)).body.result.status).toBe('paid');
    expect(queries()).toBe(1);
    expect(await unlocked(client, recordId)).toBe(true);
    expect((await detail(orderNo)).events.at(-1)).toMatchObject({ toStatus: 'paid', cause: 'query' });
  });

  it('staff sync applies what WeChat Pay says, audited', async () => {
    const { orderNo } = await paidAtWechat();
    const synced = await staff('POST', `/orders/${orderNo}/sync`);
    expect(synced.status).toBe(200);
    expect(synced.body.result).toMatchObject({ status: 'paid', payerOpenid: expect.any(String) });
    expect(synced.body.result.events.at(-1)).toMatchObject({ cause: 'staff', actorUsername: 'admin' });
    const audit = await staff('GET', `/audit-log?entityType=order&entityId=${orderNo}`);
    expect(audit.body.result.data[0]).toMatchObject({ action: 'sync', actorUsername: 'admin' });
  });

  it('closing asks first: paid at WeChat Pay becomes paid; otherwise closed there and here', async () => {
    const { orderNo: paidOrder } = await paidAtWechat();
    const notClosed = await staff('POST', `/orders/${paidOrder}/close`);
    expect(notClosed.status).toBe(200);
    expect(notClosed.body.message).toBe('Paid, not closed');
    expect(notClosed.body.result.status).toBe('paid');

    const { client, recordId } = await lockedRecord();
    const orderNo = (await client('POST', '/orders', { recordId, channel: 'native' })).body.result.orderNo;
    const closed = await staff('POST', `/orders/${orderNo}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.result).toMatchObject({ status: 'closed', closedTime: expect.any(String) });
    expect(fake.orders.get(orderNo)?.state).toBe('CLOSED');
    expect(closed.body.result.events.at(-1)).toMatchObject({
      fromStatus: 'unpaid',
      toStatus: 'closed',
      cause: 'staff',
    });
    expect((await staff('POST', `/orders/${orderNo}/close`)).body.result.error).toBe('order.notClosable');
    const audit = await staff('GET', `/audit-log?entityType=order&entityId=${orderNo}`);
    expect(audit.body.result.data.map((e: { action: string }) => e.action)).toContain('close');
    // An order whose prepay never reached WeChat Pay is closed here only.
    const { client: third, recordId: failedRecord } = await lockedRecord();
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' };
    const failed = await third('POST', '/orders', { recordId: failedRecord, channel: 'native' });
    expect([failed.status, failed.body.result.error]).toEqual([502, 'wechatpay.systemError']);
    const [unsent] = await server.database.db.select().from(orders).where(eq(orders.recordId, failedRecord));
    const closedHere = await staff('POST', `/orders/${unsent?.orderNo}/close`);
    expect([closedHere.body.message, closedHere.body.result.status]).toEqual(['Order closed', 'closed']);
    // A new order for the same record: the closed one is never handed out again.
    const next = await client('POST', '/orders', { recordId, channel: 'native' });
    expect(next.status).toBe(201);
    expect(next.body.result.orderNo).not.toBe(orderNo);
  });
});

describe('refunds', () => {
  it('half, then the rest: refunded, and the record locked again', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);

    const half = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 995, reason: 'half' });
    expect(half.status).toBe(200);
    expect(half.body.result).toMatchObject({
      status: 'refunding',
      refunds: [{ amountFen: 995, status: 'processing' }],
    });
    const first = half.body.result.refunds[0].outRefundNo;
    const tooLarge = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 996, reason: '' });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.result.errors[0]).toMatchObject({
      error: 'order.refundTooLarge',
      params: { maximumYuan: '9.95' },
    });

    fake.settleRefund(first);
    const refundNotice = fake.buildRefundNotification(first);
    for (const [variant, status] of [
      ['forgedSignature', 401],
      ['tamperedCiphertext', 400],
      ['mchidMismatch', 400],
      ['unknownOrder', 404],
    ] as const) {
      const answer = await deliver(
        fake.buildRefundNotification(first, variant),
        '/api/pay/wechat/refund-notify',
      );
      expect([variant, answer.status]).toEqual([variant, status]);
    }
    for (const variant of ['amountMismatch', 'currencyMismatch'] as const)
      expect(
        (await deliver(fake.buildRefundNotification(first, variant), '/api/pay/wechat/refund-notify')).status,
        variant,
      ).toBe(400);
    expect((await deliver(refundNotice, '/api/pay/wechat/refund-notify')).status).toBe(204);
    expect((await deliver(refundNotice, '/api/pay/wechat/refund-notify')).status).toBe(204);
    let order = await detail(orderNo);
    expect(order).toMatchObject({ status: 'paid', refundedFen: 995, refunds: [{ status: 'success' }] });
    expect(await unlocked(client, recordId)).toBe(true);

    const rest = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 995, reason: 'rest' });
    expect(rest.body.result.status).toBe('refunding');
    const second = rest.body.result.refunds[1].outRefundNo;
    fake.settleRefund(second);
    expect(
      (await deliver(fake.buildRefundNotification(second), '/api/pay/wechat/refund-notify')).status,
    ).toBe(204);
    order = await detail(orderNo);
    expect(order).toMatchObject({ status: 'refunded', refundedFen: 1990, record: { unlocked: false } });
    expect(await unlocked(client, recordId)).toBe(false);
    expect(order.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'unpaid',
      'paid',
      'refunding',
      'paid',
      'refunding',
      'refunded',
    ]);
    expect((await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 1 })).body.result.error).toBe(
      'order.notRefundable',
    );
    const audit = await staff('GET', `/audit-log?entityType=order&entityId=${orderNo}`);
    expect(audit.body.result.data.filter((e: { action: string }) => e.action === 'refund')).toHaveLength(2);
  });

  it('an abnormal refund stays open until the merchant resolves it: its later success counts', async () => {
    const { client, recordId, orderNo } = await paidAtWechat();
    expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);
    const all = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 1990, reason: 'all' });
    const outRefundNo = all.body.result.refunds[0].outRefundNo;
    // The payer's card was frozen: WeChat Pay says ABNORMAL, and the merchant sends the money another way.
    fake.settleRefund(outRefundNo, 'ABNORMAL');
    const abnormal = fake.buildRefundNotification(outRefundNo);
    expect((await deliver(abnormal, '/api/pay/wechat/refund-notify')).status).toBe(204);
    expect(await detail(orderNo)).toMatchObject({
      status: 'refunding',
      refundedFen: 0,
      refunds: [{ status: 'abnormal' }],
    });
    // Its amount stays committed: nothing more can be refunded meanwhile.
    const more = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 1, reason: '' });
    expect(more.body.result.errors?.[0]?.error ?? more.body.result.error).toBe('order.refundTooLarge');
    expect((await deliver(abnormal, '/api/pay/wechat/refund-notify')).status).toBe(204);

    fake.settleRefund(outRefundNo, 'SUCCESS');
    expect(
      (await deliver(fake.buildRefundNotification(outRefundNo), '/api/pay/wechat/refund-notify')).status,
    ).toBe(204);
    expect(await detail(orderNo)).toMatchObject({
      status: 'refunded',
      refundedFen: 1990,
      refunds: [{ status: 'success' }],
    });
    expect(await unlocked(client, recordId)).toBe(false);
  });

  it('a refund WeChat Pay refuses is marked failed and the order is paid again', async () => {
    const { orderNo } = await paidAtWechat();
    expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);
    fake.failNext = { status: 403, code: 'NOT_ENOUGH', message: '余额不足' };
    const refused = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 100, reason: '' });
    expect(refused.body.result.error).toBe('wechatpay.balanceLow');
    expect(await detail(orderNo)).toMatchObject({
      status: 'paid',
      refundedFen: 0,
      refunds: [{ status: 'failed' }],
    });
  });
});

describe('an unpaid order past its expiry time', () => {
  it('is listed as expired to staff and its payer before the close job closes it', async () => {
    const { client, recordId } = await lockedRecord();
    const created = await client('POST', '/orders', { recordId, channel: 'native' });
    const orderNo: string = created.body.result.orderNo;
    expect(created.body.result.expired).toBe(false);
    await server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, orderNo));

    const listed = (await staff('GET', `/orders?orderNo=${orderNo}`)).body.result.data[0];
    expect(listed).toMatchObject({ orderNo, status: 'unpaid', expired: true });
    expect(await detail(orderNo)).toMatchObject({ status: 'unpaid', expired: true });
    const own = (await client('GET', '/orders')).body.result.data.find((o: any) => o.orderNo === orderNo);
    expect(own).toMatchObject({ status: 'unpaid', expired: true, codeUrl: null });
    // A paid order is never expired.
    const paid = await paidAtWechat();
    expect((await detail(paid.orderNo)).expired).toBe(false);
  });
});

describe('the orders screen', () => {
  it('finance refunds; the content operator cannot see orders', async () => {
    const { orderNo } = await paidAtWechat();
    expect((await deliver(fake.buildPaymentNotification(orderNo))).status).toBe(204);
    const finance = await server.accountWithRole('finance');
    const operator = await server.accountWithRole('operator');
    expect((await staff('GET', '/orders', undefined, operator.token)).status).toBe(403);
    expect((await staff('GET', `/orders/${orderNo}`, undefined, operator.token)).status).toBe(403);
    const refunded = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen: 10 }, finance.token);
    expect(refunded.status).toBe(200);
  });

  it('lists with filters and masked openids, totals the filtered list, and exports it', async () => {
    const list = await staff('GET', '/orders?status=paid&channel=native&pageSize=100');
    expect(list.status).toBe(200);
    const rows = list.body.result.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(rows[0].payerOpenid).toMatch(/^.{4}\*\*\*\*.{3}$/);
    const totals = await staff('GET', '/orders/totals?status=paid&channel=native');
    expect(totals.body.result).toMatchObject({
      count: rows.length,
      paidCount: rows.length,
      paidFen: rows.length * 1990,
    });
    const one = await staff('GET', `/orders?orderNo=${rows[0].orderNo}`);
    expect(one.body.result.data).toHaveLength(1);
    expect((await staff('GET', '/orders?minAmountFen=2000')).body.result.totalCount).toBe(0);

    const csv = await server.call(admin, {
      method: 'GET',
      url: '/api/orders/export?status=paid&channel=native',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('order_no');
    expect(lines).toHaveLength(rows.length + 1);
    // Each line says what the list says of its order, in the list's order.
    const parsed = readCsv(String(csv.body));
    if (!('records' in parsed)) throw new Error('the export is not CSV');
    const [header, ...cells] = parsed.records.map((r) => r.cells);
    const exported = cells.map((line) => Object.fromEntries(header!.map((name, i) => [name, line[i]])));
    expect(exported).toEqual(
      rows.map((o: Order) => ({
        order_no: o.orderNo,
        participant_id: String(o.participant.id),
        participant_nickname: o.participant.nickname ?? '',
        record_id: String(o.recordId),
        test_id: String(o.testId),
        title_zh: o.title.zh,
        title_en: o.title.en,
        amount_fen: String(o.amountFen),
        channel: o.channel,
        status: o.status,
        transaction_id: o.transactionId ?? '',
        payer_openid: o.payerOpenid ?? '',
        refunded_fen: String(o.refundedFen),
        create_time: o.createTime,
        paid_time: o.paidTime ?? '',
        closed_time: o.closedTime ?? '',
      })),
    );
    const xlsx = await server.call(admin, { method: 'GET', url: '/api/orders/export?format=xlsx' });
    expect(xlsx.status).toBe(200);
  });
});

describe('orders of participants and tests', () => {
  it('are counted on the participant and the test, and move with a WeChat merge', async () => {
    const { client, orderNo } = await paidAtWechat();
    const me = (await client('GET', '/me')).body.result;
    expect((await staff('GET', `/participants/${me.id}`)).body.result.orderCount).toBe(1);
    const listed = (await staff('GET', '/participants?pageSize=100')).body.result.data;
    expect(listed.find((p: { id: number }) => p.id === me.id).orderCount).toBe(1);
    const total = await server.database.db.$count(orders, eq(orders.testId, testId));
    const refused = await staff('DELETE', `/tests/${testId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result).toMatchObject({ error: 'test.inUse', params: { orders: total } });

    const other = await participant(server);
    const otherId = (await other('GET', '/me')).body.result.id;
    await server.database.db.transaction((tx) => moveParticipantHoldings(tx, me.id, otherId));
    const [moved] = await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(moved?.participantId).toBe(otherId);
  });
});

describe('the CSV export', () => {
  const TAG = 'csvcell';
  const batchCsv = (filters: OrderExportFilters) =>
    buffer(
      csvStream(ORDER_EXPORT_COLUMNS, exportOrders({ db: server.database.db, actor: SYSTEM_ACTOR }, filters)),
    );
  const copiedCsv = async (filters: OrderExportFilters) => {
    const copyOut = server.database.copyOut;
    if (!copyOut) throw new Error('no COPY on this database');
    const copied = await copyOrders(copyOut, filters);
    if (!copied) throw new Error('no connection left for a COPY');
    return buffer(copiedCsvStream(ORDER_EXPORT_COLUMNS, copied));
  };
  const downloaded = async (query: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/orders/export?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  /** Orders (of participants of their own) whose cells hold what a CSV writer must quote or defuse. */
  const tricky = { recordId: 0, participantIds: [] as number[] };
  beforeAll(async () => {
    tricky.recordId = (await lockedRecord()).recordId;
    const nicknames = [
      null,
      '',
      '=HYPERLINK("x")',
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      "O'Brien \\ 50%",
    ];
    const people = await server.database.db
      .insert(participants)
      .values(nicknames.map((nickname) => ({ nickname })))
      .returning({ id: participants.id });
    tricky.participantIds = people.map((p) => p.id);
    const cells = [
      { orderNo: `=${TAG}1`, title: { zh: '标题,一', en: '' }, transactionId: null, payerOpenid: null },
      { orderNo: `${TAG},2`, title: { zh: '"引号"', en: '-1' }, transactionId: '', payerOpenid: '' },
      { orderNo: `${TAG}"3"`, title: { zh: '换\n行', en: '+x' }, transactionId: '@t', payerOpenid: 'short' },
      {
        orderNo: `-${TAG}4`,
        title: { zh: '＝全角', en: '\ttab' },
        transactionId: 'a"b',
        payerOpenid: '=abcdefghij',
      },
      { orderNo: `${TAG}\r5`, title: { zh: '\r回车' }, transactionId: 'x,y', payerOpenid: 'oAbcdefghijkl' },
      { orderNo: `+${TAG}6`, title: { en: 'no zh' }, transactionId: '\n', payerOpenid: '-abcdefghij' },
      { orderNo: `@${TAG}7`, title: { zh: "'", en: "'=" }, transactionId: '1', payerOpenid: '12345678' },
      { orderNo: `${TAG} 8`, title: { zh: '', en: '＠' }, transactionId: null, payerOpenid: '123456789' },
    ];
    const created = Date.parse('2024-03-01T08:00:00.123Z');
    await server.database.db.insert(orders).values(
      cells.map((cell, i) => ({
        ...cell,
        title: cell.title as LocalizedText,
        participantId: people[i]!.id,
        recordId: tricky.recordId,
        testId,
        priceFen: 1990,
        amountFen: i * 997 - 1000,
        channel: (['native', 'jsapi', 'h5'] as const)[i % 3]!,
        status: (['paid', 'unpaid', 'closed', 'refunded'] as const)[i % 4]!,
        expiresAt: new Date(created),
        paidAt: i % 2 === 0 ? new Date(created + i * 60_000) : null,
        closedAt: i % 3 === 0 ? null : new Date(created + i * 3_600_000),
        refundedFen: i * 10,
        createdAt: new Date(created - i * 86_400_000),
      })),
    );
  });

  it('writes commas, quotes, line breaks, formulas and empty or missing cells as the batch writer does', async () => {
    const file = await downloaded(`orderNo=${TAG}`);
    expect(file.equals(await batchCsv({ orderNo: TAG }))).toBe(true);
    const text = file.toString('utf8');
    expect(text.startsWith(`\uFEFF${ORDER_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    // Newest first: no nickname, an empty English title, no transaction or payer, not closed.
    expect(text.split('\r\n')[1]).toBe(
      `'=${TAG}1,${tricky.participantIds[0]},,${tricky.recordId},${testId},"标题,一",,-1000,native,paid,,,0,` +
        '2024-03-01T08:00:00.123Z,2024-03-01T08:00:00.123Z,',
    );
    // An empty cell is written as nothing, as a missing one is (never as "").
    expect(text).not.toMatch(/(^|,)""(,|\r\n)/m);
    for (const cell of [
      `\r\n"${TAG},2",`,
      `\r\n"${TAG}""3""",`,
      `\r\n'-${TAG}4,`,
      `\r\n"${TAG}\r5",`,
      `\r\n'+${TAG}6,`,
      `\r\n'@${TAG}7,`,
      `,"'=HYPERLINK(""x"")",`,
      ',"a,b",',
      ',"say ""hi""",',
      ',"two\nlines",',
      ',"cr\rhere",',
      ',"""引号""",',
      ",'-1,",
      ',"换\n行",',
      ",'+x,",
      ",'＝全角,'\ttab,",
      ',"\'\r回车",,',
      ",'=abc****hij,",
      ",'-abc****hij,",
      ',oAbc****jkl,',
      ',"a""b",',
      ',"x,y",',
      ',"\n",',
      ",','=,",
      ',****,',
      ",'＠,",
      ',1234****789,',
      ',-1000,',
    ])
      expect(text).toContain(cell);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is written by PostgreSQL (COPY), byte for byte as the batch writer writes it',
    async () => {
      const copyOut = vi.spyOn(server.database, 'copyOut');
      try {
        expect((await downloaded(`orderNo=${TAG}`)).equals(await batchCsv({ orderNo: TAG }))).toBe(true);
        expect(copyOut).toHaveBeenCalledOnce();
      } finally {
        copyOut.mockRestore();
      }
      const filterings: OrderExportFilters[] = [
        {},
        { orderNo: TAG },
        { orderNo: TAG, sortField: 'paidTime', sortOrder: 'ascend' },
        { orderNo: TAG, sortField: 'amountFen', sortOrder: 'descend' },
        { participant: "'); drop table orders; --" },
        { participantId: tricky.participantIds[6]!, status: 'closed' },
        { testId, channel: 'jsapi', minAmountFen: -500, maxAmountFen: 5000 },
        { from: '2024-02-27T00:00:00.000Z', to: '2024-03-01T08:00:00.123Z' },
        { transactionId: 'x,y' },
      ];
      for (const filters of filterings) {
        const copied = (await copiedCsv(filters)).toString('utf8');
        expect(copied, JSON.stringify(filters)).toBe((await batchCsv(filters)).toString('utf8'));
      }
      // A filter's quote, backslash and wildcard reach the statement as text, not as SQL or a pattern.
      const obrien = (await copiedCsv({ participant: "O'Brien \\ 50%" })).toString('utf8');
      expect(obrien.split('\r\n')).toEqual([expect.any(String), expect.stringMatching(/^csvcell 8,/), '']);
    },
  );

  describe.skipIf(!process.env.TEST_DATABASE_URL)('streamed by COPY', () => {
    const BULK = 'csvbulk';
    let base: string;
    const pool = () => server.database.pool;
    /** Connections the pool threw away instead of taking back. */
    let dropped = 0;
    const countDropped = () => dropped++;
    beforeAll(async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      // About 40 MB of file: far more than the sockets between PostgreSQL, the server and a client hold.
      await server.database.db.execute(sql`
        insert into ${orders} (order_no, participant_id, record_id, test_id, title, price_fen, amount_fen,
          channel, status, expires_at)
        select ${BULK} || g, ${tricky.participantIds[0]}, ${tricky.recordId}, ${testId},
          jsonb_build_object('zh', repeat('长', 50000), 'en', repeat('x', 50000)), 1, 1, 'h5', 'closed', now()
        from generate_series(1, 200) g`);
      pool().on('remove', countDropped);
    });
    afterAll(async () => {
      pool().off('remove', countDropped);
      await server.database.db.delete(orders).where(like(orders.orderNo, `${BULK}%`));
    });

    /** The bulk export, once its first bytes came. */
    async function downloading(abort = new AbortController()) {
      const response = await fetch(`${base}/api/orders/export?orderNo=${BULK}`, {
        headers: { authorization: admin },
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      return reader;
    }
    const copying = async () =>
      (
        await pool().query(
          "select count(*)::int as n from pg_stat_activity where query like 'copy (%' and state = 'active'",
        )
      ).rows[0].n as number;

    it('a download abandoned mid-file cancels its COPY and gives the connection back to the pool', async () => {
      const abort = new AbortController();
      await downloading(abort);
      expect(await copying()).toBe(1);
      abort.abort();
      await vi.waitFor(async () => {
        expect(await copying()).toBe(0);
        expect(pool().idleCount).toBe(pool().totalCount);
      });
      expect(dropped).toBe(0);
      expect((await downloaded(`orderNo=${TAG}`)).equals(await batchCsv({ orderNo: TAG }))).toBe(true);
    });

    it('a COPY that fails after the file began ends the download, and the server goes on', async () => {
      const reader = await downloading();
      // As a lost connection or an administrator would: the COPY fails halfway through the file.
      await pool().query(
        "select pg_cancel_backend(pid) from pg_stat_activity where query like 'copy (%' and state = 'active'",
      );
      const readToEnd = async () => {
        while (!(await reader.read()).done);
      };
      await expect(readToEnd()).rejects.toThrow();
      await vi.waitFor(() => expect(pool().idleCount).toBe(pool().totalCount));
      expect(dropped).toBe(0);
      expect((await downloaded(`orderNo=${TAG}`)).equals(await batchCsv({ orderNo: TAG }))).toBe(true);
    });
  });
});
