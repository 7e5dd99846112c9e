import { CONSOLE_ROUTES, type ConsoleRoute } from '@cool/shared';
import { lazy, type ReactNode } from 'react';
import { type RouteNode, routeTrail, tabKeyOf } from './tree.ts';

// Every screen is its own chunk: the login page never downloads the console shell or tables.
const LoginPage = lazy(() => import('../../features/auth/LoginPage.tsx'));
const CategoryPage = lazy(() => import('../../features/categories/CategoryPage.tsx'));
const TestPage = lazy(() => import('../../features/tests/TestPage.tsx'));
const QuestionPage = lazy(() => import('../../features/questions/QuestionPage.tsx'));
const BuildingPage = lazy(() => import('../../features/placeholders/BuildingPage.tsx'));
const ComingSoonPage = lazy(() => import('../../features/placeholders/ComingSoonPage.tsx'));
const RegisterPage = lazy(() => import('../../features/placeholders/RegisterPage.tsx'));
const ExceptionPage = lazy(() => import('../../features/placeholders/ExceptionPage.tsx'));

/**
 * One page of the app. Console routes take path, name, icon, access, keep-alive, hide-in-menu and children from
 * the shared route table (the server's nav serves the same facts); the registry adds what only the console needs.
 */
export interface AppRoute extends RouteNode {
  /** `basic` pages need a session and sit in the console layout (SPEC 2); `user` pages do not. */
  layout: 'basic' | 'user';
  /** Its screen; a route without one only groups its children in the menu. */
  page?: (route: AppRoute) => ReactNode;
  keepAlive?: boolean;
  children?: readonly AppRoute[];
}

const building = (route: AppRoute) => <BuildingPage name={route.name!} />;

/** The console's part of each shared console route, by route name. */
const CONSOLE_PAGES: Record<string, Pick<AppRoute, 'page' | 'identity'>> = {
  game: { page: () => <TestPage /> },
  qtable: { page: () => <QuestionPage />, identity: ['testId'] },
  user: { page: () => <CategoryPage /> },
  center: { page: building },
  order: { page: building },
};

function consoleRoute({ children, ...route }: ConsoleRoute): AppRoute {
  const page = CONSOLE_PAGES[route.name];
  if (!page && !children) throw new Error(`The console has no page for the route '${route.name}'`);
  return { ...route, ...page, layout: 'basic', ...(children && { children: children.map(consoleRoute) }) };
}

const comingSoon = (route: AppRoute) => <ComingSoonPage name={route.name!} />;

/** The route registry: routes, menus, document and tab titles and breadcrumbs all derive from it. */
export const APP_ROUTES: readonly AppRoute[] = [
  ...CONSOLE_ROUTES.map(consoleRoute),
  // Avatar-menu pages: in the console layout, but not in the menu and not permission-bound.
  { path: '/account/center', name: 'accountCenter', layout: 'basic', hideInMenu: true, page: comingSoon },
  { path: '/account/settings', name: 'accountSettings', layout: 'basic', hideInMenu: true, page: comingSoon },
  // SPEC 2 user layout, reachable without a token.
  { path: '/user/login', name: 'login', layout: 'user', page: () => <LoginPage /> },
  {
    path: '/user/register',
    name: 'register',
    layout: 'user',
    page: () => <RegisterPage variant="register" />,
  },
  {
    path: '/user/register-result',
    name: 'registerResult',
    layout: 'user',
    page: () => <RegisterPage variant="result" />,
  },
  { path: '/404', name: 'notFound', layout: 'user', page: () => <ExceptionPage status="404" /> },
  // SPEC 8 template exception pages; untitled, so the document shows the app title.
  { path: '/exception/403', layout: 'user', page: () => <ExceptionPage status="403" /> },
  { path: '/exception/500', layout: 'user', page: () => <ExceptionPage status="500" /> },
];

/** The registry entry at a pathname. */
export const routeAt = (pathname: string): AppRoute | undefined => routeTrail(APP_ROUTES, pathname).at(-1);

/** The tab a full path belongs to: its pathname and identifying parameters only. */
export const tabKey = (path: string): string => tabKeyOf(APP_ROUTES, path);
