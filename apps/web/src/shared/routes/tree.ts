import type { GuardedRoute } from '@cool/shared';

/** What the derivations below read of a registry entry (see app/routes/registry.tsx for the whole entry). */
export interface RouteNode extends GuardedRoute {
  path: string;
  /** The i18n key `menu.<name>`; a route without one is untitled (no tab, the app title only). */
  name?: string;
  icon?: string;
  hideInMenu?: boolean;
  /** Its screen; a route without one only groups its children. */
  page?: unknown;
  /** Kept alive while hidden even without multi-tab. */
  keepAlive?: boolean;
  /** Query parameters that say which page this is (`testId` on /qtable): another value is another tab. */
  identity?: readonly string[];
  children?: readonly RouteNode[];
}

/** A menu entry; entries with children are sub-menus. */
export interface MenuNode {
  path: string;
  name: string;
  icon?: string;
  children?: MenuNode[];
}

/** Every route of a tree, parents before their children. */
export function flattenRoutes<R extends RouteNode>(routes: readonly R[]): R[] {
  return routes.flatMap((route) => [route, ...flattenRoutes((route.children ?? []) as readonly R[])]);
}

/** The route at a pathname and its ancestors, outermost first; empty when no route has that path. */
export function routeTrail<R extends RouteNode>(routes: readonly R[], pathname: string): R[] {
  for (const route of routes) {
    if (route.path === pathname) return [route];
    const below = routeTrail((route.children ?? []) as readonly R[], pathname);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}

/**
 * The side and top menus: titled routes not hidden from it, parents as sub-menus. A parent whose children are all
 * hidden is an item; a group left with no item (none the role may see) is dropped.
 */
export function menuTree(routes: readonly RouteNode[]): MenuNode[] {
  return routes.flatMap((route): MenuNode[] => {
    if (route.hideInMenu || !route.name) return [];
    const entry: MenuNode = { path: route.path, name: route.name, ...(route.icon && { icon: route.icon }) };
    const children = menuTree(route.children ?? []);
    if (children.length > 0) return [{ ...entry, children }];
    return route.page ? [entry] : [];
  });
}

/**
 * A tab's key: the pathname plus only the query parameters that identify the page, in the registry's order.
 * List state (filters, sort, page) is left out, so it changes within one tab. Paths of no route keep their query.
 */
export function tabKeyOf(routes: readonly RouteNode[], path: string): string {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const route = routeTrail(routes, pathname).at(-1);
  if (!route) return path;
  const params = new URLSearchParams(at < 0 ? '' : path.slice(at));
  const kept = new URLSearchParams();
  for (const name of route.identity ?? []) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
