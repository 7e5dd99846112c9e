import { ADMIN, signInAs, signInWithForm } from './support.ts';
import { expect, test } from './test.ts';

test.describe('sign-in, guard and sign-out', () => {
  test('signed-out visitors of /user get the login page', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(page.getByRole('tab', { name: 'Credentials' })).toBeVisible();
    await expect(page.getByText('backend management')).toBeVisible();
    await expect(page).toHaveTitle('Login - Cool Evaluation');
  });

  test('a wrong password is reported inline and keeps the user on the login page', async ({ page }) => {
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, 'definitely-wrong');
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/user\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeNull();
  });

  test('empty credentials show the field messages', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter account name or email address')).toBeVisible();
    await expect(page.getByText('Please enter your password!')).toBeVisible();
  });

  test('a protected page sends to login and back after signing in', async ({ page }) => {
    await page.goto('/order');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Forder$/);
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole('heading', { name: 'payment orders' })).toBeVisible();
    // The orders screen itself, with its strings (they come with the console, not the login page).
    await expect(page.getByLabel('Order number')).toBeVisible();
    await expect(page).toHaveTitle('payment orders - Cool Evaluation');
    await expect(page.locator('.ant-notification')).toContainText('Welcome');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('Authorization') ?? 'null'));
    expect(typeof stored.value).toBe('string');
    expect(stored.expire).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  test('an off-site redirect target is ignored', async ({ page }) => {
    await page.goto('/user/login?redirect=%2F%2Fevil.example.com');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
  });

  test('logout asks first, then returns to login and guards the console again', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/game');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to log out?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/game$/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeNull();

    await page.goto('/game');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fgame$/);
  });

  test('an expired stored token counts as signed out', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/game');
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();

    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('Authorization') ?? '{}');
      localStorage.setItem('Authorization', JSON.stringify({ ...stored, expire: Date.now() - 1000 }));
    });
    // In-app navigation (no reload) must notice the expiry too.
    await page.getByRole('menuitem', { name: 'payment orders' }).click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Forder$/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeNull();
  });

  test('a token the server no longer accepts signs out on the next call', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() =>
      localStorage.setItem('Authorization', JSON.stringify({ value: 'forged', expire: Date.now() + 60_000 })),
    );
    await page.goto('/center');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcenter$/);
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });

  test('the mobile tab asks for a phone number and its code, and a malformed number is refused', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await page.getByRole('tab', { name: 'Mobile number' }).click();
    await page.getByPlaceholder('Mobile number').fill('12');
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('Malformed phone number!')).toBeVisible();
    await expect(page.getByPlaceholder('Verification code')).toBeVisible();
  });

  test('a failing logout call is reported and keeps the user signed in', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/game');
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 500,
          success: false,
          message: 'Logout exploded',
          result: null,
          timestamp: 0,
        }),
      }),
    );
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Logout exploded')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/game$/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).not.toBeNull();
  });

  test('user info without permissions is refused with the error of docs/spec.md section 4 and returns to login', async ({
    page,
  }) => {
    await page.route('**/api/user/info', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.result.role.permissions = [];
      await route.fulfill({ response, json: body });
    });
    await page.goto('/user/login?redirect=%2Fuser');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.locator('.ant-notification')).toContainText(
      'getInfo: roles must be a non-null array !',
    );
    await expect(page).toHaveURL(/\/user\/login/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeNull();

    // The same check applies to a stored session on reload.
    await page.unroute('**/api/user/info');
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.route('**/api/user/info', (route) =>
      route.fulfill({
        json: { code: 0, success: true, message: 'OK', result: { name: 'x', role: null }, timestamp: 0 },
      }),
    );
    await page.goto('/order');
    await expect(page.locator('.ant-notification')).toContainText(
      'getInfo: roles must be a non-null array !',
    );
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Forder$/);
  });

  test('a reload or another console URL while the user info loads keeps the session', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    // The user info is still on its way when the page reloads: the browser aborts it.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/user/info',
      async (route) => {
        await released;
        await route.continue().catch(() => undefined);
      },
      { times: 1 },
    );
    await page.goto('/order');
    await expect(page.getByRole('status', { name: 'Loading...' })).toBeVisible();
    await page.reload();
    release();
    await expect(page.getByRole('heading', { name: 'payment orders' })).toBeVisible();
    await expect(page).toHaveURL(/\/order$/);

    // No answer at all: the token stays, the page says what failed, and Retry loads the console.
    await page.route('**/api/user/info', (route) => route.abort('failed'));
    await page.goto('/records');
    await expect(page.getByText('Your account could not be loaded')).toBeVisible();
    await expect(page).toHaveURL(/\/records$/);
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).not.toBeNull();
    await page.unroute('**/api/user/info');
    await page.getByRole('button', { name: 'Retry' }).click();
    // The page's own heading, not the records card's "Test records".
    await expect(page.getByRole('heading', { name: 'test records', exact: true })).toBeVisible();
  });
});
