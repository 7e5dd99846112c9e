import type { Page } from '@playwright/test';
import {
  ADMIN,
  createAccount,
  expectNoSideScroll,
  presetSettings,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
} from './support.ts';
import { expect, test } from './test.ts';

const trial = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

test.describe('exception trigger', () => {
  test("shows the server's real refusals as the console words them, and a page that breaks", async ({
    page,
  }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    // The account menu of docs/spec.md section 2 leads there.
    await page.goto('/game');
    await page.getByRole('button', { name: 'Account menu' }).click({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Trigger Error' }).click();
    await expect(page).toHaveURL(/\/exception\/trigger$/);
    const missing = trial(page, 'A test that does not exist');
    await missing.getByRole('button', { name: 'Send' }).click({ timeout: 30_000 });
    await expect(page.getByTestId('outcome-notFound')).toContainText('HTTP 404');
    await expect(page.getByTestId('outcome-notFound')).toContainText('test.notFound');

    await trial(page, 'A refused request').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('outcome-invalid')).toContainText('HTTP 400');
    await expect(page.getByTestId('outcome-invalid')).toContainText('pageSize');

    // The administrator may read every list: nothing to refuse.
    const forbidden = trial(page, 'A list your role may not read');
    await expect(forbidden).toContainText('nothing to refuse');
    await expect(forbidden.getByRole('button', { name: 'Send' })).toBeDisabled();

    await page.getByRole('button', { name: 'Break this page' }).click();
    await expect(page.getByText('500', { exact: true })).toBeVisible();
    // The menu and the shell still work: another page opens.
    await page.goto('/exception/trigger');
    await expect(page.getByRole('button', { name: 'Break this page' })).toBeVisible();
  });

  test('answers 403 for a list the role may not read', async ({ page }) => {
    const viewer = await createAccount(page.request, 'viewer');
    await signInAs(page, viewer.username, viewer.password);
    await page.goto('/exception/trigger');
    await trial(page, 'A list your role may not read')
      .getByRole('button', { name: 'Send' })
      .click({ timeout: 30_000 });
    await expect(page.getByTestId('outcome-forbidden')).toContainText('HTTP 403');
  });

  for (const { language, pageStyle, viewport } of screenshotCases()) {
    test(`looks right: ${language}, ${pageStyle}, ${viewport.width} px`, async ({ page }) => {
      await presetSettings(page, { language, pageStyle });
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/exception/trigger');
      const send = page.locator('.ant-card').first().getByRole('listitem').first().getByRole('button');
      await send.click({ timeout: 30_000 });
      await expect(page.getByTestId('outcome-notFound')).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/trigger-${language}-${pageStyle}-${viewport.width}.png`,
        fullPage: true,
      });
    });
  }
});
