import { expect, type Page, test } from '@playwright/test';
import { MOBILE_VIEWPORT, SCREENSHOT_DIR } from './support.ts';

/**
 * Paying for a report in the participant app, on a server without WeChat Pay set up: the Unlock button
 * asks for an order and says payment is not available yet; My orders is reached from My records.
 * TODO(issue 10): paying through the WeChat Pay fake needs WECHATPAY_API_BASE passed to the e2e server.
 */

test.use({ viewport: MOBILE_VIEWPORT });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/h5-pay-${name}.png`, fullPage: true });

async function finishPaidTest(page: Page) {
  await page.goto('/h5/?lang=en');
  await page
    .getByRole('link', { name: /Four-letter personality/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Start the test' }).click();
  for (let position = 1; position <= 8; position++) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await page.getByRole('radio').first().check();
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
}

test.describe('paying for a report', () => {
  test('without WeChat Pay set up the Unlock button says payment is not available yet', async ({ page }) => {
    await finishPaidTest(page);
    const unlock = page.getByRole('button', { name: 'Unlock for ¥9.90' });
    const asked = page.waitForResponse(
      (response) => response.url().endsWith('/api/client/orders') && response.request().method() === 'POST',
    );
    await unlock.click();
    expect((await asked).status()).toBe(503);
    await expect(page.getByRole('alert').filter({ hasText: 'Payment is not available yet' })).toBeVisible();
    await shot(page, 'unavailable-en');

    await page.goto('/h5/records?lang=zh');
    await page.getByRole('link', { name: '我的订单' }).click();
    await expect(page.getByText('暂无订单')).toBeVisible();
    await shot(page, 'orders-empty-zh');
  });
});
