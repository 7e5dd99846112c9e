import { CONSOLE_ROUTES, type ConsolePageName, type ConsoleRoute } from '@cool/shared';
import { lazy, type ReactNode } from 'react';
// The login page is part of the first download (one file compresses better than the dozens its parts would be
// split into); every other screen is its own chunk, so the login page never downloads the console shell or
// tables. Console screens can start downloading early (on the sign-in click).
import LoginPage from '../../features/auth/LoginPage.tsx';
import { addMessages, loadErrorMessages } from '../../shared/i18n/i18n.ts';
import { registerRoutes } from '../../shared/routes/routes.ts';
import { type RouteNode, routeTrail } from '../../shared/routes/tree.ts';
import { preloadConsoleShell } from '../consoleShell.ts';
import { preloadable } from '../preloadable.ts';

type Screen = keyof typeof import('../locales/screens.ts').screenStrings;
// The map of the screens' strings is a chunk of its own, not part of the login page's first download.
const loadScreenStrings = (screens: Screen[]) =>
  import('../locales/screens.ts').then(({ screenStrings }) =>
    Promise.all(screens.map((screen) => addMessages(screenStrings[screen]))),
  );

/**
 * A console page's code with the strings it shows: its screens' (locales/screens.ts) and, unless `errors` is
 * false, the server's error texts (`serverError.*`), which its forms' own checks and the refusals it is sent back
 * with show without a failed call (a failed call loads them itself: http/client.ts).
 */
const withStrings =
  <M,>(load: () => Promise<M>, screens: Screen[], { errors = true } = {}) =>
  () =>
    Promise.all([load(), loadScreenStrings(screens), errors && loadErrorMessages()]).then(
      ([module]) => module,
    );
const page = (load: Parameters<typeof preloadable>[0], screens: Screen[], options?: { errors?: boolean }) =>
  preloadable(withStrings(load, screens, options));

// The tests list (the home, where signing in lands) and the category list show server texts only for a failed
// call: they do without them until then (the test form brings them: features/tests/TestPage.tsx).
const CategoryPage = page(() => import('../../features/categories/CategoryPage.tsx'), ['categories'], {
  errors: false,
});
const TestPage = page(() => import('../../features/tests/TestPage.tsx'), ['tests', 'testRecord'], {
  errors: false,
});
const QuestionPage = page(() => import('../../features/questions/QuestionPage.tsx'), ['questions', 'tests']);
const RecordPage = page(() => import('../../features/records/RecordPage.tsx'), ['records', 'testRecord']);
const AlertPage = page(() => import('../../features/alerts/AlertPage.tsx'), ['alerts', 'testRecord']);
const ParticipantPage = page(
  () => import('../../features/participants/ParticipantPage.tsx'),
  ['participants', 'testRecord'],
);
const OrderPage = page(() => import('../../features/orders/OrderPage.tsx'), ['orders', 'testRecord']);
const PayLogPage = page(() => import('../../features/paylog/PayLogPage.tsx'), ['payLog', 'orders']);
const CenterPage = page(() => import('../../features/center/CenterPage.tsx'), ['center', 'testRecord']);
const StaffPage = page(() => import('../../features/staff/StaffPage.tsx'), ['staff']);
const RolePage = page(() => import('../../features/roles/RolePage.tsx'), ['roles']);
const AuditPage = page(() => import('../../features/audit/AuditPage.tsx'), ['audit']);
const OutboxPage = page(() => import('../../features/outbox/OutboxPage.tsx'), ['outbox']);
// The template's sample screens (docs/spec.md section 2), on the service's data.
const AnalysisPage = page(() => import('../../features/analysis/AnalysisPage.tsx'), ['analysis']);
const MonitorPage = page(() => import('../../features/monitor/MonitorPage.tsx'), ['monitor', 'payLog']);
const WorkplacePage = page(() => import('../../features/workplace/WorkplacePage.tsx'), ['workplace']);
const GoalFormPage = page(() => import('../../features/goals/GoalFormPage.tsx'), ['goals']);
const GoalPlanPage = page(() => import('../../features/goals/GoalPlanPage.tsx'), ['goals']);
const GoalListPage = page(() => import('../../features/goals/GoalListPage.tsx'), ['goals']);
// The wizard names the payer with the test records' strings (`participantName`).
const RefundStepPage = page(
  () => import('../../features/refunds/RefundStepPage.tsx'),
  ['refunds', 'orders', 'testRecord'],
);
const RefundResultPage = page(
  () => import('../../features/refunds/RefundResultPage.tsx'),
  ['refunds', 'orders'],
);
const OrderProfilePage = page(
  () => import('../../features/profiles/OrderProfilePage.tsx'),
  ['orderProfile', 'orders', 'testRecord'],
);
const ParticipantProfilePage = page(
  () => import('../../features/profiles/ParticipantProfilePage.tsx'),
  ['participantProfile', 'participants', 'testRecord'],
);
const BasicListPage = page(() => import('../../features/lists/BasicListPage.tsx'), ['lists']);
const CardListPage = page(() => import('../../features/lists/CardListPage.tsx'), ['lists']);
const SearchListPage = page(() => import('../../features/lists/SearchListPage.tsx'), ['lists']);
const TriggerPage = page(() => import('../../features/placeholders/TriggerPage.tsx'), ['trigger']);
const AccountCenterPage = lazy(
  withStrings(() => import('../../features/account/AccountCenterPage.tsx'), ['account', 'audit', 'twoStep']),
);
const AccountSettingsPage = lazy(
  withStrings(() => import('../../features/account/AccountSettingsPage.tsx'), ['account', 'twoStep']),
);
const RegisterPage = lazy(() => import('../../features/auth/RegisterPage.tsx'));
const RegisterResultPage = lazy(() => import('../../features/auth/RegisterResultPage.tsx'));
const RecoverPage = lazy(() => import('../../features/auth/RecoverPage.tsx'));
const AccountLinkPage = lazy(() => import('../../features/auth/AccountLinkPage.tsx'));
const ExceptionPage = lazy(() => import('../../features/placeholders/ExceptionPage.tsx'));

/** What a console page the role may not open shows, inside the console (docs/spec.md section 8's 403). */
export const forbiddenPage = () => <ExceptionPage status="403" />;

/**
 * One page of the app. Console routes take path, name, icon, access, keep-alive, hide-in-menu and children from
 * the shared route table (the server's nav serves the same facts); the registry adds what only the console needs.
 */
export interface AppRoute extends RouteNode {
  /**
   * `basic` pages need a session and sit in the console layout (docs/spec.md section 2); `user` pages do not.
   */
  layout: 'basic' | 'user';
  /** Its screen; a route without one only groups its children in the menu. */
  page?: (route: AppRoute) => ReactNode;
  keepAlive?: boolean;
  children?: readonly AppRoute[];
  /** Starts downloading the screen's code. */
  preload?: () => Promise<unknown>;
  /** Asks for the screen's first data (URL parameters as the page reads them) into the query cache. */
  prefetch?: (params: URLSearchParams) => Promise<void>;
}

/**
 * A page's first-data module, kept once downloaded (it preloads with its page's code): a sign-in then asks for
 * the page's data synchronously, before React renders the console, instead of a task later. One module per
 * page, so a page's first download has no other page's schemas.
 */
function firstData<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const run = (ask: (module: M) => Promise<void>) => (loaded ? ask(loaded) : preload().then(ask));
  return { preload, run };
}

const testsData = firstData(() => import('./prefetchTests.ts'));
const categoriesData = firstData(() => import('./prefetch.ts'));

/** The console's part of each shared console route, by route name. */
/** A page for every console route that shows one: a route without its page, or a page without its route, fails typecheck. */
const CONSOLE_PAGES: Record<ConsolePageName, Pick<AppRoute, 'page' | 'identity' | 'preload' | 'prefetch'>> = {
  game: {
    page: () => <TestPage />,
    preload: () => Promise.all([TestPage.preload(), testsData.preload()]),
    prefetch: (params) => testsData.run((m) => m.prefetchTests(params)),
  },
  qtable: { page: () => <QuestionPage />, identity: ['testId'], preload: QuestionPage.preload },
  user: {
    page: () => <CategoryPage />,
    preload: () => Promise.all([CategoryPage.preload(), categoriesData.preload()]),
    prefetch: (params) => categoriesData.run((m) => m.prefetchCategories(params)),
  },
  records: { page: () => <RecordPage />, preload: RecordPage.preload },
  alerts: { page: () => <AlertPage />, preload: AlertPage.preload },
  participants: { page: () => <ParticipantPage />, preload: ParticipantPage.preload },
  center: { page: () => <CenterPage />, preload: CenterPage.preload },
  order: { page: () => <OrderPage />, preload: OrderPage.preload },
  orderWeixin: { page: () => <PayLogPage />, preload: PayLogPage.preload },
  staffAccounts: { page: () => <StaffPage />, preload: StaffPage.preload },
  roles: { page: () => <RolePage />, preload: RolePage.preload },
  audit: { page: () => <AuditPage />, preload: AuditPage.preload },
  outbox: { page: () => <OutboxPage />, preload: OutboxPage.preload },
  analysis: { page: () => <AnalysisPage />, preload: AnalysisPage.preload },
  monitor: { page: () => <MonitorPage />, preload: MonitorPage.preload },
  workplace: { page: () => <WorkplacePage />, preload: WorkplacePage.preload },
  basicForm: { page: () => <GoalFormPage />, preload: GoalFormPage.preload, identity: ['id'] },
  stepForm: { page: () => <RefundStepPage />, preload: RefundStepPage.preload },
  advancedForm: { page: () => <GoalPlanPage />, preload: GoalPlanPage.preload, identity: ['id'] },
  tableList: { page: () => <GoalListPage />, preload: GoalListPage.preload },
  basicList: { page: () => <BasicListPage />, preload: BasicListPage.preload },
  cardList: { page: () => <CardListPage />, preload: CardListPage.preload },
  searchList: { page: () => <SearchListPage />, preload: SearchListPage.preload },
  basicProfile: { page: () => <OrderProfilePage />, preload: OrderProfilePage.preload, identity: ['id'] },
  advancedProfile: {
    page: () => <ParticipantProfilePage />,
    preload: ParticipantProfilePage.preload,
    identity: ['id'],
  },
  resultSuccess: { page: () => <RefundResultPage outcome="success" />, preload: RefundResultPage.preload },
  resultFail: { page: () => <RefundResultPage outcome="fail" />, preload: RefundResultPage.preload },
  exceptionTrigger: { page: () => <TriggerPage />, preload: TriggerPage.preload },
};

function consoleRoute({ children, ...route }: ConsoleRoute): AppRoute {
  if (children) return { ...route, layout: 'basic', children: children.map(consoleRoute) };
  return { ...route, ...CONSOLE_PAGES[route.name as ConsolePageName], layout: 'basic' };
}

/** The route registry: routes, menus, document and tab titles and breadcrumbs all derive from it. */
export const APP_ROUTES: readonly AppRoute[] = [
  ...CONSOLE_ROUTES.map(consoleRoute),
  // Avatar-menu pages: in the console layout, but not in the menu and not permission-bound.
  {
    path: '/account/center',
    name: 'accountCenter',
    layout: 'basic',
    hideInMenu: true,
    page: () => <AccountCenterPage />,
  },
  {
    path: '/account/settings',
    name: 'accountSettings',
    layout: 'basic',
    hideInMenu: true,
    page: () => <AccountSettingsPage />,
  },
  // The user layout of docs/spec.md section 2, reachable without a token.
  {
    path: '/user/login',
    name: 'login',
    layout: 'user',
    page: () => <LoginPage onSignInAhead={preloadConsole} onSignedIn={warmUpConsole} />,
  },
  {
    path: '/user/register',
    name: 'register',
    layout: 'user',
    page: () => <RegisterPage />,
  },
  {
    path: '/user/register-result',
    name: 'registerResult',
    layout: 'user',
    page: () => <RegisterResultPage />,
  },
  // docs/spec.md section 2 names /user/recover without a screen: password recovery by email link or SMS code.
  { path: '/user/recover', name: 'recover', layout: 'user', page: () => <RecoverPage /> },
  // Where mailed links land: account activation, a password reset, an invitation (`?token=`).
  {
    path: '/user/activate',
    name: 'activate',
    layout: 'user',
    page: () => <AccountLinkPage kind="activate" />,
  },
  {
    path: '/user/reset',
    name: 'resetPassword',
    layout: 'user',
    page: () => <AccountLinkPage kind="reset" />,
  },
  { path: '/user/invite', name: 'invitation', layout: 'user', page: () => <AccountLinkPage kind="invite" /> },
  { path: '/404', name: 'notFound', layout: 'user', page: () => <ExceptionPage status="404" /> },
  // The template exception pages of docs/spec.md section 8; untitled, so the document shows the app title.
  { path: '/exception/403', layout: 'user', page: forbiddenPage },
  { path: '/exception/500', layout: 'user', page: () => <ExceptionPage status="500" /> },
];

// Shared code (titles, tabs, breadcrumbs) reads the routes through this registration, never importing the app.
registerRoutes(APP_ROUTES);

/** The registry entry at a pathname. */
export const routeAt = (pathname: string): AppRoute | undefined => routeTrail(APP_ROUTES, pathname).at(-1);

/** Starts downloading the console's shell and the code of the screen at `path` (a full path), once each. */
export function preloadConsole(path: string): void {
  preloadConsoleShell().catch(() => undefined);
  void routeAt(new URL(path, window.location.origin).pathname)
    ?.preload?.()
    .catch(() => undefined);
}

/**
 * With a token and no user info yet (signed in just now, or a reload): the shell, the code of the screen at `path`
 * and its first data, alongside the user info instead of after it. A failure costs nothing: the page asks again.
 */
export function warmUpConsole(path: string): void {
  preloadConsole(path);
  const url = new URL(path, window.location.origin);
  void routeAt(url.pathname)
    ?.prefetch?.(url.searchParams)
    .catch(() => undefined);
}
