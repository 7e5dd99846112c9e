import type { TFunction } from 'i18next';
import { routeAt } from '../routes/routes.ts';
import { menuKey } from './menu.ts';

/** The route name of a pathname (its i18n key is `menu.<name>`); undefined when the path is no titled page. */
export const routeName = (pathname: string): string | undefined => routeAt(pathname)?.name;

/** The translated title of a pathname, for the document title, the tab labels and the breadcrumbs. */
export function routeTitle(pathname: string, t: TFunction): string | undefined {
  const name = routeName(pathname);
  return name ? t(menuKey(name)) : undefined;
}
