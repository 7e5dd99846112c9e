import {
  can,
  type Grants,
  grantsAllow,
  PERMISSION_IDS,
  type PermissionEntry,
  type PermissionId,
} from './permissions.ts';

/** A console route (docs/spec.md section 2: "Routes behind the main layout"). */
export interface ConsoleRoute {
  path: string;
  /** Stable name used as the i18n key `menu.<name>`. */
  name: string;
  /** Ant Design icon component name. */
  icon?: string;
  hideInMenu?: boolean;
  keepAlive?: boolean;
  /** docs/spec.md section 4: kept when the user holds at least one of these permission ids. */
  permission?: readonly PermissionId[];
  /**
   * The resource the page shows; also needs its `query` action, so nobody is shown a page that only 403s. A
   * page of several sections names each one's: any one of them shows it.
   */
  resource?: PermissionId | readonly PermissionId[];
  /**
   * What the page reads beside its resource (a filter's options): a role without one gets the page without that
   * part, and does not start there (see `homePath`).
   */
  uses?: readonly PermissionId[];
  children?: readonly ConsoleRoute[];
}

export const HOME_PATH = '/game';

const ROUTES = [
  {
    path: '/game',
    name: 'game',
    icon: 'ExperimentOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'tests',
    // Its category filter.
    uses: ['categories'],
  },
  {
    path: '/qtable',
    name: 'qtable',
    icon: 'OrderedListOutlined',
    hideInMenu: true,
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'questions',
  },
  {
    path: '/user',
    name: 'user',
    icon: 'AppstoreOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'categories',
  },
  {
    path: '/records',
    name: 'records',
    icon: 'FileSearchOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'records',
  },
  {
    path: '/alerts',
    name: 'alerts',
    icon: 'AlertOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'alerts',
  },
  {
    path: '/participants',
    name: 'participants',
    icon: 'TeamOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'participants',
  },
  {
    path: '/center',
    name: 'center',
    icon: 'SettingOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    // Finance holds only the payment sections.
    resource: ['settings', 'paySettings'],
  },
  {
    path: '/order',
    name: 'order',
    icon: 'WechatOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'orders',
  },
  // Beside /order rather than under it: a menu group would turn "payment orders" into a sub-menu title that
  // no longer opens the list. Its breadcrumb names payment orders as its section.
  {
    path: '/order/weixin',
    name: 'orderWeixin',
    icon: 'TransactionOutlined',
    keepAlive: true,
    permission: ['dashboard'],
    resource: 'payLog',
  },
  // Running the staff: shown to whoever may read any one of its pages.
  {
    path: '/system',
    name: 'system',
    icon: 'SafetyCertificateOutlined',
    permission: ['dashboard'],
    resource: ['accounts', 'roles', 'audit', 'outbox'],
    children: [
      {
        path: '/system/accounts',
        name: 'staffAccounts',
        icon: 'UserOutlined',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'accounts',
      },
      {
        path: '/system/roles',
        name: 'roles',
        icon: 'KeyOutlined',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'roles',
      },
      {
        path: '/system/audit',
        name: 'audit',
        icon: 'AuditOutlined',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'audit',
      },
      {
        path: '/system/outbox',
        name: 'outbox',
        icon: 'MailOutlined',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'outbox',
      },
    ],
  },

  // The template's sample screens (docs/spec.md section 2), each built on the service's own data. A group is
  // shown to whoever may open one of its pages.
  {
    path: '/dashboard',
    name: 'dashboard',
    icon: 'DashboardOutlined',
    permission: ['dashboard'],
    resource: ['orders', 'records', 'payLog', 'alerts', 'tests', 'audit', 'roles'],
    children: [
      {
        path: '/dashboard/analysis',
        name: 'analysis',
        keepAlive: true,
        permission: ['dashboard'],
        // Sales sections need the orders, the records sections the records.
        resource: ['orders', 'records'],
      },
      {
        path: '/dashboard/monitor',
        name: 'monitor',
        keepAlive: true,
        permission: ['dashboard'],
        resource: ['records', 'payLog', 'alerts'],
      },
      {
        path: '/dashboard/workplace',
        name: 'workplace',
        keepAlive: true,
        permission: ['dashboard'],
        // Its cards: the alerts to follow up, the orders, the records, the recently changed tests, the team's
        // activity and its roles.
        resource: ['alerts', 'orders', 'records', 'tests', 'audit', 'roles'],
      },
    ],
  },
  {
    path: '/form',
    name: 'form',
    icon: 'FormOutlined',
    permission: ['dashboard'],
    resource: ['goals', 'orders'],
    children: [
      {
        path: '/form/basic-form',
        name: 'basicForm',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'goals',
      },
      {
        path: '/form/step-form',
        name: 'stepForm',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'orders',
      },
      {
        path: '/form/advanced-form',
        name: 'advancedForm',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'goals',
      },
    ],
  },
  {
    path: '/list',
    name: 'list',
    icon: 'TableOutlined',
    permission: ['dashboard'],
    resource: ['goals', 'tests', 'categories', 'participants'],
    children: [
      {
        path: '/list/table-list',
        name: 'tableList',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'goals',
      },
      {
        path: '/list/basic-list',
        name: 'basicList',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'tests',
      },
      {
        path: '/list/card-list',
        name: 'cardList',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'tests',
      },
      {
        path: '/list/search',
        name: 'searchList',
        keepAlive: true,
        permission: ['dashboard'],
        resource: ['tests', 'categories', 'participants'],
      },
    ],
  },
  {
    path: '/profile',
    name: 'profile',
    icon: 'ProfileOutlined',
    permission: ['dashboard'],
    resource: ['orders', 'participants'],
    children: [
      {
        path: '/profile/basic',
        name: 'basicProfile',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'orders',
      },
      {
        path: '/profile/advanced',
        name: 'advancedProfile',
        keepAlive: true,
        permission: ['dashboard'],
        resource: 'participants',
      },
    ],
  },
  {
    path: '/result',
    name: 'result',
    icon: 'CheckCircleOutlined',
    permission: ['dashboard'],
    resource: 'orders',
    children: [
      {
        path: '/result/success',
        name: 'resultSuccess',
        permission: ['dashboard'],
        resource: 'orders',
      },
      { path: '/result/fail', name: 'resultFail', permission: ['dashboard'], resource: 'orders' },
    ],
  },
  {
    path: '/exception',
    name: 'exception',
    icon: 'WarningOutlined',
    permission: ['dashboard'],
    resource: 'tests',
    // The trigger asks for a test that does not exist, among others.
    children: [
      { path: '/exception/trigger', name: 'exceptionTrigger', permission: ['dashboard'], resource: 'tests' },
    ],
  },
] as const satisfies readonly ConsoleRoute[];

/** The name of each console route that shows a page (a route with children only groups them in the menu). */
type PageNames<R> = R extends { readonly children: readonly (infer C)[] }
  ? PageNames<C>
  : R extends { readonly name: infer N }
    ? N
    : never;
export type ConsolePageName = PageNames<(typeof ROUTES)[number]>;

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = ROUTES;

export interface RouteAccess {
  permissionIds: readonly string[];
  canQuery: (resource: PermissionId) => boolean;
}

/** What a role's grants allow of the routes (the server's side; the console reads its permission entries). */
export const grantsAccess = (grants: Grants): RouteAccess => ({
  permissionIds: PERMISSION_IDS.filter((id) => (grants[id]?.length ?? 0) > 0),
  canQuery: (resource) => grantsAllow(grants, resource, 'query'),
});

/** What a signed-in person's permission entries (`/api/user/info`) allow of the routes: the console's side. */
export const entriesAccess = (
  entries: readonly Pick<PermissionEntry, 'permissionId' | 'actionList'>[],
): RouteAccess => ({
  permissionIds: entries.map((entry) => entry.permissionId),
  canQuery: (resource) => can(entries, resource, 'query'),
});

/** The access part of a route: all that the server's nav and the console's registry filter on. */
export interface GuardedRoute {
  permission?: readonly PermissionId[];
  /** Shown to those who may query this resource, or any one of these. */
  resource?: PermissionId | readonly PermissionId[];
  children?: readonly GuardedRoute[];
}

/** Whether a route itself (not its parents) lets this access in: a held permission and a readable resource. */
export function routeAllowed(route: GuardedRoute, access: RouteAccess): boolean {
  const byPermission = !route.permission || route.permission.some((id) => access.permissionIds.includes(id));
  return byPermission && (!route.resource || [route.resource].flat().some(access.canQuery));
}

/**
 * Route generation (docs/spec.md section 4): deep copy, keep routes without requirement or with one held
 * permission; children alike.
 * Generic so the console's registry, which extends these routes with its pages, keeps its own fields.
 */
export function filterRoutes<R extends GuardedRoute>(routes: readonly R[], access: RouteAccess): R[] {
  const kept: R[] = [];
  for (const route of routes) {
    if (!routeAllowed(route, access)) continue;
    const copy: R = { ...route, permission: route.permission ? [...route.permission] : undefined };
    if (route.children) copy.children = filterRoutes(route.children as readonly R[], access);
    if (!copy.permission) delete copy.permission;
    kept.push(copy);
  }
  return kept;
}

/** The pages of a role's menu (its groups' pages, not the groups), in menu order: what it may start on. */
function menuPages(access: RouteAccess): ConsoleRoute[] {
  const pages = (routes: readonly ConsoleRoute[]): ConsoleRoute[] =>
    routes.flatMap((route) => (route.children ? pages(route.children) : route.hideInMenu ? [] : [route]));
  return pages(filterRoutes(CONSOLE_ROUTES, access));
}

/** The paths a person may choose as their start page (Account settings > Custom). */
export const startPages = (access: RouteAccess): string[] => menuPages(access).map((route) => route.path);

/** Where staff whose role allows them no page land. */
export const NO_PAGE_PATH = '/exception/403';

/**
 * Where a signed-in person lands: their chosen start page while their role may open it, else the role's first
 * page it can use whole (every resource it shows and every part it reads), else its first page at all.
 */
export function homePath(access: RouteAccess, startPage?: string | null): string {
  const pages = menuPages(access);
  if (startPage && pages.some((route) => route.path === startPage)) return startPage;
  const whole = pages.find((route) =>
    [route.resource ?? [], route.uses ?? []].flat().every((resource) => access.canQuery(resource)),
  );
  return (whole ?? pages[0])?.path ?? NO_PAGE_PATH;
}

const SAFE_REDIRECT = /^\/(?!\/)[^\\\s]*$/;

/** A `?redirect=` target is followed only when it is an in-app absolute path (no scheme, no `//host`). */
export function safeRedirect(target: string | null | undefined, fallback = HOME_PATH): string {
  if (!target || !SAFE_REDIRECT.test(target) || target.startsWith('/user/login')) return fallback;
  return target;
}
