import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOrderBack } from './demo.ts';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { configureWechatPay, nativeOrder, paidTest, payNotified } from './payers.ts';

let fake: FakeWechatPay;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  server = await createTestServer({ wechatPayApiBase: fake.url });
  admin = await server.login();
  await configureWechatPay(server, admin, fake);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const get = async (url: string) => {
  const res = await server.call(admin, { method: 'GET', url });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const sql = async (text: string, values: unknown[] = []) =>
  (await server.database.pool.query(text, values)).rows;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("the demo's re-dating (npm run demo)", () => {
  it('moves each alert back to when its record was submitted, with its follow-up notes', async () => {
    const testId = await paidTest(server, admin);
    // Both records raise an alert (PHQ-9 item 9 answered 1); the second is followed up before re-dating.
    const waiting = await nativeOrder(server, testId);
    const followed = await nativeOrder(server, testId);
    await payNotified(server, fake, waiting.orderNo);
    const alertOf = async (recordId: number) =>
      (await get('/api/alerts?pageSize=100')).data.find((a: { recordId: number }) => a.recordId === recordId);
    const followedAlert = await alertOf(followed.recordId);
    const note = await server.call(admin, {
      method: 'PUT',
      url: `/api/alerts/${followedAlert.id}`,
      payload: { status: 'contacted', note: 'Called, will see the counsellor' },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);

    const raised = { waiting: daysAgo(12), followed: daysAgo(3) };
    for (const [order, createdAt] of [
      [waiting, raised.waiting],
      [followed, raised.followed],
    ] as const) {
      const paidAt = new Date(createdAt.getTime() + 60_000);
      await moveOrderBack(sql, order.orderNo, { createdAt, paidAt, refundAt: paidAt });
    }

    // Monitor: the oldest new alert waits since its record was submitted, 12 days ago, not minutes.
    expect((await get('/api/monitor/alerts')).oldestNewTime).toBe(raised.waiting.toISOString());
    const first = await get(`/api/alerts/${(await alertOf(waiting.recordId)).id}`);
    expect({ createTime: first.createTime, updateTime: first.updateTime }).toEqual({
      createTime: raised.waiting.toISOString(),
      updateTime: raised.waiting.toISOString(),
    });
    const second = await get(`/api/alerts/${followedAlert.id}`);
    expect(second.createTime).toBe(raised.followed.toISOString());
    // The note keeps its distance from the alert: written moments after it was raised, 3 days ago.
    const noteTime = Date.parse(second.notes[0].time);
    expect(noteTime).toBeGreaterThanOrEqual(raised.followed.getTime());
    expect(noteTime).toBeLessThan(raised.followed.getTime() + 60_000);
    expect(Date.parse(second.updateTime)).toBe(noteTime);
  });
});
