import { useEffect } from 'react';
import { fetchPreferences, savePreferences } from '../api/profile.ts';
import { sanitizeSettings, takeSignedOutLanguage, useSettingsStore } from './settingsStore.ts';

/** How long the settings must rest before they are saved (a colour picked after a few tries saves once). */
export const SAVE_DELAY_MS = 800;

/** The account whose changes in this browser are not on the server yet (a reload or a failed save). */
const UNSAVED_KEY = 'app-settings-unsaved';

const current = () => sanitizeSettings(useSettingsStore.getState());

/**
 * While someone is signed in, their display settings follow them between browsers: the ones saved on the
 * server replace the browser's when the console opens, and later changes are saved back, debounced. The
 * browser's own win when they are newer: changed while the server's were loading, or changed and not yet saved
 * when the page was last left, and so does a language chosen on the sign-in page, which the account then keeps.
 * Before sign-in (or when the server has none yet) the browser's apply as before.
 * Call it once, where it stays mounted for the whole session.
 */
export function useServerPreferences(accountId: number | undefined) {
  useEffect(() => {
    if (accountId === undefined) return;
    const account = String(accountId);
    let active = true;
    let loaded = false;
    let applying = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let saved = '';
    const save = () => {
      const settings = current();
      const json = JSON.stringify(settings);
      if (json === saved) return;
      saved = json;
      savePreferences(settings).then(
        () => {
          if (JSON.stringify(current()) === json) localStorage.removeItem(UNSAVED_KEY);
        },
        // A failed save is tried again with the next change, or when the console next opens.
        () => {
          saved = '';
        },
      );
    };
    const unsubscribe = useSettingsStore.subscribe(() => {
      if (applying) return;
      localStorage.setItem(UNSAVED_KEY, account);
      if (!loaded) return;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
    // A language chosen on the sign-in page is this person's latest choice: it wins over the saved one.
    const chosen = takeSignedOutLanguage();
    fetchPreferences()
      .catch(() => null)
      .then((stored) => {
        if (!active) return;
        loaded = true;
        if (stored === null) return;
        if (localStorage.getItem(UNSAVED_KEY) === account) {
          save();
          return;
        }
        const applied = chosen ? { ...stored, language: chosen } : stored;
        if (Object.keys(applied).length > 0) {
          applying = true;
          useSettingsStore.getState().updateSettings(applied);
          applying = false;
        }
        // What the browser holds is now this account's saved settings, whoever changed them before.
        localStorage.removeItem(UNSAVED_KEY);
        saved = JSON.stringify(current());
        // ... with the language chosen before sign-in, which becomes the account's (its mail's too).
        if (chosen && stored.language !== chosen) {
          saved = '';
          save();
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [accountId]);
}
