import { preloadable } from './preloadable.ts';

const load = () => import('./ConsoleShell.tsx');

/** The console's layout and providers, downloaded early when a sign-in starts. */
export const ConsoleShell = preloadable(load);

/** What a console page shows until the user info is there, from the same chunk. */
export const PageOutline = preloadable(() => load().then((m) => ({ default: m.PageOutline })));

/** Starts downloading both, once. */
export const preloadConsoleShell = () => Promise.all([ConsoleShell.preload(), PageOutline.preload()]);
