import { filterRoutes, HOME_PATH } from '@cool/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { routeName, routeTitle } from '../../shared/i18n/routeTitle.ts';
import en from '../../shared/i18n/strings/en-US.json';
import zh from '../../shared/i18n/strings/zh-CN.json';
import { tabKey } from '../../shared/routes/routes.ts';
import { flattenRoutes, menuTree, type RouteNode, routeTrail, tabKeyOf } from '../../shared/routes/tree.ts';
import { APP_ROUTES, routeAt } from './registry.tsx';

const access = (permissionIds: string[], queryable: string[] = []) => ({
  permissionIds,
  canQuery: (resource: string) => queryable.includes(resource),
});

/** A registry shaped like the dashboards and account pages to come: groups with permission-bound children. */
const NESTED: RouteNode[] = [
  { path: '/home', name: 'home', icon: 'HomeOutlined', page: true },
  {
    path: '/dashboard',
    name: 'dashboard',
    icon: 'DashboardOutlined',
    children: [
      { path: '/dashboard/analysis', name: 'analysis', permission: ['orders'], page: true },
      { path: '/dashboard/monitor', name: 'monitor', page: true },
      { path: '/dashboard/detail', name: 'detail', hideInMenu: true, identity: ['id'], page: true },
    ],
  },
  {
    path: '/tests',
    name: 'tests',
    page: true,
    children: [{ path: '/tests/one', name: 'one', hideInMenu: true }],
  },
  {
    path: '/reports',
    name: 'reports',
    children: [{ path: '/reports/sales', name: 'sales', permission: ['orders'], page: true }],
  },
  { path: '/hidden', name: 'hidden', hideInMenu: true },
  { path: '/untitled' },
];

describe('menu tree', () => {
  it('nests children as sub-menus and leaves hidden and untitled routes out', () => {
    expect(menuTree(NESTED)).toEqual([
      { path: '/home', name: 'home', icon: 'HomeOutlined' },
      {
        path: '/dashboard',
        name: 'dashboard',
        icon: 'DashboardOutlined',
        children: [
          { path: '/dashboard/analysis', name: 'analysis' },
          { path: '/dashboard/monitor', name: 'monitor' },
        ],
      },
      // Its children are hidden: an item, not a sub-menu.
      { path: '/tests', name: 'tests' },
      { path: '/reports', name: 'reports', children: [{ path: '/reports/sales', name: 'sales' }] },
    ]);
  });

  it('shows only what the role may see, and drops a group left empty', () => {
    const menu = menuTree(filterRoutes(NESTED, access(['dashboard'])));
    expect(menu.map((node) => node.path)).toEqual(['/home', '/dashboard', '/tests']);
    expect(menu[1]?.children?.map((node) => node.path)).toEqual(['/dashboard/monitor']);
  });

  it("is the menu of docs/spec.md section 2 for the product's routes, by role", () => {
    const basic = APP_ROUTES.filter((route) => route.layout === 'basic');
    const operator = access(['dashboard'], ['tests', 'questions', 'categories', 'settings', 'goals']);
    expect(menuTree(filterRoutes(basic, operator)).map((node) => node.path)).toEqual([
      '/game',
      '/user',
      '/center',
      '/dashboard',
      '/form',
      '/list',
      '/exception',
    ]);
    const content = access(['dashboard'], ['tests', 'categories']);
    // The workplace lists recently changed tests: a tests role has a dashboard.
    expect(menuTree(filterRoutes(basic, content)).map((node) => node.path)).toEqual([
      '/game',
      '/user',
      '/dashboard',
      '/list',
      '/exception',
    ]);
    // Account pages are reached from the avatar menu, whatever the role.
    expect(filterRoutes(basic, access([])).map((route) => route.path)).toEqual([
      '/account/center',
      '/account/settings',
    ]);
  });
});

describe('route trail (breadcrumbs)', () => {
  it('lists a route and its ancestors, outermost first', () => {
    expect(routeTrail(NESTED, '/dashboard/detail').map((route) => route.path)).toEqual([
      '/dashboard',
      '/dashboard/detail',
    ]);
    expect(routeTrail(NESTED, '/nowhere')).toEqual([]);
    expect(flattenRoutes(NESTED)).toHaveLength(11);
  });
});

describe('tab keys', () => {
  it('keep only the identifying parameters, so list state changes within one tab', () => {
    expect(tabKeyOf(NESTED, '/dashboard/detail?page=2&id=7&sort=x')).toBe('/dashboard/detail?id=7');
    expect(tabKeyOf(NESTED, '/dashboard/monitor?pageNo=3')).toBe('/dashboard/monitor');
    expect(tabKeyOf(NESTED, '/nowhere?x=1')).toBe('/nowhere?x=1');
  });

  it('tell the tests of /qtable apart by testId and nothing else', () => {
    expect(tabKey('/qtable?keyword=sleep&testId=3')).toBe('/qtable?testId=3');
    expect(tabKey('/qtable')).toBe('/qtable');
    expect(tabKey('/user?name=mood&pageNo=2&sortField=sortOrder&sortOrder=ascend')).toBe('/user');
    expect(tabKey('/game?status=draft')).toBe('/game');
  });
});

describe('titles', () => {
  const t = ((key: string) => key) as unknown as TFunction;

  it('name every titled page of docs/spec.md section 2, in both languages', () => {
    const titled = flattenRoutes(APP_ROUTES).filter((route) => route.name);
    for (const route of titled) {
      expect(en.menu, route.path).toHaveProperty(route.name!);
      expect(zh.menu, route.path).toHaveProperty(route.name!);
    }
    expect(routeTitle('/qtable', t)).toBe('menu.qtable');
    expect(routeName('/user')).toBe('user');
    expect(routeName('/user/login')).toBe('login');
    expect(routeName('/404')).toBe('notFound');
    expect(routeName('/account/settings')).toBe('accountSettings');
    // The template's exception pages show the app title only.
    expect(routeTitle('/exception/403', t)).toBeUndefined();
    expect(routeTitle('/nowhere', t)).toBeUndefined();
  });

  it('keep the facts of docs/spec.md section 2: /game is home, /qtable is hidden, console pages are kept alive', () => {
    expect(routeAt(HOME_PATH)?.name).toBe('game');
    expect(routeAt('/qtable')?.hideInMenu).toBe(true);
    for (const path of ['/game', '/qtable', '/user', '/center', '/order'])
      expect(routeAt(path)?.keepAlive, path).toBe(true);
    // A route without a page only groups its children in the menu.
    expect(flattenRoutes(APP_ROUTES).every((route) => route.page || route.children?.length)).toBe(true);
  });
});
