import { flattenRoutes, type RouteNode, routeTrail, tabKeyOf } from './tree.ts';

/**
 * The app's route registry as shared code reads it (titles, tabs, breadcrumbs). The registry lives in app/ and
 * registers itself here when it loads, so shared code never imports the app.
 */
let routes: readonly RouteNode[] = [];

export function registerRoutes(registry: readonly RouteNode[]): void {
  routes = registry;
}

/** Every registered route, parents before their children. */
export const allRoutes = (): RouteNode[] => flattenRoutes(routes);

/** The registered route at a pathname and its ancestors, outermost first. */
export const routeTrailAt = (pathname: string): RouteNode[] => routeTrail(routes, pathname);

/** The registered route at a pathname. */
export const routeAt = (pathname: string): RouteNode | undefined => routeTrailAt(pathname).at(-1);

/** The tab a full path belongs to: its pathname and identifying parameters only. */
export const tabKey = (path: string): string => tabKeyOf(routes, path);
