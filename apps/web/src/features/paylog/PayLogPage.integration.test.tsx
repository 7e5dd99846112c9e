import { payLogEntrySchema } from '@cool/shared';
import dayjs from 'dayjs';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
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
  it("shows yesterday's reconciliation first, with its counts, and syncs one difference", async () => {
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
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
