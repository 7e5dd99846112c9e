import { addMessages, type MessageLoaders } from '../shared/i18n/i18n.ts';
import { preloadable } from './preloadable.ts';

/** The header's, tabs' and settings drawer's strings: downloaded with the shell, not by the login page. */
const shellStrings: MessageLoaders = {
  'en-US': () => import('./locales/shell/en-US.ts').then((m) => m.default),
  'zh-CN': () => import('./locales/shell/zh-CN.ts').then((m) => m.default),
};

// Each screen's strings, and the server's error texts, come with the pages that show them (routes/registry.tsx).
const load = () =>
  Promise.all([import('./ConsoleShell.tsx'), addMessages(shellStrings)]).then(([module]) => module);

/** The console's layout and providers, downloaded early when a sign-in starts. */
export const ConsoleShell = preloadable(load);

/** What a console page shows until the user info is there, from the same chunk. */
export const PageOutline = preloadable(() => load().then((m) => ({ default: m.PageOutline })));

/** What a console page shows when the user info failed but the session stands: what failed, with Retry. */
export const UserInfoFailed = preloadable(() => load().then((m) => ({ default: m.UserInfoFailed })));

/** Starts downloading both, once. */
export const preloadConsoleShell = () => Promise.all([ConsoleShell.preload(), PageOutline.preload()]);
