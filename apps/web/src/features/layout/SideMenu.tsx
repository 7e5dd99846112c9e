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
  /** `horizontal` is the top-menu layout's header menu; both show the same route-generated items. */
  mode?: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  onNavigate?: () => void;
}

export function SideMenu({ routes, mode = 'inline', theme, onNavigate }: SideMenuProps) {
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
      theme={theme}
      mode={mode}
      items={items}
      // The header menu shrinks into an overflow item instead of pushing the header's actions away.
      style={
        mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }
      }
      selectedKeys={[location.pathname]}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
