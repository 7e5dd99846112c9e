import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signInWithForm } from './support.ts';

/** Collects the page's content security policy violations (the browser reports each as an event). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('content security policy', () => {
  test('the console signs in and shows a list with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the API documentation renders with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Cool Evaluation API');
    expect(await violations()).toEqual([]);
  });
});
