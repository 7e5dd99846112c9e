import { browserLanguage, type Language, type LocalizedText } from '@cool/shared';
import i18next from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { textIn } from '../text.ts';
import type { H5Messages } from './en-US.ts';

/**
 * The participant app's languages: picked from `?lang=`, else the one stored, else the browser's; switchable
 * and stored. Its texts are its own (./en-US.ts, ./zh-CN.ts), apart from the console's packs.
 */

export type H5Key = keyof H5Messages;
type Locale = Awaited<ReturnType<(typeof packs)[Language]>>['locale'];

const STORAGE_KEY = 'h5-language';

/** One chunk per language: its texts and antd-mobile's own (the dialog buttons, empty states). */
const packs = {
  'en-US': async () => ({
    messages: (await import('./en-US.ts')).default,
    locale: (await import('antd-mobile/es/locales/en-US')).default,
  }),
  'zh-CN': async () => ({
    messages: (await import('./zh-CN.ts')).default,
    locale: (await import('antd-mobile/es/locales/zh-CN')).default,
  }),
};

const isLanguage = (value: string | null | undefined): value is Language =>
  value === 'en-US' || value === 'zh-CN';

/** `?lang=` (zh, zh-CN, en...), the stored choice, then the browser's languages; English otherwise. */
export function pickLanguage(search: string, stored: string | null, browser: readonly string[]): Language {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (asked?.startsWith('zh')) return 'zh-CN';
  if (asked?.startsWith('en')) return 'en-US';
  if (isLanguage(stored)) return stored;
  return browserLanguage(browser);
}

const locales = new Map<Language, Locale>();
const listeners = new Set<() => void>();
let current: Language = 'en-US';

export async function changeLanguage(language: Language): Promise<void> {
  if (!locales.has(language)) {
    const pack = await packs[language]();
    i18next.addResourceBundle(language, 'translation', pack.messages, true, true);
    locales.set(language, pack.locale);
  }
  current = language;
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts this visit only.
  }
  await i18next.changeLanguage(language);
  for (const listener of listeners) listener();
}

export async function initI18n(): Promise<Language> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {}
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    fallbackLng: false,
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  await changeLanguage(pickLanguage(location.search, stored, navigator.languages ?? [navigator.language]));
  return current;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language, re-rendering on a switch. */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, () => current);

export const antdLocale = (language: Language) => locales.get(language);

/** The app's texts by key; the console's typed keys (i18next.d.ts) are not this app's, hence the cast. */
export function useText() {
  const { t } = useTranslation();
  return useCallback(
    (key: H5Key, values?: Record<string, string | number>) =>
      (t as unknown as (key: string, values?: object) => string)(key, values),
    [t],
  );
}

/** Bilingual content in the current language. */
export function useContent() {
  const lang = contentLanguage(useLanguage());
  return useCallback((value: LocalizedText | null | undefined) => (value ? textIn(value, lang) : ''), [lang]);
}

export const contentLanguage = (language: Language): 'zh' | 'en' => (language === 'zh-CN' ? 'zh' : 'en');
