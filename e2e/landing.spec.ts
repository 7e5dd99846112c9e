import { BUILT_IN_ROLES, grantsAccess, startPages } from '@cool/shared';
import type { Page } from '@playwright/test';
import { createAccount, signInAs, signInWithForm } from './support.ts';
import { expect, test } from './test.ts';

/** Every API call the page makes that the server refuses for want of a permission. */
function refusals(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() === 403) refused.push(`${url.pathname}`);
  });
  return refused;
}

const bar = (page: Page) => page.getByRole('navigation', { name: /^(Open pages|已打开的页面)$/ });

test.describe('where staff land and what their role shows them', () => {
  test('finance signs in to the payment orders, and its tests list asks for nothing it may not read', async ({
    page,
  }) => {
    const finance = await createAccount(page.request, 'finance');
    const refused = refusals(page);
    await page.goto('/user/login');
    await signInWithForm(page, finance.username, finance.password);
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole('heading', { name: 'payment orders', exact: true })).toBeVisible();

    await page.getByRole('menuitem', { name: /psychological test questions$/ }).click();
    // The orders page stays alive behind it, hidden.
    const table = page.getByTestId('app-content').locator('table').filter({ visible: true });
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Categories' })).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('a page the role may not open says 403 inside the console and opens no tab', async ({ page }) => {
    const operator = await createAccount(page.request, 'operator');
    await signInAs(page, operator.username, operator.password);
    await page.goto('/game');
    await expect(
      page.getByRole('heading', { name: 'psychological test questions', exact: true }),
    ).toBeVisible();
    await expect(bar(page).getByRole('tab')).toHaveText(['psychological test questions']);
    for (const path of ['/order', '/system/accounts']) {
      await page.goto(path);
      await expect(page.getByTestId('app-content').getByText('403', { exact: true })).toBeVisible();
      // Still the console: its menu, and the tab bar without a tab for the page.
      await expect(page.getByTestId('app-sider')).toBeVisible();
      await expect(bar(page).getByRole('tab')).toHaveText(['psychological test questions']);
    }
  });

  for (const role of ['operator', 'finance', 'viewer']) {
    test(`${role}: no page of its menu fires a call the role may not make`, async ({ page }) => {
      // Each page of the menu in turn.
      test.setTimeout(240_000);
      const grants = BUILT_IN_ROLES.find((built) => built.id === role)!.grants;
      const account = await createAccount(page.request, role);
      await signInAs(page, account.username, account.password);
      const refused = refusals(page);
      for (const path of startPages(grantsAccess(grants))) {
        await page.goto(path);
        await expect(page.getByTestId('app-content').getByTestId('page-outline')).toHaveCount(0);
        // Every call the page starts with has answered.
        await page.waitForLoadState('networkidle');
        expect(refused, path).toEqual([]);
      }
    });
  }
});
