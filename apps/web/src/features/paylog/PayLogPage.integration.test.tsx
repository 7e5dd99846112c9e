import { payLogEntrySchema, reconciliationDaySchema } from '@cool/shared';
import dayjs from 'dayjs';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chinaToday } from '../../shared/ui/format.ts';
import { api, queriesTo, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

describe('payment log', () => {
  it('asks for the filters in the URL and shows each entry with its verdict and duration', async () => {
    server.use(
      http.get(api('/pay-log'), () =>
        reply(
          fixture.page(payLogEntrySchema, [
            fixture.payLogEntry(),
            fixture.payLogEntry({
              id: 2,
              operation: 'notify.payment',
              verdict: 'signature',
              httpStatus: 401,
              durationMs: 1234,
              notificationId: 'EV-forged',
            }),
          ]),
        ),
      ),
    );
    renderApp('/order/weixin?direction=inbound&operation=notify.payment&verdict=signature&orderNo=CE2026');
    expect(await screen.findByRole('heading', { name: 'WeChat Pay' })).toBeTruthy();
    // Under payment orders: the breadcrumb names it.
    expect(screen.getByRole('link', { name: 'payment orders' }).getAttribute('href')).toBe('/order');
    const applied = await screen.findByRole('row', { name: /Applied/ });
    expect(within(applied).getByText('Applied')).toBeTruthy();
    expect(within(applied).getByText('Received')).toBeTruthy();
    expect(within(applied).getByText('12 ms')).toBeTruthy();
    const forged = screen.getByRole('row', { name: /signature/ });
    expect(within(forged).getByText('signature')).toBeTruthy();
    expect(within(forged).getByText('1,234 ms')).toBeTruthy();
    expect(queriesTo('/pay-log').at(-1)).toMatchObject({
      direction: 'inbound',
      operation: 'notify.payment',
      verdict: 'signature',
      orderNo: 'CE2026',
    });
  });
});

describe('reconciliation', () => {
  // Days in China, as the server counts them.
  const day = (daysAgo: number) => dayjs(chinaToday()).subtract(daysAgo, 'day').format('YYYY-MM-DD');
  beforeEach(() => {
    server.use(
      http.get(api('/pay/reconciliations'), () =>
        reply(fixture.page(reconciliationDaySchema, [fixture.reconciliationDay({ billDate: day(1) })])),
      ),
    );
  });

  it('lists the recent days with their state, a week at a time, and shows the day chosen', async () => {
    const shown: string[] = [];
    server.use(
      http.get(api('/pay/reconciliations'), ({ request }) => {
        const pageNo = Number(new URL(request.url).searchParams.get('pageNo'));
        const first = (pageNo - 1) * 7 + 1;
        return reply(
          fixture.page(
            reconciliationDaySchema,
            [
              fixture.reconciliationDay({ billDate: day(first) }),
              fixture.reconciliationDay({
                billDate: day(first + 1),
                state: 'matched',
                differences: 0,
                unsynced: 0,
              }),
              fixture.reconciliationDay({
                billDate: day(first + 2),
                state: 'failed',
                differences: 0,
                unsynced: 0,
                billRows: null,
                error: 'wechatpay.billCorrupt',
              }),
              fixture.reconciliationDay({
                billDate: day(first + 3),
                state: 'notFetched',
                differences: 0,
                unsynced: 0,
                billRows: null,
                updateTime: null,
              }),
            ],
            { pageNo, pageSize: 7, totalCount: 90 },
          ),
        );
      }),
      http.get(api('/pay/reconciliations/:billDate'), ({ params }) => {
        shown.push(String(params.billDate));
        return reply(fixture.reconciliation({ billDate: String(params.billDate) }));
      }),
    );
    renderApp('/order/weixin?tab=reconciliation');
    const days = await screen.findByRole('table', { name: 'Recent days' });
    const yesterday = await within(days).findByRole('row', { name: new RegExp(`^${day(1)}`) });
    expect(within(yesterday).getByText('Differences')).toBeTruthy();
    expect(within(yesterday).getByText('2 · 1 not synced')).toBeTruthy();
    expect(within(yesterday).getByText('Shown below')).toBeTruthy();
    expect(within(days).getByRole('row', { name: new RegExp(`^${day(2)}Matched`) })).toBeTruthy();
    expect(within(days).getByRole('row', { name: new RegExp(`^${day(3)}Fetch failed`) })).toBeTruthy();
    // Never reconciled: no differences, trades or time to show.
    expect(within(days).getByRole('row', { name: new RegExp(`^${day(4)}Not fetched———View$`) })).toBeTruthy();
    expect(screen.getByText('90 days')).toBeTruthy();
    expect(queriesTo('/pay/reconciliations').at(-1)).toEqual({ pageNo: '1', pageSize: '7' });

    click(within(days).getByRole('button', { name: `View the reconciliation of ${day(2)}` }));
    await waitFor(() => expect(shown.at(-1)).toBe(day(2)));
    expect(
      await within(days).findByRole('row', { name: new RegExp(`^${day(2)}.*Shown below`) }),
    ).toBeTruthy();

    click(screen.getByTitle('2'));
    expect(await within(days).findByRole('row', { name: new RegExp(`^${day(8)}`) })).toBeTruthy();
    expect(queriesTo('/pay/reconciliations').at(-1)).toEqual({ pageNo: '2', pageSize: '7' });
  });

  it("shows yesterday's reconciliation first, with its counts, and syncs one difference", async () => {
    const yesterday = day(1);
    const synced: string[] = [];
    server.use(
      http.get(api('/pay/reconciliations/:billDate'), () =>
        reply(fixture.reconciliation({ billDate: yesterday })),
      ),
      http.post(api('/pay/reconciliations/:billDate/differences/:orderNo/sync'), ({ params }) => {
        synced.push(`${params.billDate}/${params.orderNo}`);
        return reply(fixture.reconciliation());
      }),
    );
    renderApp('/order/weixin?tab=reconciliation');
    const counts = await screen.findByRole('region', { name: 'Reconciliation counts' });
    expect(within(counts).getByText('Paid there, not here')).toBeTruthy();
    expect(within(counts).getByText('Matched')).toBeTruthy();
    const row = screen.getByRole('row', { name: /^Paid there, not hereCE20260301120000B2/ });
    expect(within(row).getByText('¥9.90 · SUCCESS')).toBeTruthy();
    click(within(row).getByRole('button', { name: 'Sync order CE20260301120000B2' }));
    expect(await screen.findByText('Order CE20260301120000B2 synced with WeChat Pay')).toBeTruthy();
    expect(synced).toEqual([`${yesterday}/CE20260301120000B2`]);
  });

  it('says when a day has not been reconciled, and reconciles it on request', async () => {
    const runs: unknown[] = [];
    let stored = false;
    server.use(
      http.get(api('/pay/reconciliations/2026-03-01'), () =>
        stored ? reply(fixture.reconciliation()) : replyError(404, 'common.notFound', 'Not found'),
      ),
      http.post(api('/pay/reconciliations'), async ({ request }) => {
        runs.push(await request.json());
        stored = true;
        return reply(fixture.reconciliation());
      }),
    );
    renderApp('/order/weixin?tab=reconciliation&billDate=2026-03-01');
    expect(await screen.findByText('The bill of 2026-03-01 has not been reconciled yet.')).toBeTruthy();
    click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('Bill of 2026-03-01 reconciled')).toBeTruthy();
    expect(runs).toEqual([{ billDate: '2026-03-01' }]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Reconciliation counts' })).toBeTruthy());
  });
});
