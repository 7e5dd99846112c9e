import { categorySchema, testSchema } from '@cool/shared';
import i18n from 'i18next';
import { http } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, server, setupIntegration } from '../../test/app.tsx';
import { waitFor } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';
import { useSettingsStore } from '../settings/settingsStore.ts';

setupIntegration();

const shown = () => ({ i18n: i18n.language, html: document.documentElement.lang });

describe('the console language', () => {
  it('follows the setting wherever it changes: account settings, or the account’s saved preferences', async () => {
    server.use(
      http.get(api('/account/preferences'), () => reply({ language: 'zh-CN' })),
      http.get(api('/tests'), () => reply(fixture.page(testSchema, []))),
      http.get(api('/categories'), () => reply(fixture.page(categorySchema, []))),
    );
    renderApp('/game');
    try {
      // The saved preference arrives after sign-in: the texts, not only the setting, switch.
      await waitFor(() => expect(shown()).toEqual({ i18n: 'zh-CN', html: 'zh-CN' }));
      // As the language picker in Account settings > Custom changes it.
      await act(async () => useSettingsStore.getState().updateSettings({ language: 'en-US' }));
      await waitFor(() => expect(shown()).toEqual({ i18n: 'en-US', html: 'en-US' }));
    } finally {
      await act(async () => useSettingsStore.getState().setLanguage('en-US'));
      await waitFor(() => expect(i18n.language).toBe('en-US'));
    }
  });
});
