import type { APIRequestContext, Page } from '@playwright/test';
import { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { ADMIN, apiLogin, MOBILE_VIEWPORT, result, SCREENSHOT_DIR } from './support.ts';
import { expect, test } from './test.ts';

/**
 * A paid test while WeChat Pay is not set up says so on the shelf and its introduction, and cannot be
 * started. Paying for a report in the participant app (its WeChat Pay answers stubbed in the page): the Unlock button asks for an order and says payment is not
 * available yet; My orders is reached from My records.
 * Paying through the local WeChat Pay fake is e2e/h5-qr-pay.spec.ts.
 */

test.use({ viewport: MOBILE_VIEWPORT });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/h5-pay-${name}.png`, fullPage: true });

/** Saves WeChat Pay settings with a fake's keys, complete (`set`) or without the APIv3 key (not set up). */
async function wechatPay(request: APIRequestContext, set: boolean) {
  const keys = new FakeWechatPay();
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  await result(
    await request.put('/api/settings/wechat-pay', {
      headers: { Authorization: token },
      data: {
        appId: keys.appId,
        mchId: keys.mchId,
        merchantSerialNo: keys.merchantSerialNo,
        merchantPrivateKey: keys.merchantKey.privatePem,
        apiV3Key: set ? keys.apiV3Key : null,
        platformPublicKeyId: keys.platformSerial,
        platformPublicKey: keys.platformKey.publicPem,
        notifyBaseUrl: 'https://pay.example.com',
        orderExpireMinutes: 30,
      },
    }),
  );
}

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

test.describe('a paid test while WeChat Pay is not set up', () => {
  test('says so on the shelf and before the first question, and cannot be started', async ({
    page,
    request,
  }) => {
    await wechatPay(request, false);
    for (const [lang, closed, body] of [
      ['en', 'Payment not open yet', 'payment is not open yet, so it cannot be started now'],
      ['zh', '暂未开放支付', '目前暂未开放支付'],
    ] as const) {
      await page.goto(`/h5/?lang=${lang}`);
      const card = page.getByRole('link', { name: /Four-letter personality|四维性格类型/ }).first();
      await expect(card).toContainText(closed);
      await shot(page, `shelf-closed-${lang}`);
      await card.click();
      await expect(page.getByRole('status').filter({ hasText: body })).toBeVisible();
      await expect(page.getByRole('button', { name: closed })).toBeDisabled();
      await shot(page, `intro-closed-${lang}`);
    }
    // A free test is started as ever.
    await page.goto('/h5/?lang=en');
    const free = page.getByRole('link', { name: /PHQ-9/ }).first();
    await expect(free).not.toContainText('Payment not open yet');
    await wechatPay(request, true);
  });
});

test.describe('paying for a report', () => {
  test.beforeEach(({ request }) => wechatPay(request, true));

  test('without WeChat Pay set up the Unlock button says payment is not available yet', async ({ page }) => {
    await finishPaidTest(page);
    await page.route('**/api/client/orders', (route) =>
      route.fulfill({
        status: 503,
        json: {
          code: 503,
          success: false,
          message: 'WeChat Pay is not set up',
          result: { error: 'wechatpay.notConfigured' },
          timestamp: Date.now(),
        },
      }),
    );
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

  test('on a computer shows the payment link while it waits (WeChat Pay answers stubbed in the page)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await finishPaidTest(page);
    const order = {
      orderNo: 'CT20261123000001',
      recordId: Number(new URL(page.url()).pathname.split('/').pop()),
      title: { en: 'Four-letter personality type (demo)', zh: '' },
      amountFen: 990,
      channel: 'native',
      status: 'unpaid',
      expired: false,
      expireTime: '2999-01-01T00:00:00Z',
      paidTime: null,
      refundedFen: 0,
      createTime: '2026-11-23T05:00:00Z',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=AbCdEfGhIjKlMnOpQrStUv',
      h5Url: null,
      jsapi: null,
    };
    const asked: string[] = [];
    await page.route('**/api/client/orders**', (route) => {
      asked.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
      return route.fulfill({ json: { code: 0, success: true, message: 'ok', result: order, timestamp: 0 } });
    });
    await page.getByRole('button', { name: /^Unlock for/ }).click();
    await expect(page.getByText(order.codeUrl)).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to pay with WeChat' })).toBeVisible();
    await expect(page.getByText('Waiting for WeChat Pay')).toBeVisible();
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByText('请在手机微信中支付')).toBeVisible();
    await shot(page, 'native-zh-1280');
    await page.setViewportSize(MOBILE_VIEWPORT);
    await shot(page, 'native-zh-375');
    // Asked about every second while the page is open.
    await expect.poll(() => asked.filter((call) => call.startsWith('GET')).length).toBeGreaterThan(1);
  });
});
