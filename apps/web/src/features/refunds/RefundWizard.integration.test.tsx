import { BUILT_IN_ROLES, type Grants, type OrderDetail, type Refund } from '@cool/shared';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/ui/format.ts';
import { api, queriesTo, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const NO = 'CE20260302093000A1';

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: 5,
  outRefundNo: 'RF20260302100000123',
  refundId: '50300000000000000000000000001',
  amountFen: 450,
  reason: 'Asked by phone',
  status: 'processing',
  requestedBy: 'admin',
  createTime: '2026-03-02T10:00:00.000Z',
  acceptTime: '2026-03-02T10:00:01.000Z',
  successTime: null,
  ...overrides,
});

/** The order by number and by id; a refund adds `made` (or is refused with `refusal`). */
function orderApi(detail: OrderDetail, outcome: { made?: Refund; refusal?: object } = {}) {
  let current = detail;
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.get(api(`/orders/${NO}`), () => reply(current)),
    http.get(api(`/orders/by-id/${detail.id}`), () => reply(current)),
    http.post(api(`/orders/${NO}/refunds`), async ({ request }) => {
      posts.push({ path: 'refunds', body: await request.json() });
      if (outcome.refusal)
        return HttpResponse.json(
          { code: 400, success: false, message: 'refused', result: outcome.refusal, timestamp: 0 },
          { status: 400 },
        );
      current = { ...current, status: 'refunding', refunds: [...current.refunds, outcome.made!] };
      return reply(current);
    }),
    http.post(api('/refunds/:id/sync'), ({ params }) => {
      posts.push({ path: `sync ${params.id}`, body: null });
      current = {
        ...current,
        status: 'paid',
        refundedFen: current.refundedFen + 450,
        refunds: current.refunds.map((r) =>
          r.id === Number(params.id)
            ? { ...r, status: 'success', successTime: '2026-03-02T10:05:00.000Z' }
            : r,
        ),
      };
      return reply(current);
    }),
  );
  return posts;
}

const withGrants = (change: (grants: Grants) => Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(change(BUILT_IN_ROLES[0]!.grants)))));

describe('refund wizard', () => {
  it('offers what is refundable, refuses more, asks to confirm, then shows the new refund', async () => {
    const posts = orderApi(fixture.orderDetail({ refundedFen: 990 }), { made: refund({ id: 9 }) });
    const { router } = renderApp(`/form/step-form?orderNo=${NO}`);
    expect(await screen.findByText('¥10.00 (refunded ¥9.90, on its way back ¥0.00)')).toBeTruthy();
    const amount = screen.getByLabelText('Amount to refund (at most ¥10.00)') as HTMLInputElement;
    expect(amount.value).toBe('10.00');

    fill(amount, '12');
    click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('At most ¥10.00 can be refunded')).toBeTruthy();
    fill(amount, '4.5');
    fill(screen.getByLabelText('Reason (shown to the payer by WeChat Pay)'), 'Asked by phone');
    click(screen.getByRole('button', { name: 'Next' }));

    // Confirm: nothing sent until the refund button.
    const submit = await screen.findByRole('button', { name: 'Refund ¥4.50' });
    expect(screen.getByText('Asked by phone')).toBeTruthy();
    expect(
      screen.getByText(
        'Refund ¥4.50 of ¥19.90 to the payer; ¥5.50 stays paid and the report stays unlocked.',
      ),
    ).toBeTruthy();
    expect(posts).toEqual([]);
    click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      ((await waitFor(() => screen.getByLabelText(/^Amount to refund/))) as HTMLInputElement).value,
    ).toBe('4.50');
    click(screen.getByRole('button', { name: 'Next' }));
    click(await screen.findByRole('button', { name: 'Refund ¥4.50' }));
    expect(submit).toBeTruthy();

    await waitFor(() => expect(router.state.location.pathname).toBe('/result/success'));
    expect(router.state.location.search).toBe('?refund=9&order=1');
    expect(posts).toEqual([{ path: 'refunds', body: { amountFen: 450, reason: 'Asked by phone' } }]);
    expect(await screen.findByText('Refund submitted')).toBeTruthy();
  });

  it('goes to the fail page with the server reason, whose "return to modify" keeps the values', async () => {
    orderApi(fixture.orderDetail(), {
      refusal: {
        error: 'request.invalid',
        errors: [{ field: 'amountFen', error: 'order.refundTooLarge', params: { maximumYuan: '3.00' } }],
      },
    });
    const { router } = renderApp(`/form/step-form?orderNo=${NO}&amountFen=1500&reason=Late`);
    const amount = (await waitFor(() =>
      screen.getByLabelText('Amount to refund (at most ¥19.90)'),
    )) as HTMLInputElement;
    expect(amount.value).toBe('15.00');
    click(screen.getByRole('button', { name: 'Next' }));
    click(await screen.findByRole('button', { name: 'Refund ¥15.00' }));

    expect(await screen.findByText('Submission failed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/result/fail');
    expect(screen.getByText('At most ¥3.00 can still be refunded')).toBeTruthy();
    expect(
      screen.getByText(
        'The amount is more than can still be refunded: another refund may have been made meanwhile.',
      ),
    ).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Return to modify' });
    expect(back.getAttribute('href')).toBe(`/form/step-form?orderNo=${NO}&amountFen=1500&reason=Late`);
    click(back);
    expect(
      ((await waitFor(() => screen.getByLabelText(/^Amount to refund/))) as HTMLInputElement).value,
    ).toBe('15.00');
  });

  it("names the cause of a refusal for the order's state, with the way to the order", async () => {
    renderApp(`/result/fail?order=1&error=order.notRefundable&orderNo=${NO}`);
    expect(await screen.findByText('Only a paid order can be refunded')).toBeTruthy();
    expect(
      screen.getByText(
        'The order cannot be refunded in its state: it is unpaid, closed, or refunded already.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /View the order/ }).getAttribute('href')).toBe(
      '/profile/basic?id=1',
    );
  });

  it('points missing merchant settings to the WeChat Pay settings', async () => {
    renderApp(`/result/fail?order=1&error=wechatpay.notConfigured&orderNo=${NO}&amountFen=100`);
    expect(await screen.findByText('WeChat Pay is not set up for this service')).toBeTruthy();
    expect(screen.getByText("WeChat Pay's merchant settings are missing or incomplete.")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Set up WeChat Pay/ }).getAttribute('href')).toBe(
      '/center?tab=wechatPay',
    );
  });

  it('says a closed order cannot be refunded', async () => {
    orderApi(fixture.orderDetail({ status: 'closed', paidTime: null }));
    renderApp(`/form/step-form?orderNo=${NO}`);
    expect(await screen.findByText('This order is Closed: only a paid order can be refunded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('names a payer without a nickname on a reload of the wizard', async () => {
    // The payer's name comes from the test records' strings, which this page must load itself.
    orderApi(fixture.orderDetail({ participant: { id: 7, nickname: null, erased: false } }));
    renderApp(`/form/step-form?orderNo=${NO}`);
    expect(await screen.findByText('Anonymous #7 (oAbc****xyz)')).toBeTruthy();
    expect(screen.queryByText(/testRecord\./)).toBeNull();
  });

  it('tells a role that may not open orders, and asks nothing the server would refuse', async () => {
    orderApi(fixture.orderDetail());
    withGrants((grants) => ({ ...grants, orders: ['query', 'refund'] }));
    renderApp(`/form/step-form?orderNo=${NO}`);
    expect(
      await screen.findByText("Your role may not open an order's details, which a refund starts from."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(queriesTo(`/orders/${NO}`)).toEqual([]);
  });

  it('says a refund may have been made when the server or a proxy failed, and stays on the confirm step', async () => {
    const posts = orderApi(fixture.orderDetail());
    // A proxy's own answer (no envelope, no code), then the server's own failure: neither tells whether WeChat
    // Pay was asked, so neither is a refusal to "return to modify" from.
    const answers = [
      () => new HttpResponse('Bad Gateway', { status: 502 }),
      () => replyError(500, 'server.internal', 'Something went wrong on the server. Please try again.'),
    ];
    server.use(
      http.post(api(`/orders/${NO}/refunds`), () => {
        posts.push({ path: 'refunds', body: null });
        return answers[posts.filter((post) => post.path === 'refunds').length - 1]!();
      }),
    );
    const { router } = renderApp(`/form/step-form?orderNo=${NO}`);
    await waitFor(() => screen.getByLabelText('Amount to refund (at most ¥19.90)'));
    click(screen.getByRole('button', { name: 'Next' }));
    for (const tries of [1, 2]) {
      click(await screen.findByRole('button', { name: 'Refund ¥19.90' }));
      await waitFor(() => expect(posts.filter((post) => post.path === 'refunds')).toHaveLength(tries));
      expect(
        await screen.findByText(
          'No answer arrived, so the refund may have been made. Check the order before submitting again.',
        ),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/form/step-form');
      expect(screen.queryByText(/http\.50/)).toBeNull();
    }
  });

  it('goes to the fail page with the reason when the server refused before asking WeChat Pay', async () => {
    orderApi(fixture.orderDetail());
    server.use(
      http.post(api(`/orders/${NO}/refunds`), () =>
        replyError(503, 'wechatpay.notConfigured', 'WeChat Pay is not set up for this service'),
      ),
    );
    const { router } = renderApp(`/form/step-form?orderNo=${NO}`);
    await waitFor(() => screen.getByLabelText('Amount to refund (at most ¥19.90)'));
    click(screen.getByRole('button', { name: 'Next' }));
    click(await screen.findByRole('button', { name: 'Refund ¥19.90' }));
    expect(await screen.findByText("WeChat Pay's merchant settings are missing or incomplete.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/result/fail');
    expect(screen.queryByText(/may have been made/)).toBeNull();
  });

  it('hides the amount from a role that may only look orders up', async () => {
    orderApi(fixture.orderDetail());
    withGrants((grants) => ({ ...grants, orders: ['query', 'get'] }));
    renderApp(`/form/step-form?orderNo=${NO}`);
    expect(await screen.findByText('Your role may look orders up but not refund them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

describe('refund outcome', () => {
  it('shows the refund and its steps from the order, and syncs it now', async () => {
    const posts = orderApi(fixture.orderDetail({ status: 'refunding', refunds: [refund()] }));
    renderApp('/result/success?refund=5&order=1');
    expect(await screen.findByText('Refund submitted')).toBeTruthy();
    expect(screen.getByText('RF20260302100000123')).toBeTruthy();
    expect(screen.getByText('PHQ-9 depression')).toBeTruthy();
    // Requested and accepted by WeChat Pay: processing is the current step, with "sync now".
    const current = document.querySelector('.ant-steps-item-process');
    expect(current?.textContent).toContain('Processing');
    const finished = document.querySelectorAll('.ant-steps-item-finish');
    expect(finished).toHaveLength(2);
    // Each done step says when: requested, and accepted by WeChat Pay at its own time.
    expect(finished[0]?.textContent).toBe(
      `Refund requestedadmin · ${formatDateTime('2026-03-02T10:00:00.000Z')}`,
    );
    expect(finished[1]?.textContent).toBe(
      `Accepted by WeChat Pay${formatDateTime('2026-03-02T10:00:01.000Z')}`,
    );
    // WeChat Pay's refund id is among the refund's facts, where it has the width of a column.
    const facts = document.querySelector('.ant-descriptions') as HTMLElement;
    expect(within(facts).getByText('WeChat Pay refund ID')).toBeTruthy();
    expect(within(facts).getByText('50300000000000000000000000001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/profile/basic?id=1');

    click(within(current!).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Refund succeeded')).toBeTruthy();
    expect(posts).toEqual([{ path: 'sync 5', body: null }]);
    await waitFor(() => expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('shows the accepted step without a time for a refund from before that time was kept', async () => {
    orderApi(fixture.orderDetail({ status: 'refunding', refunds: [refund({ acceptTime: null })] }));
    renderApp('/result/success?refund=5&order=1');
    expect(await screen.findByText('Refund submitted')).toBeTruthy();
    const accepted = document.querySelectorAll('.ant-steps-item-finish')[1];
    expect(accepted?.textContent).toBe('Accepted by WeChat Pay');
    expect(document.body.textContent).not.toContain('Invalid');
  });

  it('marks where a refused refund ended', async () => {
    orderApi(fixture.orderDetail({ refunds: [refund({ status: 'failed', refundId: null })] }));
    renderApp('/result/success?refund=5&order=1');
    expect(await screen.findByText('Refund refused')).toBeTruthy();
    expect(document.querySelector('.ant-steps-item-error')?.textContent).toContain('Refused by WeChat Pay');
  });

  it('tells a role that may not open orders, without asking for the order', async () => {
    orderApi(fixture.orderDetail({ status: 'refunding', refunds: [refund()] }));
    withGrants((grants) => ({ ...grants, orders: ['query'] }));
    renderApp('/result/success?refund=5&order=1');
    expect(await screen.findByText("Your role may not open an order's details.")).toBeTruthy();
    expect(screen.queryByText('Refund submitted')).toBeNull();
    expect(queriesTo('/orders/by-id/1')).toEqual([]);
  });

  it('says when the order has no such refund', async () => {
    orderApi(fixture.orderDetail());
    renderApp('/result/success?refund=77&order=1');
    expect(await screen.findByText('This order has no such refund.')).toBeTruthy();
  });
});
