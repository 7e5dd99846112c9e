import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signInAs, signInWithForm } from './support.ts';

/** The text of every script the page downloads from now on (a redirect has none). */
function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
  });
  return scripts;
}

/**
 * Signs in with the form and waits for the console's home to settle; answers whether an antd component's code was
 * downloaded so far (antd names each component's styles after it: the name is in the code that draws it), or
 * whether a pattern is in the code.
 */
async function signInToHome(page: Page): Promise<(component: string | RegExp) => boolean> {
  const scripts = collectScripts(page);
  await page.goto('/user/login');
  await signInWithForm(page, ADMIN.username, ADMIN.password);
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (component) =>
    (typeof component === 'string' ? new RegExp(`[\`"']${component}[\`"']`) : component).test(
      scripts.join('\n'),
    );
}

test.describe('first screen: what the login page downloads, and what signing in waits for', () => {
  test("the login page downloads neither zod, axios, react-query, antd's form engine nor the console shell's strings", async ({
    page,
  }) => {
    const scripts = collectScripts(page);
    await page.goto('/user/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('tab', { name: 'Credentials' })).toBeVisible();
    const code = scripts.join('\n');
    expect(code).not.toContain('ZodError');
    expect(code).not.toContain('AxiosError');
    expect(code).not.toContain('No QueryClient set');
    // The settings drawer's and the tabs' strings come with the console (app/consoleShell.ts).
    expect(code).not.toContain('Page style setting');
    // Nor antd's form engine (its default messages name it): the first tab's two fields are drawn without it.
    expect(code).not.toContain('Validation error on field');
    expect(code).toContain('Forgot your password?');
  });

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
      // The menu's new-alerts badge downloads only when earlier specs' records left alerts to follow up.
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js') && !path.includes('NewAlertsBadge')) scripts.push(path);
    });
    // Opened afresh, as a reload or a bookmark does, with the session kept.
    await page.goto('/game', { waitUntil: 'networkidle' });
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // The login page's file, the shell and the tests list in one file, the header's language menu, language packs and
    // the prefetches of the list's calls: as dozens, the page's own calls queued behind them for the browser's six
    // connections.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12);
  });

  test('the console home and the category list parse their URLs with zod/mini, without zod classic', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // Each opened afresh with nothing cached, as a bookmark in a new browser does.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    for (const path of ['/game?pageNo=1&sortOrder=ascend', '/user?status=enabled']) {
      const scripts = collectScripts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
      const code = scripts.join('\n');
      // Classic's schema classes are named without core's `$`: `ZodString` is classic, `$ZodString` core.
      expect(/[`"']ZodString[`"']/.test(code), path).toBe(false);
      expect(code, path).toContain('$ZodString');
    }
  });

  test('no page downloads zod classic: the forms that show a schema limit, the orders page, and the live-checked scoring editor', async ({
    page,
  }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    const scripts = collectScripts(page);
    await page.goto('/user');
    await page.getByRole('button', { name: 'New category' }).click();
    await expect(page.getByRole('dialog', { name: 'New category' }).getByLabel('Sort order')).toBeVisible();
    await page.goto('/game');
    await page.getByRole('button', { name: 'New test' }).click();
    await expect(
      page.getByRole('dialog', { name: 'New test' }).getByLabel('Title (English)', { exact: true }),
    ).toBeVisible();
    await page.goto('/center');
    await expect(page.getByLabel('Service name (English)')).toBeVisible();
    await page.goto('/account/settings');
    await expect(page.getByLabel('Nickname')).toBeVisible();
    // Its order drawer works out what may still be refunded (a shared rule, kept out of the order schemas).
    await page.goto('/order');
    await expect(page.getByRole('region', { name: 'Orders', exact: true })).toBeVisible();
    await page.goto('/qtable?testId=1');
    await page.getByRole('tab', { name: 'Scoring' }).click();
    await expect(page.getByRole('group', { name: 'Dimension 1' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Classic's schema classes are named without core's `$`: `ZodString` is classic, `$ZodString` core.
    expect(/[`"']ZodString[`"']/.test(scripts.join('\n'))).toBe(false);
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

  test("the console's home downloads its drawers' and dialogs' code only when one opens", async ({
    page,
  }) => {
    const drawn = await signInToHome(page);
    // The test form (drawer, number input) and the report preview (antd's Modal comes with the welcome notice),
    // and the Tree of the table's tree-mode column filters, which the build leaves out (vite.config.ts).
    for (const component of ['Drawer', 'InputNumber', 'Descriptions', 'Typography', 'Tree'])
      expect(drawn(component), component).toBe(false);
    await page.getByRole('button', { name: 'New test' }).click();
    await expect(
      page.getByRole('dialog', { name: 'New test' }).getByLabel('Title (English)', { exact: true }),
    ).toBeVisible();
    expect(drawn('Drawer')).toBe(true);
    expect(drawn('InputNumber')).toBe(true);
  });

  test("the console's home draws its panels, breadcrumb, status tags and the header's avatar without antd's Card, Breadcrumb, Tag, Avatar or Popover, and its search form without antd's Form or Input's OTP", async ({
    page,
  }) => {
    const drawn = await signInToHome(page);
    // The list's panel still has its heading, the page its breadcrumb, and the header the signed-in person's
    // avatar and name.
    await expect(page.getByRole('region', { name: 'Psychological tests' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /Home\s*\/\s*psychological/,
    );
    await expect(page.getByRole('button', { name: 'Account menu' }).getByRole('img')).toBeVisible();
    await expect(page.getByPlaceholder('Chinese or English title')).toBeVisible();
    // Avatar brings Popover (for its groups' overflow); neither draws anything the header shows. antd's `Input`
    // carries TextArea, Search and OTP ('otp' is OTP's config key); 'breadcrumb' is Breadcrumb's. antd's Form
    // names its items' styles 'item-item' ('Form' alone is also react-router's Form and a menu entry).
    await expect(page.getByRole('row', { name: /PHQ-9/ }).getByText('On shelf')).toBeVisible();
    for (const component of ['Card', 'Avatar', 'Popover', 'Tag', 'breadcrumb', 'otp', 'item-item'])
      expect(drawn(component), component).toBe(false);
    // Nor the form engine under antd's Form (its default messages name it), which antd's radio group and inputs
    // import for one helper each (vite.config.ts).
    expect(drawn(/Validation error on field/)).toBe(false);
  });

  test("the category list asks before deleting in a dialog, without Popover, Popconfirm or Tag, and searches without antd's Form", async ({
    page,
  }) => {
    const drawn = await signInToHome(page);
    await page.getByRole('menuitem', { name: 'category list' }).click();
    await page
      .getByRole('row', { name: /Career/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    // Other specs may have filed a test under Career: then the dialog says at once it cannot be deleted.
    const confirm = page.getByRole('dialog', {
      name: /^(Delete this category\?|This category cannot be deleted)$/,
    });
    await expect(confirm).toContainText(/"Career" (will be removed permanently|holds \d+ tests?)\./);
    await confirm.getByRole('button', { name: /^(Cancel|OK)$/ }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByPlaceholder('Chinese or English name')).toBeVisible();
    for (const component of ['Popover', 'popconfirm', 'Tag', 'otp', 'item-item'])
      expect(drawn(component), component).toBe(false);
  });

  test("the console's home downloads its own screens' strings, and another page's with that page", async ({
    page,
  }) => {
    const scripts = collectScripts(page);
    // One string of the tests list's own, and one of the payment orders page's.
    const downloaded = (text: string) => scripts.some((script) => script.includes(text));
    const ordersText = 'Every payment for a report through WeChat Pay.';
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(downloaded('Write each test in Chinese and English, add its questions and scoring')).toBe(true);
    expect(downloaded(ordersText)).toBe(false);
    await page.getByRole('menuitem', { name: 'payment orders' }).click();
    await expect(page.getByText(ordersText)).toBeVisible();
    expect(downloaded(ordersText)).toBe(true);
  });

  test("a desktop console downloads no phone navigation; a phone's does", async ({ page }) => {
    const drawers: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/PhoneNavigation-[\w-]+\.js$/.test(request.url())) drawers.push(request.url());
    });
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(drawers).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('app-header').getByRole('button', { name: 'Expand menu' }).click();
    await expect(
      page.locator('.ant-drawer-section').getByRole('menuitem', { name: 'payment orders' }),
    ).toBeVisible();
    expect(drawers).toHaveLength(1);
  });
});
