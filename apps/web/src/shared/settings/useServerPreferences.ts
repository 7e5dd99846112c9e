import { useEffect } from 'react';
import { fetchPreferences, savePreferences } from '../api/profile.ts';
import { sanitizeSettings, useSettingsStore } from './settingsStore.ts';

/** How long the settings must rest before they are saved (a colour picked after a few tries saves once). */
export const SAVE_DELAY_MS = 800;

/**
 * While someone is signed in, their display settings follow them between browsers: the ones saved on the
 * server replace the browser's at sign-in, and later changes are saved back, debounced. Before sign-in (or
 * when the server has none yet) the browser's own saved settings apply as before.
 */
export function useServerPreferences(accountId: number | undefined) {
  useEffect(() => {
    if (accountId === undefined) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    let saved = '';
    const save = () => {
      const current = sanitizeSettings(useSettingsStore.getState());
      const json = JSON.stringify(current);
      if (json === saved) return;
      saved = json;
      // A failed save is tried again with the next change.
      savePreferences(current).catch(() => {
        saved = '';
      });
    };
    fetchPreferences()
      .catch(() => ({}))
      .then((stored) => {
        if (!active) return;
        if (Object.keys(stored).length > 0) useSettingsStore.getState().updateSettings(stored);
        saved = JSON.stringify(sanitizeSettings(useSettingsStore.getState()));
        unsubscribe = useSettingsStore.subscribe(() => {
          clearTimeout(timer);
          timer = setTimeout(save, SAVE_DELAY_MS);
        });
      });
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [accountId]);
}
