import {
  AppstoreOutlined,
  ExperimentOutlined,
  OrderedListOutlined,
  SettingOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ConsoleRoute } from '@cool/shared';
import { Menu } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuKey } from '../../shared/i18n/menu.ts';

/** Only the icons the route table names are bundled, not the whole icon set. */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  ExperimentOutlined,
  OrderedListOutlined,
  SettingOutlined,
  WechatOutlined,
};

interface SideMenuProps {
  routes: ConsoleRoute[];
  onNavigate?: () => void;
}

export function SideMenu({ routes, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  const items = routes
    .filter((route) => !route.hideInMenu)
    .map((route) => {
      const Icon = route.icon ? ICONS[route.icon] : undefined;
      return { key: route.path, icon: Icon ? <Icon /> : null, label: t(menuKey(route.name)) };
    });

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[location.pathname]}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
