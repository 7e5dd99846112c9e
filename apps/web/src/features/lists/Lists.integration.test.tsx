import {
  categorySchema,
  type Grants,
  participantSchema,
  type TestProgress,
  testProgressSchema,
} from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  hold,
  queriesTo,
  renderApp,
  reply,
  replyError,
  server,
  setupIntegration,
} from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const TIME = '2026-03-02T09:30:00.000Z';

const progress = (overrides: Partial<TestProgress> = {}): TestProgress =>
  testProgressSchema.strict().parse({
    id: 1,
    title: { zh: 'PHQ-9 抑郁', en: 'PHQ-9 depression' },
    subtitle: { zh: '两周内的心情', en: 'Your mood over two weeks' },
    coverUrl: null,
    categories: [{ id: 3, nameZh: '情绪健康', nameEn: 'Emotional health' }],
    status: 'on_shelf',
    priceFen: 1990,
    owner: 'Admin',
    updateTime: TIME,
    publishTime: TIME,
    recordCount: 3,
    submittedCount: 2,
    ...overrides,
  });

function lists(
  tests: TestProgress[] = [
    progress(),
    progress({
      id: 2,
      title: { zh: '草稿', en: 'Draft scale' },
      status: 'draft',
      recordCount: 0,
      submittedCount: 0,
      priceFen: 0,
    }),
  ],
) {
  server.use(
    http.get(api('/lists/tests'), () => reply(fixture.page(testProgressSchema, tests))),
    http.get(api('/lists/tests/summary'), () =>
      reply({ publishedCount: 5, recordsThisWeek: 12, recordCount: 8, submittedCount: 6 }),
    ),
    http.get(api('/categories'), () =>
      reply(fixture.page(categorySchema, [fixture.category({ testCount: 4 })])),
    ),
    http.get(api('/participants'), () => reply(fixture.page(participantSchema, [fixture.participant()]))),
  );
}

const withGrants = (grants: Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(grants))));

/** May look at the tests, categories and participants, but not open the questions or edit a test. */
const LOOKER: Grants = {
  dashboard: ['query'],
  tests: ['query', 'get'],
  categories: ['query'],
  participants: ['query'],
};

describe('every list', () => {
  it.each([
    ['/list/basic-list', '/lists/tests', 'PHQ-9 depression'],
    ['/list/card-list', '/lists/tests', 'PHQ-9 depression'],
    ['/list/search?tab=articles', '/lists/tests', 'PHQ-9 depression'],
    ['/list/search?tab=projects', '/categories', 'Mood'],
    ['/list/search?tab=applications', '/participants', 'Lin'],
  ])('shows that %s is loading until its first page arrives', async (path, endpoint, item) => {
    lists();
    const release = hold(endpoint);
    renderApp(path);
    await waitFor(() => expect(queriesTo(endpoint)).not.toEqual([]));
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    release();
    expect(await screen.findByRole('listitem', { name: item })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a search tab loading as it opens', async () => {
    lists();
    renderApp('/list/search?tab=applications');
    await screen.findByRole('listitem', { name: 'Lin' });
    const release = hold('/categories');
    click(screen.getByRole('tab', { name: 'Categories' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    release();
    expect(await screen.findByRole('listitem', { name: 'Mood' })).toBeTruthy();
  });
});

describe('basic list', () => {
  it('shows each test with its completion and the header figures, filters kept in the URL', async () => {
    lists([progress()]);
    const { router } = renderApp('/list/basic-list?status=on_shelf&keyword=PHQ');
    const row = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(row).getByText('Completed 2 of 3')).toBeTruthy();
    expect(
      within(row)
        .getByRole('progressbar', { name: 'Completion of PHQ-9 depression' })
        .getAttribute('aria-valuenow'),
    ).toBe('67');
    expect(within(row).getByText('Emotional health')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Questions' }).getAttribute('href')).toBe(
      '/qtable?testId=1',
    );
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/game?title=PHQ-9+depression',
    );
    expect(queriesTo('/lists/tests').at(-1)).toMatchObject({ status: 'on_shelf', keyword: 'PHQ' });

    const figures = screen.getByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByText('75%')).toBeTruthy());
    expect(within(figures).getByText('12')).toBeTruthy();
    // The week starts where the user's calendar starts it, at local midnight.
    const weekFrom = new Date(queriesTo('/lists/tests/summary').at(-1)!.weekFrom!);
    expect([weekFrom.getHours(), weekFrom.getMinutes(), weekFrom.getDay()]).toEqual([0, 0, 0]);

    click(screen.getByText('Draft'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&keyword=PHQ'));
    await waitFor(() => expect(queriesTo('/lists/tests').at(-1)).toMatchObject({ status: 'draft' }));
  });

  it('says a test nobody took is not taken yet, and names its status as the tests list does', async () => {
    lists([progress({ recordCount: 0, submittedCount: 0 })]);
    renderApp('/list/basic-list');
    const row = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(row).getByText('Not taken yet')).toBeTruthy();
    expect(within(row).queryByText(/Completed 0 of 0/)).toBeNull();
    expect(within(row).queryByRole('progressbar')).toBeNull();
    // The tests list's words: on the shelf, not "Published".
    expect(within(row).getByText('On shelf')).toBeTruthy();
    expect(screen.queryByText('Published')).toBeNull();
  });

  it('says so when no test matches', async () => {
    lists([]);
    renderApp('/list/basic-list?keyword=nothing');
    expect(await screen.findByText('No tests found')).toBeTruthy();
  });

  it('groups the header figures by thousands', async () => {
    lists([progress()]);
    server.use(
      http.get(api('/lists/tests/summary'), () =>
        reply({ publishedCount: 1234, recordsThisWeek: 56789, recordCount: 8, submittedCount: 6 }),
      ),
    );
    renderApp('/list/basic-list');
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByText('1,234')).toBeTruthy());
    expect(within(figures).getByText('56,789')).toBeTruthy();
  });

  it("groups a test's counts by thousands", async () => {
    lists([progress({ recordCount: 2000, submittedCount: 1234 })]);
    renderApp('/list/basic-list');
    const row = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(row).getByText('Completed 1,234 of 2,000')).toBeTruthy();
  });

  it('shows the figures failed with a retry, not as dashes, and loads them again on retry', async () => {
    lists([progress()]);
    let down = true;
    server.use(
      http.get(api('/lists/tests/summary'), () =>
        down ? replyError(500, 'server.internal', 'Something went wrong on the server.') : undefined,
      ),
    );
    renderApp('/list/basic-list');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Something went wrong/)).toBeTruthy();
    expect(screen.queryByText('—')).toBeNull();
    // The list itself still shows.
    expect(await screen.findByRole('listitem', { name: 'PHQ-9 depression' })).toBeTruthy();

    down = false;
    click(within(alert).getByRole('button', { name: 'Retry' }));
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByText('75%')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links a role to the questions and the edit only when it may open them', async () => {
    lists([progress()]);
    withGrants(LOOKER);
    renderApp('/list/basic-list');
    const row = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(row).getByText('PHQ-9 depression')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('offers the questions but not the edit to a role that may read the questions but not edit tests', async () => {
    lists([progress()]);
    withGrants({ ...LOOKER, questions: ['query'] });
    renderApp('/list/basic-list');
    const row = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(row).getByRole('link', { name: 'PHQ-9 depression' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Questions' })).toBeTruthy();
    expect(within(row).queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('card list', () => {
  it('shows price and records, a new-test card and records links as the role allows', async () => {
    lists();
    renderApp('/list/card-list');
    const card = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(card).getByText('¥19.90')).toBeTruthy();
    expect(within(card).getByText('Records: 3')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Records' }).getAttribute('href')).toBe(
      '/records?testId=1',
    );
    expect(
      within(await screen.findByRole('listitem', { name: 'Draft scale' })).getByText('Free'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New test' }).getAttribute('href')).toBe('/game');
  });

  it('shows a test and its copy by their whole titles, not cut to look the same', async () => {
    const long = 'Patient Health Questionnaire for depression screening (PHQ-9)';
    lists([
      progress({ title: { zh: long, en: long } }),
      progress({ id: 2, title: { zh: `${long} (copy)`, en: `${long} (copy)` } }),
    ]);
    renderApp('/list/card-list');
    for (const title of [long, `${long} (copy)`]) {
      const card = await screen.findByRole('listitem', { name: title });
      const shown = within(card).getByText(title);
      expect(shown.closest('.ant-typography-ellipsis, [style*="ellipsis"]')).toBeNull();
    }
  });

  it('groups the record counts by thousands', async () => {
    lists([progress({ recordCount: 12345, submittedCount: 0 })]);
    renderApp('/list/card-list');
    const card = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(card).getByText('Records: 12,345')).toBeTruthy();
  });

  it('hides the new-test card and records links from a role that may only look at tests', async () => {
    lists();
    withGrants({ dashboard: ['query'], tests: ['query'] });
    renderApp('/list/card-list');
    const card = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(card).queryByRole('link', { name: 'Records' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New test' })).toBeNull();
    // Nor the questions, which it may not open.
    expect(within(card).queryByRole('link', { name: 'Questions' })).toBeNull();
  });
});

describe('search list', () => {
  it('keeps the tab and keyword in the URL and searches the participants by nickname', async () => {
    lists();
    const { router } = renderApp('/list/search?tab=applications&keyword=Lin');
    const card = await screen.findByRole('listitem', { name: 'Lin' });
    expect(within(card).getByRole('link', { name: 'Lin' }).getAttribute('href')).toBe(
      '/profile/advanced?id=7',
    );
    expect(queriesTo('/participants').at(-1)).toMatchObject({ nickname: 'Lin' });

    click(screen.getByRole('tab', { name: 'Categories' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=projects&keyword=Lin'));
    await screen.findByText('Tests: 4');
    expect(queriesTo('/categories').at(-1)).toMatchObject({ name: 'Lin' });

    click(screen.getByRole('tab', { name: 'Tests' }));
    const item = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(item).getByText('Emotional health')).toBeTruthy();
    expect(queriesTo('/lists/tests').at(-1)).toMatchObject({ keyword: 'Lin' });
  });

  it('shows only the tabs the role may search, and asks nothing of the others', async () => {
    lists();
    withGrants({ dashboard: ['query'], participants: ['query'] });
    renderApp('/list/search?tab=articles');
    await screen.findByRole('listitem', { name: 'Lin' });
    expect(screen.getByRole('tab', { name: 'Participants' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Tests' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Categories' })).toBeNull();
    expect(queriesTo('/lists/tests')).toEqual([]);
    expect(queriesTo('/categories')).toEqual([]);
  });

  it('shows the tests found without a link to questions the role may not open', async () => {
    lists();
    withGrants(LOOKER);
    renderApp('/list/search?tab=articles');
    const item = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(item).getByText('PHQ-9 depression')).toBeTruthy();
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it("shows a category's test count without a link when the role may not open the tests", async () => {
    lists();
    withGrants({ dashboard: ['query'], categories: ['query'] });
    renderApp('/list/search?tab=projects');
    const category = await screen.findByRole('listitem', { name: 'Mood' });
    expect(within(category).getByText('Tests: 4')).toBeTruthy();
    expect(within(category).queryByRole('link')).toBeNull();
  });

  it('links the tests to their questions and a category to its tests for a role that may open them', async () => {
    lists();
    renderApp('/list/search?tab=projects');
    const category = await screen.findByRole('listitem', { name: 'Mood' });
    expect(within(category).getByRole('link', { name: 'Tests: 4' }).getAttribute('href')).toBe(
      '/game?categoryId=1',
    );
    click(screen.getByRole('tab', { name: 'Tests' }));
    const item = await screen.findByRole('listitem', { name: 'PHQ-9 depression' });
    expect(within(item).getByRole('link', { name: 'PHQ-9 depression' }).getAttribute('href')).toBe(
      '/qtable?testId=1',
    );
  });
});
