import { categorySchema } from '@cool/shared';
import { http } from 'msw';
import { beforeAll, expect, it, vi } from 'vitest';
import { errorMessageLoaders } from '../../app/locales/loaders.ts';
import { setErrorMessages } from '../../shared/i18n/i18n.ts';
import { api, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, screen, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

/** The languages the server's error texts were downloaded in, in order. */
const downloads = vi.fn();

beforeAll(() => {
  // As main.tsx registers them, counting each download.
  const counted = (language: 'en-US' | 'zh-CN') => () => {
    downloads(language);
    return errorMessageLoaders[language]();
  };
  setErrorMessages({ 'en-US': counted('en-US'), 'zh-CN': counted('zh-CN') });
});

it('opens the category list without the server error texts, and shows one once a call fails', async () => {
  const mood = fixture.category({ id: 1, nameEn: 'Mood' });
  server.use(
    http.get(api('/categories'), () => reply(fixture.page(categorySchema, [mood]))),
    http.delete(api('/categories/:id'), () => replyError(409, 'category.inUse', 'in use (server text)')),
  );
  renderApp('/user');
  click(within(await screen.findByRole('row', { name: /Mood/ })).getByRole('button', { name: 'Delete' }));
  expect(downloads).not.toHaveBeenCalled();

  click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
  // The console's own text for the code, not the server's message.
  expect(await screen.findByText('This category still has tests. Move or delete them first.')).toBeTruthy();
  expect(downloads.mock.calls).toEqual([['en-US']]);
});
