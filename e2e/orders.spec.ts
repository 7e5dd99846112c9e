import type { Locator } from '@playwright/test';
import type { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { notifyPaid, orderReport, paidTest, startFakeWechatPay } from './payments.ts';
import {
  ADMIN,
  apiLogin,
  expectTableFits,
  MOBILE_VIEWPORT,
  presetSettings,
  result,
  SCREENSHOT_DIR,
  screenshotCases,
  settled,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect as baseExpect, test, thisServer } from './test.ts';

/**
 * The staff side of payment orders against the local fake of WeChat Pay: a participant pays for a report by
 * QR code (the fake pays and sends its signed notification), staff find the order in /order, open it and
 * refund half; the WeChat Pay page shows the calls and the notification.
 */

// Two cores shared by many jobs: a list or a write can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

let fake: FakeWechatPay;
let paidOrder = '';
/** The China-time day reconciled in beforeAll. */
let billDate = '';
const NICKNAME = `E2E Payer ${uniqueSuffix()}`;

test.beforeAll(async ({ request }) => {
  const started = await startFakeWechatPay(request);
  fake = started.fake;
  const { headers } = started;
  const testId = await paidTest(request, headers, 1990);
  // The participant scans and pays; WeChat Pay notifies us.
  paidOrder = await orderReport(request, testId, NICKNAME);
  expect((await notifyPaid(fake, paidOrder)).status).toBe(204);
  // A second participant leaves their order unpaid.
  await orderReport(request, testId, `${NICKNAME} 2`);
  // A third paid yesterday; yesterday's bill says another amount: reconciliation finds the difference.
  const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
  const third = await orderReport(request, testId, `${NICKNAME} 3`);
  fake.billTweaks.amountFen.set(third, 1000);
  expect((await notifyPaid(fake, third, yesterday)).status).toBe(204);
  billDate = yesterday.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
  const reconciled = await result<{ counts: { amountDiffers: number } }>(
    await request.post('/api/pay/reconciliations', { headers, data: { billDate } }),
  );
  expect(reconciled.counts.amountDiffers).toBe(1);
});

test.afterAll(async () => {
  await fake?.close();
});

test('staff find the paid order and refund half of it', async ({ page }) => {
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/order');
  await page.getByLabel('Order number').fill(paidOrder);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: paidOrder });
  await expect(row).toContainText('¥19.90');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(NICKNAME);
  await row.getByRole('button', { name: `Order ${paidOrder}` }).click();

  const drawer = page.getByRole('dialog', { name: `Order ${paidOrder}`, exact: true });
  await expect(drawer).toContainText("by WeChat Pay's notification");
  await expect(drawer).toContainText('Report unlocked');
  await drawer.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${paidOrder}` });
  await expect(dialog).toContainText(
    'Refund ¥19.90 of ¥19.90 to the payer; the report will be locked again.',
  );
  await dialog.getByLabel('Amount to refund (at most ¥19.90)').fill('9.95');
  await expect(dialog).toContainText(
    'Refund ¥9.95 of ¥19.90 to the payer; ¥9.95 stays paid and the report stays unlocked.',
  );
  await dialog.getByLabel('Reason (shown to the payer by WeChat Pay)').fill('Half, as agreed by phone');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund requested')).toBeVisible();
  await expect(drawer).toContainText('Refunding');
  await expect(drawer).toContainText('Half, as agreed by phone');

  // WeChat Pay finishes the refund and says so: the order is paid again with ¥9.95 refunded, still unlocked.
  const refund = [...fake.refunds.values()].find((r) => r.outTradeNo === paidOrder)!;
  fake.settleRefund(refund.outRefundNo);
  const notified = await fake.send(
    `${thisServer().baseURL}/api/pay/wechat/refund-notify`,
    fake.buildRefundNotification(refund.outRefundNo),
  );
  expect(notified.status).toBe(204);
  await page.reload();
  const reopened = page.getByRole('dialog', { name: `Order ${paidOrder}`, exact: true });
  await expect(reopened.locator('.ant-descriptions').first()).toContainText('¥9.95');
  await expect(reopened).toContainText('Report unlocked');

  // The WeChat Pay page logged the prepay call and the notification.
  await page.goto(`/order/weixin?orderNo=${paidOrder}`);
  await expect(
    page.locator('tbody tr.ant-table-row').filter({ hasText: 'notify.payment' }).first(),
  ).toBeVisible();
});

for (const language of ['en-US', 'zh-CN'] as const) {
  test(`the orders list and the WeChat Pay log fit a 1280 px screen beside the menu, ${language}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await presetSettings(page, { language });
    // A notification without WeChat Pay's signature headers: the log's newest row, with the longest error code.
    const forged = await page.request.post('/api/pay/wechat/notify', { data: {} });
    expect(forged.ok()).toBe(false);
    await signInAs(page, ADMIN.username, ADMIN.password);
    for (const path of ['/order', '/order/weixin']) {
      await page.goto(path);
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expectTableFits(page.locator('.ant-table').first(), path);
    }
  });
}

/** How many lines the text of `element` takes (each distinct top of its characters' boxes is one). */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

for (const viewport of [{ width: 1366, height: 900 }, MOBILE_VIEWPORT]) {
  test(`the order drawer shows its ids whole and copyable at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto(`/order?order=${paidOrder}`);
    const drawer = page.getByRole('dialog', { name: `Order ${paidOrder}`, exact: true });
    await settled(page, '.ant-drawer');
    const { token } = await apiLogin(page.request, ADMIN.username, ADMIN.password);
    const order = await result<{ transactionId: string; payerOpenid: string }>(
      await page.request.get(`/api/orders/${paidOrder}`, { headers: { Authorization: token } }),
    );
    const frame = (await drawer.locator('.ant-drawer-body').boundingBox())!;
    for (const id of [order.transactionId, order.payerOpenid]) {
      const value = drawer.getByText(id, { exact: true });
      expect(await linesOf(value), id).toBe(1);
      const box = (await value.boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(frame.x + frame.width);
      await expect(value.getByRole('button', { name: 'Copy' })).toBeVisible();
    }
  });
}

test.describe('screenshots', () => {
  for (const { language, pageStyle, device, viewport } of screenshotCases()) {
    test(`${language} ${pageStyle} ${device}`, async ({ page }) => {
      const name = (screen: string) =>
        `${SCREENSHOT_DIR}/orders-${screen}-${language}-${pageStyle}-${device}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/order');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: name('list'), fullPage: true });
      await page.goto(`/order?order=${paidOrder}`);
      await expect(page.locator('.ant-drawer-body .ant-descriptions').first()).toBeVisible();
      await settled(page, '.ant-drawer');
      await page.screenshot({ path: name('drawer') });

      await page.goto('/order/weixin');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: name('paylog'), fullPage: true });
      await page.goto(`/order/weixin?tab=reconciliation&billDate=${billDate}`);
      await expect(page.locator('.ant-statistic').first()).toBeVisible();
      await page.screenshot({ path: name('reconciliation'), fullPage: true });
    });
  }
});
