import { expect } from 'vitest';
import type { BuiltNotification, FakeWechatPay } from './fakes/wechatpay.ts';
import type { TestServer } from './helpers.ts';
import { builtinId, type Client, participant, phq, take } from './takers.ts';

/** Participants paying for reports through the WeChat Pay fake, for the payment API tests. */

/** Saves the fake's merchant as the WeChat Pay settings. */
export async function configureWechatPay(server: TestServer, admin: string, fake: FakeWechatPay) {
  const res = await server.call(admin, {
    method: 'PUT',
    url: '/api/settings/wechat-pay',
    payload: {
      appId: fake.appId,
      mchId: fake.mchId,
      merchantSerialNo: fake.merchantSerialNo,
      merchantPrivateKey: fake.merchantKey.privatePem,
      apiV3Key: fake.apiV3Key,
      platformPublicKeyId: fake.platformSerial,
      platformPublicKey: fake.platformKey.publicPem,
      notifyBaseUrl: 'https://pay.example.com',
      orderExpireMinutes: 30,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A copy of PHQ-9 on the shelf at `priceFen`; its id. */
export async function paidTest(server: TestServer, admin: string, priceFen = 1990): Promise<number> {
  const staff = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    server.call(admin, { method, url: `/api${url}`, ...(payload && { payload }) });
  const copy = (await staff('POST', `/tests/${await builtinId(server, admin, 'phq-9')}/duplicate`)).body
    .result;
  const { id, title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder, categories } = copy;
  const put = await staff('PUT', `/tests/${id}`, {
    ...{ title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder },
    priceFen,
    categoryIds: categories.map((c: { id: number }) => c.id),
  });
  expect(put.status).toBe(200);
  expect((await staff('POST', `/tests/${id}/publish`)).status).toBe(200);
  return id;
}

/** A new participant's native order for a submitted record of `testId`, not yet paid. */
export async function nativeOrder(
  server: TestServer,
  testId: number,
): Promise<{ client: Client; recordId: number; orderNo: string }> {
  const client = await participant(server);
  const record = await take(client, testId, phq(1));
  const created = await client('POST', '/orders', { recordId: record.id, channel: 'native' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { client, recordId: record.id, orderNo: created.body.result.orderNo };
}

/** Delivers a notification the way WeChat Pay does: the exact bytes, with its headers. */
export async function deliver(
  server: TestServer,
  notification: BuiltNotification,
  path = '/api/pay/wechat/notify',
) {
  const response = await server.app.inject({
    method: 'POST',
    url: path,
    headers: notification.headers,
    payload: notification.body,
  });
  return { status: response.statusCode, body: response.body };
}

/** Pays the order at the fake (at `at`) and delivers its notification: paid here too. */
export async function payNotified(server: TestServer, fake: FakeWechatPay, orderNo: string, at = new Date()) {
  fake.pay(orderNo, { at });
  expect((await deliver(server, fake.buildPaymentNotification(orderNo))).status).toBe(204);
}
