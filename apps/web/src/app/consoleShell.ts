import { preloadable } from './preloadable.ts';

// The shell's strings are in the login page's pack; each screen's, and the server's error texts, come with the
// pages that show them (routes/registry.tsx).
const load = () => import('./ConsoleShell.tsx');

/** The console's layout and providers, downloaded early when a sign-in starts. */
export const ConsoleShell = preloadable(load);

/** What a console page shows until the user info is there, from the same chunk. */
export const PageOutline = preloadable(() => load().then((m) => ({ default: m.PageOutline })));

/** Starts downloading both, once. */
export const preloadConsoleShell = () => Promise.all([ConsoleShell.preload(), PageOutline.preload()]);
