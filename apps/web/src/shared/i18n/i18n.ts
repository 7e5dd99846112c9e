import { DEFAULT_LANGUAGE, type Language } from '@cool/shared';
import type { Locale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore } from '../settings/settingsStore.ts';

/** Everything one language needs; each pack is its own chunk so only the current one is downloaded. */
export interface LocalePack {
  messages: Record<string, unknown>;
  antdLocale: Locale;
}

export type LocaleLoaders = Record<Language, () => Promise<LocalePack>>;

/** More strings per language, for code loaded later than the packs (the console's screens). */
export type MessageLoaders = Record<Language, () => Promise<Record<string, unknown>>>;

let loaders: LocaleLoaders | null = null;
const packs = new Map<Language, LocalePack>();
/** Each added set of strings, with the languages it is loaded in. */
const added = new Map<MessageLoaders, Set<Language>>();

async function loadAdded(language: Language): Promise<void> {
  await Promise.all(
    [...added].map(async ([more, loaded]) => {
      if (loaded.has(language)) return;
      i18n.addResourceBundle(language, 'translation', await more[language](), true, true);
      loaded.add(language);
    }),
  );
}

/** Adds strings loaded later than the packs: the current language's now, another's when it is chosen. */
export async function addMessages(more: MessageLoaders): Promise<void> {
  if (!added.has(more)) added.set(more, new Set());
  await loadAdded(useSettingsStore.getState().language);
}

let errorLoaders: MessageLoaders | null = null;

/** Registers the server's error texts, which load with the console or with the first failed call. */
export function setErrorMessages(loaders: MessageLoaders): void {
  errorLoaders = loaders;
}

/** Loads the server's error texts in the current language (once; later languages follow `changeLanguage`). */
export const loadErrorMessages = (): Promise<void> =>
  errorLoaders ? addMessages(errorLoaders) : Promise.resolve();

export function getAntdLocale(language: Language): Locale | undefined {
  return packs.get(language)?.antdLocale;
}

/**
 * Loads the pack if needed, then switches i18next, `<html lang>` and the saved setting together (the console
 * follows i18next's languageChanged for dayjs: the login page has no dates).
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (!loaders) throw new Error('initI18n must run first');
  let pack = packs.get(language);
  if (!pack) {
    pack = await loaders[language]();
    packs.set(language, pack);
    i18n.addResourceBundle(language, 'translation', pack.messages, true, true);
  }
  await loadAdded(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
  useSettingsStore.getState().setLanguage(language);
}

export async function initI18n(localeLoaders: LocaleLoaders): Promise<void> {
  loaders = localeLoaders;
  await i18n.use(initReactI18next).init({
    lng: useSettingsStore.getState().language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(useSettingsStore.getState().language);
  // The setting also changes elsewhere (Account settings > Custom, the account's saved preferences): the texts,
  // `<html lang>` and dates follow it. A pack that fails to download leaves the setting as the texts are.
  useSettingsStore.subscribe(({ language }) => {
    if (language === i18n.language) return;
    changeLanguage(language).catch(() => useSettingsStore.getState().setLanguage(i18n.language as Language));
  });
}
