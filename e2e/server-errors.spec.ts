import { ADMIN, MOBILE_VIEWPORT, SCREENSHOT_DIR, signInAs } from './support.ts';
import { expect, test } from './test.ts';

// A refusal the server explains (a duplicate name, 409) shows in the console's language, not the server's.
const CASES = [
  { language: 'en-US', create: 'New category', save: 'Save', text: /Chinese or English name already exists/ },
  { language: 'zh-CN', create: '新建分类', save: /保\s*存/, text: '已存在相同中文或英文名称的分类' },
] as const;

for (const { language, create, save, text } of CASES) {
  for (const [viewportName, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', MOBILE_VIEWPORT],
  ] as const) {
    test(`a duplicate category name is explained in ${language}, ${viewportName}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((lang) => {
        localStorage.setItem('app-settings', JSON.stringify({ state: { language: lang }, version: 1 }));
      }, language);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/user');
      await page.getByRole('button', { name: create }).click();
      const dialog = page.getByRole('dialog');
      // The seeded demo category "Personality" takes the English name.
      await dialog.locator('#category_nameZh').fill('重复名称');
      await dialog.locator('#category_nameEn').fill('Personality');
      await dialog.getByRole('button', { name: save }).click();
      await expect(dialog.getByRole('alert')).toHaveText(text);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/duplicate-name-${language}-${viewportName}.png` });
    });
  }
}
