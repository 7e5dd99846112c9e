import { ADMIN, apiLogin, signInWithForm, watchViolations } from './support.ts';
import { expect, test } from './test.ts';

test.describe('content security policy', () => {
  test('the console signs in and shows a list with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('every console page, signed in, and an editor dialog have nothing blocked', async ({ page }) => {
    // Seven page loads on a machine shared by many runs.
    test.setTimeout(240_000);
    const violations = await watchViolations(page);
    await page.goto('/user/login');
    await signInWithForm(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'psychological test questions' })).toBeVisible();
    const tests = await page.request.get('/api/tests?pageSize=1', {
      headers: { authorization: (await apiLogin(page.request, ADMIN.username, ADMIN.password)).token },
    });
    const testId = (await tests.json()).result.data[0].id;
    for (const path of [
      '/game',
      '/user',
      '/center',
      '/order',
      `/qtable?testId=${testId}`,
      '/account/center',
    ]) {
      await page.goto(path);
      await expect(page.locator('.ant-layout-content').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    // Dialogs write their own styles at run time.
    await page.goto('/user');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('button', { name: /new|add/i })
      .first()
      .click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the API documentation renders with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Cool Evaluation API');
    expect(await violations()).toEqual([]);
  });
});
