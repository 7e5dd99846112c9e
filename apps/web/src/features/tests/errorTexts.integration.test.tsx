import { categorySchema, testSchema } from '@cool/shared';
import { http } from 'msw';
import { expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, waitFor } from '../../test/dom.ts';
import { countErrorTextDownloads } from '../../test/errorTextDownloads.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const downloads = countErrorTextDownloads();

it('opens the tests list (the home) without the server error texts; the test form brings them', async () => {
  server.use(
    http.get(api('/tests'), () => reply(fixture.page(testSchema, [fixture.test({ id: 1 })]))),
    http.get(api('/categories'), () => reply(fixture.page(categorySchema, [fixture.category()]))),
  );
  renderApp('/game');
  await screen.findByRole('row', { name: /Sleep quality/ });
  expect(downloads).not.toHaveBeenCalled();

  click(screen.getByRole('button', { name: 'New test' }));
  expect(await screen.findByRole('dialog', { name: 'New test' })).toBeTruthy();
  await waitFor(() => expect(downloads.mock.calls).toEqual([['en-US']]));
});
