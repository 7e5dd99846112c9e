import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '../src/modules/paylog/reconcile.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, deliver, nativeOrder, paidTest } from './payers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;
let orderNo: string;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  await configureWechatPay(server, admin, fake);
  const testId = await paidTest(server, admin);
  ({ orderNo } = await nativeOrder(server, testId));
  fake.pay(orderNo);
  // A forged copy first (refused), then the real one (applied), then it again (duplicate).
  await deliver(server, fake.buildPaymentNotification(orderNo, 'forgedSignature'));
  await deliver(server, fake.buildPaymentNotification(orderNo));
  await deliver(server, fake.buildPaymentNotification(orderNo));
  expect((await server.call(admin, { method: 'POST', url: `/api/orders/${orderNo}/sync` })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const log = async (query = '', token = admin) => {
  const res = await server.call(token, { method: 'GET', url: `/api/pay-log${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

describe('the payment log', () => {
  it('lists every call made and notification received, newest first, with verdict and timing', async () => {
    const page = await log();
    expect(page.totalCount).toBe(page.data.length);
    const times = page.data.map((e: { time: string }) => e.time);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.data.map((e: { operation: string }) => e.operation)).toEqual(
      expect.arrayContaining(['prepay.native', 'query', 'notify.payment']),
    );
    const prepay = page.data.find((e: { operation: string }) => e.operation === 'prepay.native');
    expect(prepay).toMatchObject({
      direction: 'outbound',
      orderNo,
      httpStatus: 200,
      verdict: 'ok',
      durationMs: expect.any(Number),
    });
    // Never a secret: no key, no ciphertext, no signature in any entry.
    const text = JSON.stringify(page.data);
    expect(text).not.toContain(fake.apiV3Key);
    expect(text).not.toMatch(/PRIVATE KEY|ciphertext|signature=/i);
  });

  it('filters by direction, operation, order number, verdict and time', async () => {
    const inbound = await log('?direction=inbound');
    expect(inbound.data.length).toBeGreaterThanOrEqual(3);
    expect(inbound.data.every((e: { direction: string }) => e.direction === 'inbound')).toBe(true);
    const verdicts = inbound.data.map((e: { verdict: string }) => e.verdict);
    expect(verdicts).toEqual(expect.arrayContaining(['applied', 'duplicate']));
    const refused = inbound.data.find(
      (e: { verdict: string }) => !['applied', 'duplicate'].includes(e.verdict),
    );
    expect(refused).toMatchObject({ httpStatus: 401 });

    const queries = await log(`?operation=query&orderNo=${orderNo}`);
    expect(queries.data).toHaveLength(1);
    expect(queries.data[0]).toMatchObject({ operation: 'query', orderNo, verdict: 'ok' });
    expect((await log('?verdict=duplicate')).data).toHaveLength(1);
    expect((await log('?orderNo=CE0000000000')).data).toEqual([]);

    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(future)}`)).data).toEqual([]);
    expect((await log(`?to=${encodeURIComponent(future)}`)).totalCount).toBe((await log()).totalCount);
  });

  it('pages by keyset', async () => {
    const all = await log('?pageSize=100');
    const first = await log('?pageSize=2');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await log(`?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect([...first.data, ...second.data].map((e: { id: number }) => e.id)).toEqual(
      all.data.slice(0, 4).map((e: { id: number }) => e.id),
    );
  });

  it('refuses bad filters', async () => {
    for (const query of ['?direction=sideways', '?from=yesterday', `?orderNo=${'x'.repeat(40)}`]) {
      const res = await server.call(admin, { method: 'GET', url: `/api/pay-log${query}` });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('who may see and act', () => {
  const day = chinaDate(new Date(), -3);
  const endpoints = [
    { method: 'GET', url: '/api/pay-log', action: 'query' },
    { method: 'GET', url: `/api/pay/reconciliations/${day}`, action: 'get' },
    { method: 'POST', url: '/api/pay/reconciliations', payload: { billDate: day }, action: 'edit' },
    {
      method: 'POST',
      url: `/api/pay/reconciliations/${day}/differences/CE0000000000/sync`,
      action: 'edit',
    },
  ] as const;

  it('finance reconciles; the content operator, and no one signed out, may not', async () => {
    const finance = await server.accountWithRole('finance');
    const operator = await server.accountWithRole('operator');
    for (const { method, url, ...rest } of endpoints) {
      const payload = 'payload' in rest ? rest.payload : undefined;
      expect((await server.call(null, { method, url, payload })).status, url).toBe(401);
      expect((await server.call(operator.token, { method, url, payload })).status, url).toBe(403);
    }
    expect((await log('', finance.token)).data.length).toBeGreaterThan(0);
    const ran = await server.call(finance.token, {
      method: 'POST',
      url: '/api/pay/reconciliations',
      payload: { billDate: day },
    });
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
  });

  it('a viewer reads the log and the reconciliation but cannot run or sync', async () => {
    const viewer = await server.accountWithRole('viewer');
    for (const { method, url, action, ...rest } of endpoints) {
      const payload = 'payload' in rest ? rest.payload : undefined;
      const res = await server.call(viewer.token, { method, url, payload });
      if (action === 'edit') expect(res.status, url).toBe(403);
      else expect(res.status, url).toBe(200);
    }
  });
});
