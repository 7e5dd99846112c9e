import { goalSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
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

  it('keeps a selection to the page it was made on: another page starts with none', async () => {
    server.use(
      http.get(api('/goals'), ({ request }) => {
        const second = new URL(request.url).searchParams.get('pageNo') === '2';
        return reply(
          page(goalSchema, second ? [goal(3, 'C goal', null, 0)] : [goal(1, 'A goal', null, 0)], {
            pageNo: second ? 2 : 1,
            pageSize: 1,
            totalCount: 2,
          }),
        );
      }),
      http.get(api('/goals/staff'), () => reply([])),
    );
    renderApp('/list/table-list?pageSize=1');
    click(within(await screen.findByRole('row', { name: /A goal/ })).getByRole('checkbox'));
    expect(await screen.findByRole('button', { name: 'Delete selected (1)' })).toBeTruthy();
    click(screen.getByTitle('2'));
    await screen.findByRole('row', { name: /C goal/ });
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('asks before deleting one goal in a dialog', async () => {
    const deletes: unknown[] = [];
    server.use(
      http.get(api('/goals'), () => reply(page(goalSchema, [goal(1, 'A goal', null, 0)]))),
      http.get(api('/goals/staff'), () => reply([])),
      http.delete(api('/goals/:id'), ({ params }) => {
        deletes.push(params.id);
        return reply(null);
      }),
    );
    renderApp('/list/table-list');
    click(within(await screen.findByRole('row', { name: /A goal/ })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this goal?' });
    expect(deletes).toEqual([]);
    click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual(['1']));
  });

  it('offers no form to a role that may list and edit goals but not open one, nor asks for the goal', async () => {
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ dashboard: ['query'], goals: ['query', 'edit'] })),
      ),
      http.get(api('/goals'), () => reply(page(goalSchema, [goal(1, 'A goal', null, 0)]))),
      http.get(api('/goals/staff'), () => reply([])),
    );
    renderApp('/list/table-list');
    const row = await screen.findByRole('row', { name: /A goal/ });
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
