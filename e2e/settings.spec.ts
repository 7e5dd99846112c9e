import type { Locator, Page } from '@playwright/test';
import { ADMIN, apiLogin, createAccount, SCREENSHOT_DIR, signInAs } from './support.ts';
import { expect, test } from './test.ts';

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function openSettings(page: Page, name = 'Display settings') {
  await page.getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeSettings(drawer: Locator) {
  // A swatch's tooltip, shown while the pointer rests on it, can cover the close button: move away first.
  await drawer.page().mouse.move(0, 0);
  // The drawer's own close button comes first; the hint alert has one too.
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer).toBeHidden();
}

/** Signs in as the admin and opens the category list with default display settings. */
async function start(page: Page, path = '/user') {
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto(path);
  await expect(page.getByTestId('app-header')).toBeVisible();
}

/** Makes the page long enough to scroll, whatever the list holds. */
async function shortViewport(page: Page) {
  await page.setViewportSize({ width: 1280, height: 360 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(300);
}

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

test.describe('display settings drawer', () => {
  test('page style colours the sider and page, real dark darkens everything, and it survives a reload', async ({
    page,
  }) => {
    await start(page);
    const sider = page.getByTestId('app-sider');
    const header = page.getByTestId('app-header');
    const body = page.locator('body');
    // Default: dark sider, light content.
    await expect.poll(() => style(sider, 'background-color')).toBe('rgb(0, 21, 41)');
    await expect.poll(() => style(header, 'background-color')).toBe('rgb(255, 255, 255)');

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('radio', { name: 'Dark menu style' })).toBeChecked();
    await drawer.getByRole('radio', { name: 'Light menu style' }).click();
    await expect.poll(() => style(sider, 'background-color')).toBe('rgb(255, 255, 255)');
    await expect.poll(() => style(body, 'background-color')).toBe('rgb(245, 245, 245)');

    await drawer.getByRole('radio', { name: 'Dark style' }).click();
    await expect.poll(() => style(sider, 'background-color')).toBe('rgb(20, 20, 20)');
    await expect.poll(() => style(header, 'background-color')).toBe('rgb(20, 20, 20)');
    await expect.poll(() => style(body, 'background-color')).toBe('rgb(0, 0, 0)');
    // The drawer itself follows the dark algorithm too.
    await expect
      .poll(() => style(page.locator('.ant-drawer-section'), 'background-color'))
      .not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await expect.poll(() => style(sider, 'background-color')).toBe('rgb(20, 20, 20)');
    await expect.poll(() => style(body, 'background-color')).toBe('rgb(0, 0, 0)');
    const again = await openSettings(page);
    await expect(again.getByRole('radio', { name: 'Dark style' })).toBeChecked();
  });

  test('theme colour recolours primary buttons at once and after a reload', async ({ page }) => {
    await start(page);
    const newButton = page.getByRole('button', { name: 'New category' });
    await expect.poll(() => style(newButton, 'background-color')).toBe('rgb(24, 144, 255)');

    const drawer = await openSettings(page);
    for (const name of ['Daybreak Blue (default)', 'Dust Red', 'Volcano', 'Sunset Orange', 'Cyan']) {
      await expect(drawer.getByRole('radio', { name })).toBeVisible();
    }
    // Each swatch is named by a tooltip as well.
    await drawer.getByRole('radio', { name: 'Golden Purple' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Golden Purple' })).toBeVisible();
    await drawer.getByRole('radio', { name: 'Dust Red' }).click();
    await expect(drawer.getByRole('radio', { name: 'Dust Red' })).toBeChecked();
    await closeSettings(drawer);
    await expect.poll(() => style(newButton, 'background-color')).toBe('rgb(245, 34, 45)');

    await page.reload();
    await expect.poll(() => style(newButton, 'background-color')).toBe('rgb(245, 34, 45)');
  });

  test('fixed header stays at the top while the page scrolls', async ({ page }) => {
    await start(page);
    await shortViewport(page);
    const header = page.getByTestId('app-header');

    await scrollTo(page, 200);
    await expect.poll(async () => (await header.boundingBox())?.y).toBeLessThan(0);
    await scrollTo(page, 0);

    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Fixed header' }).click();
    await closeSettings(drawer);
    await scrollTo(page, 200);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

    await page.reload();
    await scrollTo(page, 200);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  });

  test('auto-hide header needs a fixed header, hides on scrolling down and returns on scrolling up', async ({
    page,
  }) => {
    await start(page);
    await shortViewport(page);
    const header = page.getByTestId('app-header');
    const drawer = await openSettings(page);
    const autoHide = drawer.getByRole('switch', { name: 'Hide header when scrolling' });
    await expect(autoHide).toBeDisabled();
    await drawer.getByRole('switch', { name: 'Fixed header' }).click();
    await expect(autoHide).toBeEnabled();
    await autoHide.click();
    await closeSettings(drawer);

    await page.mouse.move(640, 200);
    await page.mouse.wheel(0, 250);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(-64);
    await page.mouse.wheel(0, -60);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

    // Still on after a reload.
    await page.reload();
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
    await page.mouse.move(640, 200);
    await page.mouse.wheel(0, 250);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(-64);
    await page.mouse.wheel(0, -60);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

    // Unfixing the header turns auto-hide off with it.
    const again = await openSettings(page);
    await again.getByRole('switch', { name: 'Fixed header' }).click();
    await expect(autoHide).not.toBeChecked();
    await expect(autoHide).toBeDisabled();
  });

  test('fixed sidebar stays in place and scrolls on its own', async ({ page }) => {
    await start(page);
    await shortViewport(page);
    const sider = page.getByTestId('app-sider');
    await scrollTo(page, 200);
    await expect.poll(async () => (await sider.boundingBox())?.y).toBeLessThan(0);
    await scrollTo(page, 0);

    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Fixed sidebar' }).click();
    await closeSettings(drawer);
    await page.reload();
    await scrollTo(page, 200);
    await expect.poll(async () => (await sider.boundingBox())?.y).toBe(0);
    await expect.poll(async () => (await sider.boundingBox())?.height).toBe(360);
  });

  test('content width: fixed keeps the content within 1200 px, centred', async ({ page }) => {
    await page.setViewportSize({ width: 1700, height: 900 });
    await start(page);
    const content = page.getByTestId('app-content');
    await expect.poll(async () => (await content.boundingBox())?.width).toBe(1700 - 256);

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('radio', { name: 'Fluid' })).toBeChecked();
    await drawer.getByText('Fixed', { exact: true }).click();
    await closeSettings(drawer);
    const box = await content.boundingBox();
    expect(box?.width).toBe(1200);
    // Centred in the space right of the sider.
    expect(Math.round((box?.x ?? 0) - 256)).toBe(Math.round(1700 - ((box?.x ?? 0) + 1200)));

    await page.reload();
    await expect.poll(async () => (await content.boundingBox())?.width).toBe(1200);
  });

  test('weak mode filters the whole page and survives a reload', async ({ page }) => {
    await start(page);
    const html = page.locator('html');
    await expect.poll(() => style(html, 'filter')).toBe('none');
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Colour-weak mode' }).click();
    await expect.poll(() => style(html, 'filter')).toBe('invert(0.8)');
    await page.reload();
    await expect.poll(() => style(html, 'filter')).toBe('invert(0.8)');
    const again = await openSettings(page);
    await again.getByRole('switch', { name: 'Colour-weak mode' }).click();
    await expect.poll(() => style(html, 'filter')).toBe('none');
  });

  test('multi-tab can be switched off and back on', async ({ page }) => {
    await start(page);
    const tabBar = page.getByRole('navigation', { name: 'Open pages' });
    await expect(tabBar).toBeVisible();
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Multiple tabs' }).click();
    await expect(tabBar).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'category list' })).toBeVisible();
    await expect(tabBar).toBeHidden();
    const again = await openSettings(page);
    await again.getByRole('switch', { name: 'Multiple tabs' }).click();
    await expect(tabBar).toBeVisible();
  });

  test('the hint alert can be closed or hidden, and stays hidden', async ({ page }) => {
    await start(page);
    let drawer = await openSettings(page);
    const hint = drawer.getByText(
      'Changes apply at once and are saved to your account, so they follow you to another browser.',
    );
    await expect(hint).toBeVisible();
    await drawer.getByRole('switch', { name: 'Hide hint alert' }).click();
    await expect(hint).toBeHidden();
    await drawer.getByRole('switch', { name: 'Hide hint alert' }).click();
    await expect(hint).toBeVisible();
    // Closing the alert is the same as hiding it.
    await drawer.getByRole('alert').getByRole('button').click();
    await expect(hint).toBeHidden();
    await expect(drawer.getByRole('switch', { name: 'Hide hint alert' })).toBeChecked();

    await page.reload();
    drawer = await openSettings(page);
    await expect(drawer.getByRole('switch', { name: 'Hide hint alert' })).toBeChecked();
    await expect(
      drawer.getByText(
        'Changes apply at once and are saved to your account, so they follow you to another browser.',
      ),
    ).toBeHidden();
  });

  test('reset to defaults restores every display setting but the language', async ({ page }) => {
    await start(page);
    const drawer = await openSettings(page);
    await drawer.getByRole('radio', { name: 'Light menu style' }).click();
    await drawer.getByRole('radio', { name: 'Top menu layout' }).click();
    await drawer.getByRole('switch', { name: 'Colour-weak mode' }).click();
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
    // Copying the settings is for development builds only.
    await expect(drawer.getByRole('button', { name: 'Copy setting' })).toHaveCount(0);

    await drawer.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page.getByText('Display settings restored to the defaults')).toBeVisible();
    await expect(page.getByTestId('app-sider')).toBeVisible();
    await expect(drawer.getByRole('radio', { name: 'Dark menu style' })).toBeChecked();
    await expect(drawer.getByRole('switch', { name: 'Colour-weak mode' })).not.toBeChecked();
    await expect.poll(() => style(page.locator('html'), 'filter')).toBe('none');
  });
});

test.describe('promotion link', () => {
  test.afterEach(async ({ request }) => {
    // Leave the service without a promotion for the other specs.
    const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
    await request.put('/api/settings/promotion', {
      headers: { Authorization: token },
      data: { enabled: false, text: { zh: '', en: '' }, url: '' },
    });
  });

  test('an admin sets it in the drawer and it shows bottom-left in the user language', async ({ page }) => {
    await start(page);
    const promotion = page.getByTestId('promotion-link');
    await expect(promotion).toHaveCount(0);

    const drawer = await openSettings(page);
    const section = drawer.getByRole('region', { name: 'Promotion link' });
    await section.getByRole('switch', { name: 'Show the link' }).click();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Enter the text in Chinese or English')).toHaveCount(2);
    await expect(section.getByText('Enter the link URL')).toBeVisible();
    await section.getByLabel('Link URL').fill('ftp://example.com');
    await expect(section.getByText('Enter an http(s) URL or a path starting with /')).toBeVisible();
    await section.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-promotion-validation-en-US-desktop.png` });

    await section.getByLabel('Chinese text').fill('专业版上线了');
    await section.getByLabel('English text').fill('Try the Pro edition');
    await section.getByLabel('Link URL').fill('https://example.com/pro');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Promotion link saved')).toBeVisible();
    await closeSettings(drawer);

    await expect(promotion).toHaveText('Try the Pro edition');
    await expect(promotion).toHaveAttribute('href', 'https://example.com/pro');
    await expect(promotion).toHaveAttribute('target', '_blank');
    const box = await promotion.boundingBox();
    expect(box).toEqual({ x: 0, y: 800 - 48, width: 258, height: 48 });
    // It sits above the sider: the sider's foot at that point is covered by the link.
    const onTop = await page.evaluate(
      () => document.elementFromPoint(100, 780)?.closest('a')?.dataset.testid,
    );
    expect(onTop).toBe('promotion-link');

    // Another language shows the other text.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(promotion).toHaveText('专业版上线了');

    // A collapsed sider leaves no room in the corner: the link moves into the footer, and back.
    const inFooter = page.locator('footer').getByTestId('promotion-link');
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect(inFooter).toHaveText('专业版上线了');
    await expect(promotion).toHaveCount(1);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(inFooter).toHaveCount(0);
    await expect(promotion).toBeVisible();

    // The saved values come back in the form; switching the link off hides it.
    await page.reload();
    await expect(promotion).toHaveText('专业版上线了');
    const again = await openSettings(page, '显示设置');
    const editor = again.getByRole('region', { name: '推广链接' });
    await expect(editor.getByLabel('英文文字')).toHaveValue('Try the Pro edition');
    await editor.getByRole('switch', { name: '显示链接' }).click();
    // antd spaces out a two-character Chinese button label.
    await editor.getByRole('button', { name: '保 存' }).click();
    await expect(page.getByText('推广链接已保存')).toBeVisible();
    await expect(promotion).toHaveCount(0);
  });

  test('a viewer sees the link but not its editor', async ({ page, request }) => {
    const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
    await request.put('/api/settings/promotion', {
      headers: { Authorization: token },
      data: { enabled: true, text: { zh: '', en: 'Only English' }, url: '/order' },
    });
    const viewer = await createAccount(request, 'viewer');
    await signInAs(page, viewer.username, viewer.password);
    await page.goto('/game');
    const promotion = page.getByTestId('promotion-link');
    // An in-app path stays in the console.
    await expect(promotion).toHaveText('Only English');
    await expect(promotion).not.toHaveAttribute('target', '_blank');

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('switch', { name: 'Fixed header' })).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Promotion link' })).toHaveCount(0);
    await expect(drawer.getByText('Link URL')).toHaveCount(0);
    await closeSettings(drawer);

    // Text in one language serves both.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(promotion).toHaveText('Only English');
    await promotion.click();
    await expect(page).toHaveURL(/\/order$/);
  });
});
