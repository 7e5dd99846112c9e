import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, type PermissionId } from './permissions.ts';
import {
  CONSOLE_ROUTES,
  type ConsoleRoute,
  filterRoutes,
  grantsAccess,
  homePath,
  NO_PAGE_PATH,
  safeRedirect,
  startPages,
} from './routes.ts';

const access = (permissionIds: string[], queryable: string[] = []) => ({
  permissionIds,
  canQuery: (resource: string) => queryable.includes(resource),
});

describe('filterRoutes (docs/spec.md section 4: route generation)', () => {
  const table: ConsoleRoute[] = [
    { path: '/open', name: 'open' },
    { path: '/dash', name: 'dash', permission: ['dashboard'] },
    { path: '/either', name: 'either', permission: ['orders', 'dashboard'] },
    {
      path: '/parent',
      name: 'parent',
      permission: ['dashboard'],
      children: [
        { path: '/parent/a', name: 'a', permission: ['orders'] },
        { path: '/parent/b', name: 'b' },
      ],
    },
  ];

  it('keeps routes without a requirement, and those where the user holds at least one permission', () => {
    expect(filterRoutes(table, access(['dashboard'])).map((r) => r.path)).toEqual([
      '/open',
      '/dash',
      '/either',
      '/parent',
    ]);
    expect(filterRoutes(table, access(['orders'])).map((r) => r.path)).toEqual(['/open', '/either']);
    expect(filterRoutes(table, access([])).map((r) => r.path)).toEqual(['/open']);
  });

  it('filters children the same way', () => {
    const [, , , parent] = filterRoutes(table, access(['dashboard']));
    expect(parent?.children?.map((r) => r.path)).toEqual(['/parent/b']);
  });

  it('never mutates the source table', () => {
    const before = JSON.stringify(table);
    const result = filterRoutes(table, access(['dashboard']));
    // The types say readonly; a caller that mutates the copy anyway must not reach the table.
    (result[3]?.children as ConsoleRoute[] | undefined)?.push({ path: '/x', name: 'x' });
    (result[1]?.permission as PermissionId[] | undefined)?.push('orders');
    expect(JSON.stringify(table)).toBe(before);
  });

  it("keeps the fields a caller's routes add (the console registry's pages and identifying params)", () => {
    const pages = [
      { path: '/a', page: 'A', identity: ['id'], permission: ['dashboard' as const] },
      { path: '/b', page: 'B', children: [{ path: '/b/c', page: 'C', permission: ['orders' as const] }] },
    ];
    expect(filterRoutes(pages, access(['dashboard']))).toEqual([
      { path: '/a', page: 'A', identity: ['id'], permission: ['dashboard'] },
      { path: '/b', page: 'B', children: [] },
    ]);
  });

  it('hides console pages whose resource the role may not query', () => {
    const finance = filterRoutes(CONSOLE_ROUTES, access(['dashboard', 'orders'], ['orders', 'tests']));
    expect(finance.map((r) => r.path)).toEqual([
      '/game',
      '/order',
      '/dashboard',
      '/form',
      '/list',
      '/profile',
      '/result',
      '/exception',
    ]);
    // Of the sample screens' groups, only the pages on what the role may read.
    const pages = (group: string) =>
      finance.find((route) => route.path === group)?.children?.map((route) => route.path);
    expect(pages('/dashboard')).toEqual(['/dashboard/analysis', '/dashboard/workplace']);
    expect(pages('/form')).toEqual(['/form/step-form']);
    expect(pages('/list')).toEqual(['/list/basic-list', '/list/card-list', '/list/search']);
    expect(pages('/profile')).toEqual(['/profile/basic']);
    expect(filterRoutes(CONSOLE_ROUTES, access(['orders'], ['orders']))).toEqual([]);
  });

  it("names in each group exactly its pages' resources, and each page those its sections read", () => {
    for (const group of CONSOLE_ROUTES.filter((route) => route.children)) {
      const pages = new Set(group.children!.flatMap((page) => [page.resource ?? []].flat()));
      expect(new Set([group.resource ?? []].flat()), group.name).toEqual(pages);
    }
    // The workplace lists recently changed tests and the roles; it has no goals card.
    const workplace = (queryable: string[]) =>
      filterRoutes(CONSOLE_ROUTES, access(['dashboard'], queryable))
        .find((route) => route.path === '/dashboard')
        ?.children?.some((route) => route.path === '/dashboard/workplace') ?? false;
    expect(workplace(['tests'])).toBe(true);
    expect(workplace(['roles'])).toBe(true);
    expect(workplace(['goals'])).toBe(false);
  });

  it('shows a page of several sections to whoever may query one of them', () => {
    const payOnly = filterRoutes(CONSOLE_ROUTES, access(['dashboard'], ['paySettings']));
    expect(payOnly.map((r) => r.path)).toEqual(['/center']);
  });
});

describe('homePath and startPages (where staff land)', () => {
  const builtIn = (id: string) => grantsAccess(BUILT_IN_ROLES.find((role) => role.id === id)!.grants);

  it('lands each built-in role on the first page it can use whole', () => {
    expect(homePath(builtIn('admin'))).toBe('/game');
    expect(homePath(builtIn('operator'))).toBe('/game');
    expect(homePath(builtIn('viewer'))).toBe('/game');
    // Finance reads the tests but not their categories (the list's filter): its orders come first.
    expect(homePath(builtIn('finance'))).toBe('/order');
  });

  it('lands on the chosen start page only while the role may open it', () => {
    expect(homePath(builtIn('finance'), '/order/weixin')).toBe('/order/weixin');
    expect(homePath(builtIn('finance'), '/system/accounts')).toBe('/order');
    expect(homePath(builtIn('finance'), '/form')).toBe('/order');
  });

  it('offers the pages of the menu, not its groups or hidden pages', () => {
    const pages = startPages(builtIn('operator'));
    expect(pages).toContain('/game');
    expect(pages).toContain('/dashboard/workplace');
    expect(pages).not.toContain('/dashboard');
    expect(pages).not.toContain('/qtable');
    expect(pages).not.toContain('/order');
  });

  it('sends a role with no page to the 403 page', () => {
    expect(homePath(grantsAccess({}))).toBe(NO_PAGE_PATH);
  });
});

describe('safeRedirect', () => {
  it('follows in-app absolute paths, keeping their query', () => {
    expect(safeRedirect('/order?page=2')).toBe('/order?page=2');
    expect(safeRedirect('/user')).toBe('/user');
  });

  it('falls back to /game for anything that could leave the app or loop', () => {
    for (const target of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'game',
      '/user/login?x=1',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target)).toBe('/game');
    }
  });
});
