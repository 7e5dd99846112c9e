import type { APIRequestContext } from '@playwright/test';
import { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { ADMIN, apiLogin, result } from './support.ts';
import { expect, thisServer } from './test.ts';

/**
 * Paying against the local fake of WeChat Pay. Each worker's server calls WeChat Pay at its slot's port
 * (e2e/servers.ts); a spec starts the fake there in the Playwright worker and points the server at its keys.
 */

/**
 * Starts the fake on the port this worker's server calls and saves its keys as the server's WeChat Pay settings, as
 * the admin: the fake, and the admin's headers for further staff calls.
 */
export async function startFakeWechatPay(request: APIRequestContext) {
  const fake = await new FakeWechatPay().start(thisServer().wechatPayPort);
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const headers = { Authorization: token };
  await result(
    await request.put('/api/settings/wechat-pay', {
      headers,
      data: {
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
    }),
  );
  return { fake, headers };
}

/**
 * A copy of PHQ-9 with this price and its own title (so specs that look for PHQ-9 by name still find one),
 * published, through the staff API: its id.
 */
export async function paidTest(
  request: APIRequestContext,
  headers: Record<string, string>,
  priceFen: number,
) {
  const tests = await result<{ data: { id: number; builtinKey: string | null }[] }>(
    await request.get('/api/tests?pageSize=100', { headers }),
  );
  const phq = tests.data.find((t) => t.builtinKey === 'phq-9')!;
  const copy = await result<Record<string, unknown> & { id: number; categories: { id: number }[] }>(
    await request.post(`/api/tests/${phq.id}/duplicate`, { headers }),
  );
  const { subtitle, coverUrl, introduction, instructions, minutes, sortOrder } = copy;
  await result(
    await request.put(`/api/tests/${copy.id}`, {
      headers,
      data: {
        ...{ subtitle, coverUrl, introduction, instructions, minutes, sortOrder },
        title: { zh: '付费情绪自评（e2e）', en: 'Paid mood check (e2e)' },
        priceFen,
        categoryIds: copy.categories.map((c) => c.id),
      },
    }),
  );
  await result(await request.post(`/api/tests/${copy.id}/publish`, { headers }));
  return copy.id;
}

/** Removes the server's WeChat Pay settings, as a service has them before anybody set WeChat Pay up. */
export async function clearWechatPay(request: APIRequestContext) {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  await result(
    await request.put('/api/settings/wechat-pay', {
      headers: { Authorization: token },
      data: {
        appId: '',
        mchId: '',
        merchantSerialNo: '',
        merchantPrivateKey: null,
        apiV3Key: null,
        platformPublicKeyId: '',
        platformPublicKey: null,
        platformCertificates: null,
        notifyBaseUrl: '',
      },
    }),
  );
}

/**
 * The payer pays the order in the fake (or at another time), and the fake sends its signed TRANSACTION.SUCCESS
 * notification to the server: the server's answer.
 */
export function notifyPaid(fake: FakeWechatPay, orderNo: string, at?: Date) {
  fake.pay(orderNo, at && { at });
  return fake.send(`${thisServer().baseURL}/api/pay/wechat/notify`, fake.buildPaymentNotification(orderNo));
}

/** A participant submits the paid test and orders its report by QR code: the order number. */
export async function orderReport(request: APIRequestContext, testId: number, nickname: string) {
  const { token } = await result<{ token: string }>(
    await request.post('/api/client/session', { data: { locale: 'en-US' } }),
  );
  const headers = { Authorization: token };
  await result(await request.put('/api/client/me', { headers, data: { nickname } }));
  const record = await result<{ id: number }>(
    await request.post('/api/client/records', { headers, data: { testId } }),
  );
  await result(
    await request.post(`/api/client/records/${record.id}/submit`, {
      headers,
      data: { answers: [1, 1, 0, 0, 1, 0, 0, 0, 0] },
    }),
  );
  const order = await result<{ orderNo: string; codeUrl: string }>(
    await request.post('/api/client/orders', { headers, data: { recordId: record.id, channel: 'native' } }),
  );
  expect(order.codeUrl).toMatch(/^weixin:\/\//);
  return order.orderNo;
}
