import { can, filterRoutes } from '@cool/shared';
import { Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuKey } from '../../../shared/i18n/menu.ts';
import { allRoutes } from '../../../shared/routes/routes.ts';
import { useAuthStore } from '../../../shared/session/authStore.ts';

const HERE = '/dashboard/workplace';

/** The template's quick start: the menu's pages this role may open, filtered as the menu is. */
export function QuickLinks() {
  const { t } = useTranslation();
  const permissions = useAuthStore((s) => s.user?.role.permissions);
  const pages = useMemo(() => {
    if (!permissions) return [];
    // Each route on its own: a page is kept by its own permission and resource, as in the menu.
    const pages = allRoutes()
      .filter(
        (route) => route.page && route.name && !route.hideInMenu && route.permission && route.path !== HERE,
      )
      .map(({ children: _, ...route }) => route);
    return filterRoutes(pages, {
      permissionIds: permissions.map((p) => p.permissionId),
      canQuery: (resource) => can(permissions, resource, 'query'),
    });
  }, [permissions]);
  return (
    <Flex wrap gap={8}>
      {pages.length === 0 && <Typography.Text type="secondary">{t('workplace.links.empty')}</Typography.Text>}
      {pages.map((route) => (
        <Link key={route.path} to={route.path}>
          <Button size="small">{t(menuKey(route.name ?? ''))}</Button>
        </Link>
      ))}
    </Flex>
  );
}
