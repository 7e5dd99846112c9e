import { type ThemeConfig, theme } from 'antd';
import { type PageStyle, THEME_COLORS, type ThemeColor } from './settingsStore.ts';

/**
 * The antd theme for the chosen page style and colour. Only real dark changes the algorithm; the
 * light and dark styles differ in the navigation's own theme. antd derives each colour's dark
 * variant (SPEC 9) from the algorithm, so nothing is rebuilt on a change.
 */
export function buildThemeConfig(pageStyle: PageStyle, themeColor: ThemeColor): ThemeConfig {
  return {
    algorithm: pageStyle === 'realdark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: THEME_COLORS[themeColor] },
  };
}
