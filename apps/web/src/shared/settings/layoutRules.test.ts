import { describe, expect, it } from 'vitest';
import { applyLayoutRules, resolveLayout } from './layoutRules.ts';
import { DEFAULT_SETTINGS, type DisplaySettings } from './settingsStore.ts';

const settings = (patch: Partial<DisplaySettings>): DisplaySettings => ({ ...DEFAULT_SETTINGS, ...patch });

describe('applyLayoutRules', () => {
  it('switching to the side menu sets fluid width', () => {
    expect(applyLayoutRules({ layout: 'sidemenu' })).toEqual({ layout: 'sidemenu', contentWidth: 'Fluid' });
  });

  it('switching to the top menu sets fixed width and turns the fixed sidebar off', () => {
    expect(applyLayoutRules({ layout: 'topmenu' })).toEqual({
      layout: 'topmenu',
      contentWidth: 'Fixed',
      fixSiderbar: false,
    });
  });

  it('unfixing the header also stops it hiding on scroll', () => {
    expect(applyLayoutRules({ fixedHeader: false })).toEqual({ fixedHeader: false, autoHideHeader: false });
    expect(applyLayoutRules({ fixedHeader: true })).toEqual({ fixedHeader: true });
  });

  it('leaves other changes as given, including a width chosen after the menu', () => {
    expect(applyLayoutRules({ contentWidth: 'Fixed' })).toEqual({ contentWidth: 'Fixed' });
    expect(applyLayoutRules({ themeColor: 'purple', colorWeak: true })).toEqual({
      themeColor: 'purple',
      colorWeak: true,
    });
  });
});

describe('resolveLayout', () => {
  it('shows the saved desktop choices as they are', () => {
    const view = resolveLayout(
      settings({ contentWidth: 'Fixed', sidebarCollapsed: true, fixSiderbar: true, pageStyle: 'light' }),
      false,
    );
    expect(view).toMatchObject({
      navigation: 'side',
      contentWidth: 'Fixed',
      collapsed: true,
      fixedSider: true,
      navTheme: 'light',
    });
  });

  it('on a phone uses the drawer menu, never collapsed, with fluid width, even for the top menu', () => {
    for (const layout of ['sidemenu', 'topmenu'] as const) {
      const view = resolveLayout(
        settings({ layout, contentWidth: 'Fixed', sidebarCollapsed: true, fixSiderbar: true }),
        true,
      );
      expect(view).toMatchObject({
        navigation: 'drawer',
        contentWidth: 'Fluid',
        collapsed: false,
        fixedSider: false,
      });
    }
  });

  it('the top menu has no sider to collapse or fix', () => {
    const view = resolveLayout(
      settings({ layout: 'topmenu', sidebarCollapsed: true, fixSiderbar: true }),
      false,
    );
    expect(view).toMatchObject({ navigation: 'top', collapsed: false, fixedSider: false });
  });

  it('auto-hides the header only when it is fixed', () => {
    expect(resolveLayout(settings({ autoHideHeader: true }), false).autoHideHeader).toBe(false);
    expect(resolveLayout(settings({ autoHideHeader: true, fixedHeader: true }), false).autoHideHeader).toBe(
      true,
    );
  });

  it('real dark draws the navigation with the light theme, which the dark algorithm darkens', () => {
    expect(resolveLayout(settings({ pageStyle: 'dark' }), false).navTheme).toBe('dark');
    expect(resolveLayout(settings({ pageStyle: 'realdark' }), false).navTheme).toBe('light');
  });
});
