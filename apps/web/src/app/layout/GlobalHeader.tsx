import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Layout, Tooltip, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../shared/routes/tree.ts';
import type { EffectiveLayout } from '../../shared/settings/layoutRules.ts';
import { useTabs } from '../../shared/tabs/index.ts';
import { AvatarDropdown } from './AvatarDropdown.tsx';
import { Brand } from './Brand.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { SideMenu } from './SideMenu.tsx';

export const HEADER_HEIGHT = 64;
/** docs/spec.md section 9: fixed content width (also the top menu's header row). */
export const FIXED_CONTENT_WIDTH = 1200;

// The dark top header's text buttons take the dark palette's text colours, derived by antd.
const darkToken = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
const DARK_HEADER_THEME = {
  components: {
    Button: {
      textTextColor: darkToken.colorText,
      textTextHoverColor: darkToken.colorText,
      textTextActiveColor: darkToken.colorText,
      textHoverBg: darkToken.colorBgTextHover,
    },
  },
};

interface GlobalHeaderProps {
  menu: MenuNode[];
  view: EffectiveLayout;
  /** Whether the auto-hide header is currently scrolled away. */
  hidden: boolean;
  zIndex: number;
  /** Fold state shown by the toggle: the collapsed sider, or the closed phone drawer. */
  folded: boolean;
  onToggleMenu: () => void;
  onOpenSettings: () => void;
}

/**
 * The header (docs/spec.md section 2): menu toggle or top menu, refresh, settings (phone), avatar and
 * language.
 */
export function GlobalHeader(props: GlobalHeaderProps) {
  const { view, folded } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { refresh } = useTabs();
  const top = view.navigation === 'top';
  const darkNav = top && view.navTheme === 'dark';

  const style: CSSProperties = {
    height: HEADER_HEIGHT,
    lineHeight: `${HEADER_HEIGHT}px`,
    paddingInline: 0,
    // The top menu's header carries the navigation colour (antd's header colour when dark).
    background: darkNav ? undefined : token.colorBgContainer,
    boxShadow: token.boxShadowTertiary,
    position: view.fixedHeader ? 'sticky' : 'relative',
    top: 0,
    zIndex: props.zIndex,
    transform: props.hidden ? 'translateY(-100%)' : undefined,
    transition: `transform ${token.motionDurationMid} ${token.motionEaseInOut}`,
  };

  const actions: ReactNode = (
    <Flex align="center" gap={4} style={{ flex: 'none' }}>
      <Tooltip title={t('layout.refresh')}>
        <Button
          type="text"
          icon={<ReloadOutlined />}
          aria-label={t('layout.refresh')}
          onClick={() => refresh()}
        />
      </Tooltip>
      {/* In the header at every width: a handle floating at the window's edge would cover content. */}
      <Tooltip title={t('layout.settings.open')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('layout.settings.open')}
          onClick={props.onOpenSettings}
        />
      </Tooltip>
      <AvatarDropdown />
      <LanguageSelect />
    </Flex>
  );

  return (
    <Layout.Header data-testid="app-header" style={style}>
      <Flex
        align="center"
        gap={4}
        style={{
          height: '100%',
          paddingInline: 8,
          maxWidth: top && view.contentWidth === 'Fixed' ? FIXED_CONTENT_WIDTH : undefined,
          marginInline: 'auto',
        }}
      >
        {top ? (
          <>
            <Brand compact={false} navTheme={view.navTheme} />
            <SideMenu menu={props.menu} mode="horizontal" theme={view.navTheme} />
          </>
        ) : (
          <>
            <Button
              type="text"
              icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={props.onToggleMenu}
              aria-label={t(folded ? 'layout.expandMenu' : 'layout.collapseMenu')}
            />
            <div style={{ flex: 1 }} />
          </>
        )}
        {darkNav ? <ConfigProvider theme={DARK_HEADER_THEME}>{actions}</ConfigProvider> : actions}
      </Flex>
    </Layout.Header>
  );
}
