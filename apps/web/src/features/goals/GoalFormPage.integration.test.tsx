import { BUILT_IN_ROLES, type Goal, type GoalPerson } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, requests, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import { userInfo } from '../../test/fixtures.ts';
import { goalFixture, person } from './goalFixtures.ts';

setupIntegration();

/** The goal, the staff picker's people; the saves' bodies. */
function goals(goal: Goal, staff: GoalPerson[] = []) {
  const saves: unknown[] = [];
  server.use(
    http.get(api(`/goals/${goal.id}`), () => reply(goal)),
    http.get(api('/goals/staff'), () => reply(staff)),
    http.put(api(`/goals/${goal.id}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      return reply({ ...goal, ...body });
    }),
    http.post(api('/goals'), async ({ request }) => {
      saves.push(await request.json());
      return reply(goal);
    }),
  );
  return saves;
}

const submit = () => click(screen.getByRole('button', { name: 'Submit' }));
const sentSaves = () => requests.filter((r) => r.method !== 'GET' && r.url.includes('/api/goals'));

describe('the goal basic form', () => {
  it('asks for every required field before sending anything', async () => {
    goals(goalFixture());
    renderApp('/form/basic-form');
    await screen.findByRole('button', { name: 'Submit' });
    submit();
    for (const text of [
      'Please enter the title',
      'Please choose the start and end date',
      'Please enter the goal description',
      'Please enter the metrics',
      'Please enter the client',
    ])
      await screen.findByText(text);
    expect(sentSaves()).toHaveLength(0);
  });

  it('limits the invited critics to 5', async () => {
    const five = [2, 3, 4, 5, 6].map(person);
    goals(goalFixture({ critics: five }), [...five, person(8)]);
    renderApp('/form/basic-form?id=7');
    const critics = await waitFor(() => screen.getByLabelText('Inviting critics'));
    await waitFor(() => expect(screen.getByText('Staff 6 (staff6)')).toBeTruthy());
    click(critics);
    click(await screen.findByTitle('Staff 8 (staff8)'));
    submit();
    await screen.findByText('Invites limited to 5 people');
    expect(sentSaves()).toHaveLength(0);
  });

  it('shows the staff picker only for a partially public goal, and requires it then', async () => {
    const saves = goals(goalFixture(), [person(3)]);
    renderApp('/form/basic-form?id=7');
    await waitFor(() => screen.getByLabelText('Title'));
    expect(screen.queryByText('Shown to')).toBeNull();
    click(screen.getByLabelText('Partially public'));
    const shownTo = await waitFor(() => screen.getByLabelText('Shown to'));
    submit();
    await screen.findByText('Please choose who the goal is shown to');
    expect(saves).toHaveLength(0);

    click(shownTo);
    click(await screen.findByTitle('Staff 3 (staff3)'));
    fill(screen.getByLabelText('Title'), '  December screening, renamed ');
    submit();
    await screen.findByText('Submit successfully');
    expect(saves).toEqual([
      {
        title: 'December screening, renamed',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        description: '500 PHQ-9 records',
        metrics: 'Submitted PHQ-9 records',
        client: 'Client X',
        criticIds: [],
        weight: 40,
        disclosure: 'partial',
        publicUserIds: [3],
      },
    ]);
    expect(screen.getByText('The goal “December screening, renamed” is saved.')).toBeTruthy();
  });

  it('shows the server’s refusal on its field', async () => {
    goals(goalFixture({ critics: [person(2)] }), [person(2)]);
    server.use(
      http.put(api('/goals/7'), () =>
        Response.json(
          {
            code: 400,
            success: false,
            message: 'Some fields are not valid',
            result: {
              error: 'request.invalid',
              params: {},
              errors: [
                {
                  field: 'criticIds.0',
                  error: 'goal.staffUnavailable',
                  message: 'Not an enabled staff account',
                },
              ],
            },
            timestamp: 0,
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/form/basic-form?id=7');
    await waitFor(() => screen.getByLabelText('Title'));
    submit();
    await screen.findByText('Not an enabled staff account');
  });

  it('is read-only for a role that may only look', async () => {
    const grants = { ...BUILT_IN_ROLES[0]!.grants, goals: ['query', 'get'] as const };
    server.use(http.get(api('/user/info'), () => reply(userInfo({ ...grants, goals: [...grants.goals] }))));
    goals(goalFixture());
    renderApp('/form/basic-form?id=7');
    const title = (await waitFor(() => screen.getByLabelText('Title'))) as HTMLInputElement;
    expect(title.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(within(document.body).queryByText('Plan')).toBeNull();
  });

  it('says the role may not open a goal without asking for it, when it may list goals but not open one', async () => {
    const grants = { ...BUILT_IN_ROLES[0]!.grants, goals: ['query', 'edit'] as ('query' | 'edit')[] };
    server.use(http.get(api('/user/info'), () => reply(userInfo(grants))));
    goals(goalFixture());
    renderApp('/form/basic-form?id=7');
    expect(await screen.findByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
    expect(requests.some((request) => new URL(request.url).pathname === '/api/goals/7')).toBe(false);
  });
});
