import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, roles } from '../src/db/schema.ts';
import { SYSTEM_ACTOR } from '../src/db/tx.ts';
import { settledBackground, useJobQueue } from '../src/jobs/background.ts';
import type { Jobs } from '../src/jobs/jobs.ts';
import * as delivery from '../src/modules/messaging/delivery.ts';
import {
  NOTIFICATION_RETRIES,
  notifyStaffJob,
  sendStaffNotifications,
} from '../src/modules/notifications/service.ts';
import { createTestServer, type TestServer } from './helpers.ts';
import { builtinId, participant, phq, take } from './takers.ts';

// A test may make the mail server refuse an address.
vi.mock(import('../src/modules/messaging/delivery.ts'), async (original) => {
  const module = await original();
  return { ...module, deliver: vi.fn(module.deliver) };
});

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await server.database.db.insert(roles).values([
    { id: 'alert-watch', name: 'Alert watch', grants: { alerts: ['query'], orders: ['query'] } },
    { id: 'no-alerts', name: 'No alerts', grants: { records: ['query'] } },
  ]);
});
afterAll(() => server.close());

const ALL_ON = { alert: true, refund: true, signUp: true };

/** A staff member with a mail address and these notification choices. */
async function staff(roleId: string, choices: object, language = 'en-US') {
  const account = await server.accountWithRole(roleId);
  const email = `${account.username}@example.com`;
  const put = (url: string, payload: object) =>
    server.call(account.token, { method: 'PUT', url: `/api/account${url}`, payload });
  await put('/profile', {
    email,
    name: 'N',
    profile: 'P',
    country: 'C',
    region: 'R',
    address: 'A',
    // accountWithRole's password: a new email needs it.
    currentPassword: 'secret-pass-1',
  });
  await put('/notifications', choices);
  if (language === 'zh-CN') {
    const prefs = (await server.call(account.token, { method: 'GET', url: '/api/account/preferences' })).body;
    await put('/preferences', {
      ...prefs.result,
      language,
      pageStyle: 'dark',
      themeColor: 'daybreak',
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: false,
      multiTab: true,
      hideHintAlert: false,
      sidebarCollapsed: false,
    });
  }
  return { ...account, email };
}

const mailTo = (email: string) =>
  server.database.db.select().from(messages).where(eq(messages.recipient, email)).orderBy(desc(messages.id));

describe('staff notifications', () => {
  it('mail a new alert to opted-in staff who may see alerts, in their language, and to nobody else', async () => {
    const watcher = await staff('alert-watch', ALL_ON);
    const chinese = await staff('alert-watch', ALL_ON, 'zh-CN');
    const optedOut = await staff('alert-watch', { ...ALL_ON, alert: false });
    const unpermitted = await staff('no-alerts', ALL_ON);

    const admin = await server.login();
    const phqId = await builtinId(server, admin, 'phq-9');
    const record = await take(await participant(server), phqId, phq(3));
    await settledBackground();

    const [mail] = await mailTo(watcher.email);
    expect(mail).toMatchObject({
      kind: 'notification',
      channel: 'email',
      subject: 'New alert on a test record',
    });
    expect(mail?.body).toContain(`#${record.id}`);
    expect((await mailTo(chinese.email))[0]?.subject).toBe('测评记录产生新预警');
    expect(await mailTo(optedOut.email)).toEqual([]);
    expect(await mailTo(unpermitted.email)).toEqual([]);
  });

  it('tell of refunds only those who may see orders, and of sign-ups only those who may edit accounts', async () => {
    const orders = await staff('alert-watch', ALL_ON);
    const noOrders = await staff('no-alerts', ALL_ON);
    const ctx = { db: server.database.db, actor: SYSTEM_ACTOR };
    await sendStaffNotifications(ctx, 'refund', {
      orderNo: 'CE123',
      amountYuan: '19.90',
      outcome: 'abnormal',
    });
    expect((await mailTo(orders.email))[0]?.subject).toBe('Refund failed: order CE123');
    expect(await mailTo(noOrders.email)).toEqual([]);

    await sendStaffNotifications(ctx, 'signUp', { username: 'newbie', email: 'newbie@example.com' });
    expect((await mailTo(orders.email)).map((m) => m.subject)).not.toContain('A sign-up awaits approval');
  });

  it('say in Chinese how a refund ended', async () => {
    const chinese = await staff('alert-watch', ALL_ON, 'zh-CN');
    const ctx = { db: server.database.db, actor: SYSTEM_ACTOR };
    await sendStaffNotifications(ctx, 'refund', { orderNo: 'CE124', amountYuan: '9.90', outcome: 'closed' });
    const [mail] = await mailTo(chinese.email);
    expect(mail?.subject).toBe('退款失败：订单 CE124');
    expect(mail?.body).toContain('（已关闭）');
    expect(mail?.body).not.toMatch(/[a-z]{3}/);
  });

  it('run as a retried job', () => {
    expect(notifyStaffJob.retryLimit).toBeGreaterThan(0);
  });

  it('try again only the mail that did not go, a few times, then give up', async () => {
    const delivered = await staff('alert-watch', ALL_ON);
    const bouncing = await staff('alert-watch', ALL_ON);
    const sent: string[] = [];
    vi.mocked(delivery.deliver).mockImplementation(async (_ctx, message) => {
      if (message.to === bouncing.email) throw new Error('550 mailbox unavailable');
      sent.push(message.to);
      return { transport: 'smtp', status: 'sent' };
    });
    const queued: { data: Parameters<typeof notifyStaffJob.run>[0]; options: unknown }[] = [];
    useJobQueue({
      send: async (_job: unknown, data: (typeof queued)[number]['data'], options: unknown) => {
        queued.push({ data, options });
        return 'job';
      },
    } as unknown as Jobs);
    const context = { database: server.database, log: Fastify({ logger: false }).log };
    const sentTo = (email: string) => sent.filter((to) => to === email).length;
    try {
      await notifyStaffJob.run(
        { event: 'refund', params: { orderNo: 'CE9', amountYuan: '1.00', outcome: 'closed' } },
        context,
      );
      expect(sentTo(delivered.email)).toBe(1);
      for (const [attempt, wait] of NOTIFICATION_RETRIES.entries()) {
        const retry = queued.at(-1)!;
        expect(retry).toEqual({
          data: expect.objectContaining({ only: [bouncing.email], attempt: attempt + 1 }),
          options: { startAfter: wait },
        });
        await notifyStaffJob.run(retry.data, context);
      }
      // Three tries later it gives up; the one whose mail went got it once.
      expect(queued).toHaveLength(NOTIFICATION_RETRIES.length);
      expect(sentTo(delivered.email)).toBe(1);
    } finally {
      useJobQueue(null);
      vi.mocked(delivery.deliver).mockRestore();
    }
  });
});
