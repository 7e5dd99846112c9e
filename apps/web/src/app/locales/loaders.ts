import type { LocaleLoaders, MessageLoaders } from '../../shared/i18n/i18n.ts';

/** One dynamic import per language: only the current language's pack is downloaded. */
export const localeLoaders: LocaleLoaders = {
  'en-US': () => import('./en-US.ts').then((m) => m.default),
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.default),
};

/**
 * The server's error texts (`serverError.<code>`), from the one catalogue the server also answers with: loaded with
 * the console, or on the login-type pages by the first call that fails (shared/http/client.ts).
 */
export const errorMessageLoaders: MessageLoaders = {
  'en-US': () => import('@cool/shared/errors/en-US').then((m) => ({ serverError: m.default })),
  'zh-CN': () => import('@cool/shared/errors/zh-CN').then((m) => ({ serverError: m.default })),
};
