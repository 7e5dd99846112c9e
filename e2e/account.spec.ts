import {
  apiLogin,
  createAccount,
  presetSettings,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
  signInWithForm,
} from './support.ts';
import { expect as baseExpect, test } from './test.ts';

// The machine running these is shared and busy: a screen may take a while to load.
const expect = baseExpect.configure({ timeout: 30_000 });

const NEW_PASSWORD = 'Quiet-Harbour-73!';

test.describe('account pages', () => {
  test('edits the profile and changes the password, then signs in with the new one', async ({ page }) => {
    const { username, password } = await createAccount(page.request, 'viewer');
    await signInAs(page, username, password);
    await page.goto('/account/settings');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Nickname').fill('Profile Tester');
    await page.getByLabel('Personal profile').fill('Follows up alerts.');
    await page.getByLabel('Country/Region').fill('China');
    await page.getByLabel('Province or city').fill('Hangzhou');
    await page.getByLabel('Street address').fill('1 West Lake Road');
    // A new email asks for the current password: recovery links go there.
    const current = page.getByLabel('Current password');
    await page.getByRole('button', { name: 'Update information' }).click();
    await expect(page.getByText('Please enter your current password!')).toBeVisible();
    await current.fill('not-my-password-1');
    await page.getByRole('button', { name: 'Update information' }).click();
    await expect(page.getByText('The current password is wrong')).toBeVisible();
    await current.fill(password);
    await page.getByRole('button', { name: 'Update information' }).click();
    await expect(page.getByText('Update basic information successfully')).toBeVisible();
    await expect(current).toHaveCount(0);
    // The header's name follows at once.
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Profile Tester');

    await page.getByRole('menuitem', { name: 'Security Settings' }).click();
    await expect(page).toHaveURL(/section=security/);
    await page.getByRole('button', { name: 'Modify' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByLabel('New password').fill(NEW_PASSWORD);
    await expect(dialog.getByText('Strength: Strong')).toBeVisible();
    await dialog.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Password changed.')).toBeVisible();
    await expect(page.getByText('Current password strength: Strong')).toBeVisible();
    expect((await apiLogin(page.request, username, NEW_PASSWORD)).token).toBeTruthy();
  });

  test('a display setting changed in one browser shows in another', async ({ browser }) => {
    const first = await browser.newContext();
    const page = await first.newPage();
    const { username, password } = await createAccount(page.request, 'viewer');
    await signInAs(page, username, password);
    await page.goto('/account/settings?section=custom');
    await page.getByRole('radio', { name: 'Light', exact: true }).check();
    // Saved after the settings rest a moment.
    await expect
      .poll(async () => {
        const { token } = await apiLogin(page.request, username, password);
        const res = await page.request.get('/api/account/preferences', { headers: { Authorization: token } });
        return (await res.json()).result.pageStyle;
      })
      .toBe('light');
    await first.close();

    const second = await browser.newContext();
    const other = await second.newPage();
    // Signing in as a person does, through the form: the settings come with the account.
    await other.goto('/user/login');
    await signInWithForm(other, username, password);
    await expect(other).toHaveURL(/\/game$/);
    await other.goto('/account/center');
    await expect(other.getByText('Recent sign-ins')).toBeVisible();
    await expect
      .poll(() =>
        other.evaluate(() => JSON.parse(localStorage.getItem('app-settings') ?? '{}').state?.pageStyle),
      )
      .toBe('light');
    await second.close();
  });

  for (const shot of screenshotCases()) {
    test(`screenshots: ${shot.name}`, async ({ page }) => {
      // Six screens, each loaded and drawn in full on a busy machine.
      test.setTimeout(180_000);
      const { username, password } = await createAccount(page.request, 'viewer');
      await page.setViewportSize(shot.viewport);
      await presetSettings(page, { language: shot.language, pageStyle: shot.pageStyle });
      await signInAs(page, username, password);
      await page.goto('/account/center');
      await expect(page.locator('.ant-table')).toHaveCount(1);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/account-center-${shot.name}.png`, fullPage: true });
      for (const section of ['basic', 'security', 'custom', 'binding', 'notification']) {
        await page.goto(`/account/settings?section=${section}`);
        await expect(page.locator('.ant-card')).toBeVisible();
        await expect(page.locator('.ant-spin-spinning, [aria-busy="true"], .ant-skeleton')).toHaveCount(0);
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/account-settings-${section}-${shot.name}.png`,
          fullPage: true,
        });
      }
    });
  }
});
