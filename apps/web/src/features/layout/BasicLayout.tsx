import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { ConsoleRoute } from '@cool/shared';
import { Button, Drawer, Flex, Grid, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '../../assets/logo.svg';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { AvatarDropdown } from './AvatarDropdown.tsx';
import { ContentArea } from './ContentArea.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { SideMenu } from './SideMenu.tsx';

const SIDER_WIDTH = 256;

interface BasicLayoutProps {
  /** Console routes already filtered by the user's permissions. */
  routes: ConsoleRoute[];
}

function Brand({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={10}
      style={{ height: 64, paddingInline: compact ? 24 : 20, overflow: 'hidden' }}
    >
      <img src={logo} alt="" width={32} height={32} />
      {!compact && (
        <Typography.Text
          strong
          style={{ color: token.colorTextLightSolid, fontSize: token.fontSizeLG, whiteSpace: 'nowrap' }}
        >
          {t('app.title')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** SPEC 2 layout 1: side menu, header (collapse, avatar, language), content, footer. */
export default function BasicLayout({ routes }: BasicLayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // SPEC 2: on small screens the sidebar becomes a drawer and is never shown collapsed.
  const isMobile = Grid.useBreakpoint().md === false;
  const collapsed = useSettingsStore((s) => s.sidebarCollapsed);
  const setCollapsed = useSettingsStore((s) => s.setSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const folded = isMobile ? !drawerOpen : collapsed;
  const toggle = () => (isMobile ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={SIDER_WIDTH}
          styles={{ body: { padding: 0 } }}
        >
          {/* A Sider inside the drawer keeps the dark navigation theme's own colours. */}
          <Layout.Sider width="100%" trigger={null} style={{ height: '100%' }}>
            <Brand compact={false} />
            <SideMenu routes={routes} onNavigate={() => setDrawerOpen(false)} />
          </Layout.Sider>
        </Drawer>
      ) : (
        <Layout.Sider width={SIDER_WIDTH} collapsible collapsed={collapsed} trigger={null}>
          <Brand compact={collapsed} />
          <SideMenu routes={routes} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 8,
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Button
            type="text"
            icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
            aria-label={t(folded ? 'layout.expandMenu' : 'layout.collapseMenu')}
          />
          <div style={{ flex: 1 }} />
          <AvatarDropdown />
          <LanguageSelect />
        </Layout.Header>
        <Layout.Content style={{ minWidth: 0 }}>
          <ContentArea isMobile={isMobile} />
        </Layout.Content>
        <Layout.Footer style={{ padding: 0, background: 'transparent' }}>
          <GlobalFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
