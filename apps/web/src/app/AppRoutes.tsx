import { CONSOLE_ROUTES, type ConsoleRoute, can, filterRoutes, HOME_PATH } from '@cool/shared';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ACCOUNT_PAGES, PUBLIC_PAGES, type PublicPageName, routeTitle } from '../shared/i18n/routeTitle.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
// The store alone, not the tabs barrel: the bar and kept-alive view stay in the console's chunk.
import { useTabsStore } from '../shared/tabs/tabsStore.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';
import { RouteErrorBoundary } from '../shared/ui/RouteErrorBoundary.tsx';
import { SessionGate } from './SessionGate.tsx';

// Every screen is its own chunk: the login page never downloads the console shell or tables.
const UserLayout = lazy(() => import('../features/layout/UserLayout.tsx'));
const BasicLayout = lazy(() => import('../features/layout/BasicLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const CategoryPage = lazy(() => import('../features/categories/CategoryPage.tsx'));
const TestPage = lazy(() => import('../features/tests/TestPage.tsx'));
const QuestionPage = lazy(() => import('../features/questions/QuestionPage.tsx'));
const BuildingPage = lazy(() => import('../features/placeholders/BuildingPage.tsx'));
const ComingSoonPage = lazy(() => import('../features/placeholders/ComingSoonPage.tsx'));
const RegisterPage = lazy(() => import('../features/placeholders/RegisterPage.tsx'));
const ExceptionPage = lazy(() => import('../features/placeholders/ExceptionPage.tsx'));

/** Screens of the constant user-layout routes (SPEC 2); their paths and titles are in routeTitle.ts. */
const PUBLIC_SCREENS: Record<PublicPageName, React.ReactNode> = {
  login: <LoginPage />,
  register: <RegisterPage variant="register" />,
  registerResult: <RegisterPage variant="result" />,
  notFound: <ExceptionPage status="404" />,
};

function consolePage(route: ConsoleRoute) {
  if (route.name === 'game') return <TestPage />;
  if (route.name === 'qtable') return <QuestionPage />;
  return route.name === 'user' ? <CategoryPage /> : <BuildingPage name={route.name} />;
}

function buildRoutes(allowed: ConsoleRoute[] | null): RouteObject[] {
  const publicBranch: RouteObject = {
    element: <UserLayout />,
    children: [
      ...PUBLIC_PAGES.map(({ path, name }) => ({ path, element: PUBLIC_SCREENS[name] })),
      // SPEC 8 template exception pages; untitled, so the document shows the app title.
      { path: '/exception/403', element: <ExceptionPage status="403" /> },
      { path: '/exception/500', element: <ExceptionPage status="500" /> },
    ],
  };
  if (!allowed) return [publicBranch, { path: '*', element: <SessionGate /> }];
  return [
    publicBranch,
    {
      element: <BasicLayout routes={allowed} />,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        // A page that fails to render or download shows its error inside the layout, menu still usable.
        ...allowed.map((route) => ({
          path: route.path,
          element: <RouteErrorBoundary>{consolePage(route)}</RouteErrorBoundary>,
        })),
        ...ACCOUNT_PAGES.map(({ path, name }) => ({
          path,
          element: (
            <RouteErrorBoundary>
              <ComingSoonPage name={name} />
            </RouteErrorBoundary>
          ),
        })),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

/** The page's tab title (custom, else the route's) plus the app title (SPEC 2 layout rules). */
function useDocumentTitle(pathname: string, search: string) {
  const { t } = useTranslation();
  const customTitle = useTabsStore((s) => s.tabs.find((tab) => tab.key === pathname + search)?.title);
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

  // SPEC 4: the console routes are the constant table filtered by the role (never mutated).
  const allowed = useMemo(() => {
    if (!user) return null;
    const permissions = user.role.permissions;
    return filterRoutes(CONSOLE_ROUTES, {
      permissionIds: permissions.map((p) => p.permissionId),
      canQuery: (resource) => can(permissions, resource, 'query'),
    });
  }, [user]);

  const routes = useMemo(() => buildRoutes(allowed), [allowed]);
  const page = useRoutes(routes);
  // The outer boundary catches what the pages' own cannot: a layout that fails to render or download.
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
