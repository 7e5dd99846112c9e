import { BUILT_IN_ROLES, categorySchema, recordSchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../test/app.tsx';
import { screen, within } from '../test/dom.ts';
import * as fixture from '../test/fixtures.ts';

setupIntegration();

describe('the console home', () => {
  it('is the first page the role may open when it may not open the tests list', async () => {
    server.use(
      http.get(api('/user/info'), () =>
        reply(fixture.userInfo({ dashboard: ['query', 'get'], records: ['query', 'get'] })),
      ),
      http.get(api('/records'), () => reply(fixture.page(recordSchema, []))),
      // The records page's test filter.
      http.get(api('/tests'), () => reply(fixture.page(testSchema, []))),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'test records' })).toBeTruthy();
  });

  it('says so when the role opens no page at all', async () => {
    server.use(http.get(api('/user/info'), () => reply(fixture.userInfo({ dashboard: ['query', 'get'] }))));
    renderApp('/');
    expect(await screen.findByText('403')).toBeTruthy();
  });

  it('shows a page the role may not open as 403 inside the console, with no tab for it', async () => {
    const operator = BUILT_IN_ROLES.find((role) => role.id === 'operator')!.grants;
    server.use(
      http.get(api('/user/info'), () => reply(fixture.userInfo(operator))),
      http.get(api('/categories'), () => reply(fixture.page(categorySchema, []))),
    );
    const { router } = renderApp('/user');
    await screen.findByRole('heading', { name: 'category list' });
    for (const path of ['/order', '/system/accounts']) {
      await act(() => router.navigate(path));
      const content = document.querySelector('[data-testid="app-content"]')!;
      expect(await within(content as HTMLElement).findByText('403')).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    }
    // The menu is still there, and the tab bar holds only the page the role may open.
    expect(screen.getByRole('menuitem', { name: 'category list' })).toBeTruthy();
    const tabs = [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['category list']);
  });

  it('shows a path of no page as 404', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('404')).toBeTruthy();
  });
});
