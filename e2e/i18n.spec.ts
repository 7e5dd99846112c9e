import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  createAccount,
  MOBILE_VIEWPORT,
  result,
  SCREENSHOT_DIR,
  signInAs,
} from './support.ts';
import { expect, test } from './test.ts';

async function switchTo(page: Page, label: 'English' | '简体中文') {
  await page
    .getByRole('button', { name: /^(Language|语言)$/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('the language a person meets first', () => {
  test.describe('in a Chinese browser', () => {
    test.use({ locale: 'zh-CN' });

    test('the first visit is in Chinese', async ({ page }) => {
      await page.goto('/user/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    });
  });

  test('the language chosen on the sign-in page becomes the account’s, over the one it had saved', async ({
    page,
  }) => {
    const account = await createAccount(page.request, 'operator');
    const { token } = await apiLogin(page.request, account.username, account.password);
    const headers = { Authorization: token };
    await result(
      await page.request.put('/api/account/preferences', { headers, data: { language: 'en-US' } }),
    );

    await page.goto('/user/login');
    await switchTo(page, '简体中文');
    await page.getByPlaceholder('用户名或邮箱').fill(account.username);
    await page.getByPlaceholder('密码').fill(account.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByRole('heading', { name: '心理测试题', exact: true })).toBeVisible();
    // Kept with the account: its next sign-in elsewhere, and its mail, are in Chinese.
    await expect
      .poll(
        async () =>
          (
            await result<{ language?: string }>(
              await page.request.get('/api/account/preferences', { headers }),
            )
          ).language,
      )
      .toBe('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });
});

test.describe('languages', () => {
  test('switching to Chinese translates menu, title and html lang, and is remembered', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await switchTo(page, '简体中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('menuitem', { name: '分类列表' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '支付订单' })).toBeVisible();
    await expect(page).toHaveTitle('分类列表 - 酷测评');
    await expect(page.getByRole('columnheader', { name: '中文名称' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveTitle('分类列表 - 酷测评');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByRole('menuitem', { name: '支付订单' }).click();
    await expect(page.getByRole('heading', { name: '支付订单' })).toBeVisible();
    // The orders screen's own strings, which come with the console after the reload.
    await expect(page.getByLabel('订单号')).toBeVisible();

    await switchTo(page, 'English');
    await expect(page).toHaveTitle('payment orders - Cool Evaluation');
  });

  test('the Chinese pack is downloaded on the first switch only, never before', async ({ page }) => {
    const packRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/zh-CN-[\w-]+\.js$/.test(request.url())) packRequests.push(request.url());
    });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.getByRole('menuitem', { name: 'category list' })).toBeVisible();
    expect(packRequests).toEqual([]);

    await switchTo(page, '简体中文');
    await expect(page.getByRole('menuitem', { name: '分类列表' })).toBeVisible();
    await switchTo(page, 'English');
    await expect(page.getByRole('menuitem', { name: 'category list' })).toBeVisible();
    await switchTo(page, '简体中文');
    await expect(page.getByRole('menuitem', { name: '分类列表' })).toBeVisible();
    // Three chunks, once each: the login-time pack, the shell's strings (app/locales/shell) and the category
    // list's (features/categories/strings).
    expect(packRequests).toHaveLength(3);
  });

  test('the login page switches language from its language button; the menu downloads only when the button is reached', async ({
    page,
  }) => {
    const menuCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/LanguageSelect-[\w-]+\.js$/.test(request.url())) menuCode.push(request.url());
    });
    await page.goto('/user/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(menuCode).toEqual([]);
    // One click opens the menu, even though its code arrives only then.
    await switchTo(page, '简体中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    expect(menuCode).toHaveLength(1);
    await switchTo(page, 'English');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('the current language name column comes first', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const headers = page.locator('thead th');
    await expect(headers.nth(1)).toHaveText('English name');
    await switchTo(page, '简体中文');
    await expect(headers.nth(1)).toHaveText('中文名称');
  });
});

test.describe('screenshots', () => {
  for (const [viewportName, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', MOBILE_VIEWPORT],
  ] as const) {
    for (const language of ['en-US', 'zh-CN'] as const) {
      test(`login and category list, ${language}, ${viewportName}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((lang) => {
          localStorage.setItem('app-settings', JSON.stringify({ state: { language: lang }, version: 1 }));
        }, language);
        await page.goto('/user/login');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('tab').first()).toBeVisible();
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/login-${language}-${viewportName}.png`,
          fullPage: true,
        });

        await signInAs(page, ADMIN.username, ADMIN.password);
        await page.goto('/user');
        await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
        // No page-level horizontal scroll: the table scrolls inside its card.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/categories-${language}-${viewportName}.png`,
          fullPage: true,
        });

        if (viewportName === 'mobile') {
          await page.getByRole('button', { name: /Expand menu|展开菜单/ }).click();
          const drawer = page.locator('.ant-drawer-section');
          await expect(drawer.getByRole('menuitem', { name: /category list|分类列表/ })).toBeVisible();
          // Wait for the slide-in to finish so the screenshot shows the settled drawer.
          await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
          await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-drawer-${language}-${viewportName}.png` });
        }
      });
    }
  }
});
