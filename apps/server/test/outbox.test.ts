import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { deliver } from '../src/modules/messaging/delivery.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const ctx = { db: server.database.db, actor: SYSTEM_ACTOR };
  for (let i = 1; i <= 12; i++) {
    await deliver(ctx, {
      channel: 'sms',
      to: `+861380000${String(i).padStart(4, '0')}`,
      kind: 'sign-in-code',
      text: `code ${i}`,
    });
  }
  await deliver(ctx, {
    channel: 'email',
    to: 'ann@example.com',
    kind: 'activation',
    subject: 'Activate',
    text: 'Open https://x/activate',
  });
});
afterAll(() => server.close());

const list = (query = '', token = admin) => server.call(token, { method: 'GET', url: `/api/outbox${query}` });

describe('the outbox', () => {
  it('lists kept messages newest first, paged', async () => {
    const first = await list('?pageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.result.totalCount).toBe(13);
    expect(first.body.result.data).toHaveLength(5);
    const [newest] = first.body.result.data;
    expect(newest).toMatchObject({
      channel: 'email',
      transport: 'outbox',
      kind: 'activation',
      recipient: 'ann@example.com',
      subject: 'Activate',
      body: 'Open https://x/activate',
      status: 'outbox',
      error: null,
    });
    const third = await list('?pageSize=5&pageNo=3');
    expect(third.body.result.data.map((m: { body: string }) => m.body)).toEqual([
      'code 3',
      'code 2',
      'code 1',
    ]);
  });

  it('filters by channel, kind and recipient (whole or part)', async () => {
    expect((await list('?channel=email')).body.result.totalCount).toBe(1);
    expect((await list('?kind=sign-in-code')).body.result.totalCount).toBe(12);
    const exact = await list(`?recipient=${encodeURIComponent('+8613800000007')}`);
    expect(exact.body.result.data.map((m: { body: string }) => m.body)).toEqual(['code 7']);
    expect((await list('?recipient=0001')).body.result.totalCount).toBe(4);
    expect((await list('?recipient=%25')).body.result.totalCount).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).body.result.totalCount).toBe(0);
    expect((await list(`?to=${encodeURIComponent(future)}`)).body.result.totalCount).toBe(13);
  });

  it('shows one message, and 404 for none', async () => {
    const [newest] = (await list('?pageSize=1')).body.result.data;
    const one = await server.call(admin, { method: 'GET', url: `/api/outbox/${newest.id}` });
    expect(one.body.result).toEqual(newest);
    const none = await server.call(admin, { method: 'GET', url: '/api/outbox/999999' });
    expect(none.status).toBe(404);
    expect(none.body.result.error).toBe('outbox.notFound');
  });

  it('is refused to a viewer, whose role reads everything else', async () => {
    const viewer = await server.accountWithRole('viewer');
    expect((await list('', viewer.token)).status).toBe(403);
    expect((await server.call(viewer.token, { method: 'GET', url: '/api/outbox/1' })).status).toBe(403);
  });
});
