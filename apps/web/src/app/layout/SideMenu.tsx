import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CheckCircleOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FormOutlined,
  KeyOutlined,
  MailOutlined,
  OrderedListOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WarningOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Menu, type MenuProps } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { alertCountsQuery } from '../../shared/api/alertCounts.ts';
import { menuKey } from '../../shared/i18n/menu.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { type MenuNode, routeTrail } from '../../shared/routes/tree.ts';
import { tabPath, useTabsStore } from '../../shared/tabs/tabsStore.ts';

// antd's Badge downloads when there are new alerts to count: on most visits there are none.
const NewAlertsBadge = lazy(() => import('./NewAlertsBadge.tsx'));

/** Only the icons the route registry names are bundled, not the whole icon set. */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  WarningOutlined,
  TableOutlined,
  ProfileOutlined,
  FormOutlined,
  DashboardOutlined,
  CheckCircleOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  KeyOutlined,
  MailOutlined,
  OrderedListOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WechatOutlined,
};

interface SideMenuProps {
  menu: MenuNode[];
  /** `horizontal` is the top-menu layout's header menu; both show the same route-generated items. */
  mode?: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  onNavigate?: () => void;
}

export function SideMenu({ menu, mode = 'inline', theme, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The alerts item counts the alerts nobody has followed up yet (refreshed every minute and on a follow-up).
  const newAlerts = useQuery({ ...alertCountsQuery(), enabled: usePermission()('alerts', 'query') }).data
    ?.new;

  const labelOf = (node: MenuNode) =>
    node.name === 'alerts' && newAlerts ? (
      // In the header's menu a block would wrap the item onto a second line, doubling the header's height.
      <Flex
        component="span"
        justify="space-between"
        align="center"
        gap={8}
        style={mode === 'horizontal' ? { display: 'inline-flex' } : undefined}
      >
        {t(menuKey(node.name))}
        <Suspense fallback={null}>
          <NewAlertsBadge count={newAlerts} />
        </Suspense>
      </Flex>
    ) : (
      t(menuKey(node.name))
    );

  // Parents are sub-menus, keyed by their path like the pages.
  const toItems = (nodes: MenuNode[]): MenuProps['items'] =>
    nodes.map((node) => {
      const Icon = node.icon ? ICONS[node.icon] : undefined;
      const item = { key: node.path, icon: Icon ? <Icon /> : null, label: labelOf(node) };
      return node.children ? { ...item, children: toItems(node.children) } : item;
    });
  // The sub-menus around the shown page start open.
  const openKeys = routeTrail(menu, location.pathname)
    .slice(0, -1)
    .map((node) => node.path);

  return (
    <Menu
      theme={theme}
      mode={mode}
      items={toItems(menu)}
      defaultOpenKeys={mode === 'inline' ? openKeys : undefined}
      // The header menu shrinks into an overflow item instead of pushing the header's actions away.
      style={
        mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }
      }
      selectedKeys={[location.pathname]}
      onClick={({ key }) => {
        // A page open in a tab comes back as it was left (its filters, sort and page).
        const tab = useTabsStore.getState().tabs.find((open) => open.key === key);
        navigate(tab ? tabPath(tab) : key);
        onNavigate?.();
      }}
    />
  );
}
