import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  expectNoSideScroll,
  presetSettings,
  result,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
  takePhq9,
  uniqueSuffix,
} from './support.ts';
import { expect, test } from './test.ts';

/** The monitor and the workplace (the template's dashboards) on the service's own data. */

/** A statistic's number, by its title. */
const statistic = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');

test.beforeAll(async ({ request }) => {
  // A record with an alert, and a notification nobody signed: a failure in the payment log.
  await takePhq9(request, `Monitor ${uniqueSuffix()}`);
  const forged = await request.post('/api/pay/wechat/notify', {
    headers: { 'content-type': 'application/json' },
    data: { id: 'forged', resource: {} },
  });
  expect(forged.ok()).toBe(false);
});

test.describe('the monitor', () => {
  test("shows today's records, the payment log's failures, open alerts and the job queue, polled in the background", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, ADMIN.username, ADMIN.password);
    const polled = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/monitor/records',
    );
    await page.goto('/dashboard/monitor');
    expect((await polled).headers()['x-background']).toBe('1');
    await expect(page.getByRole('heading', { name: 'Records now' })).toBeVisible({ timeout: 30_000 });
    await expect(statistic(page, 'Submitted today')).not.toHaveText('0');
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();

    const payments = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'WeChat Pay, last 24 hours' }) });
    const failure = payments
      .getByRole('link')
      .filter({ has: page.locator('.ant-tag') })
      .first();
    await expect(failure).toBeVisible();
    expect(await failure.getAttribute('href')).toMatch(/^\/order\/weixin\?verdict=/);
    await expect(statistic(page, 'Failures')).not.toHaveText('0');

    const alerts = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Open alerts' }) });
    await expect(alerts.getByRole('row', { name: /Severe/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Background work, last 24 hours' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/^Updated at \d\d:\d\d:\d\d$/);
  });
});

test.describe('the workplace', () => {
  test('greets the admin and shows what waits, the recent activity, quick links, tests and team', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(page.request, ADMIN.username, ADMIN.password);
    const me = await result<{ name: string }>(
      await page.request.get('/api/user/info', { headers: { Authorization: token } }),
    );
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/dashboard/workplace');
    await expect(page.getByRole('heading', { name: new RegExp(`^Good \\w+, ${me.name}$`) })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Role: Administrator')).toBeVisible();
    const todo = page.getByRole('group', { name: 'Waiting for you' });
    await expect(todo.getByRole('link', { name: /New alerts/ })).not.toHaveText(/New alerts0$/);
    const activity = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Recent activity' }) });
    await expect(activity.getByText(new RegExp(`^${ADMIN.username} Sign in`)).first()).toBeVisible();
    const links = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Quick links' }) });
    await links.getByRole('link', { name: 'Monitor' }).click();
    await expect(page).toHaveURL(/\/dashboard\/monitor$/);
  });
});

test.describe('dashboard screenshots', () => {
  for (const { language, pageStyle, device, viewport } of screenshotCases()) {
    test(`${language} ${pageStyle} ${device}`, async ({ page }) => {
      test.setTimeout(120_000);
      const name = (screen: string) => `${SCREENSHOT_DIR}/${screen}-${language}-${pageStyle}-${device}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/dashboard/monitor');
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-progress').first()).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('monitor'), fullPage: true });

      await page.goto('/dashboard/workplace');
      await expect(page.locator('.ant-timeline-item').first()).toBeVisible({ timeout: 30_000 });
      // The tests recently changed, each a link to its questions.
      await expect(page.locator('li a[href^="/qtable?testId="]').first()).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('workplace'), fullPage: true });
    });
  }
});
