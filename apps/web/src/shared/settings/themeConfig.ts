import { type ThemeConfig, theme } from 'antd';
import { type PageStyle, THEME_COLORS, type ThemeColor } from './settingsStore.ts';

/**
 * The antd theme for the chosen page style and colour. Only real dark changes the algorithm; the light and
 * dark styles differ in the navigation's own theme. antd derives each colour's dark variant
 * (docs/spec.md section 9) from the algorithm, so nothing is rebuilt on a change. `reducedMotion` (the
 * system's "reduce motion" setting): drawers, dialogs and menus appear and go without animating.
 */
export function buildThemeConfig(
  pageStyle: PageStyle,
  themeColor: ThemeColor,
  reducedMotion = false,
): ThemeConfig {
  return {
    algorithm: pageStyle === 'realdark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: THEME_COLORS[themeColor], motion: !reducedMotion },
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Follows the system's "reduce motion" setting, also when it changes while the page is open. */
export function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
export const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
