import { CONSOLE_ROUTES, type ConsoleRoute, can, filterRoutes, HOME_PATH } from '@cool/shared';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { menuKey } from '../shared/i18n/menu.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';
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
const NotFoundPage = lazy(() => import('../features/placeholders/NotFoundPage.tsx'));

/** Constant routes on the user layout: reachable without a token (SPEC 2). */
const PUBLIC_ROUTES: { path: string; name: string; element: React.ReactNode }[] = [
  { path: '/user/login', name: 'login', element: <LoginPage /> },
  { path: '/user/register', name: 'register', element: <RegisterPage variant="register" /> },
  { path: '/user/register-result', name: 'registerResult', element: <RegisterPage variant="result" /> },
  { path: '/404', name: 'notFound', element: <NotFoundPage /> },
];

/** Avatar-menu pages: not in the menu and not permission-bound; their screens come later. */
const ACCOUNT_ROUTES = [
  { path: '/account/center', name: 'accountCenter' },
  { path: '/account/settings', name: 'accountSettings' },
];

function consolePage(route: ConsoleRoute) {
  if (route.name === 'game') return <TestPage />;
  if (route.name === 'qtable') return <QuestionPage />;
  return route.name === 'user' ? <CategoryPage /> : <BuildingPage name={route.name} />;
}

function buildRoutes(allowed: ConsoleRoute[] | null): RouteObject[] {
  const publicBranch: RouteObject = {
    element: <UserLayout />,
    children: PUBLIC_ROUTES.map(({ path, element }) => ({ path, element })),
  };
  if (!allowed) return [publicBranch, { path: '*', element: <SessionGate /> }];
  return [
    publicBranch,
    {
      element: <BasicLayout routes={allowed} />,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        ...allowed.map((route) => ({ path: route.path, element: consolePage(route) })),
        ...ACCOUNT_ROUTES.map(({ path, name }) => ({ path, element: <ComingSoonPage name={name} /> })),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

function useDocumentTitle(pathname: string) {
  const { t } = useTranslation();
  useEffect(() => {
    const name = [...PUBLIC_ROUTES, ...ACCOUNT_ROUTES, ...CONSOLE_ROUTES].find(
      (r) => r.path === pathname,
    )?.name;
    const appTitle = t('app.title');
    document.title = name ? `${t(menuKey(name))} - ${appTitle}` : appTitle;
    // `t` changes with the language, so the title follows a language switch too.
  }, [pathname, t]);
}

export function AppRoutes() {
  const location = useLocation();
  const user = useAuthStore((s) => s.user);
  const syncFromStorage = useAuthStore((s) => s.syncFromStorage);

  // The stored token's expiry is checked on every navigation, not only at startup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => syncFromStorage(), [location.pathname, syncFromStorage]);
  useDocumentTitle(location.pathname);

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
  return <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>;
}
