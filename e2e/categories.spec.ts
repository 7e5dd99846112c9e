import type { Page } from '@playwright/test';
import { ADMIN, createAccount, PNG, signInAs, uniqueSuffix } from './support.ts';
import { expect, test } from './test.ts';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function search(page: Page, name: string) {
  await page.getByPlaceholder('Chinese or English name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
}

test.describe('category list', () => {
  test('admin creates, edits, disables, enables, searches and deletes a category', async ({ page }) => {
    const suffix = uniqueSuffix();
    const nameEn = `E2E category ${suffix}`;
    const nameZh = `测试分类${suffix}`;

    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: 'category list' })).toBeVisible();
    await expect(page).toHaveTitle('category list - Cool Evaluation');
    await expect(page.getByText(/Total: \d+/)).toBeVisible();

    // Create: validation first.
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Sort order').fill('10000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter the name')).toHaveCount(2);
    await expect(dialog.getByText('Enter a whole number from 0 to 9999')).toBeVisible();
    await dialog.getByLabel('English name').fill('x'.repeat(65));
    await expect(dialog.getByText('At most 64 characters')).toBeVisible();

    await dialog.getByLabel('Chinese name').fill(nameZh);
    await dialog.getByLabel('English name').fill(nameEn);
    // The icon uploads as a test's cover does.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Image uploaded')).toBeVisible();
    await dialog.getByLabel('Sort order').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Category created')).toBeVisible();

    // A duplicate name is refused with the server's message.
    await page.getByRole('button', { name: 'New category' }).click();
    const again = page.getByRole('dialog', { name: 'New category' });
    await again.getByLabel('Chinese name').fill(nameZh);
    await again.getByLabel('English name').fill(nameEn);
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByRole('alert')).toContainText('already exists');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    // Search finds exactly the new one.
    await search(page, nameEn);
    await expect(rowOf(page, nameEn)).toHaveCount(1);
    await expect(page.getByText('Total: 1')).toBeVisible();
    await expect(rowOf(page, nameEn).locator('img')).toHaveAttribute('src', /^\/uploads\/.+\.png$/);

    // Edit.
    await rowOf(page, nameEn).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit category' });
    await expect(edit.getByLabel('English name')).toHaveValue(nameEn);
    await edit.getByLabel('English name').fill(`${nameEn} edited`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, `${nameEn} edited`)).toHaveCount(1);

    // Disable, then enable; the state survives a reload.
    const toggle = rowOf(page, nameEn).getByRole('switch');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await search(page, nameEn);
    await expect(rowOf(page, nameEn).getByRole('switch')).not.toBeChecked();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByTitle('Disabled').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rowOf(page, nameEn)).toHaveCount(1);
    await rowOf(page, nameEn).getByRole('switch').click();
    await expect(page.getByText('No categories found')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await search(page, nameEn);
    await expect(rowOf(page, nameEn).getByRole('switch')).toBeChecked();

    // Delete asks first; cancelling keeps the row.
    await rowOf(page, nameEn).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this category?' });
    await expect(confirm).toContainText(`"${nameEn} edited" will be removed permanently.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, nameEn)).toHaveCount(1);
    await rowOf(page, nameEn).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Category deleted')).toBeVisible();
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test('server sorting by sort order', async ({ page }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const header = page.getByRole('columnheader', { name: 'Sort order' });
    const sortValues = async () => {
      const cells = await page.locator('tbody tr.ant-table-row:visible td:nth-child(4)').allInnerTexts();
      return cells.map(Number);
    };
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(sortValues).toEqual([...(await sortValues())].sort((a, b) => a - b));
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = await sortValues();
    expect(descending.length).toBeGreaterThan(1);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  test('row actions stay in view on a desktop, pinned to the right of the scrolling table', async ({
    page,
  }) => {
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/user');
    const first = page.locator('tbody tr.ant-table-row:visible').first();
    await expect(first.getByRole('button', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
  });

  test('a viewer sees the list without the buttons it may not use', async ({ page }) => {
    const viewer = await createAccount(page.request, 'viewer');
    await signInAs(page, viewer.username, viewer.password);
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: 'category list' })).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row:visible').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.locator('tbody').getByText('Enabled').first()).toBeVisible();
  });
});
