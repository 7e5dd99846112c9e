import { BUILT_IN_ROLES, categorySchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, queriesTo, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const PAGE_SIZE = 10;
const TOTAL = 23;

/** 23 tests, numbered; the odd ones are paid and on the shelf. */
const allTests = Array.from({ length: TOTAL }, (_, i) =>
  fixture.test({
    id: i + 1,
    title: { zh: `测验 ${i + 1}`, en: `Test ${i + 1}` },
    subtitle: { zh: '', en: i === 0 ? 'Seven nights' : '' },
    priceFen: i % 2 === 0 ? 12_800 : 0,
    status: i % 2 === 0 ? 'on_shelf' : 'draft',
  }),
);

/** The list endpoint pages `allTests` as the API does; the search form's categories come along. */
const handlers = [
  http.get(api('/tests'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const pageNo = Number(params.get('pageNo') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? PAGE_SIZE);
    const rows = allTests.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return reply(fixture.page(testSchema, rows, { pageNo, pageSize, totalCount: TOTAL }));
  }),
  http.get(api('/categories'), () => reply(fixture.page(categorySchema, [fixture.category()]))),
];

const rowOf = (title: string) => screen.findByRole('row', { name: new RegExp(`${title}(?!\\d)`) });

describe('tests list', () => {
  it('warns that priced tests on the shelf cannot be paid for while WeChat Pay is not set up', async () => {
    server.use(
      ...handlers,
      http.get(api('/tests/shelf-payment'), () =>
        reply(fixture.shelfPayment({ pricedOnShelf: 12, wechatPayConfigured: false })),
      ),
    );
    renderApp('/game');
    const warning = await screen.findByText('12 priced tests are on the shelf, but WeChat Pay is not set up');
    const alert = warning.closest('[role="alert"]')!;
    expect(alert.textContent).toContain('cannot start them');
    expect(within(alert).getByRole('link', { name: 'Set up WeChat Pay' }).getAttribute('href')).toBe(
      '/center?tab=wechatPay',
    );
  });

  it('says nothing of payments when WeChat Pay is set up', async () => {
    server.use(
      ...handlers,
      http.get(api('/tests/shelf-payment'), () => reply(fixture.shelfPayment({ pricedOnShelf: 12 }))),
    );
    renderApp('/game');
    await rowOf('Test 1');
    await waitFor(() => expect(queriesTo('/tests/shelf-payment')).toHaveLength(1));
    expect(screen.queryByText(/WeChat Pay is not set up/)).toBeNull();
  });

  it('shows each test with its status, price and categories', async () => {
    server.use(...handlers);
    renderApp('/game');
    const paid = await rowOf('Test 1');
    expect(within(paid).getByText('Seven nights')).toBeTruthy();
    expect(within(paid).getByText('On shelf')).toBeTruthy();
    expect(within(paid).getByText('¥128.00')).toBeTruthy();
    expect(within(paid).getByText('Mood')).toBeTruthy();
    const free = await rowOf('Test 2');
    expect(within(free).getByText('Draft')).toBeTruthy();
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(screen.getByText(`Total: ${TOTAL}`)).toBeTruthy();
  });

  it('pages through the list, asking the server for each page', async () => {
    server.use(...handlers);
    renderApp('/game');
    await rowOf('Test 10');
    expect(screen.queryByRole('row', { name: /Test 11(?!\d)/ })).toBeNull();

    click(screen.getByTitle('3'));
    expect(await rowOf('Test 23')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Test 10(?!\d)/ })).toBeNull());
    expect(queriesTo('/tests').at(-1)).toMatchObject({ pageNo: '3', pageSize: String(PAGE_SIZE) });

    click(screen.getByTitle('Previous Page'));
    expect(await rowOf('Test 11')).toBeTruthy();
    expect(queriesTo('/tests').at(-1)).toMatchObject({ pageNo: '2' });
  });

  it('offers Preview only to a role that may also read the questions it shows', async () => {
    const finance = BUILT_IN_ROLES.find((role) => role.id === 'finance')!.grants;
    server.use(
      ...handlers,
      http.get(api('/user/info'), () => reply(fixture.userInfo(finance))),
    );
    renderApp('/game');
    expect(within(await rowOf('Test 1')).queryByRole('button', { name: 'Preview' })).toBeNull();
  });

  it('offers Preview to a role that reads tests and their questions', async () => {
    server.use(
      ...handlers,
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ dashboard: ['query'], tests: ['query', 'get'], questions: ['query'] })),
      ),
    );
    renderApp('/game');
    expect(within(await rowOf('Test 1')).getByRole('button', { name: 'Preview' })).toBeTruthy();
  });

  it('shows finance, which reads tests and nothing about them, no category filter and no empty Actions column', async () => {
    const finance = BUILT_IN_ROLES.find((role) => role.id === 'finance')!.grants;
    server.use(
      ...handlers,
      http.get(api('/user/info'), () => reply(fixture.userInfo(finance))),
    );
    renderApp('/game');
    await rowOf('Test 1');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Categories' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    // Its role may not read the categories: the page never asks (the server would answer 403).
    expect(queriesTo('/categories')).toEqual([]);
  });
});
