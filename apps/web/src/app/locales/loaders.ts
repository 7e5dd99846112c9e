import type { LocaleLoaders, MessageLoaders } from '../../shared/i18n/i18n.ts';

/** One dynamic import per language: only the current language's pack is downloaded. */
export const localeLoaders: LocaleLoaders = {
  'en-US': () => import('./en-US.ts').then((m) => m.default),
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.default),
};

/** The console's screens' strings, loaded with the console's code (app/ConsoleShell.tsx). */
export const consoleMessageLoaders: MessageLoaders = {
  'en-US': () => import('./console/en-US.ts').then((m) => m.default),
  'zh-CN': () => import('./console/zh-CN.ts').then((m) => m.default),
};
