import { describe, expect, it } from 'vitest';
import accountEn from '../../features/account/strings/account/en-US.json';
import accountZh from '../../features/account/strings/account/zh-CN.json';
import drawerEn from '../layout/strings/console/en-US.json';
import drawerZh from '../layout/strings/console/zh-CN.json';

/** The settings drawer and Account settings > Custom change the same settings: they must name them alike. */
describe('the display settings, in the drawer and in account settings', () => {
  for (const [language, drawer, account] of [
    ['en-US', drawerEn.layout.settings, accountEn.account.settings.custom],
    ['zh-CN', drawerZh.layout.settings, accountZh.account.settings.custom],
  ] as const) {
    it(`say where they are kept, and name each setting, alike (${language})`, () => {
      expect(drawer.hint).toBe(account.hint);
      for (const key of ['themeColor', 'fixedHeader', 'fixSiderbar', 'colorWeak', 'multiTab'] as const)
        expect(drawer[key], key).toBe(account[key]);
    });
  }
});
