import { preloadable } from './preloadable.ts';

/** The console's layout and providers, downloaded early when a sign-in starts. */
export const ConsoleShell = preloadable(() => import('./ConsoleShell.tsx'));
