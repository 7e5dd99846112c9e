import {
  alertSchema,
  type Grants,
  orderSchema,
  participantActivitySchema,
  participantSchema,
  recordSchema,
} from '@cool/shared';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  api,
  queriesTo,
  renderApp,
  reply,
  replyError,
  requests,
  server,
  setupIntegration,
} from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

/** Their activity as the server merges it: paid and submitted, then (after the cursor) the record started. */
const activityPages = {
  first: () =>
    fixture.page(
      participantActivitySchema,
      [
        fixture.activity({ key: 'paid-1', kind: 'paid', orderId: 1 }),
        fixture.activity({ key: 'alert-5', kind: 'alert', alertId: 5 }),
        fixture.activity(),
      ],
      { totalCount: 4, nextCursor: 'after-submitted-31' },
    ),
  second: () =>
    fixture.page(
      participantActivitySchema,
      [fixture.activity({ key: 'started-31', kind: 'started', time: '2026-01-05T02:00:00.000Z' })],
      { pageNo: 2, totalCount: 4 },
    ),
};

/** Participant 7 as the server answers: two records, one order, one alert, each list with its own filters. */
function participant7() {
  let status: 'active' | 'blocked' = 'active';
  server.use(
    http.get(api('/participants/7'), () =>
      reply(fixture.participantDetail({ status, phone: '138****5678', recordCount: 2 })),
    ),
    http.post(api('/participants/7/block'), () => {
      status = 'blocked';
      return reply(fixture.participant({ status }));
    }),
    http.get(api('/records'), ({ request }) => {
      const submitted = new URL(request.url).searchParams.get('status') === 'submitted';
      const records = [
        fixture.record({
          id: 32,
          status: 'in_progress',
          unlocked: false,
          submitTime: null,
          band: null,
          finalScore: null,
        }),
        fixture.record(),
      ];
      return reply(
        fixture.page(recordSchema, submitted ? [records[1]!] : records, { totalCount: submitted ? 1 : 2 }),
      );
    }),
    http.get(api('/orders'), () => reply(fixture.page(orderSchema, [fixture.order()]))),
    http.get(api('/participants/7/summary'), () => reply({ submitted: 1, netPaidFen: 1990, openAlerts: 1 })),
    http.get(api('/alerts'), () => reply(fixture.page(alertSchema, [fixture.alert()]))),
    http.get(api('/participants'), () => reply(fixture.page(participantSchema, [fixture.participant()]))),
    http.get(api('/participants/7/activity'), ({ request }) =>
      reply(new URL(request.url).searchParams.get('cursor') ? activityPages.second() : activityPages.first()),
    ),
  );
}

const withGrants = (grants: Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(grants))));

describe("a participant's advanced profile", () => {
  it('is headed by the person, whose tab is named after them beside the menu entry’s', async () => {
    participant7();
    const { router } = renderApp('/profile/advanced');
    expect(await screen.findByRole('heading', { name: 'Participant profile' })).toBeTruthy();
    await act(() => router.navigate('/profile/advanced?id=7'));
    expect(await screen.findByRole('heading', { name: 'Lin' })).toBeTruthy();
    const tabs = () => [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    await waitFor(() => expect(tabs().slice(0, 2)).toEqual(['Participant profile', 'Lin']));
    expect(document.title).toBe('Lin - Cool Evaluation');
  });

  it('shows who they are, their figures, latest record and each area in its tab', async () => {
    participant7();
    renderApp('/profile/advanced?id=7');
    expect(await screen.findByText('138****5678')).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByText('¥19.90')).toBeTruthy());
    expect(within(figures).getByText('Records taken').nextElementSibling?.textContent).toBe('2');
    expect(within(figures).getByText('Submitted').nextElementSibling?.textContent).toBe('1');
    expect(within(figures).getByText('Open alerts').nextElementSibling?.textContent).toBe('1');
    // The figures come in one call, not a count from each list.
    expect(queriesTo('/participants/7/summary')).toHaveLength(1);
    expect(queriesTo('/orders/totals')).toEqual([]);
    expect(queriesTo('/records').filter((q) => q.status === 'submitted')).toEqual([]);
    expect(queriesTo('/alerts').filter((q) => q.status)).toEqual([]);

    // The latest record is still being answered.
    expect(await screen.findByText(/^Latest record:/)).toBeTruthy();

    const records = await screen.findByRole('table', { name: 'Records' });
    const inProgress = within(records).getByRole('row', { name: /^PHQ-9 depressionIn progress/ });
    expect(within(inProgress).getByRole('link', { name: 'View report' }).getAttribute('href')).toBe(
      '/records?participantId=7&record=32',
    );

    click(screen.getByRole('tab', { name: 'Orders' }));
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: 'CE20260302093000A1' }).getAttribute('href')).toBe(
      '/profile/basic?id=1',
    );
  });

  it("shows the activity the server merged, in its order, and loads more after the last page's cursor", async () => {
    participant7();
    renderApp('/profile/advanced?id=7');
    await screen.findByText('138****5678');
    // Asked for only when the tab opens.
    expect(queriesTo('/participants/7/activity')).toEqual([]);
    const listsAsked = requests.length;
    click(await screen.findByRole('tab', { name: 'Activity' }));
    const panel = () => screen.getByRole('tabpanel');
    await screen.findByText('Paid for PHQ-9 depression');
    const shown = () => [...panel().querySelectorAll('.ant-timeline-item')].map((item) => item.textContent);
    expect(shown()).toEqual([
      'Paid for PHQ-9 depression2026-03-02 09:30:00',
      'Raised an alert on PHQ-9 depression2026-03-02 09:30:00',
      'Submitted PHQ-9 depression2026-03-02 09:30:00',
    ]);
    // One call, and none to the records, orders or alerts lists.
    expect(requests.slice(listsAsked).map((r) => new URL(r.url).pathname)).toEqual([
      '/api/participants/7/activity',
    ]);
    expect(queriesTo('/participants/7/activity')).toEqual([{ pageNo: '1', pageSize: '10' }]);

    click(within(panel()).getByRole('button', { name: 'Load more' }));
    await within(panel()).findByText('Started PHQ-9 depression');
    expect(shown()).toHaveLength(4);
    expect(queriesTo('/participants/7/activity').at(-1)).toEqual({
      pageNo: '2',
      pageSize: '10',
      cursor: 'after-submitted-31',
    });
    // The last page: nothing more to load.
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('links each event to what it happened to, as far as the role may open it', async () => {
    participant7();
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('tab', { name: 'Activity' }));
    const link = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    // The order's profile; the record's report for its submit; the alert's follow-up for the alert it raised.
    expect(await link('Paid for PHQ-9 depression')).toBe('/profile/basic?id=1');
    expect(await link('Submitted PHQ-9 depression')).toBe('/records?participantId=7&record=31');
    expect(await link('Raised an alert on PHQ-9 depression')).toBe('/alerts?alert=5');
  });

  it('links each of their alerts to its follow-up, for a role that may open alerts', async () => {
    participant7();
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('tab', { name: 'Alerts' }));
    const alerts = await screen.findByRole('table', { name: 'Alerts' });
    const row = await within(alerts).findByRole('row', { name: /PHQ-9 depression/ });
    expect(within(row).getByRole('link', { name: 'Open alert #5' }).getAttribute('href')).toBe(
      '/alerts?alert=5',
    );
  });

  it('shows events as text where the role may not open them', async () => {
    participant7();
    withGrants({
      dashboard: ['query'],
      participants: ['query', 'get'],
      records: ['query'],
      orders: ['query'],
      alerts: ['query'],
    });
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Paid for PHQ-9 depression')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).queryByRole('link')).toBeNull();
  });

  it('says when there is no activity yet', async () => {
    participant7();
    server.use(
      http.get(api('/participants/7/activity'), () => reply(fixture.page(participantActivitySchema, []))),
    );
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
  });

  it('has no activity tab, and asks for none, for a role that may read no records, orders or alerts', async () => {
    participant7();
    withGrants({ dashboard: ['query'], participants: ['query', 'get'] });
    renderApp('/profile/advanced?id=7');
    await screen.findByText('138****5678');
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
    expect(queriesTo('/participants/7/activity')).toEqual([]);
    expect(queriesTo('/participants/7/summary')).toEqual([]);
  });

  it('hides the orders and alerts from a role that may not read them, and asks nothing of them', async () => {
    participant7();
    withGrants({ dashboard: ['query'], participants: ['query', 'get'], records: ['query'] });
    renderApp('/profile/advanced?id=7');
    await screen.findByRole('table', { name: 'Records' });
    expect(screen.queryByRole('tab', { name: 'Orders' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Alerts' })).toBeNull();
    expect(screen.queryByText('Amount paid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(queriesTo('/orders')).toEqual([]);
    expect(queriesTo('/orders/totals')).toEqual([]);
    expect(queriesTo('/alerts')).toEqual([]);
  });

  it('shows that the participant is loading', async () => {
    participant7();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(api('/participants/7'), async () => {
        await answered;
        return reply(fixture.participantDetail({ phone: '138****5678' }));
      }),
    );
    renderApp('/profile/advanced?id=7');
    await screen.findByText(/^One participant as the service knows them/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading...'));
    answer();
    expect(await screen.findByText('138****5678')).toBeTruthy();
  });

  it('marks the figures that could not be loaded, and loads them again on retry', async () => {
    participant7();
    let failing = true;
    server.use(
      http.get(api('/participants/7/summary'), () =>
        failing
          ? replyError(500, 'server.internal', 'Something went wrong on the server.')
          : reply({ submitted: 1, netPaidFen: 1990, openAlerts: 1 }),
      ),
    );
    renderApp('/profile/advanced?id=7');
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() =>
      expect(within(figures).getByText('Amount paid').nextElementSibling?.textContent).toBe('Not loaded'),
    );
    expect(within(figures).getByText('Open alerts').nextElementSibling?.textContent).toBe('Not loaded');
    // The participant's own count came with the participant.
    expect(within(figures).getByText('Records taken').nextElementSibling?.textContent).toBe('2');
    failing = false;
    click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(figures).getByText('¥19.90')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the activity could not be loaded instead of "nothing yet", and loads it on retry', async () => {
    participant7();
    withGrants({ dashboard: ['query'], participants: ['query', 'get'], records: ['query'] });
    let failing = true;
    server.use(
      http.get(api('/participants/7/activity'), () =>
        failing
          ? replyError(500, 'server.internal', 'Something went wrong on the server.')
          : reply(fixture.page(participantActivitySchema, [fixture.activity()])),
      ),
    );
    renderApp('/profile/advanced?id=7');
    await screen.findByText('138****5678');
    click(await screen.findByRole('tab', { name: 'Activity' }));
    // The shown tab's panel (antd hides the others).
    const activity = () => screen.getByRole('tabpanel');
    expect(await screen.findByText('The activity could not be loaded')).toBeTruthy();
    expect(within(activity()).queryByText('Nothing yet')).toBeNull();
    failing = false;
    click(within(activity()).getByRole('button', { name: 'Retry' }));
    expect(await within(activity()).findByText(/^Submitted /)).toBeTruthy();
  });

  it('keeps what it shows when "Load more" fails, and asks for that page again on retry', async () => {
    participant7();
    let failing = true;
    server.use(
      http.get(api('/participants/7/activity'), ({ request }) => {
        if (!new URL(request.url).searchParams.get('cursor')) return reply(activityPages.first());
        return failing
          ? replyError(500, 'server.internal', 'Something went wrong on the server.')
          : reply(activityPages.second());
      }),
    );
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('tab', { name: 'Activity' }));
    const panel = () => screen.getByRole('tabpanel');
    click(await screen.findByRole('button', { name: 'Load more' }));
    const alert = await within(panel()).findByRole('alert');
    expect(within(panel()).getByText('Paid for PHQ-9 depression')).toBeTruthy();
    failing = false;
    click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(panel()).findByText('Started PHQ-9 depression');
    expect(within(panel()).queryByRole('alert')).toBeNull();
    // The retry asked for the page that failed, not for the ones already shown.
    const asked = queriesTo('/participants/7/activity');
    expect(asked.filter((q) => q.pageNo === '1')).toHaveLength(1);
    expect(asked.at(-1)).toMatchObject({ pageNo: '2', cursor: 'after-submitted-31' });
  });

  it('asks before blocking, then shows them blocked', async () => {
    participant7();
    renderApp('/profile/advanced?id=7');
    click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Lin?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/participants/7/block',
    ]);
  });

  it('offers a search without a participant in the URL', async () => {
    participant7();
    renderApp('/profile/advanced');
    const link = await screen.findByRole('link', { name: 'Lin' });
    expect(link.getAttribute('href')).toBe('/profile/advanced?id=7');
  });
});
