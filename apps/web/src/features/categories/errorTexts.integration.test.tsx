import { categorySchema } from '@cool/shared';
import { http } from 'msw';
import { expect, it } from 'vitest';
import { api, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, within } from '../../test/dom.ts';
import { countErrorTextDownloads } from '../../test/errorTextDownloads.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

const downloads = countErrorTextDownloads();

it('opens the category list without the server error texts, and shows one once a call fails', async () => {
  const mood = fixture.category({ id: 1, nameEn: 'Mood' });
  server.use(
    http.get(api('/categories'), () => reply(fixture.page(categorySchema, [mood]))),
    http.delete(api('/categories/:id'), () => replyError(409, 'category.inUse', 'in use (server text)')),
  );
  renderApp('/user');
  click(within(await screen.findByRole('row', { name: /Mood/ })).getByRole('button', { name: 'Delete' }));
  expect(downloads).not.toHaveBeenCalled();

  click(
    within(await screen.findByRole('dialog', { name: 'Delete this category?' })).getByRole('button', {
      name: 'Delete',
    }),
  );
  // The console's own text for the code, not the server's message.
  expect(await screen.findByText('This category still has tests. Move or delete them first.')).toBeTruthy();
  expect(downloads.mock.calls).toEqual([['en-US']]);
});
