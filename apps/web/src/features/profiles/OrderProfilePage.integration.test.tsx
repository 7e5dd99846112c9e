import { BUILT_IN_ROLES } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, requests, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const NO = 'CE20260302093000A1';

const refunded = fixture.orderDetail({
  status: 'paid',
  refundedFen: 500,
  refunds: [
    {
      id: 5,
      outRefundNo: 'RF20260302100000123',
      refundId: '50300000000000000000000000001',
      amountFen: 500,
      reason: 'Asked by phone',
      status: 'success',
      requestedBy: 'admin',
      createTime: '2026-03-02T10:00:00.000Z',
      acceptTime: '2026-03-02T10:00:01.000Z',
      successTime: '2026-03-02T10:01:00.000Z',
    },
  ],
  events: [
    ...fixture.orderDetail().events,
    {
      id: 3,
      fromStatus: 'paid',
      toStatus: 'refunding',
      cause: 'staff',
      actorUsername: 'admin',
      notificationId: null,
      detail: {},
      time: '2026-03-02T10:00:00.000Z',
    },
  ],
});

function orderApi() {
  const syncs: string[] = [];
  server.use(
    http.get(api('/orders/by-id/1'), () => reply(refunded)),
    http.get(api(`/orders/${NO}`), () => reply(refunded)),
    http.post(api(`/orders/${NO}/sync`), () => {
      syncs.push(NO);
      return reply(refunded);
    }),
  );
  return syncs;
}

/** A panel of the page, by its heading. */
const panel = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

describe('order profile', () => {
  it('shows the order, its payer, its refunds and its history, with the actions the role holds', async () => {
    const syncs = orderApi();
    renderApp('/profile/basic?id=1');
    expect(await screen.findByRole('heading', { name: `Order ${NO}` })).toBeTruthy();
    const facts = panel('Order information');
    expect(within(facts).getByText('¥14.90')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Lin' }).getAttribute('href')).toBe(
      '/profile/advanced?id=7',
    );
    expect(within(facts).getByText('4200000000202603020000000001')).toBeTruthy();

    const refunds = panel('Refunds');
    expect(within(refunds).getByRole('link', { name: 'RF20260302100000123' }).getAttribute('href')).toBe(
      '/result/success?refund=5&order=1',
    );
    expect(within(refunds).getByText('Asked by phone')).toBeTruthy();

    const history = panel('History');
    expect(within(history).getByText("by WeChat Pay's notification")).toBeTruthy();
    expect(within(history).getByText('EV-2026-0001')).toBeTruthy();
    expect(within(history).getByText('by staff')).toBeTruthy();

    const refund = screen.getByRole('link', { name: 'Refund' });
    expect(refund.getAttribute('href')).toBe(`/form/step-form?orderNo=${NO}`);
    click(screen.getByRole('button', { name: 'Sync with WeChat Pay' }));
    expect(await screen.findByText('Order synced with WeChat Pay')).toBeTruthy();
    expect(syncs).toEqual([NO]);
  });

  it('offers no actions to a role that may only look', async () => {
    orderApi();
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, orders: ['query', 'get'] })),
      ),
    );
    renderApp('/profile/basic?id=1');
    expect(await screen.findByRole('heading', { name: `Order ${NO}` })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync with WeChat Pay' })).toBeNull();
  });

  it('tells a role that may only list orders that it may not open one, and asks for none', async () => {
    orderApi();
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, orders: ['query'] })),
      ),
    );
    renderApp('/profile/basic?id=1');
    expect(await screen.findByText("Your role may not open an order's details")).toBeTruthy();
    expect(queriesTo('/orders/by-id/1')).toEqual([]);
  });

  it('offers no search by number to a role that may not open an order (it would ask for one)', async () => {
    orderApi();
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, orders: ['query'] })),
      ),
    );
    renderApp('/profile/basic');
    expect(await screen.findByText("Your role may not open an order's details")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Order number' })).toBeNull();
    expect(requests.filter((r) => new URL(r.url).pathname.startsWith('/api/orders'))).toEqual([]);
  });

  it('without an id, opens an order found by its number', async () => {
    orderApi();
    const { router } = renderApp('/profile/basic');
    expect(await screen.findByText('Open an order by its number, or from the orders list.')).toBeTruthy();
    fill(screen.getByLabelText('Order number'), NO);
    click(screen.getByRole('button', { name: /Open/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=1'));
    expect(await screen.findByRole('heading', { name: `Order ${NO}` })).toBeTruthy();
  });
});
