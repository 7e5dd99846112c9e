import {
  BACKGROUND_HEADER,
  type Grants,
  jobQueuesSchema,
  openAlertsSchema,
  paymentsHealthSchema,
  recordsNowSchema,
} from '@cool/shared';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { api, renderApp, reply, requests, server, setupIntegration } from '../../test/app.tsx';
import { screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const HOUR = Date.parse('2026-03-02T09:00:00.000Z');

/** The four sections' answers, each checked against its contract. */
function sections() {
  server.use(
    http.get(api('/monitor/records'), () =>
      reply(
        recordsNowSchema.strict().parse({
          startedToday: 1234,
          submittedToday: 987,
          inProgress: 56,
          hours: Array.from({ length: 24 }, (_, i) => ({
            hour: new Date(HOUR - (23 - i) * 3600_000).toISOString(),
            started: i,
            submitted: 0,
          })),
        }),
      ),
    ),
    http.get(api('/monitor/payments'), () =>
      reply(
        paymentsHealthSchema.strict().parse({
          verdicts: [
            { direction: 'outbound', verdict: 'ok', count: 15 },
            { direction: 'inbound', verdict: 'applied', count: 4 },
            { direction: 'inbound', verdict: 'signature', count: 1 },
          ],
          total: 20,
          failed: 1,
          calls: { count: 15, averageMs: 120, p95Ms: 480 },
          latestFailures: [
            {
              id: 9,
              time: '2026-03-02T09:10:00.000Z',
              direction: 'inbound',
              operation: 'notify.payment',
              orderNo: 'CE2026',
              verdict: 'signature',
              httpStatus: 401,
            },
          ],
        }),
      ),
    ),
    http.get(api('/monitor/alerts'), () =>
      reply(
        openAlertsSchema.strict().parse({
          open: [
            { severity: 'severe', status: 'new', count: 3 },
            { severity: 'severe', status: 'contacted', count: 2 },
            { severity: 'mild', status: 'new', count: 1 },
          ],
          oldestNewTime: new Date(Date.now() - 3 * 3600_000 - 5 * 60_000).toISOString(),
        }),
      ),
    ),
    http.get(api('/monitor/jobs'), () =>
      reply(
        jobQueuesSchema.strict().parse({
          available: true,
          queues: [{ name: 'pay-poll-refunds', queued: 2, active: 1, completed: 40, failed: 3 }],
        }),
      ),
    ),
  );
}

const withGrants = (grants: Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(grants))));

/** A section: the panel under its heading. */
const region = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement;
const asked = (path: string) => requests.filter((request) => new URL(request.url).pathname === `/api${path}`);

describe('monitor', () => {
  it("shows each section's numbers, asked for as background work", async () => {
    sections();
    renderApp('/dashboard/monitor');
    const records = await region('Records now');
    await waitFor(() => expect(within(records).getByText('1,234')).toBeTruthy());
    expect(within(records).getByText('987')).toBeTruthy();
    expect(within(records).getByText('56')).toBeTruthy();

    const payments = await region('WeChat Pay, last 24 hours');
    await waitFor(() => expect(within(payments).getByText('5%')).toBeTruthy());
    expect(within(payments).getByText('120 ms')).toBeTruthy();
    expect(within(payments).getByText('480 ms')).toBeTruthy();
    // Successes by name in the user's language, failures by the code the log is searched by.
    expect(within(payments).getByText('Called · OK: 15')).toBeTruthy();
    expect(within(payments).getByText('Received · Applied: 4')).toBeTruthy();
    expect(within(payments).getByText('Received · signature: 1')).toBeTruthy();
    // The latest failures, a list named by its header: one row each.
    const failures = within(payments).getByRole('list', { name: 'Latest failures' });
    expect(within(failures).getByRole('listitem').textContent).toMatch(/^signatureReceived notify\.payment/);
    const failure = within(failures).getByRole('link', { name: 'signature' });
    expect(failure.getAttribute('href')).toBe('/order/weixin?verdict=signature&orderNo=CE2026');

    const alerts = await region('Open alerts');
    await waitFor(() => expect(within(alerts).getByText('6')).toBeTruthy());
    expect(within(alerts).getByText('3 h 5 min')).toBeTruthy();
    const severe = within(alerts).getByRole('row', { name: /Severe/ });
    expect(severe.textContent).toMatch(/Severe.*3.*2/);

    const jobs = await region('Background work, last 24 hours');
    // Named in the user's language, with the name the server's log uses under it.
    const queue = await within(jobs).findByRole('row', { name: /Poll refunds/ });
    expect(queue.textContent).toBe('Poll refundspay-poll-refunds21403');

    expect(screen.getByRole('status').textContent).toMatch(/^Updated at \d\d:\d\d:\d\d$/);
    // Polling must not keep an unattended session alive.
    for (const path of ['/monitor/records', '/monitor/payments', '/monitor/alerts', '/monitor/jobs'])
      expect(asked(path)[0]?.headers.get(BACKGROUND_HEADER), path).toBe('1');
  });

  it('asks again every 30 seconds', async () => {
    sections();
    // Only the intervals are faked (the poll's), and they also run in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    try {
      renderApp('/dashboard/monitor');
      await waitFor(() => expect(asked('/monitor/records')).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(25_000);
      expect(asked('/monitor/records')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5_000);
      await waitFor(() => expect(asked('/monitor/records')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
    expect(asked('/monitor/records')[1]!.headers.get(BACKGROUND_HEADER)).toBe('1');
  });

  it('shows only the sections the role may read, and asks for no other', async () => {
    sections();
    withGrants({ dashboard: ['query'], records: ['query'] });
    renderApp('/dashboard/monitor');
    await region('Records now');
    await waitFor(() => expect(asked('/monitor/records')).toHaveLength(1));
    for (const name of ['WeChat Pay, last 24 hours', 'Open alerts', 'Background work, last 24 hours'])
      expect(screen.queryByRole('heading', { name }), name).toBeNull();
    for (const path of ['/monitor/payments', '/monitor/alerts', '/monitor/jobs'])
      expect(asked(path)).toEqual([]);
  });

  it('says so when the server runs no job queue, and shows an empty day', async () => {
    sections();
    server.use(
      http.get(api('/monitor/jobs'), () => reply({ available: false, queues: [] })),
      http.get(api('/monitor/alerts'), () => reply({ open: [], oldestNewTime: null })),
    );
    renderApp('/dashboard/monitor');
    expect(
      await within(await region('Background work, last 24 hours')).findByText(/runs no job queue/),
    ).toBeTruthy();
    expect(await within(await region('Open alerts')).findByText('No open alert')).toBeTruthy();
  });

  // Last in the file: switching the language back saves it after the page is gone, as the next page opens.
  it("names every queue the server registers in the user's language, and an unknown one as it is", async () => {
    // apps/server/src/jobs/registry.ts's JOBS, PAY_JOBS included.
    const names = {
      'purge-sessions': '清理过期会话',
      vacuum: '数据库整理（VACUUM）',
      'purge-rate-limits': '清理过期的请求限流计数',
      'purge-codes-and-messages': '清理旧验证码和消息',
      'notify-staff': '员工通知邮件',
      'recovery-mail': '账号找回邮件',
      'pay-close-expired-orders': '关闭过期订单',
      'pay-poll-refunds': '查询退款进度',
      'pay-query-unnotified-orders': '查询未收到通知的订单',
      'pay-reconcile-yesterday': '对账昨日账单',
    };
    const counts = { queued: 0, active: 0, completed: 1234, failed: 0 };
    sections();
    server.use(
      http.get(api('/monitor/jobs'), () =>
        reply(
          jobQueuesSchema.strict().parse({
            available: true,
            queues: [...Object.keys(names), 'some-new-queue'].map((name) => ({ name, ...counts })),
          }),
        ),
      ),
    );
    await act(() => changeLanguage('zh-CN'));
    try {
      renderApp('/dashboard/monitor');
      const jobs = await region('后台任务（近 24 小时）');
      await within(jobs).findByRole('row', { name: /查询退款进度/ });
      for (const [name, label] of Object.entries(names))
        expect(within(jobs).getByRole('row', { name: new RegExp(`^${label}${name}`) }).textContent).toBe(
          `${label}${name}001,2340`,
        );
      // A queue this console does not know yet: its own name, once.
      expect(within(jobs).getByRole('row', { name: /some-new-queue/ }).textContent).toBe(
        'some-new-queue001,2340',
      );
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});
