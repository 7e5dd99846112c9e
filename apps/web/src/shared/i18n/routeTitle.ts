import { CONSOLE_ROUTES } from '@cool/shared';
import type { TFunction } from 'i18next';
import { menuKey } from './menu.ts';

/** Titled pages of the user layout, reachable without a token (SPEC 2). */
export const PUBLIC_PAGES = [
  { path: '/user/login', name: 'login' },
  { path: '/user/register', name: 'register' },
  { path: '/user/register-result', name: 'registerResult' },
  { path: '/404', name: 'notFound' },
] as const;
export type PublicPageName = (typeof PUBLIC_PAGES)[number]['name'];

/** Avatar-menu pages: not in the menu and not permission-bound. */
export const ACCOUNT_PAGES = [
  { path: '/account/center', name: 'accountCenter' },
  { path: '/account/settings', name: 'accountSettings' },
] as const;

const NAMES = new Map<string, string>(
  [...PUBLIC_PAGES, ...ACCOUNT_PAGES, ...CONSOLE_ROUTES].map(({ path, name }) => [path, name]),
);

/** The route name of a pathname (its i18n key is `menu.<name>`); undefined when the path is no titled page. */
export const routeName = (pathname: string): string | undefined => NAMES.get(pathname);

/** The translated title of a pathname, for the document title and the tab labels. */
export function routeTitle(pathname: string, t: TFunction): string | undefined {
  const name = routeName(pathname);
  return name ? t(menuKey(name)) : undefined;
}
