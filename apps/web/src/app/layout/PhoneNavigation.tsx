import { Drawer, Layout } from 'antd';
import type { MenuNode } from '../../shared/routes/tree.ts';
import type { EffectiveLayout } from '../../shared/settings/layoutRules.ts';
import { Brand } from './Brand.tsx';
import { SideMenu } from './SideMenu.tsx';

interface PhoneNavigationProps {
  menu: MenuNode[];
  navTheme: EffectiveLayout['navTheme'];
  width: number;
  open: boolean;
  onClose: () => void;
}

/** The side menu in a drawer, where the layout has no room for a side bar (phones). */
export default function PhoneNavigation({ menu, navTheme, width, open, onClose }: PhoneNavigationProps) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      closable={false}
      size={width}
      styles={{ body: { padding: 0 } }}
    >
      {/* A Sider inside the drawer keeps the navigation theme's own colours. */}
      <Layout.Sider width="100%" theme={navTheme} style={{ height: '100%' }}>
        <Brand compact={false} navTheme={navTheme} />
        <SideMenu menu={menu} theme={navTheme} onNavigate={onClose} />
      </Layout.Sider>
    </Drawer>
  );
}
