import { ADMIN, signInWithForm } from './support.ts';
import { expect, test } from './test.ts';

// What the login page and the console's home download is checked on the build (firstScreens in
// apps/web/vite.config.ts); these are what only a browser shows: when the downloads start and what waits.
test.describe('first screen: what the login page downloads, and what signing in waits for', () => {
  test('the console code starts downloading when the person starts filling the form, not before', async ({
    page,
  }) => {
    const shell: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/console-[\w-]+\.js$/.test(request.url())) shell.push(request.url());
    });
    await page.goto('/user/login', { waitUntil: 'networkidle' });
    expect(shell).toEqual([]);
    await page.getByPlaceholder('Username or email').focus();
    await expect.poll(() => shell.length).toBe(1);
  });
  test("the console's home downloads in a few files, not dozens", async ({ page }) => {
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const scripts: string[] = [];
    page.on('request', (request) => {
      // The menu's new-alerts badge downloads only when earlier specs' records left alerts to follow up, and
      // the warning (antd's Alert and its icons) only while priced tests are on the shelf without WeChat Pay.
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js') && !/NewAlertsBadge|\/alert-|CircleFilled-/.test(path)) scripts.push(path);
    });
    // Opened afresh, as a reload or a bookmark does, with the session kept.
    await page.goto('/game', { waitUntil: 'networkidle' });
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // The login page's file, the shell and the tests list in one file, the header's language menu, language packs and
    // the prefetches of the list's calls: as dozens, the page's own calls queued behind them for the browser's six
    // connections.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12);
  });
  test('signing in asks for the first list and the console code alongside the user info', async ({
    page,
  }) => {
    const log: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.pathname.startsWith('/api/tests') ||
        url.pathname === '/api/user/info' ||
        url.pathname.includes('/assets/console-')
      ) {
        log.push(`request ${url.pathname}`);
      }
    });
    // A slow user info: whatever waits for it shows up after it in the log.
    await page.route('**/api/user/info', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      log.push('user info answered');
      await route.fulfill({ response });
    });
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const answered = log.indexOf('user info answered');
    expect(log.indexOf('request /api/tests')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('request /api/tests')).toBeLessThan(answered);
    // Asked for as soon as the session is stored, before the console renders: ahead of the user info itself.
    expect(log.indexOf('request /api/tests')).toBeLessThan(log.indexOf('request /api/user/info'));
    expect(log.findIndex((entry) => entry.includes('console-'))).toBeLessThan(answered);
  });
  test('signing in shows the console frame at once and fills it in when the user info answers', async ({
    page,
  }) => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/user/info', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    // While the user info is held back the layout is there, the page's place showing an outline.
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByTestId('app-sider')).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.getByTestId('app-content').getByTestId('page-outline')).toBeVisible();
    answer();
    await expect(page.getByRole('menuitem', { name: 'psychological test questions' })).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByTestId('app-content').getByTestId('page-outline')).toHaveCount(0);
  });
});
