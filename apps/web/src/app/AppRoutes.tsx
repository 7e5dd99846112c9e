import { entriesAccess, filterRoutes, safeRedirect } from '@cool/shared';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { routeTitle } from '../shared/i18n/routeTitle.ts';
import { tabKey } from '../shared/routes/routes.ts';
import { flattenRoutes, menuTree } from '../shared/routes/tree.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
// The store alone, not the tabs barrel: the bar and kept-alive view stay in the console's chunk.
import { useTabsStore } from '../shared/tabs/tabsStore.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';
import { RouteErrorBoundary } from '../shared/ui/RouteErrorBoundary.tsx';
import { ConsoleShell } from './consoleShell.ts';
import UserLayout from './layout/UserLayout.tsx';
import { APP_ROUTES, type AppRoute, forbiddenPage, warmUpConsole } from './routes/registry.tsx';
import { SessionGate } from './SessionGate.tsx';

const USER_LAYOUT_ROUTES = APP_ROUTES.filter((route) => route.layout === 'user');
const BASIC_LAYOUT_ROUTES = APP_ROUTES.filter((route) => route.layout === 'basic');
const USER_LAYOUT_PATHS = new Set(USER_LAYOUT_ROUTES.map((route) => route.path));

/** The registry's routes that have a screen, as router entries. */
const routeObjects = (routes: readonly AppRoute[], wrap: (page: ReactNode) => ReactNode) =>
  flattenRoutes(routes).flatMap((route) =>
    route.page ? [{ path: route.path, element: wrap(route.page(route)) }] : [],
  );

/**
 * The routes for a session: signed out, every console path is the gate (to login); signed in with the user info
 * on its way, the console's frame with the gate in every page's place; then the pages the role may see, in the
 * same frame (it stays mounted and fills in), the others there as 403, and `/` leading to the person's home.
 */
function buildRoutes(
  session: 'signedOut' | 'pending' | { allowed: AppRoute[]; home: string },
): RouteObject[] {
  const publicBranch: RouteObject = {
    element: <UserLayout />,
    children: routeObjects(USER_LAYOUT_ROUTES, (page) => page),
  };
  if (session === 'signedOut') return [publicBranch, { path: '*', element: <SessionGate /> }];
  if (session === 'pending')
    return [
      publicBranch,
      { element: <ConsoleShell menu={[]} />, children: [{ path: '*', element: <SessionGate /> }] },
    ];
  const { allowed, home } = session;
  const open = new Set(flattenRoutes(allowed).map((route) => route.path));
  // A console page the role may not open: said inside the console, its menu still there (no tab: TabBar).
  const forbidden = flattenRoutes(BASIC_LAYOUT_ROUTES).flatMap((route) =>
    route.page && !open.has(route.path) ? [{ path: route.path, element: forbiddenPage() }] : [],
  );
  return [
    publicBranch,
    {
      element: <ConsoleShell menu={menuTree(allowed)} />,
      children: [
        { path: '/', element: <Navigate to={home} replace /> },
        // A page that fails to render or download shows its error inside the layout, menu still usable.
        ...routeObjects(allowed, (page) => <RouteErrorBoundary>{page}</RouteErrorBoundary>),
        ...forbidden,
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

/** The tab title (custom, else the route's) plus the app title (docs/spec.md section 2, layout rules). */
function useDocumentTitle(pathname: string, search: string) {
  const { t } = useTranslation();
  const key = tabKey(pathname + search);
  const customTitle = useTabsStore((s) => s.tabs.find((tab) => tab.key === key)?.title);
  useEffect(() => {
    const title = customTitle ?? routeTitle(pathname, t);
    const appTitle = t('app.title');
    document.title = title ? `${title} - ${appTitle}` : appTitle;
    // `t` changes with the language, so the title follows a language switch too.
  }, [customTitle, pathname, t]);
}

export function AppRoutes() {
  const location = useLocation();
  const user = useAuthStore((s) => s.user);
  const syncFromStorage = useAuthStore((s) => s.syncFromStorage);

  // The stored token's expiry is checked on every navigation, not only at startup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => syncFromStorage(), [location.pathname, syncFromStorage]);
  useDocumentTitle(location.pathname, location.search);

  // A token without user info: signing in on the login page, or a reload. The console's code and the first
  // screen's data load alongside the user info instead of after it.
  const token = useAuthStore((s) => s.token);
  const onUserLayout = USER_LAYOUT_PATHS.has(location.pathname);
  const firstScreen = onUserLayout
    ? safeRedirect(new URLSearchParams(location.search).get('redirect'))
    : location.pathname + location.search;
  useEffect(() => {
    if (token && !user) warmUpConsole(firstScreen);
  }, [token, user, firstScreen]);

  // docs/spec.md section 4: the console routes are the registry filtered by the role (never mutated).
  const session = useMemo(
    () =>
      user && {
        allowed: filterRoutes(BASIC_LAYOUT_ROUTES, entriesAccess(user.role.permissions)),
        home: user.home,
      },
    [user],
  );

  const signedIn = token !== null;
  const routes = useMemo(
    () => buildRoutes(session ?? (signedIn ? 'pending' : 'signedOut')),
    [session, signedIn],
  );
  const page = useRoutes(routes);
  // The outer boundary catches what the pages' own cannot: a layout that fails to render or download.
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
