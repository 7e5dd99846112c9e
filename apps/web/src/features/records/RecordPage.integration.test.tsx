import { BUILT_IN_ROLES, recordSchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const rows = [
  fixture.record(),
  fixture.record({
    id: 32,
    participant: { id: 8, nickname: null, erased: false },
    status: 'in_progress',
    finalScore: null,
    band: null,
    alertCount: 0,
    alert: null,
    submitTime: null,
  }),
];

const withLists = () =>
  server.use(
    http.get(api('/records'), () => reply(fixture.page(recordSchema, rows))),
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [fixture.test()]))),
  );

describe('records list', () => {
  it('offers no View to a role that may list records but not open one', async () => {
    withLists();
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, records: ['query'] })),
      ),
    );
    renderApp('/records');
    const row = await screen.findByRole('row', { name: /^31/ });
    expect(within(row).queryByRole('button', { name: 'View' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('asks for the filters in the URL and shows each record with its tags', async () => {
    withLists();
    renderApp('/records?participant=Lin&testId=1&status=submitted&bandColour=moderate&hasAlert=true');
    const row = await screen.findByRole('row', { name: /^31/ });
    expect(within(row).getByText('Lin')).toBeTruthy();
    expect(within(row).getByText('PHQ-9 depression')).toBeTruthy();
    expect(within(row).getByText('Submitted')).toBeTruthy();
    expect(within(row).getByText('Moderate')).toBeTruthy();
    expect(within(row).getByText('New')).toBeTruthy();
    const anonymous = await screen.findByRole('row', { name: /^32/ });
    expect(within(anonymous).getByText('Anonymous #8')).toBeTruthy();
    expect(within(anonymous).getByText('In progress')).toBeTruthy();

    expect(queriesTo('/records').at(-1)).toMatchObject({
      participant: 'Lin',
      testId: '1',
      status: 'submitted',
      bandColour: 'moderate',
      hasAlert: 'true',
    });
    expect((screen.getByLabelText('Participant') as HTMLInputElement).value).toBe('Lin');
  });

  it('finds any test by searching the server, and names the test in the URL when it is not among the first', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      fixture.test({ id: i + 1, title: { zh: `测评 ${i + 1}`, en: `Test ${i + 1}` } }),
    );
    const burnout = fixture.test({ id: 140, title: { zh: '职业倦怠', en: 'Burnout inventory' } });
    server.use(
      http.get(api('/records'), () => reply(fixture.page(recordSchema, rows))),
      http.get(api('/tests'), ({ request }) =>
        reply(fixture.page(testSchema, new URL(request.url).searchParams.get('title') ? [burnout] : first)),
      ),
      http.get(api('/tests/:id'), () =>
        reply(fixture.testDetail({ id: 120, title: { zh: '倒班睡眠', en: 'Shift work sleep' } })),
      ),
    );
    renderApp('/records?testId=120');
    await screen.findByRole('row', { name: /^31/ });
    const picker = screen.getByRole('combobox', { name: 'Test' });
    const field = picker.closest('.ant-select')!;
    await waitFor(() => expect(field.textContent).toContain('Shift work sleep'));

    fill(picker, 'Burnout');
    await screen.findByRole('option', { name: 'Burnout inventory' });
    expect(queriesTo('/tests').at(-1)).toMatchObject({ title: 'Burnout', pageSize: '20' });
  });

  it('shows the range of start days of the URL in the form and asks for it', async () => {
    withLists();
    renderApp('/records?from=2026-03-01T00%3A00%3A00.000Z&to=2026-03-03T00%3A00%3A00.000Z');
    await screen.findByRole('row', { name: /^31/ });
    expect(queriesTo('/records').at(-1)).toMatchObject({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-03T00:00:00.000Z',
    });
    // `to` is exclusive: the range shown ends the day before.
    expect((screen.getByRole('textbox', { name: 'End date' }) as HTMLInputElement).value).toBe('2026-03-02');
  });

  it('exports the filtered list in the chosen format', async () => {
    withLists();
    const exports: Record<string, string>[] = [];
    server.use(
      http.get(api('/records/export'), ({ request }) => {
        exports.push(Object.fromEntries(new URL(request.url).searchParams));
        return new Response('id\n31\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    // The download link's click would navigate the test's window away.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderApp('/records?status=submitted&pageNo=2');
      click(await screen.findByRole('button', { name: 'Export Excel' }));
      expect(await screen.findByText('Export downloaded')).toBeTruthy();
      expect(exports).toEqual([{ status: 'submitted', format: 'xlsx' }]);
      expect(save).toHaveBeenCalledTimes(1);
    } finally {
      save.mockRestore();
    }
  });
});

describe('record drawer', () => {
  it('shows the stored report, its alert first, and every answer by its question', async () => {
    withLists();
    server.use(http.get(api('/records/31'), () => reply(fixture.recordDetail())));
    const { router } = renderApp('/records');
    click(
      within(await screen.findByRole('row', { name: /^31/ })).getByRole('button', { name: 'Record #31' }),
    );
    // The open record is in the URL: a reload, or a link from the alerts queue, opens it.
    expect(router.state.location.search).toBe('?record=31');

    const dialog = await screen.findByRole('dialog', { name: 'Record #31' });
    const report = await within(dialog).findByRole('region', { name: 'Report' });
    // The version it was taken on: the list shows it only on wide screens.
    expect(within(dialog).getByText('PHQ-9 depression (v3)')).toBeTruthy();
    const alerts = within(report).getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('Thoughts of self-harm')).toBeTruthy();
    expect(within(report).getByText('Moderate depressive symptoms.')).toBeTruthy();
    // Alerts come before the result.
    const text = report.textContent ?? '';
    expect(text.indexOf('Thoughts of self-harm')).toBeLessThan(text.indexOf('Moderate depressive'));

    const answers = within(dialog).getByRole('region', { name: 'Answers' });
    const second = within(answers).getByRole('group', { name: '2. Question 2' });
    const chosen = [...second.querySelectorAll('[aria-current="true"]')].map((e) => e.textContent);
    expect(chosen).toEqual(['3. Option 2.33 pts']);
    expect(within(second).getByText('0 pts')).toBeTruthy();
  });

  it('shows no crisis text for an alert whose rule does not ask for it', async () => {
    withLists();
    const sleepy = {
      question: 1,
      severity: 'severe' as const,
      crisis: false,
      message: { zh: '', en: 'Very sleepy' },
    };
    const detail = fixture.recordDetail({ report: fixture.report({ alerts: [sleepy] }) });
    server.use(http.get(api('/records/31'), () => reply(detail)));
    renderApp('/records?record=31');
    const dialog = await screen.findByRole('dialog', { name: 'Record #31' });
    const alerts = await within(dialog).findByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('Very sleepy')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/crisis|400-161-9995/i);
  });

  it("says the participant's report opens with the crisis text when a raised alert's rule asks for it", async () => {
    withLists();
    server.use(http.get(api('/records/31'), () => reply(fixture.recordDetail())));
    renderApp('/records?record=31');
    const dialog = await screen.findByRole('dialog', { name: 'Record #31' });
    expect(
      await within(dialog).findByText(
        "The participant's report opens with the self-harm crisis text and the hotline 400-161-9995.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Crisis text')).toBeTruthy();
  });

  it("links the record's alert to its follow-up, for a role that may open alerts", async () => {
    withLists();
    server.use(http.get(api('/records/31'), () => reply(fixture.recordDetail())));
    renderApp('/records?record=31');
    const dialog = await screen.findByRole('dialog', { name: 'Record #31' });
    const link = await within(dialog).findByRole('link', { name: 'Open alert #5' });
    expect(link.getAttribute('href')).toBe('/alerts?alert=5');
  });

  it('shows the alert without a link to a role that may not open alerts', async () => {
    withLists();
    server.use(
      http.get(api('/records/31'), () => reply(fixture.recordDetail())),
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ ...BUILT_IN_ROLES[0]!.grants, alerts: ['query'] })),
      ),
    );
    renderApp('/records?record=31');
    const dialog = await screen.findByRole('dialog', { name: 'Record #31' });
    await within(dialog).findByRole('region', { name: 'Report' });
    expect(within(dialog).queryByRole('link', { name: 'Open alert #5' })).toBeNull();
  });
});
