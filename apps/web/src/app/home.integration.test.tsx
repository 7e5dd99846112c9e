import { recordSchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../test/app.tsx';
import { screen } from '../test/dom.ts';
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
});
