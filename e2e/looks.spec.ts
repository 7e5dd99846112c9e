import type { Locator, Page } from '@playwright/test';
import { ADMIN, MOBILE_VIEWPORT, SCREENSHOT_DIR, signInAs } from './support.ts';
import { expect, test } from './test.ts';

const LANGUAGES = ['en-US', 'zh-CN'] as const;

async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((state) => {
    localStorage.setItem('app-settings', JSON.stringify({ state, version: 1 }));
  }, settings);
}

/** The colour a box shows: its own background, else the nearest ancestor's that is not transparent. */
const shownBackground = (locator: Locator) =>
  locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'none';
  });

/** Relative luminance 0 (black) to 1 (white) of an `rgb(...)` colour. */
const luminance = (colour: string) => {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

for (const how of ['chosen in the drawer', 'restored from a previous visit'] as const) {
  test(`the real dark page style makes the settings drawer dark too, ${how}`, async ({ page }) => {
    if (how === 'restored from a previous visit') await presetSettings(page, { pageStyle: 'realdark' });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await page.getByRole('button', { name: 'Display settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Display settings' });
    await expect(drawer).toBeVisible();
    if (how === 'chosen in the drawer') await drawer.getByRole('radio', { name: 'Dark style' }).check();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/looks-settings-realdark-${how.split(' ')[0]}.png` });
    const parts = [
      drawer,
      drawer.getByText('Page style setting'),
      drawer.getByRole('button', { name: 'Reset to defaults' }),
    ];
    for (const part of parts) expect(luminance(await shownBackground(part))).toBeLessThan(0.3);
  });
}

test('the real dark page style darkens the login page behind its white heading', async ({ page }) => {
  await presetSettings(page, { pageStyle: 'realdark' });
  await page.goto('/user/login');
  const heading = page.getByRole('heading', { name: 'backend management' });
  await expect(heading).toBeVisible();
  expect(luminance(await heading.evaluate((element) => getComputedStyle(element).color))).toBeGreaterThan(
    0.7,
  );
  // No light picture behind it, and a dark colour.
  const pictures = await heading.evaluate((element) => {
    const found: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const image = getComputedStyle(node).backgroundImage;
      if (image !== 'none') found.push(image);
    }
    return found;
  });
  expect(pictures).toEqual([]);
  expect(luminance(await shownBackground(heading))).toBeLessThan(0.3);
});

for (const language of LANGUAGES) {
  test(`login page: remember me and forgot password share one line on a phone, ${language}`, async ({
    page,
  }) => {
    const zh = language === 'zh-CN';
    await page.setViewportSize(MOBILE_VIEWPORT);
    await presetSettings(page, { language });
    await page.goto('/user/login');
    const remember = page.getByText(zh ? '自动登录' : 'Remember me', { exact: true });
    const forgot = page.getByText(zh ? '忘记密码？' : 'Forgot your password?', { exact: true });
    const [a, b] = [await remember.boundingBox(), await forgot.boundingBox()];
    expect(a && b).toBeTruthy();
    // One line each, side by side.
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(4);
    expect(Math.max(a!.height, b!.height)).toBeLessThan(30);
    // Within the form's edge, as wide as the Login button below them, not in the card's padding.
    const login = await page.locator('form button[type=submit]').boundingBox();
    expect(b!.x + b!.width).toBeLessThanOrEqual(login!.x + login!.width + 0.5);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/looks-login-phone-${language}.png`, fullPage: true });
  });
}

for (const language of LANGUAGES) {
  test(`panel headings are whole on a phone, their buttons below them when both do not fit, ${language}`, async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE_VIEWPORT);
    await presetSettings(page, { language });
    await signInAs(page, ADMIN.username, ADMIN.password);
    for (const path of ['/game', '/user', '/order']) {
      await page.goto(path);
      const headings = page.locator('section[aria-labelledby] > div > h2');
      await expect(headings.first()).toBeVisible();
      for (const heading of await headings.all()) {
        const box = await heading.evaluate((element) => ({
          text: element.textContent,
          cut: element.scrollWidth > element.clientWidth + 1,
          right: element.getBoundingClientRect().right,
        }));
        expect(box.cut, `${path}: ${box.text}`).toBe(false);
        expect(box.right, `${path}: ${box.text}`).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
      }
    }
    await page.goto('/user');
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/looks-panel-headings-phone-${language}.png` });
  });
}
