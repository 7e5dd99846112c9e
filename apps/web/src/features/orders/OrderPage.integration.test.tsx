import {
  BUILT_IN_ROLES,
  type Grants,
  type OrderDetail,
  type OrderStatus,
  orderSchema,
  testSchema,
} from '@cool/shared';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, queriesTo, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { blur, click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const NO = 'CE20260302093000A1';

/** The list, totals and tests the screen asks for; the order's detail as the server keeps it. */
/** `closeTo`: what closing makes of the order (paid, when WeChat Pay says it was paid after all). */
function orders(detail: OrderDetail = fixture.orderDetail(), closeTo: OrderStatus = 'closed') {
  let current = detail;
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.get(api('/orders'), () =>
      reply(
        fixture.page(orderSchema, [
          fixture.order(),
          fixture.order({ id: 2, orderNo: 'CE2', status: 'unpaid' }),
        ]),
      ),
    ),
    http.get(api('/orders/totals'), () => reply(fixture.orderTotals())),
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [fixture.test()]))),
    http.get(api(`/orders/${NO}`), () => reply(current)),
    http.post(api(`/orders/${NO}/:action`), async ({ request, params }) => {
      const action = String(params.action);
      posts.push({ path: action, body: await request.json().catch(() => null) });
      if (action === 'close') current = { ...current, status: closeTo };
      if (action === 'refunds') current = { ...current, status: 'refunding' };
      return reply(current);
    }),
  );
  return posts;
}

const withGrants = (change: (grants: Grants) => Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(change(BUILT_IN_ROLES[0]!.grants)))));

const openDrawer = async () => {
  renderApp(`/order?order=${NO}`);
  return screen.findByRole('dialog', { name: `Order ${NO}` });
};

describe('payment orders list', () => {
  it('asks for the filters in the URL, amounts in fen shown in yuan, and the totals of the same filters', async () => {
    orders();
    renderApp(
      '/order?orderNo=CE2026&status=paid&channel=native&minAmountFen=1050&maxAmountFen=2000&pageNo=2',
    );
    const row = await screen.findByRole('row', { name: new RegExp(`^${NO}`) });
    expect(within(row).getByText('¥19.90')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('QR code')).toBeTruthy();
    expect(within(row).getByText('Lin')).toBeTruthy();
    expect(within(await screen.findByRole('row', { name: /^CE2Lin/ })).getByText('Unpaid')).toBeTruthy();

    const filters = {
      orderNo: 'CE2026',
      status: 'paid',
      channel: 'native',
      minAmountFen: '1050',
      maxAmountFen: '2000',
    };
    expect(queriesTo('/orders').at(-1)).toMatchObject({ ...filters, pageNo: '2' });
    // The totals cover the whole filtered list, not the page.
    await waitFor(() => expect(queriesTo('/orders/totals').at(-1)).toEqual(filters));
    const totals = screen.getByRole('region', { name: 'Totals of the filtered orders' });
    await waitFor(() => expect(within(totals).getByText('¥5.00')).toBeTruthy());
    expect(within(totals).getByText('Paid (1 order)')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('10.50');
  });

  it('searches amounts typed in yuan as fen', async () => {
    orders();
    const { router } = renderApp('/order');
    await screen.findByRole('row', { name: new RegExp(`^${NO}`) });
    fill(screen.getByLabelText('From'), '0.1');
    blur(screen.getByLabelText('From'));
    fill(screen.getByLabelText('To'), '19.9');
    blur(screen.getByLabelText('To'));
    click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minAmountFen=10&maxAmountFen=1990'));
    await waitFor(() =>
      expect(queriesTo('/orders').at(-1)).toMatchObject({ minAmountFen: '10', maxAmountFen: '1990' }),
    );
  });

  it('exports the filtered list in the chosen format', async () => {
    orders();
    const exports: Record<string, string>[] = [];
    server.use(
      http.get(api('/orders/export'), ({ request }) => {
        exports.push(Object.fromEntries(new URL(request.url).searchParams));
        return new Response('orderNo\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp('/order?status=refunded&pageNo=2');
      click(await screen.findByRole('button', { name: 'Export Excel' }));
      expect(await screen.findByText('Export downloaded')).toBeTruthy();
      expect(exports).toEqual([{ status: 'refunded', format: 'xlsx' }]);
    } finally {
      save.mockRestore();
    }
  });
});

describe('order drawer', () => {
  it('shows the order, its history with causes and notification, its record and participant', async () => {
    orders();
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('PHQ-9 depression (price ¥19.90)')).toBeTruthy();
    expect(within(drawer).getByText('by the participant')).toBeTruthy();
    expect(within(drawer).getByText("by WeChat Pay's notification")).toBeTruthy();
    expect(within(drawer).getByText('Notification EV-2026-0001')).toBeTruthy();
    expect(within(drawer).getByText('Report unlocked')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '#31' }).getAttribute('href')).toBe('/records?record=31');
    expect(within(drawer).getByRole('link', { name: 'Lin' }).getAttribute('href')).toBe(
      '/records?participantId=7',
    );
    expect(within(drawer).getByText('No refunds')).toBeTruthy();
  });

  it('says a refund of all that is left locks the report again, and refunds the amount in fen', async () => {
    const posts = orders(fixture.orderDetail({ refundedFen: 990 }));
    const drawer = await openDrawer();
    click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund order ${NO}` });
    const amount = within(dialog).getByLabelText('Amount to refund (at most ¥10.00)');
    expect((amount as HTMLInputElement).value).toBe('10.00');
    expect(
      within(dialog).getByText('Refund ¥10.00 of ¥19.90 to the payer; the report will be locked again.'),
    ).toBeTruthy();

    fill(amount, '4.5');
    expect(
      await within(dialog).findByText(
        'Refund ¥4.50 of ¥19.90 to the payer; ¥5.50 stays paid and the report stays unlocked.',
      ),
    ).toBeTruthy();
    fill(within(dialog).getByLabelText('Reason (shown to the payer by WeChat Pay)'), 'Asked by phone');
    click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund requested')).toBeTruthy();
    expect(posts).toEqual([{ path: 'refunds', body: { amountFen: 450, reason: 'Asked by phone' } }]);
  });

  it('shows an unpaid order past its expiry time as expired, in the list and the drawer', async () => {
    orders(fixture.orderDetail({ status: 'unpaid', expired: true, paidTime: null, transactionId: null }));
    server.use(
      http.get(api('/orders'), () =>
        reply(fixture.page(orderSchema, [fixture.order({ status: 'unpaid', expired: true })])),
      ),
    );
    const drawer = await openDrawer();
    const row = await screen.findByRole('row', { name: new RegExp(NO) });
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).queryByText('Unpaid')).toBeNull();
    expect(await within(drawer).findByText('Expired')).toBeTruthy();
    expect(within(drawer).getByText(/Not paid in time: it can no longer be paid/)).toBeTruthy();
  });

  it('says a refund may have been made when no answer tells, and reads the order again', async () => {
    orders(fixture.orderDetail());
    server.use(
      http.post(api(`/orders/${NO}/refunds`), () => new HttpResponse('Bad Gateway', { status: 502 })),
    );
    const drawer = await openDrawer();
    click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund order ${NO}` });
    const reads = queriesTo(`/orders/${NO}`).length;
    click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        "No answer arrived, so the refund may have been made. Check the order's refunds before submitting again.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(queriesTo(`/orders/${NO}`).length).toBeGreaterThan(reads));
  });

  it('says what the server answered at once, never "may have been made", when WeChat Pay is not set up', async () => {
    orders(fixture.orderDetail());
    server.use(
      http.post(api(`/orders/${NO}/refunds`), () =>
        replyError(503, 'wechatpay.notConfigured', 'WeChat Pay is not set up for this service'),
      ),
    );
    const drawer = await openDrawer();
    click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund order ${NO}` });
    click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('WeChat Pay is not set up for this service')).toBeTruthy();
    expect(within(dialog).queryByText(/may have been made/)).toBeNull();
  });

  it('offers the rest while a refund is on its way, less what that refund sends back', async () => {
    const open = {
      id: 1,
      outRefundNo: 'RF1',
      refundId: null,
      amountFen: 500,
      reason: '',
      status: 'processing' as const,
      requestedBy: 'admin',
      createTime: '2026-03-02T10:00:00.000Z',
      acceptTime: null,
      successTime: null,
    };
    orders(fixture.orderDetail({ status: 'refunding', refundedFen: 990, refunds: [open] }));
    const drawer = await openDrawer();
    click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund order ${NO}` });
    expect(within(dialog).getByLabelText('Amount to refund (at most ¥5.00)')).toBeTruthy();
  });

  it('asks before closing an unpaid order, and syncs with WeChat Pay', async () => {
    const posts = orders(fixture.orderDetail({ status: 'unpaid', paidTime: null, transactionId: null }));
    const drawer = await openDrawer();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    // The drawer's own close button is there before the order loads: wait for the order's.
    click(await within(drawer).findByRole('button', { name: 'Close order' }));
    const confirm = await screen.findByRole('dialog', { name: `Close order ${NO}?` });
    expect(posts).toEqual([]);
    click(within(confirm).getByRole('button', { name: 'Close order' }));
    expect(await screen.findByText('Order closed')).toBeTruthy();
    click(within(drawer).getByRole('button', { name: 'Sync with WeChat Pay' }));
    expect(await screen.findByText('Order synced with WeChat Pay')).toBeTruthy();
    expect(posts.map((post) => post.path)).toEqual(['close', 'sync']);
  });

  it('says so when closing finds the order paid at WeChat Pay', async () => {
    orders(fixture.orderDetail({ status: 'unpaid', paidTime: null }), 'paid');
    const drawer = await openDrawer();
    click(await within(drawer).findByRole('button', { name: 'Close order' }));
    click(
      within(await screen.findByRole('dialog', { name: `Close order ${NO}?` })).getByRole('button', {
        name: 'Close order',
      }),
    );
    expect(
      await screen.findByText('WeChat Pay says this order is paid: it is paid now, not closed'),
    ).toBeTruthy();
  });

  it('offers only the actions the role holds', async () => {
    orders();
    withGrants((grants) => ({ ...grants, orders: ['query', 'get'] }));
    const drawer = await openDrawer();
    await within(drawer).findByText('Report unlocked');
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Sync with WeChat Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('offers no details to a role that may list orders but not open one, nor asks for an order', async () => {
    orders();
    withGrants((grants) => ({ ...grants, orders: ['query'] }));
    renderApp(`/order?order=${NO}`);
    await screen.findByRole('row', { name: new RegExp(NO) });
    expect(screen.queryByRole('button', { name: `Order ${NO}` })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queriesTo(`/orders/${NO}`)).toEqual([]);
  });
});
