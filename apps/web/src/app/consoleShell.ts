import { addMessages } from '../shared/i18n/i18n.ts';
import { consoleMessageLoaders } from './locales/loaders.ts';
import { preloadable } from './preloadable.ts';

// The screens' strings download alongside the console's code, and the shell is ready once both are there (not a
// top-level await in the shell's module: that one left a reload with a stored token on the skeleton). The
// server's error texts come with the pages that show them (routes/registry.tsx).
const load = () =>
  Promise.all([import('./ConsoleShell.tsx'), addMessages(consoleMessageLoaders)]).then(([module]) => module);

/** The console's layout and providers, downloaded early when a sign-in starts. */
export const ConsoleShell = preloadable(load);

/** What a console page shows until the user info is there, from the same chunk. */
export const PageOutline = preloadable(() => load().then((m) => ({ default: m.PageOutline })));

/** Starts downloading both, once. */
export const preloadConsoleShell = () => Promise.all([ConsoleShell.preload(), PageOutline.preload()]);
