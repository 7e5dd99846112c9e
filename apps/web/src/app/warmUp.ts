import { preloadConsole, routeAt } from './routes/registry.tsx';

/**
 * With a token and no user info yet (signing in, or a reload): the shell, the code of the screen at `path` and
 * its first data, alongside the user info instead of after it. A failure costs nothing: the page asks again.
 */
export function warmUpConsole(path: string): void {
  preloadConsole(path);
  const url = new URL(path, window.location.origin);
  void routeAt(url.pathname)
    ?.prefetch?.(url.searchParams)
    .catch(() => undefined);
}
