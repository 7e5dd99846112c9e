import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  chooseOption,
  clickSettled,
  presetSettings,
  SCREENSHOT_DIR,
  screenshotCases,
  settled,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect, test } from './test.ts';

// The admin screens: a role built on the permission matrix, an account with it, what that
// account sees, disabling it, the audit trail of it all, and approving a sign-up.

const suffix = uniqueSuffix();
const ROLE = { id: `e2e-cat-${suffix}`.slice(0, 32), name: `Category keeper ${suffix}` };
const USER = { username: `keeper${suffix}`, name: `Keeper ${suffix}`, password: 'keeper-pass-8' };

const adminHeaders = async (request: APIRequestContext) => ({
  Authorization: (await apiLogin(request, ADMIN.username, ADMIN.password)).token,
});

/** The newest outbox message of a kind to a recipient (mail and SMS are not set up here). */
async function outboxBody(request: APIRequestContext, recipient: string, kind: string) {
  const response = await request.get(
    `/api/outbox?recipient=${encodeURIComponent(recipient)}&kind=${kind}&pageSize=1`,
    {
      headers: await adminHeaders(request),
    },
  );
  const body = (await response.json()) as { result: { data: { body: string }[] } };
  const text = body.result.data[0]?.body;
  expect(text, `a ${kind} message to ${recipient}`).toBeTruthy();
  return text as string;
}

/** Signs up and activates through the API, leaving an account that waits for approval. */
async function pendingSignUp(request: APIRequestContext) {
  const email = `applicant${suffix}@example.com`;
  const mobile = `139${String(Date.now()).slice(-8)}`;
  expect((await request.post('/api/account/register/code', { data: { mobile } })).ok()).toBe(true);
  const captcha = (await outboxBody(request, mobile, 'sign-up-code')).match(/\b\d{6}\b/)![0];
  const password = 'Applicant-pass-9';
  const registered = await request.post('/api/account/register', {
    data: { name: `Applicant ${suffix}`, email, password, confirm: password, mobile, captcha },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const token = (await outboxBody(request, email, 'activation')).match(/token=([\w-]+)/)![1];
  expect((await request.post('/api/account/activate', { data: { token } })).ok()).toBe(true);
  return email;
}

const row = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

test('a role from the matrix, an account with it, its menus, disabling it, and the audit trail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const editor = page.getByRole('dialog', { name: 'New role' });
  await editor.getByLabel('Role id', { exact: true }).fill(ROLE.id);
  await editor.getByLabel('Name', { exact: true }).fill(ROLE.name);
  await editor.getByLabel('All actions of Dashboard').check();
  await editor.getByLabel('Categories Query').check();
  await editor.getByLabel('Categories Detail').check();
  // Refunds exist only for orders: no other row has that box.
  await expect(editor.getByLabel('Categories Refund')).toHaveCount(0);
  await editor.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Role created')).toBeVisible();
  await expect(row(page, ROLE.name)).toContainText('4 actions');

  await page.goto('/system/accounts');
  await page.getByRole('button', { name: 'New account' }).click();
  const form = page.getByRole('dialog', { name: 'New account' });
  await form.getByLabel('Username', { exact: true }).fill(USER.username);
  await form.getByLabel('Name', { exact: true }).fill(USER.name);
  await chooseOption(page, form.getByLabel('Role', { exact: true }), ROLE.name, form.locator('.ant-select'));
  await form.getByLabel('Password', { exact: true }).fill(USER.password);
  await form.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'New account' })).toBeHidden();
  // Found by its name: earlier specs leave many accounts before it.
  await page.goto(`/system/accounts?keyword=${USER.username}`);
  await expect(row(page, USER.username)).toContainText('Enabled');

  // The new account sees the dashboard and the categories, nothing of the staff screens.
  const keeper = await browser.newPage();
  await signInAs(keeper, USER.username, USER.password);
  await keeper.goto('/user');
  const menu = keeper.locator('.ant-menu').first();
  await expect(menu).toContainText('category list');
  await expect(menu).not.toContainText('staff and security');
  await expect(menu).not.toContainText('payment orders');

  // Disabled, its session ends: the next page it opens asks it to sign in.
  await row(page, USER.username)
    .getByRole('button', { name: `More ${USER.username}` })
    .click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await clickSettled(page.locator('.ant-modal-confirm'), 'OK');
  await expect(page.getByText('Account disabled')).toBeVisible();
  await expect(row(page, USER.username)).toContainText('Disabled');
  await keeper.goto('/user');
  await expect(keeper).toHaveURL(/\/user\/login/);
  await keeper.close();

  await page.goto('/system/audit?entityType=account');
  const disabled = row(page, 'Disable').filter({ hasText: 'Account #' }).first();
  await expect(disabled).toContainText('admin');
  await disabled.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.ant-table-expanded-row').first()).toContainText('disabled');
  await page.goto('/system/audit?entityType=role');
  await expect(row(page, `#${ROLE.id}`).first()).toContainText('Create');
});

test('approve a pending sign-up with a role', async ({ page, request }) => {
  const email = await pendingSignUp(request);
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/accounts?status=pending');
  const applicant = row(page, email);
  await expect(applicant).toContainText('Awaiting approval');
  await applicant.getByRole('button', { name: /^More / }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: /^Approve / });
  await chooseOption(
    page,
    dialog.getByLabel('Role', { exact: true }),
    'Viewer',
    dialog.locator('.ant-select'),
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Sign-up approved')).toBeVisible();
  // Found by its address: earlier specs leave many accounts before it.
  await page.goto(`/system/accounts?keyword=${encodeURIComponent(email)}`);
  await expect(row(page, email)).toContainText('Enabled');
});

test('a staff manager cannot give a role beyond their own, nor change an administrator', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const role = { id: `e2e-staff-${suffix}`.slice(0, 32), name: `Staff manager ${suffix}` };
  const created = await request.post('/api/roles', {
    headers,
    data: {
      ...role,
      permissions: [
        // The console's menu needs the dashboard permission (docs/spec.md section 6).
        { permissionId: 'dashboard', actionList: ['query'] },
        { permissionId: 'accounts', actionList: ['add', 'edit', 'query', 'get', 'enable', 'disable'] },
        { permissionId: 'roles', actionList: ['query', 'get'] },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const manager = { username: `manager${suffix}`, password: 'manager-pass-8' };
  const account = await request.post('/api/accounts', {
    headers,
    data: { ...manager, name: `Manager ${suffix}`, roleId: role.id },
  });
  expect(account.ok(), await account.text()).toBe(true);

  await signInAs(page, manager.username, manager.password);
  await page.goto('/system/accounts?keyword=admin');
  const administrator = row(page, 'Administrator').first();
  await expect(administrator).toBeVisible();
  // The administrator's account can be looked at (its sign-ins), not changed.
  await expect(administrator.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await administrator.getByRole('button', { name: /^More / }).click();
  await expect(page.locator('.ant-dropdown:visible').getByRole('menuitem')).toHaveText(['Sign-in history']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('Role', { exact: true }).click();
  // Shown, so the list of roles is whole, but not to be picked.
  const option = (text: string) => page.locator('.ant-select-item-option', { hasText: text });
  await expect(option('Administrator (grants more than your role)')).toHaveClass(
    /ant-select-item-option-disabled/,
  );
  await expect(option(role.name)).not.toHaveClass(/ant-select-item-option-disabled/);
});

test.describe('screenshots', () => {
  for (const { language, viewport } of screenshotCases()) {
    test(`${language} ${viewport.width}`, async ({ page }) => {
      test.setTimeout(120_000);
      const name = (screen: string) => `${SCREENSHOT_DIR}/staff-${screen}-${language}-${viewport.width}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/system/accounts');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: name('accounts'), fullPage: true });

      await page.goto('/system/roles');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: name('roles'), fullPage: true });
      // A role of our own opens its editable matrix (a built-in one opens read-only).
      const roles = page.locator('tbody tr.ant-table-row');
      const custom = roles.filter({ hasNotText: 'Built-in' }).filter({ hasNotText: '内置' });
      const target = (await custom.count()) > 0 ? custom.first() : roles.first();
      await target.getByRole('button').first().click();
      await settled(page, '.ant-modal');
      await page.screenshot({ path: name('matrix'), fullPage: true });
      await page.keyboard.press('Escape');

      await page.goto('/system/audit');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.locator('.ant-table-row-expand-icon').first().click();
      await page.screenshot({ path: name('audit'), fullPage: true });
    });
  }
});
