import type { LocalizedText } from '@cool/shared';
import { useSettingsStore } from '../settings/settingsStore.ts';

/** Bilingual content (`{zh, en}` texts of tests and questions): the language to show it in, and helpers. */

export type TextLanguage = 'zh' | 'en';

/** The content language matching the console's language. */
export function useTextLanguage(): TextLanguage {
  return useSettingsStore((s) => (s.language === 'zh-CN' ? 'zh' : 'en'));
}

export const emptyText = (): LocalizedText => ({ zh: '', en: '' });

/** Trims both languages (the server trims too; this keeps validation and payloads consistent). */
export const trimText = (value: Partial<LocalizedText> | undefined): LocalizedText => ({
  zh: (value?.zh ?? '').trim(),
  en: (value?.en ?? '').trim(),
});
