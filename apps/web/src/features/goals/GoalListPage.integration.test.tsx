import { goalSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import { page } from '../../test/fixtures.ts';
import { goalFixture } from './goalFixtures.ts';

setupIntegration();

const goal = (id: number, title: string, targetCount: number | null, submitted: number) =>
  goalFixture({
    id,
    title,
    weight: null,
    targetCount,
    progress: { submitted, percent: targetCount ? Math.floor((submitted * 100) / targetCount) : null },
  });

describe('the goals search table', () => {
  it('asks for the page in the URL and shows each goal’s progress', async () => {
    server.use(
      http.get(api('/goals'), () =>
        reply(
          page(goalSchema, [goal(1, 'Campus screening', 500, 125), goal(2, 'Clinic intake', null, 3)], {
            pageNo: 2,
            totalCount: 12,
          }),
        ),
      ),
      http.get(api('/goals/staff'), () => reply([])),
    );
    renderApp('/list/table-list?pageNo=2&status=in_progress');
    const row = await screen.findByRole('row', { name: /^Campus screening/ });
    expect(within(row).getByText('125 / 500 records')).toBeTruthy();
    expect(within(row).getByText('25%')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /^Clinic intake/ })).getByText('3 records submitted'),
    ).toBeTruthy();
    expect(queriesTo('/goals').at(-1)).toMatchObject({ pageNo: '2', status: 'in_progress' });
  });

  it('asks before deleting the selected goals, then deletes them in one call', async () => {
    const deletes: unknown[] = [];
    server.use(
      http.get(api('/goals'), () =>
        reply(page(goalSchema, [goal(1, 'A goal', null, 0), goal(2, 'B goal', null, 0)])),
      ),
      http.get(api('/goals/staff'), () => reply([])),
      http.post(api('/goals/bulk-delete'), async ({ request }) => {
        deletes.push(await request.json());
        return reply({ deleted: 2 });
      }),
    );
    renderApp('/list/table-list');
    await screen.findByRole('row', { name: /A goal/ });
    for (const name of [/A goal/, /B goal/])
      click(within(screen.getByRole('row', { name })).getByRole('checkbox'));
    click(await screen.findByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 goals?' });
    expect(deletes).toEqual([]);
    click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual([{ ids: [1, 2] }]));
    await screen.findByText('2 goals deleted');
  });
});
