import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import { goalFixture } from './goalFixtures.ts';

setupIntegration();

const milestone = (n: number) => ({ title: `Step ${n}`, dueDate: '2026-12-10', done: n === 1 });

function plan(goal = goalFixture()) {
  const saves: Record<string, unknown>[] = [];
  server.use(
    http.get(api(`/goals/${goal.id}`), () => reply(goal)),
    http.get(api('/goals/staff'), () => reply([])),
    http.get(api('/goals/tests'), () => reply([{ id: 3, title: { zh: '抑郁筛查', en: 'PHQ-9' } }])),
    http.put(api(`/goals/${goal.id}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      return reply({ ...goal, ...body });
    }),
  );
  return saves;
}

describe('the goal plan', () => {
  it('shows the progress and saves the goal, its target and its milestones together', async () => {
    const saves = plan(goalFixture({ milestones: [milestone(1)] }));
    renderApp('/form/advanced-form?id=7');
    await screen.findByText('125 / 500 records');
    expect(screen.getByText('25%')).toBeTruthy();
    fill(await waitFor(() => screen.getByLabelText('Milestone 1')), 'Invitations sent');
    click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      title: 'December campus screening',
      status: 'in_progress',
      targetTestId: null,
      targetCount: 500,
      milestones: [{ title: 'Invitations sent', dueDate: '2026-12-10', done: true }],
    });
  });

  it('lists what to correct, and refuses a 21st milestone', async () => {
    const saves = plan(goalFixture({ milestones: Array.from({ length: 19 }, (_, i) => milestone(i + 1)) }));
    renderApp('/form/advanced-form?id=7');
    click(await screen.findByRole('button', { name: 'Add a milestone' }));
    const full = await screen.findByRole('button', { name: 'At most 20 milestones' });
    expect((full as HTMLButtonElement).disabled).toBe(true);
    click(screen.getByRole('button', { name: 'Submit' }));
    click(await screen.findByRole('button', { name: '2 errors' }));
    const list = await screen.findByRole('list', { name: 'Fields to correct' });
    await waitFor(() =>
      expect(within(list).getByText('Milestone (20): Please enter the milestone')).toBeTruthy(),
    );
    expect(within(list).getByText('Due date (20): Please choose the due date')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });
});
