import type { LocaleLoaders } from '../../shared/i18n/i18n.ts';

/** One dynamic import per language: only the current language's pack is downloaded. */
export const localeLoaders: LocaleLoaders = {
  'en-US': () => import('./en-US.ts').then((m) => m.default),
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.default),
};
