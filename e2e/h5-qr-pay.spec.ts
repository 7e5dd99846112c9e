import type { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { notifyPaid, paidTest, startFakeWechatPay } from './payments.ts';
import { result } from './support.ts';
import { expect, test } from './test.ts';

/**
 * The acceptance test of payment, against the local fake of WeChat Pay: on a computer a participant pays for
 * a report by QR code, and the report unlocks within a second or two of WeChat Pay's notification (the page
 * asks every 2 s).
 */

test.describe.configure({ timeout: 180_000 });

let fake: FakeWechatPay;
let testId = 0;

test.beforeAll(async ({ request }) => {
  const started = await startFakeWechatPay(request);
  fake = started.fake;
  testId = await paidTest(request, started.headers, 990);
});

test.afterAll(async () => {
  await fake?.close();
});

test('on a computer the participant pays by QR code and the report unlocks right after the notification', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/h5/tests/${testId}?lang=en`);
  await page.getByRole('button', { name: 'Start the test' }).click();
  for (let position = 1; position <= 9; position++) {
    await expect(page.getByText(`Question ${position} of 9`)).toBeVisible();
    await page.getByRole('radio', { name: 'Not at all', exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  // Scoring and loading the report's code are slow on a shared machine.
  await expect(page.getByText('The full report is locked')).toBeVisible({ timeout: 30_000 });
  const score = page.getByText('Score 0');
  await expect(score).toBeHidden();

  const ordered = page.waitForResponse(
    (response) => response.url().endsWith('/api/client/orders') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Unlock for ¥9.90' }).click();
  const order = await result<{ orderNo: string; channel: string }>(await ordered);
  expect(order.channel).toBe('native');
  await expect(page.getByRole('img', { name: 'QR code to pay with WeChat' })).toBeVisible();
  await expect(page.getByText('Waiting for WeChat Pay')).toBeVisible();

  // The participant scans and pays; WeChat Pay notifies the server.
  expect((await notifyPaid(fake, order.orderNo)).status).toBe(204);
  const notified = Date.now();
  // waitFor watches the page continuously (expect's retries are up to a second apart): a precise time.
  await score.waitFor({ timeout: 2_500 });
  const tookMs = Date.now() - notified;
  await expect(page.getByText('Minimal or none')).toBeVisible();
  await expect(page.getByText('The full report is locked')).toBeHidden();
  console.log(`report unlocked ${tookMs} ms after the notification was answered`);
  test.info().annotations.push({ type: 'unlocked after notification (ms)', description: String(tookMs) });
});
