import { type FakeSmtp, startSmtp } from '../apps/server/test/fakes/smtp.ts';
import {
  ADMIN,
  apiLogin,
  expectNoSideScroll,
  presetSettings,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect, test, thisServer } from './test.ts';

const SMTP_AUTH = { username: 'e2e-mailer', password: 'e2e-smtp-Secret-1' };

let smtp: FakeSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp({ port: thisServer().smtpPort, auth: SMTP_AUTH });
});

// Later specs see mail in the outbox again.
test.afterAll(async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  await request.put('/api/settings/mail', {
    headers: { Authorization: token },
    data: {
      host: '',
      port: 465,
      secure: 'tls',
      username: '',
      password: null,
      from: { address: '', name: '' },
    },
  });
  await smtp.close();
});

test.describe('mail delivery and the outbox', () => {
  test('sends a test mail through SMTP set up in the settings, then keeps messages once it is removed', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/center?tab=mail');
    // The first screen of a run loads the console's code: slow on a busy machine.
    await expect(page.getByText('No mail server yet')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('SMTP server').fill('127.0.0.1');
    await page.getByLabel('Security', { exact: true }).click();
    await page.getByTitle('None (port 25, local relays only)').click();
    await page.getByLabel('Port', { exact: true }).fill(String(thisServer().smtpPort));
    await page.getByLabel('User name').fill(SMTP_AUTH.username);
    await page.getByLabel('Password', { exact: true }).fill(SMTP_AUTH.password);
    await page.getByLabel('Sender address').fill('no-reply@cool.example');
    await page.getByLabel('Sender name').fill('Cool Evaluation');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Mail goes out through this SMTP server.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();
    expect(await page.content()).not.toContain(SMTP_AUTH.password);

    const to = `e2e-${uniqueSuffix()}@example.com`;
    await page.getByLabel('Send a test mail to').fill(to);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`Sent to ${to}`);
    const mail = await smtp.waitForMail(to, 10_000);
    expect(mail.subject).toBe('Cool Evaluation test mail');
    expect(mail.fromHeader).toContain('Cool Evaluation');

    // Without a host, mail goes to the outbox again.
    await page.getByLabel('SMTP server').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('No mail server yet')).toBeVisible();

    // A sign-in code by SMS (no provider is set up) for an account with a phone lands in the outbox.
    const { token } = await apiLogin(page.request, ADMIN.username, ADMIN.password);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const username = `outbox${uniqueSuffix()}`;
    const created = await page.request.post('/api/accounts', {
      headers: { Authorization: token },
      data: { username, name: 'E2E outbox', password: 'e2e-pass-123', roleId: 'viewer', phone },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const sent = await page.request.post('/api/account/sms', { data: { mobile: phone } });
    expect(sent.ok(), await sent.text()).toBe(true);

    await page.goto('/system/outbox');
    await expect(page.locator('tr', { hasText: to })).toContainText('Sent (smtp)', { timeout: 30_000 });
    const row = page.locator('tr', { hasText: phone });
    await expect(row).toContainText('Sign-in code');
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(phone);
    await expect(drawer).toContainText(/Your code to sign in to Cool Evaluation is \d{6}\./);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByLabel('Recipient').fill(phone.slice(-6));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`recipient=${phone.slice(-6)}`));
    await expect(page.locator('tr', { hasText: to })).toHaveCount(0);
  });

  for (const { language, pageStyle, viewport } of screenshotCases()) {
    test(`looks right: ${language}, ${pageStyle}, ${viewport.width} px`, async ({ page }) => {
      await presetSettings(page, { language, pageStyle });
      await page.setViewportSize(viewport);
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/system/outbox');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await expectNoSideScroll(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/outbox-${language}-${pageStyle}-${viewport.width}.png`,
        fullPage: true,
      });
      await page.locator('.ant-table-row').first().getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/outbox-message-${language}-${pageStyle}-${viewport.width}.png`,
      });
      for (const tab of ['mail', 'sms']) {
        await page.goto(`/center?tab=${tab}`);
        await expect(page.getByRole('tabpanel').locator('form')).toBeVisible();
        // Show a provider's fields (not saved).
        if (tab === 'sms') await page.getByText(language === 'zh-CN' ? '阿里云' : 'Alibaba Cloud').click();
        await expectNoSideScroll(page);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/center-${tab}-${language}-${pageStyle}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    });
  }
});
