import type { LocalizedText } from '@cool/shared';

/**
 * Bilingual content (`{zh, en}`) in the wanted language, else the other one: the shared `localized()` rule,
 * written here because its module also builds zod schemas, which would then come with the first screen.
 */
export const textIn = (value: LocalizedText, lang: 'zh' | 'en'): string =>
  value[lang] || value[lang === 'zh' ? 'en' : 'zh'];
