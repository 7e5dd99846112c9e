import type { ContentWidth, DisplaySettings, NavigationMode, PageStyle } from './settingsStore.ts';

/**
 * The layout rules of docs/spec.md section 2 for a change made in the settings drawer: the patch plus the
 * settings the change implies. Side menu brings fluid width; top menu brings fixed width and no fixed sidebar
 * (there is no sidebar to fix); a header that scrolls away cannot also auto-hide.
 */
export function applyLayoutRules(patch: Partial<DisplaySettings>): Partial<DisplaySettings> {
  const next = { ...patch };
  if (patch.layout === 'sidemenu') next.contentWidth = 'Fluid';
  if (patch.layout === 'topmenu') {
    next.contentWidth = 'Fixed';
    next.fixSiderbar = false;
  }
  if (patch.fixedHeader === false) next.autoHideHeader = false;
  return next;
}

/** What the shell actually renders, after the phone rules; the saved desktop choices stay untouched. */
export interface EffectiveLayout {
  /** `drawer`: the phone's menu, whatever navigation mode is saved. */
  navigation: 'side' | 'top' | 'drawer';
  contentWidth: ContentWidth;
  collapsed: boolean;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixedSider: boolean;
  /** Colour scheme of the navigation (sider, or header in top mode). */
  navTheme: 'light' | 'dark';
}

/** Real dark renders the navigation with antd's light theme, which the dark algorithm turns dark. */
const NAV_THEME: Record<PageStyle, EffectiveLayout['navTheme']> = {
  light: 'light',
  dark: 'dark',
  realdark: 'light',
};

const NAVIGATION: Record<NavigationMode, EffectiveLayout['navigation']> = {
  sidemenu: 'side',
  topmenu: 'top',
};

/**
 * Mobile mode (docs/spec.md section 2): on a phone the menu is a drawer, never collapsed, and the width is
 * fluid.
 */
export function resolveLayout(settings: DisplaySettings, isMobile: boolean): EffectiveLayout {
  const navigation = isMobile ? 'drawer' : NAVIGATION[settings.layout];
  return {
    navigation,
    contentWidth: isMobile ? 'Fluid' : settings.contentWidth,
    collapsed: navigation === 'side' && settings.sidebarCollapsed,
    fixedHeader: settings.fixedHeader,
    autoHideHeader: settings.fixedHeader && settings.autoHideHeader,
    fixedSider: navigation === 'side' && settings.fixSiderbar,
    navTheme: NAV_THEME[settings.pageStyle],
  };
}
