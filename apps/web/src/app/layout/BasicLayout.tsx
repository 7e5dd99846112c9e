import { Flex, Grid, Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MenuNode } from '../../shared/routes/tree.ts';
import { resolveLayout } from '../../shared/settings/layoutRules.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { Brand } from './Brand.tsx';
import { ContentArea } from './ContentArea.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import { FIXED_CONTENT_WIDTH, GlobalHeader, HEADER_HEIGHT } from './GlobalHeader.tsx';
import { PROMOTION_BOX_SIZE, PromotionLink } from './PromotionLink.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useAutoHideHeader } from './useAutoHideHeader.ts';

// The settings drawer's code downloads when it is first opened, not with every console page; the phone's
// navigation drawer only where the layout uses it.
const PhoneNavigation = lazy(() => import('./PhoneNavigation.tsx'));
const SettingsDrawer = lazy(() =>
  import('./SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);

const SIDER_WIDTH = 256;
/** Stacking inside the shell; antd's drawers, modals and popups (1000 and up) stay above all of it. */
const LAYER = { header: 20, promotion: 30 };

interface BasicLayoutProps {
  /** The menu of the console routes the user may see. */
  menu: MenuNode[];
}

/**
 * Layout 1 (docs/spec.md section 2): side or top menu, header, content, footer, settings drawer and
 * promotion box.
 */
export default function BasicLayout({ menu }: BasicLayoutProps) {
  const { token } = theme.useToken();
  const isMobile = Grid.useBreakpoint().md === false;
  const settings = useSettingsStore();
  const view = resolveLayout(settings, isMobile);
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsWanted = useSettingsWanted(settingsOpen);
  const headerHidden = useAutoHideHeader(view.autoHideHeader, HEADER_HEIGHT);

  // A phone menu left open must not reappear when the window grows and shrinks again.
  useEffect(() => {
    if (!isMobile) setMenuOpen(false);
  }, [isMobile]);

  const folded = view.navigation === 'drawer' ? !menuOpen : view.collapsed;
  const toggleMenu = () =>
    view.navigation === 'drawer' ? setMenuOpen(!menuOpen) : settings.setSidebarCollapsed(!view.collapsed);
  // The box overlays the expanded side menu's foot; anywhere else it would cover content, so it joins the footer.
  const promotionInCorner = view.navigation === 'side' && !view.collapsed;
  const navBorder = view.navTheme === 'light' ? `${token.lineWidth}px solid ${token.colorSplit}` : undefined;

  return (
    <Layout hasSider={view.navigation === 'side'} style={{ minHeight: '100vh' }}>
      {view.navigation === 'drawer' && (
        <Suspense fallback={null}>
          <PhoneNavigation
            menu={menu}
            navTheme={view.navTheme}
            width={SIDER_WIDTH}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
      {view.navigation === 'side' && (
        <Layout.Sider
          data-testid="app-sider"
          width={SIDER_WIDTH}
          collapsible
          collapsed={view.collapsed}
          trigger={null}
          theme={view.navTheme}
          style={{
            borderInlineEnd: navBorder,
            // A fixed sider stays in the viewport and scrolls its own menu.
            ...(view.fixedSider && { position: 'sticky', top: 0, height: '100vh', alignSelf: 'flex-start' }),
          }}
        >
          <Flex vertical style={{ height: '100%' }}>
            <Brand compact={view.collapsed} navTheme={view.navTheme} />
            <div
              style={{
                flex: 1,
                minHeight: 0,
                overflowX: 'hidden',
                overflowY: 'auto',
                // Room for the promotion box over the sider's foot, so the last item stays reachable.
                paddingBottom: promotionInCorner ? PROMOTION_BOX_SIZE.height : 0,
              }}
            >
              <SideMenu menu={menu} theme={view.navTheme} />
            </div>
          </Flex>
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <GlobalHeader
          menu={menu}
          view={view}
          hidden={headerHidden}
          zIndex={LAYER.header}
          folded={folded}
          onToggleMenu={toggleMenu}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <Layout.Content style={{ minWidth: 0 }}>
          <div
            data-testid="app-content"
            style={
              view.contentWidth === 'Fixed'
                ? { maxWidth: FIXED_CONTENT_WIDTH, marginInline: 'auto' }
                : undefined
            }
          >
            <ContentArea isMobile={isMobile} />
          </div>
        </Layout.Content>
        <Layout.Footer style={{ padding: 0, background: 'transparent' }}>
          <GlobalFooter extra={!promotionInCorner && <PromotionLink placement="footer" />} />
        </Layout.Footer>
      </Layout>

      {promotionInCorner && <PromotionLink placement={{ corner: { zIndex: LAYER.promotion } }} />}
      {settingsWanted && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}

/** Whether the drawer was ever opened: it stays mounted afterwards, so closing it animates. */
function useSettingsWanted(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted;
}
