import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { buildThemeConfig } from './themeConfig.ts';

describe('buildThemeConfig', () => {
  it('uses the chosen colour as the primary colour', () => {
    expect(buildThemeConfig('dark', 'daybreak').token?.colorPrimary).toBe('#1890ff');
    expect(buildThemeConfig('light', 'volcano').token?.colorPrimary).toBe('#fa541c');
  });

  it('only real dark switches to the dark algorithm', () => {
    expect(buildThemeConfig('realdark', 'green').algorithm).toBe(theme.darkAlgorithm);
    expect(buildThemeConfig('dark', 'green').algorithm).toBe(theme.defaultAlgorithm);
    expect(buildThemeConfig('light', 'green').algorithm).toBe(theme.defaultAlgorithm);
  });

  it('turns antd motion off only when the system asks for reduced motion', () => {
    expect(buildThemeConfig('light', 'green', true).token?.motion).toBe(false);
    expect(buildThemeConfig('light', 'green').token?.motion).toBe(true);
  });
});
