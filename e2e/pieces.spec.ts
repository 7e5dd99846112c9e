import type { Page, Route } from '@playwright/test';
import { ADMIN, apiLogin, MOBILE_VIEWPORT, SCREENSHOT_DIR, signInAs, uniqueSuffix } from './support.ts';
import { expect, test } from './test.ts';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', MOBILE_VIEWPORT],
] as const;

/** The category list call (not the create/edit calls under /api/categories/...). */
const CATEGORY_LIST = /\/api\/categories(\?|$)/;

/** Answers a call the way the server answers a failure: the envelope with the HTTP status as code. */
const fail = (route: Route, status: number, message: string) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ code: status, success: false, message, result: null, timestamp: Date.now() }),
  });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('exception states', () => {
  for (const [viewportName, viewport] of VIEWPORTS) {
    test(`a 403 from the API shows the 403 page in place of the list, ${viewportName}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.route(CATEGORY_LIST, (route) => fail(route, 403, 'No permission to query categories'));
      await page.goto('/user');

      // The page keeps its header; the list's place holds the 403 result, not a blank area.
      await expect(page.getByRole('heading', { name: 'category list' })).toBeVisible();
      await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
      await expect(page.locator('.ant-result-403')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/pieces-403-en-US-${viewportName}.png`,
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Back Home' }).click();
      await expect(page).toHaveURL(/\/game$/);
    });

    test(`a server error shows the 500 result and Retry recovers, ${viewportName}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.route(CATEGORY_LIST, (route) => fail(route, 500, 'Database unavailable'));
      await page.goto('/user');

      await expect(page.getByText('The categories could not be loaded')).toBeVisible();
      await expect(page.getByText('Database unavailable')).toBeVisible();
      await expect(page.locator('.ant-result-500')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/pieces-500-en-US-${viewportName}.png`,
        fullPage: true,
      });

      await page.unroute(CATEGORY_LIST);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText(/Total: \d+/)).toBeVisible();
      await expect(page.locator('.ant-result-500')).toHaveCount(0);
    });
  }

  test('a network failure on the tests list shows the 500 result with the network message', async ({
    page,
  }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    const list = /\/api\/tests(\?|$)/;
    await page.route(list, (route) => route.abort('connectionrefused'));
    await page.goto('/game');
    await expect(page.getByText('The tests could not be loaded')).toBeVisible();
    await expect(page.getByText('The server could not be reached.', { exact: false })).toBeVisible();
    await page.unroute(list);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/Total: \d+/)).toBeVisible();
  });

  test('a 403 on the questions page shows the 403 page in place of the questions', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.route(/\/api\/tests\/\d+/, (route) => fail(route, 403, 'No permission'));
    await page.goto('/qtable?testId=1');
    await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to the tests/i })).toBeVisible();
  });

  test('unknown paths show the 404 page; the 403 and 500 pages have routes too', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back Home' }).click();
    await expect(page).toHaveURL(/\/game$/);

    await page.goto('/exception/403');
    await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
    await page.goto('/exception/500');
    await expect(page.getByText('Sorry, the server is reporting an error.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back Home' })).toBeVisible();

    // Both languages.
    await page.evaluate(() =>
      localStorage.setItem('app-settings', JSON.stringify({ state: { language: 'zh-CN' }, version: 1 })),
    );
    await page.reload();
    await expect(page.getByText('抱歉，服务器出错了。')).toBeVisible();
    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
  });

  test('a page whose code fails to download asks for a reload, inside the layout', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    const chunk = /\/assets\/CategoryPage-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort('failed'));
    await page.goto('/game');
    await page.getByRole('menuitem', { name: 'category list' }).click();
    await expect(page.getByText(/^Loading chunk CategoryPage-[\w-]+ failed$/)).toBeVisible();
    // The menu still works: only the page's area shows the failure.
    await expect(page.getByRole('menuitem', { name: 'psychological test questions' })).toBeVisible();

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'category list' })).toBeVisible();
    await expect(page.getByText(/Total: \d+/)).toBeVisible();
  });
});

test.describe('page header', () => {
  for (const [viewportName, viewport] of VIEWPORTS) {
    test(`breadcrumb, title and description, ${viewportName}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/qtable');
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb).toHaveText(
        /Home\s*\/\s*psychological test questions\s*\/\s*psychological test questions - details/,
      );
      await expectNoHorizontalScroll(page);

      // The section crumb leads to its page, whose breadcrumb ends with its own title.
      await breadcrumb.getByRole('link', { name: 'psychological test questions' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await expect(page.getByText('add its questions and scoring', { exact: false })).toBeVisible();

      await page.goto('/user');
      await expect(breadcrumb).toHaveText(/Home\s*\/\s*category list/);
      await expect(breadcrumb.getByText('category list')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('A category that still holds tests cannot be deleted.')).toBeVisible();
      await expect(page.getByText(/Total: \d+/)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pieces-header-en-US-${viewportName}.png` });

      await breadcrumb.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
    });
  }

  test('breadcrumb in Chinese', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('app-settings', JSON.stringify({ state: { language: 'zh-CN' }, version: 1 })),
    );
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.getByRole('navigation', { name: '面包屑导航' })).toHaveText(/首页\s*\/\s*分类列表/);
  });
});

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('image preview', () => {
  for (const [viewportName, viewport] of VIEWPORTS) {
    test(`the cover opens a footer-less preview, 800 px wide or the phone's width, ${viewportName}`, async ({
      page,
    }) => {
      const { token } = await apiLogin(page.request, ADMIN.username, ADMIN.password);
      const headers = { Authorization: token };
      const upload = await page.request.post('/api/uploads', {
        headers,
        multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
      });
      const { url } = (await upload.json()).result as { url: string };
      const categories = await page.request.get('/api/categories?pageSize=1', { headers });
      const categoryId = ((await categories.json()).result as { data: { id: number }[] }).data[0]?.id;
      const title = `E2E cover ${uniqueSuffix()}`;
      const created = await page.request.post('/api/tests', {
        headers,
        data: { title: { zh: title, en: title }, coverUrl: url, categoryIds: [categoryId] },
      });
      expect((await created.json()).success).toBe(true);

      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/game');
      await page.getByPlaceholder('Chinese or English title').fill(title);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: `Cover of ${title}` }).click();

      const dialog = page.getByRole('dialog', { name: `Cover of ${title}` });
      await expect(dialog.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute('src', url);
      await expect(dialog.locator('.ant-modal-footer')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'OK' })).toHaveCount(0);
      const expected = viewportName === 'desktop' ? 800 : viewport.width;
      // Measured once the opening animation is over; on a phone it keeps a margin inside the screen.
      await expect
        .poll(async () => (await page.locator('.ant-modal').boundingBox())?.width)
        .toBeLessThanOrEqual(expected);
      await expect
        .poll(async () => (await page.locator('.ant-modal').boundingBox())?.width)
        .toBeGreaterThan(expected - 40);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pieces-preview-en-US-${viewportName}.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  }
});

test.describe('page-loading overlay', () => {
  test('covers the page while a whole test is imported, then goes away', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    // Holds the import until the overlay has been checked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tests/import', async (route) => {
      await held;
      await fail(route, 500, 'Import failed on purpose');
    });
    await page.goto('/game');
    await page
      .locator('input[type=file][accept*="json"]')
      .setInputFiles({ name: 'test.json', mimeType: 'application/json', buffer: Buffer.from('{"test":{}}') });

    const overlay = page.locator('.ant-spin-fullscreen');
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('Importing the test...');
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    expect(await overlay.evaluate((node) => getComputedStyle(node).zIndex)).toBe('1100');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/pieces-overlay-en-US-desktop.png` });

    release();
    await expect(overlay).toHaveCount(0);
    await expect(
      page.getByRole('dialog').filter({ hasText: 'The test could not be imported' }),
    ).toContainText('Import failed on purpose');
  });
});
