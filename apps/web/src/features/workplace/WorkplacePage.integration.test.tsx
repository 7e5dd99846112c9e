import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditEntry,
  auditEntrySchema,
  BUILT_IN_ROLES,
  orderToDoSchema,
  recordsNowSchema,
  teamSchema,
  testSchema,
} from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  hold,
  renderApp,
  reply,
  replyError,
  requests,
  server,
  setupIntegration,
} from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
import en from './strings/en-US.json';

setupIntegration();

/** Every card's answer, each checked against its contract. */
function cards() {
  server.use(
    http.get(api('/alerts/counts'), () => reply({ new: 4 })),
    http.get(api('/workplace/orders'), () =>
      reply(
        orderToDoSchema.strict().parse({ refundsProcessing: 2, refundsAbnormal: 1, unpaidExpiringSoon: 5 }),
      ),
    ),
    http.get(api('/monitor/records'), () =>
      reply(
        recordsNowSchema.strict().parse({ startedToday: 30, submittedToday: 27, inProgress: 3, hours: [] }),
      ),
    ),
    http.get(api('/workplace/team'), () =>
      reply(
        teamSchema.parse([
          { id: 'admin', name: 'Administrator', members: 3, enabledMembers: 2 },
          { id: 'finance', name: 'Finance', members: 0, enabledMembers: 0 },
        ]),
      ),
    ),
    http.get(api('/audit-log'), () =>
      reply(
        fixture.page(auditEntrySchema, [
          {
            id: 2,
            time: '2026-03-02T09:30:00.000Z',
            actorId: 1,
            actorUsername: 'lin',
            entityType: 'test',
            entityId: '7',
            action: 'publish',
            changes: {},
            requestId: null,
            ip: null,
          },
          {
            id: 1,
            time: '2026-03-02T09:00:00.000Z',
            actorId: null,
            actorUsername: null,
            entityType: 'order',
            entityId: 'CE2026',
            action: 'close',
            changes: {},
            requestId: null,
            ip: null,
          },
        ]),
      ),
    ),
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [fixture.test({ id: 7, version: 2 })]))),
  );
}

const entry = (overrides: Partial<AuditEntry>): AuditEntry =>
  auditEntrySchema.parse({
    id: 3,
    time: '2026-03-02T10:00:00.000Z',
    actorId: 1,
    actorUsername: 'lin',
    entityType: 'test',
    entityId: '7',
    action: 'create',
    changes: {},
    requestId: null,
    ip: null,
    ...overrides,
  });

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement;
const asked = (path: string) => requests.filter((request) => new URL(request.url).pathname === `/api${path}`);

describe('workplace', () => {
  it('greets the person by name and role, with what waits for them, activity, tests, links and team', async () => {
    cards();
    renderApp('/dashboard/workplace');
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|day|afternoon|evening), Admin$/ }),
    ).toBeTruthy();
    expect(screen.getByText('Role: Administrator')).toBeTruthy();

    const todo = screen.getByRole('group', { name: 'Waiting for you' });
    const count = (title: string) => within(todo).getByText(title).closest('a') as HTMLElement;
    await waitFor(() => expect(count('New alerts').textContent).toBe('New alerts4'));
    expect(count('New alerts').getAttribute('href')).toBe('/alerts?status=new');
    await waitFor(() =>
      expect(count('Refunds in progress').textContent).toBe('Refunds in progress31 abnormal'),
    );
    expect(count('Unpaid, lapsing in 10 min').textContent).toBe('Unpaid, lapsing in 10 min5');
    await waitFor(() =>
      expect(count('Records submitted today').textContent).toBe('Records submitted today27'),
    );

    const activity = await card('Recent activity');
    expect(await within(activity).findByText('lin Publish Test #7')).toBeTruthy();
    expect(within(activity).getByText('System Close Order #CE2026')).toBeTruthy();
    expect(asked('/audit-log').at(-1)?.url).toMatch(/pageSize=8/);

    const tests = await card('Tests recently changed');
    const list = await within(tests).findByRole('list', { name: 'Tests recently changed' });
    expect(within(list).getByRole('listitem').textContent).toMatch(new RegExp(`^${fixture.test().title.en}`));
    const test = within(list).getByRole('link', { name: fixture.test().title.en });
    expect(test.getAttribute('href')).toBe('/qtable?testId=7');
    expect(new URL(asked('/tests').at(-1)!.url).searchParams.get('sortField')).toBe('updateTime');

    const links = await card('Quick links');
    expect(within(links).getByRole('link', { name: 'payment orders' }).getAttribute('href')).toBe('/order');
    expect(within(links).getByRole('link', { name: 'Monitor' }).getAttribute('href')).toBe(
      '/dashboard/monitor',
    );
    expect(within(links).queryByRole('link', { name: 'Workplace' })).toBeNull();

    const team = await card('Team');
    expect(await within(team).findByText('3 accounts · 2 active')).toBeTruthy();
    expect(within(team).getByText('Finance')).toBeTruthy();
  });

  it('shows a role only the cards, counts and links it may read', async () => {
    cards();
    const finance = BUILT_IN_ROLES.find((role) => role.id === 'finance')!;
    server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(finance.grants))));
    renderApp('/dashboard/workplace');
    const todo = await screen.findByRole('group', { name: 'Waiting for you' });
    await waitFor(() => expect(within(todo).getByText('Refunds in progress')).toBeTruthy());
    expect(within(todo).queryByText('New alerts')).toBeNull();
    expect(within(todo).queryByText('Records submitted today')).toBeNull();
    const tests = await card('Tests recently changed');
    // Finance may read the tests but not their questions: the title is no link.
    expect(await within(tests).findByText(fixture.test().title.en)).toBeTruthy();
    expect(within(tests).queryByRole('link', { name: fixture.test().title.en })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent activity' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Team' })).toBeNull();
    const links = await card('Quick links');
    expect(within(links).getByRole('link', { name: 'payment orders' })).toBeTruthy();
    expect(within(links).queryByRole('link', { name: 'test records' })).toBeNull();
    for (const path of ['/audit-log', '/workplace/team', '/monitor/records'])
      expect(asked(path), path).toEqual([]);
  });

  it('shows the activity and the team loading until they arrive', async () => {
    cards();
    const releaseActivity = hold('/audit-log');
    const releaseTeam = hold('/workplace/team');
    renderApp('/dashboard/workplace');
    const activity = await card('Recent activity');
    const team = await card('Team');
    await waitFor(() => expect(asked('/audit-log')).not.toEqual([]));
    expect((await within(activity).findByRole('status')).textContent).toBe('Loading...');
    await waitFor(() => expect(asked('/workplace/team')).not.toEqual([]));
    expect((await within(team).findByRole('status')).textContent).toBe('Loading...');
    releaseActivity();
    releaseTeam();
    expect(await within(activity).findByText('lin Publish Test #7')).toBeTruthy();
    expect(await within(team).findByText('3 accounts · 2 active')).toBeTruthy();
    expect(within(activity).queryByRole('status')).toBeNull();
    expect(within(team).queryByRole('status')).toBeNull();
  });

  it('groups the team counts by thousands', async () => {
    cards();
    server.use(
      http.get(api('/workplace/team'), () =>
        reply(
          teamSchema.parse([{ id: 'admin', name: 'Administrator', members: 1200, enabledMembers: 1100 }]),
        ),
      ),
    );
    renderApp('/dashboard/workplace');
    const team = await card('Team');
    expect(await within(team).findByText('1,200 accounts · 1,100 active')).toBeTruthy();
  });

  it("names a goal's activity, not its code", async () => {
    cards();
    server.use(
      http.get(api('/audit-log'), () =>
        reply(
          fixture.page(auditEntrySchema, [entry({ entityType: 'goal', entityId: '7', action: 'update' })]),
        ),
      ),
    );
    renderApp('/dashboard/workplace');
    const activity = await card('Recent activity');
    expect(await within(activity).findByText('lin Update Goal #7')).toBeTruthy();
  });

  it('has a name for every kind of record and every action the audit log may hold', () => {
    const { entity, verb } = en.workplace;
    expect(AUDIT_ENTITY_TYPES.filter((type) => !(type in entity))).toEqual([]);
    expect(AUDIT_ACTIONS.filter((action) => !(action in verb))).toEqual([]);
  });

  it('shows the counts loading, then a failed one with its error and a retry', async () => {
    cards();
    const release = hold('/workplace/orders');
    let down = true;
    server.use(
      http.get(api('/alerts/counts'), () =>
        down ? replyError(500, 'server.internal', 'Something went wrong on the server.') : undefined,
      ),
    );
    renderApp('/dashboard/workplace');
    const todo = await screen.findByRole('group', { name: 'Waiting for you' });
    const count = (title: string) => within(todo).getByText(title).closest('a') as HTMLElement;
    await waitFor(() => expect(asked('/workplace/orders')).not.toEqual([]));
    expect(count('Refunds in progress').getAttribute('aria-busy')).toBe('true');
    expect(within(todo).queryByText('—')).toBeNull();
    release();
    await waitFor(() =>
      expect(count('Refunds in progress').textContent).toBe('Refunds in progress31 abnormal'),
    );
    expect(count('Refunds in progress').getAttribute('aria-busy')).not.toBe('true');

    const alert = await within(todo).findByRole('alert');
    // The alert names what failed, once: the group says it nowhere else.
    expect(within(todo).getByText('New alerts could not be loaded')).toBe(
      within(alert).getByText('New alerts could not be loaded'),
    );
    expect(within(alert).getByText(/Something went wrong/)).toBeTruthy();
    down = false;
    click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(count('New alerts').textContent).toBe('New alerts4'));
    expect(within(todo).queryByRole('alert')).toBeNull();
  });
});
