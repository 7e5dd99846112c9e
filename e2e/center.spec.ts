import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { clearWechatPay } from './payments.ts';
import { ADMIN, presetSettings, SCREENSHOT_DIR, screenshotCases, signInAs } from './support.ts';
import { expect as baseExpect, test } from './test.ts';

// The machine running these is shared and busy: a screen may take a while to load.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A merchant's keys, made for this run: the private key and APIv3 key must never come back. */
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const apiV3Key = randomBytes(24)
  .toString('base64')
  .replace(/[^A-Za-z0-9]/g, 'x')
  .slice(0, 32);
/** Lines of the private key long enough to be only its own. */
const privateLines = privatePem.split('\n').filter((line) => line.length > 40);

async function expectNoSecret(page: Page) {
  const html = await page.content();
  const values = await page
    .locator('input, textarea')
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value).join('\n'));
  for (const text of [html, values]) {
    expect(text).not.toContain(apiV3Key);
    for (const line of privateLines) expect(text).not.toContain(line);
  }
}

test.describe('settings screen', () => {
  test('saves the general settings, and WeChat Pay keys that show only as fingerprints', async ({ page }) => {
    // Whatever payment specs ran before on this worker's server: keys are entered into empty fields here.
    await clearWechatPay(page.request);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/center');
    await page.getByLabel('Service name (English)').fill('Assessment Centre');
    await page.getByLabel('Customer-service hotline').fill('400-161-9995');
    await page.getByLabel('Disclaimer (English)').fill('Results are for reference only.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Customer-service hotline')).toHaveValue('400-161-9995');

    await page.getByRole('tab', { name: 'WeChat Pay' }).click();
    await expect(page).toHaveURL(/tab=wechatPay/);
    await page.getByLabel('Merchant ID (mchid)').fill('1900000001');
    await page.getByLabel('App ID (appid)').fill('wx0123456789abcdef');
    await page
      .getByLabel('Merchant certificate serial number')
      .fill('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
    await page.getByLabel('Merchant API private key (apiclient_key.pem)').fill(privatePem);
    await page.getByLabel('APIv3 key').fill(apiV3Key);
    await page.getByLabel('WeChat Pay public key ID').fill('PUB_KEY_ID_0114232134912410000000000000');
    await page.getByLabel('WeChat Pay public key (pub_key.pem)').fill(publicPem);
    await page.getByLabel('Notify URL base').fill('https://pay.example.com');
    await expect(page.getByText('https://pay.example.com/api/pay/wechat/notify')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText('Ready', { exact: true })).toBeVisible();
    // Three keys set, each with its fingerprint, none in any field or anywhere on the page.
    await expect(page.getByRole('button', { name: 'Replace' })).toHaveCount(3);
    await expectNoSecret(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Replace' })).toHaveCount(3);
    await expectNoSecret(page);
    await page.getByRole('tab', { name: 'WeChat official account' }).click();
    await expect(page.getByText('WeChat sign-in is off until an app ID and secret are saved.')).toBeVisible();
  });

  for (const { language, pageStyle, viewport } of screenshotCases()) {
    test(`looks right: ${language}, ${pageStyle}, ${viewport.width} px`, async ({ page }) => {
      await presetSettings(page, { language, pageStyle });
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      for (const tab of ['general', 'wechatPay']) {
        await page.goto(`/center?tab=${tab}`);
        await expect(page.getByRole('tabpanel').locator('form')).toBeVisible();
        // Nothing wider than the window.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/center-${tab}-${language}-${pageStyle}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    });
  }
});
