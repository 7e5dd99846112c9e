import type { Page } from '@playwright/test';
import type { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { notifyPaid, orderReport, paidTest, startFakeWechatPay } from './payments.ts';
import {
  ADMIN,
  expectNoSideScroll,
  expectTableFits,
  presetSettings,
  result,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect as baseExpect, test } from './test.ts';

/**
 * The template's step form, result and basic profile screens as the refund wizard, the refund's outcome and
 * the order profile, against the local fake of WeChat Pay: a participant pays ¥19.90, staff refund ¥5.00 with
 * the wizard (the real refund number on the outcome page, "sync now" finds it succeeded), an over-refund is
 * refused by the server (the fail page, and back with the values kept), and the order profile lists both.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

let fake: FakeWechatPay;
let headers: Record<string, string>;
let orderNo = '';
let orderId = 0;
/** The outcome and fail pages the tests reached, for the screenshots. */
let successUrl = '';
let failUrl = '';
const NICKNAME = `E2E Refund ${uniqueSuffix()}`;

test.beforeAll(async ({ request }) => {
  const started = await startFakeWechatPay(request);
  fake = started.fake;
  headers = started.headers;
  const testId = await paidTest(request, headers, 1990);
  orderNo = await orderReport(request, testId, NICKNAME);
  expect((await notifyPaid(fake, orderNo)).status).toBe(204);
  orderId = (await result<{ id: number }>(await request.get(`/api/orders/${orderNo}`, { headers }))).id;
});

test.afterAll(async () => {
  await fake?.close();
});

/** Step 1 for the order with `amount` (yuan) and a reason, then Next: the confirm step. */
async function writeRefund(page: Page, amount: string, reason: string, label = /^Amount to refund/) {
  await page.goto(`/form/step-form?orderNo=${orderNo}`);
  const field = page.getByLabel(label);
  await expect(field).toBeVisible();
  await field.fill(amount);
  await page.getByLabel('Reason (shown to the payer by WeChat Pay)').fill(reason);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('the wizard refunds part of a paid order, and its outcome page follows the refund', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto(`/form/step-form?orderNo=${orderNo}`);
  await expect(page.getByText('¥19.90 (refunded ¥0.00, on its way back ¥0.00)')).toBeVisible();
  await expect(page.getByText(NICKNAME)).toBeVisible();

  // More than was paid is refused before anything is sent.
  await writeRefund(page, '20', 'Too much', /at most ¥19\.90/);
  await expect(page.getByText('At most ¥19.90 can be refunded')).toBeVisible();

  await writeRefund(page, '5', 'Asked by phone');
  await expect(page.getByText('Refund ¥5.00 of ¥19.90 to the payer; ¥14.90 stays paid')).toBeVisible();
  await page.getByRole('button', { name: 'Refund ¥5.00' }).click();

  await expect(page).toHaveURL(/\/result\/success\?refund=\d+&order=\d+$/);
  successUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  // The refund WeChat Pay (the fake) received, by its number.
  const made = [...fake.refunds.values()].find((r) => r.outTradeNo === orderNo)!;
  expect(made.refundFen).toBe(500);
  await expect(page.getByText('Refund submitted')).toBeVisible();
  await expect(page.getByText(made.outRefundNo)).toBeVisible();
  // WeChat Pay's refund id, whole on one line at 1366 px.
  const refundId = page.getByText(made.refundId, { exact: true });
  await expect(refundId).toBeVisible();
  expect((await refundId.boundingBox())!.height).toBeLessThan(30);
  await expect(page.locator('.ant-result .ant-steps-item-process')).toContainText('Processing');
  // Accepted by WeChat Pay, and when our application was answered.
  await expect(page.locator('.ant-result .ant-steps-item').nth(1)).toHaveText(
    /^Accepted by WeChat Pay\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );

  // WeChat Pay finishes it; its notification never arrives: "sync now" asks.
  fake.settleRefund(made.outRefundNo);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Refund succeeded')).toBeVisible();
  await expect(page.getByText(`¥5.00 of order ${orderNo} went back to the payer.`)).toBeVisible();
  await expect(page.locator('.ant-result .ant-steps-item-finish')).toHaveCount(4);

  // On paper: the outcome alone, without the console around it or its buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('Refund succeeded')).toBeVisible();
  for (const around of [
    page.getByRole('navigation', { name: 'Breadcrumb' }),
    page.locator('.ant-layout-sider'),
    page.locator('.ant-layout-header'),
    page.getByRole('button', { name: 'Print' }),
  ])
    await expect(around).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('an over-refund the server refuses goes to the fail page, and back with the values kept', async ({
  page,
}) => {
  await signInAs(page, ADMIN.username, ADMIN.password);
  await writeRefund(page, '14.90', 'The rest');
  await expect(page.getByRole('button', { name: 'Refund ¥14.90' })).toBeVisible();
  // Meanwhile a colleague refunds ¥10.00 of it: only ¥4.90 is left.
  await result(
    await page.request.post(`/api/orders/${orderNo}/refunds`, { headers, data: { amountFen: 1000 } }),
  );
  await page.getByRole('button', { name: 'Refund ¥14.90' }).click();

  await expect(page).toHaveURL(/\/result\/fail\?/);
  failUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByText('Submission failed')).toBeVisible();
  await expect(page.getByText('At most ¥4.90 can still be refunded')).toBeVisible();
  await page.getByRole('link', { name: 'Return to modify' }).click();
  await expect(page.getByLabel('Amount to refund (at most ¥4.90)')).toHaveValue('14.90');
  await expect(page.getByLabel('Reason (shown to the payer by WeChat Pay)')).toHaveValue('The rest');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('At most ¥4.90 can be refunded')).toBeVisible();
});

test('the order profile shows the order, both refunds and its history', async ({ page }) => {
  // A laptop's width beside the menu: the ids stay whole and the refunds' columns all show.
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto(`/profile/basic?id=${orderId}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByRole('link', { name: NICKNAME })).toHaveAttribute(
    'href',
    /\/profile\/advanced\?id=\d+$/,
  );
  const refunds = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Refunds' }) });
  await expect(refunds.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(refunds).toContainText('Asked by phone');
  // Who asked, under when they asked.
  await expect(refunds.locator('tbody tr.ant-table-row').first()).toContainText('by admin');
  await expectTableFits(refunds, 'refunds');
  const orderNumber = await page.getByText(orderNo, { exact: true }).boundingBox();
  expect(orderNumber!.height, 'the order number on one line').toBeLessThan(30);
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'History' }) });
  await expect(history).toContainText("by WeChat Pay's notification");
  await expect(history).toContainText('by staff');
  await page.getByRole('link', { name: 'Refund', exact: true }).click();
  await expect(page).toHaveURL(`/form/step-form?orderNo=${orderNo}`);
});

test.describe('screenshots', () => {
  for (const { language, pageStyle, device, viewport } of screenshotCases()) {
    test(`${language} ${pageStyle} ${device}`, async ({ page }) => {
      test.skip(!successUrl || !failUrl, 'needs the refunds made above');
      const name = (screen: string) =>
        `${SCREENSHOT_DIR}/refunds-${screen}-${language}-${pageStyle}-${device}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto(`/form/step-form?orderNo=${orderNo}`);
      await expect(page.locator('.ant-input-number input')).toHaveValue('4.90');
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('write'), fullPage: true });
      await page.locator('#refundInfo .ant-btn-primary').click();
      await expect(page.locator('.ant-btn-dangerous')).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('confirm'), fullPage: true });

      await page.goto(successUrl);
      await expect(page.locator('.ant-result .ant-steps-item-finish')).toHaveCount(4);
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('success'), fullPage: true });

      await page.goto(failUrl);
      await expect(page.locator('.ant-result-error')).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('fail'), fullPage: true });

      await page.goto(`/profile/basic?id=${orderId}`);
      // Two refunds; five changes of status (created, paid, refunding, paid again, refunding).
      await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(7);
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('profile'), fullPage: true });
    });
  }
});
