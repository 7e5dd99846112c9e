import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  ALL_SCREENSHOTS,
  apiLogin,
  expectTableFits,
  MOBILE_VIEWPORT,
  presetSettings,
  SCREENSHOT_DIR,
  signInAs,
  takePhq9,
  uniqueSuffix,
} from './support.ts';
import { expect, test } from './test.ts';

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Display settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Display settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function setPromotion(request: APIRequestContext, enabled: boolean) {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const response = await request.put('/api/settings/promotion', {
    headers: { Authorization: token },
    data: enabled
      ? {
          enabled,
          text: { zh: '了解专业版', en: 'Discover the Pro edition' },
          url: 'https://example.com/pro',
        }
      : { enabled, text: { zh: '', en: '' }, url: '' },
  });
  expect(response.ok()).toBe(true);
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('navigation modes', () => {
  test('top menu moves the menu into the header with fixed width; side menu brings back fluid width', async ({
    page,
  }) => {
    // As on a running service: the menu counts a new alert, whose badge arrives after the menu.
    await takePhq9(page.request, `E2E Layout ${uniqueSuffix()}`);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const header = page.getByTestId('app-header');
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Fixed sidebar' }).click();
    await expect(drawer.getByRole('radio', { name: 'Fluid' })).toBeChecked();

    await drawer.getByRole('radio', { name: 'Top menu layout' }).click();
    await expect(drawer.getByRole('radio', { name: 'Fixed' })).toBeChecked();
    const fixedSider = drawer.getByRole('switch', { name: 'Fixed sidebar' });
    await expect(fixedSider).not.toBeChecked();
    await expect(fixedSider).toBeDisabled();
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
    // Same items, same titles, now in the (dark) header next to the logo.
    await expect(header.getByText('Cool Evaluation')).toBeVisible();
    await expect(header.getByRole('menuitem', { name: 'category list' })).toBeVisible();
    await expect.poll(() => style(header, 'background-color')).toBe('rgb(0, 21, 41)');
    await expect(header.getByRole('button', { name: 'Collapse menu' })).toHaveCount(0);
    await expect.poll(async () => (await page.getByTestId('app-content').boundingBox())?.width).toBe(1200);

    // The alerts item's badge widens it when its count arrives, and the menu then lays out its overflow
    // item again: hover it only after that, or the hover lands on the item being replaced.
    const counted = page.waitForResponse((r) => r.url().includes('/api/alerts/counts'));
    await page.reload();
    await counted;
    await expect(header.locator('.ant-badge-count').first()).toBeAttached();
    // Items past the header's 1200 px wait under antd's overflow item; the alerts item (in the header or
    // there, as the header's buttons leave room) shows its badge, and the menu stays on the header's one row.
    await header.getByRole('menuitem', { name: 'ellipsis' }).hover();
    await expect(
      page
        .getByRole('menuitem', { name: /alerts \d+$/ })
        .filter({ visible: true })
        .locator('.ant-badge-count'),
    ).toBeVisible();
    expect((await header.getByRole('menu').boundingBox())?.height).toBeLessThanOrEqual(64);
    await page.getByRole('menuitem', { name: 'payment orders' }).click();
    await expect(page.getByRole('heading', { name: 'payment orders' })).toBeVisible();
    await expect(page.getByTestId('app-sider')).toHaveCount(0);

    const again = await openSettings(page);
    await again.getByRole('radio', { name: 'Side menu layout' }).click();
    await expect(again.getByRole('radio', { name: 'Fluid' })).toBeChecked();
    await expect(again.getByRole('switch', { name: 'Fixed sidebar' })).toBeEnabled();
    await expect(
      page.getByTestId('app-sider').getByRole('menuitem', { name: 'payment orders' }),
    ).toBeVisible();
    await expect
      .poll(async () => (await page.getByTestId('app-content').boundingBox())?.width)
      .toBe(1280 - 256);
  });

  // The account's saved settings arrive from the server while the person may already be changing them.
  const preferencesCall = (page: Page, method: 'GET' | 'PUT') =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/account/preferences') && r.request().method() === method,
    );
  const storedLayout = async (page: Page) => {
    const { token } = await apiLogin(page.request, ADMIN.username, ADMIN.password);
    const response = await page.request.get('/api/account/preferences', {
      headers: { Authorization: token },
    });
    return (await response.json()).result.layout;
  };
  /** The account holds the side menu (one change saved), then the person picks the top menu. */
  async function topMenuAfterASave(page: Page) {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const drawer = await openSettings(page);
    const saved = preferencesCall(page, 'PUT');
    await drawer.getByRole('switch', { name: 'Fixed sidebar' }).click();
    await saved;
    await drawer.getByRole('radio', { name: 'Top menu layout' }).click();
    return drawer;
  }

  test('a change made after the last save is not undone by the saved settings', async ({ page }) => {
    // The header moves into the top layout here; the saved side menu must not come back with it.
    const drawer = await topMenuAfterASave(page);
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
    await expect.poll(() => storedLayout(page)).toBe('topmenu');
    await expect(drawer.getByRole('radio', { name: 'Top menu layout' })).toBeChecked();
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
  });

  test('a change followed at once by a reload is kept, here and on the account', async ({ page }) => {
    // Reloaded before the change is saved: the account still holds the side menu.
    await topMenuAfterASave(page);
    const loaded = preferencesCall(page, 'GET');
    await page.reload();
    await loaded;
    await expect(
      page.getByTestId('app-header').getByRole('menuitem', { name: 'category list' }),
    ).toBeVisible();
    await expect.poll(() => storedLayout(page)).toBe('topmenu');
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
  });

  test('the collapsed sidebar is remembered across reloads', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const sider = page.getByTestId('app-sider');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
  });

  test('the refresh icon reloads the current page data', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
    const refresh = page.getByRole('button', { name: 'refresh page' });
    await refresh.hover();
    await expect(page.getByRole('tooltip', { name: 'refresh page' })).toBeVisible();
    const reloaded = page.waitForResponse((response) => response.url().includes('/api/categories'));
    await refresh.click();
    expect((await reloaded).ok()).toBe(true);
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: MOBILE_VIEWPORT });

  test('at 375 px the menu is a drawer, the width is fluid, nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    await setPromotion(request, true);
    // Desktop choices that a phone overrides: top menu, fixed width, collapsed sidebar.
    await presetSettings(page, { layout: 'topmenu', contentWidth: 'Fixed', sidebarCollapsed: true });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const header = page.getByTestId('app-header');
    await expect(header.getByRole('menuitem')).toHaveCount(0);
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
    await expect.poll(async () => (await page.getByTestId('app-content').boundingBox())?.width).toBe(375);
    // The corner box would cover content on a phone: the link is in the footer instead.
    await expect(page.locator('footer').getByTestId('promotion-link')).toHaveCount(1);
    await expect(page.getByTestId('promotion-link')).toHaveCount(1);

    await header.getByRole('button', { name: 'Expand menu' }).click();
    const menu = page.locator('.ant-drawer-section').filter({ has: page.getByRole('menu') });
    await expect(menu.getByRole('menuitem', { name: 'payment orders' })).toBeVisible();
    // Never collapsed: the titles show, not just icons.
    await expect(menu.getByText('category list')).toBeVisible();
    await menu.getByRole('menuitem', { name: 'payment orders' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'payment orders' })).toBeVisible();

    // Settings open from the header and fit the screen.
    const drawer = await openSettings(page);
    const box = await page
      .locator('.ant-drawer-section')
      .filter({ hasText: 'Display settings' })
      .boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.width ?? 999) <= 375).toBe(true);
    await expect(drawer.getByRole('radio', { name: 'Top menu layout' })).toBeChecked();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await setPromotion(request, false);
  });
});

test.describe('shell screenshots', () => {
  test.beforeAll(async ({ request }) => setPromotion(request, true));
  test.afterAll(async ({ request }) => setPromotion(request, false));

  const cases = [
    ...(['light', 'dark', 'realdark'] as const).flatMap((pageStyle) =>
      (['sidemenu', 'topmenu'] as const).map((layout) => ({ pageStyle, layout, device: 'desktop' as const })),
    ),
    ...(['light', 'dark', 'realdark'] as const).map((pageStyle) => ({
      pageStyle,
      layout: 'sidemenu' as const,
      device: 'mobile' as const,
    })),
  ];

  for (const [index, { pageStyle, layout, device }] of cases.entries()) {
    // Each case in both languages when all screenshots are asked for, else in one, alternating.
    const languages = ALL_SCREENSHOTS
      ? (['en-US', 'zh-CN'] as const)
      : ([index % 2 ? 'zh-CN' : 'en-US'] as const);
    for (const language of languages) {
      const name = `shell-${pageStyle}-${layout}-${language}-${device}`;
      test(name, async ({ page }) => {
        await page.setViewportSize(device === 'mobile' ? MOBILE_VIEWPORT : { width: 1280, height: 800 });
        await presetSettings(page, {
          language,
          pageStyle,
          layout,
          contentWidth: layout === 'topmenu' ? 'Fixed' : 'Fluid',
        });
        await signInAs(page, ADMIN.username, ADMIN.password);
        await page.goto('/user');
        await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
        // In the corner over the side menu; with the top menu it would cover content, so it is in the footer.
        const promotion = page.getByTestId('promotion-link');
        await expect(promotion).toHaveCount(1);
        await expect(page.locator('footer').getByTestId('promotion-link')).toHaveCount(
          layout === 'topmenu' || device === 'mobile' ? 1 : 0,
        );
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });

        // The settings drawer over the same page.
        await page.getByRole('button', { name: /^(Display settings|显示设置)$/ }).click();
        const drawer = page
          .locator('.ant-drawer-section')
          .filter({ has: page.getByRole('radiogroup').first() });
        // Settled once its right edge meets the window's.
        await expect
          .poll(async () => {
            const box = await drawer.boundingBox();
            return box && Math.round(box.x + box.width);
          })
          .toBe(device === 'mobile' ? MOBILE_VIEWPORT.width : 1280);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/settings-${pageStyle}-${layout}-${language}-${device}.png`,
        });
      });
    }
  }

  test('phone menu drawer in real dark', async ({ page }) => {
    await page.setViewportSize(MOBILE_VIEWPORT);
    await presetSettings(page, { pageStyle: 'realdark' });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    const menu = page.locator('.ant-drawer-section').filter({ has: page.getByRole('menu') });
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-menu-drawer-realdark-mobile.png` });
  });
});

test.describe('nothing covered or cut at desktop widths', () => {
  // Two cores shared by many jobs: a dashboard's first answers can take longer than the default ten seconds.
  const FIRST_DATA = { timeout: 30_000 };
  for (const width of [1280, 1366, 1920]) {
    test(`the display settings opener covers no content at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, ADMIN.username, ADMIN.password);
      for (const path of ['/dashboard/monitor', '/dashboard/workplace', '/dashboard/analysis']) {
        await page.goto(path);
        const opener = page.getByRole('button', { name: 'Display settings' });
        await expect(opener).toBeVisible(FIRST_DATA);
        const content = await page.getByTestId('app-content').boundingBox();
        const box = await opener.boundingBox();
        // Content scrolls under anything fixed over it: the opener must sit outside the content's box.
        const overlaps =
          box!.x < content!.x + content!.width &&
          box!.x + box!.width > content!.x &&
          box!.y < content!.y + content!.height &&
          box!.y + box!.height > content!.y;
        expect(overlaps, `${path} at ${width} px`).toBe(false);
      }
    });
  }

  test("the monitor's background work shows every column whole at 1366 px in English", async ({ page }) => {
    // Every queue the server runs, as after a day of work.
    const names = [
      'purge-sessions',
      'vacuum',
      'purge-codes-and-messages',
      'notify-staff',
      'recovery-mail',
      'pay-close-expired-orders',
      'pay-poll-refunds',
      'pay-query-unnotified-orders',
      'pay-reconcile-yesterday',
    ];
    await page.route('**/api/monitor/jobs', (route) =>
      route.fulfill({
        json: {
          code: 0,
          success: true,
          message: 'OK',
          timestamp: Date.now(),
          result: {
            available: true,
            queues: names.map((name, i) => ({
              name,
              queued: i,
              active: 0,
              completed: 1440 + i,
              failed: i % 3,
            })),
          },
        },
      }),
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/dashboard/monitor');
    const panel = page.locator('section').filter({ hasText: 'Background work, last 24 hours' });
    await expect(panel.getByRole('cell', { name: 'Reconcile yesterday' })).toBeVisible(FIRST_DATA);
    await expectTableFits(panel.locator('.ant-table'), 'background work');
    for (const header of await panel.getByRole('columnheader').all()) {
      const cut = await header.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, (await header.textContent()) ?? '').toBe(false);
    }
  });

  test('the analysis weekly range heading keeps each date whole in Chinese at 1366 px', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await presetSettings(page, { language: 'zh-CN' });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/dashboard/analysis');
    const heading = page.getByRole('columnheader', { name: /周涨幅/ });
    await expect(heading).toContainText(/\d\d-\d\d 至 \d\d-\d\d/, FIRST_DATA);
    // Each date's characters lie on one line: a date broken at its hyphen has two boxes.
    const lines = await heading.evaluate((element) => {
      const found: Record<string, number> = {};
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\d\d-\d\d/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          found[match[0]] = tops.size;
        }
      }
      return found;
    });
    expect(Object.keys(lines)).toHaveLength(2);
    for (const [date, count] of Object.entries(lines)) expect(count, date).toBe(1);
  });
});
