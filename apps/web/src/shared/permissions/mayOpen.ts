import { entriesAccess, routeAllowed } from '@cool/shared';
import { routeTrailAt } from '../routes/routes.ts';
import { useAuthStore } from '../session/authStore.ts';

/**
 * Whether the signed-in role may open the page at `pathname` (it and each group above it let the role in, as
 * the console's routes are filtered: docs/spec.md section 4). A page it may not open shows 403 and gets no
 * tab. False while nobody is known: the session gate stands in for every page then, and the page gets its tab
 * once it shows.
 */
export function mayOpen(pathname: string): boolean {
  const permissions = useAuthStore.getState().user?.role.permissions;
  if (!permissions) return false;
  const access = entriesAccess(permissions);
  return routeTrailAt(pathname).every((route) => routeAllowed(route, access));
}

/** `mayOpen` for a component, which renders again when the signed-in person changes. */
export function useMayOpen(): (pathname: string) => boolean {
  useAuthStore((s) => s.user);
  return mayOpen;
}
