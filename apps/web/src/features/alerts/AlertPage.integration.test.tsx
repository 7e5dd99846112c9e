import {
  type Alert,
  alertSchema,
  BACKGROUND_HEADER,
  BUILT_IN_ROLES,
  type Grants,
  testSchema,
} from '@cool/shared';
import { http } from 'msw';
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
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const contacted = fixture.alert({
  id: 4,
  recordId: 30,
  participant: { id: 6, nickname: null, erased: true },
  severity: 'moderate',
  status: 'contacted',
  notes: [
    {
      id: 1,
      status: 'contacted',
      note: 'Called, gave the hotline',
      username: 'ops',
      time: '2026-03-01T08:00:00.000Z',
    },
  ],
});

/** The queue and the menu's count, as the server keeps them; a follow-up changes both. */
function queue() {
  let alerts: Alert[] = [fixture.alert(), contacted];
  const updates: unknown[] = [];
  server.use(
    http.get(api('/alerts'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return reply(
        fixture.page(
          alertSchema,
          alerts.filter((a) => !status || a.status === status),
        ),
      );
    }),
    http.get(api('/alerts/counts'), () => reply({ new: alerts.filter((a) => a.status === 'new').length })),
    // The search form's test picker.
    http.get(api('/tests'), () =>
      reply(
        fixture.page(testSchema, [
          fixture.test({ id: 1, title: { en: 'PHQ-9 depression', zh: 'PHQ-9 抑郁' } }),
        ]),
      ),
    ),
    http.put(api('/alerts/:id'), async ({ params, request }) => {
      const input = (await request.json()) as { status: Alert['status']; note: string };
      updates.push({ id: Number(params.id), ...input });
      alerts = alerts.map((a) => (a.id === Number(params.id) ? { ...a, status: input.status } : a));
      return reply(alerts.find((a) => a.id === Number(params.id)));
    }),
  );
  return updates;
}

// Synchronous, so waitFor retries until the count shows (its badge downloads with the first count).
const menuItem = () => screen.getByRole('menuitem', { name: /^alerts/ });

describe('alerts queue', () => {
  it('links an alert to its record only for a role that may open the records page and the record', async () => {
    const withRecords = (records: Grants['records']) =>
      server.use(
        http.get(api('/user/info'), () => reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, records }))),
      );
    queue();
    withRecords(['get']);
    renderApp('/alerts');
    const row = await screen.findByRole('row', { name: /Lin/ });
    expect(within(row).queryByRole('link', { name: 'Record' })).toBeNull();
  });

  it('lists alerts by the status in the URL, with what raised them, and counts new ones in the menu', async () => {
    queue();
    renderApp('/alerts?status=new');
    const row = await screen.findByRole('row', { name: /Lin/ });
    expect(within(row).getByRole('cell', { name: 'Severe' })).toBeTruthy();
    // Staff read the rule that raised it, not the sentence the participant's report shows.
    expect(within(row).getByText('Question 9 · score above 0')).toBeTruthy();
    expect(within(row).queryByText(/Thoughts of self-harm/)).toBeNull();
    expect(within(row).getByText('New')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Erased #6/ })).toBeNull();
    expect(queriesTo('/alerts').at(-1)).toMatchObject({ status: 'new' });
    await waitFor(() => expect(menuItem().textContent).toBe('alerts1'));
    // The badge's count is the console's own polling: it says so, and does not keep the session alive.
    const counts = requests.filter((request) => new URL(request.url).pathname === '/api/alerts/counts');
    expect(counts.map((request) => request.headers.get(BACKGROUND_HEADER))).toContain('1');
    expect(
      requests
        .find((request) => new URL(request.url).pathname === '/api/alerts')
        ?.headers.has(BACKGROUND_HEADER),
    ).toBe(false);
  });

  it('shows the notes history, who and when', async () => {
    queue();
    renderApp('/alerts');
    click(
      within(await screen.findByRole('row', { name: /Erased #6/ })).getByRole('button', {
        name: 'Follow up #4',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alert #4' });
    expect(within(dialog).getByText('Called, gave the hotline')).toBeTruthy();
    expect(within(dialog).getByText('ops')).toBeTruthy();
  });

  it('saves a new status with the note on Save alone, asking nothing more, and updates the queue and the badge', async () => {
    const updates = queue();
    renderApp('/alerts');
    click(
      within(await screen.findByRole('row', { name: /Lin/ })).getByRole('button', { name: 'Follow up #5' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alert #5' });
    expect(within(dialog).getByText('No follow-up yet')).toBeTruthy();
    click(within(dialog).getByText('Contacted'));
    fill(within(dialog).getByLabelText('Note'), 'Phoned her; safe at home');
    click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Follow-up saved')).toBeTruthy();
    // Save was the decision: no second question was asked.
    expect(screen.queryByRole('dialog', { name: /Mark this alert/ })).toBeNull();
    expect(updates).toEqual([{ id: 5, status: 'contacted', note: 'Phoned her; safe at home' }]);
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Lin/ })).getByText('Contacted')).toBeTruthy(),
    );
    // The badge counts no new alert any more.
    await waitFor(() => expect(menuItem().textContent).toBe('alerts'));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('refuses a follow-up that neither changes the status nor says anything', async () => {
    const updates = queue();
    renderApp('/alerts');
    click(
      within(await screen.findByRole('row', { name: /Lin/ })).getByRole('button', { name: 'Follow up #5' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alert #5' });
    click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write a note or choose another status')).toBeTruthy();
    expect(updates).toEqual([]);
  });

  it('asks for the test, participant and days of the URL, shows them in the form, and searches anew', async () => {
    queue();
    renderApp(
      '/alerts?participant=Lin&testId=1&from=2026-03-01T00%3A00%3A00.000Z&to=2026-03-03T00%3A00%3A00.000Z',
    );
    await screen.findByRole('row', { name: /Lin/ });
    expect(queriesTo('/alerts').at(-1)).toMatchObject({
      participant: 'Lin',
      testId: '1',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-03T00:00:00.000Z',
    });
    expect((screen.getByLabelText('Participant') as HTMLInputElement).value).toBe('Lin');
    // `to` is exclusive: the range shown ends the day before.
    expect((screen.getByRole('textbox', { name: 'End date' }) as HTMLInputElement).value).toBe('2026-03-02');
    await waitFor(() => expect(screen.getByTitle('PHQ-9 depression')).toBeTruthy());

    fill(screen.getByLabelText('Participant'), ' Wu ');
    click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queriesTo('/alerts').at(-1)).toMatchObject({ participant: 'Wu', pageNo: '1' }),
    );
  });

  it('opens the alert a link names, and forgets it once closed', async () => {
    queue();
    server.use(http.get(api('/alerts/4'), () => reply(contacted)));
    const { router } = renderApp('/alerts?alert=4');
    const dialog = await screen.findByRole('dialog', { name: 'Alert #4' });
    expect(within(dialog).getByText('Called, gave the hotline')).toBeTruthy();
    click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Alert #4' })).toBeNull();
  });

  it('says so when the linked alert cannot be opened', async () => {
    queue();
    server.use(
      http.get(api('/alerts/404'), () => replyError(404, 'alert.notFound', 'The alert was not found')),
    );
    const { router } = renderApp('/alerts?alert=404');
    expect(await screen.findByText('The alert was not found')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
