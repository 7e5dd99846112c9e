import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, MOBILE_VIEWPORT, SCREENSHOT_DIR, signInAs, watchViolations } from './support.ts';
import { expect, test } from './test.ts';

/** The participant app at /h5/ on a phone: take PHQ-9 through to its report, then follow it up as staff. */

const PHQ9 = 'Patient Health Questionnaire (PHQ-9)';
const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: MOBILE_VIEWPORT });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/h5-${name}.png`, fullPage: true });

/**
 * Nothing reaches past the right edge of the screen (a clipped card, a long word, a wide bar), except inside
 * a strip that scrolls sideways (the category tabs).
 */
async function expectNothingClipped(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element | null): boolean =>
      !!element &&
      element !== document.body &&
      (['auto', 'scroll'].includes(getComputedStyle(element).overflowX) || scrolls(element.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !scrolls(element.parentElement);
      })
      .map((element) => `${element.tagName}.${element.className}`);
  });
  expect(overflow).toEqual([]);
}

async function answer(page: Page, position: number, option: string, total = 9) {
  await expect(page.getByText(`Question ${position} of ${total}`)).toBeVisible();
  await page.getByRole('radio', { name: option, exact: true }).check();
}

/** The service as staff set it up under Settings > General (whatever earlier specs saved), shown in the app. */
const SERVICE = {
  serviceName: { zh: '静心测评', en: 'Calm Minds' },
  logoUrl: '',
  hotline: '400-161-9995',
  icpLicence: '浙ICP备12345678号-1',
  disclaimer: { zh: '', en: '' },
  privacyPolicy: { zh: '我们只为您的报告保存作答。', en: 'We keep your answers only for your report.' },
};

test.describe('participant app', () => {
  test.beforeAll(async ({ request }) => {
    const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
    const saved = await request.put('/api/settings/general', {
      headers: { Authorization: token },
      data: SERVICE,
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  });

  test('takes PHQ-9 with thoughts of self-harm: resumes after closing, reports the alert and hotline first, and staff mark it contacted', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    await page.goto('/h5/?lang=en');
    await expect(page.getByRole('heading', { name: 'Calm Minds' })).toBeVisible();
    // Below the shelf: the service's hotline and licence, and its privacy policy.
    await expect(page.getByRole('link', { name: 'Hotline 400-161-9995' })).toHaveAttribute(
      'href',
      'tel:4001619995',
    );
    await expect(page.getByText(SERVICE.icpLicence)).toBeVisible();
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByText(SERVICE.privacyPolicy.en)).toBeVisible();
    await page.goBack();
    const card = page.getByRole('link', { name: new RegExp(PHQ9.replace(/[()]/g, '\\$&')) });
    await expect(card).toContainText('Free');
    await expect(card).toContainText('3 min');
    await expectNothingClipped(page);
    await shot(page, 'list-en');

    await card.click();
    await expect(page.getByRole('heading', { name: PHQ9 })).toBeVisible();
    await expect(page.getByText('Over the last 2 weeks')).toBeVisible();
    await page.getByRole('button', { name: 'Start the test' }).click();

    // Four answers, then the page is closed: the answers were saved as they were chosen.
    for (let position = 1; position <= 4; position++) await answer(page, position, 'Not at all');
    await expect(page.getByText('Question 5 of 9')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Not at all', exact: true })).not.toBeChecked();
    const answerUrl = page.url();
    await expectNothingClipped(page);
    await shot(page, 'question-en');
    expect(await violations()).toEqual([]);
    await page.close();

    // Reopened from the start page: the introduction offers to continue, and it opens on question 5.
    const reopened = await context.newPage();
    const reopenedViolations = await watchViolations(reopened);
    await reopened.goto('/h5/?lang=en');
    await reopened.getByRole('link', { name: new RegExp(PHQ9.replace(/[()]/g, '\\$&')) }).click();
    await reopened.getByRole('button', { name: 'Continue where you left off' }).click();
    await expect(reopened).toHaveURL(answerUrl);
    await expect(reopened.getByText('Question 5 of 9')).toBeVisible();
    // Back shows the saved answer of question 4.
    await reopened.getByRole('button', { name: 'Back' }).click();
    await expect(reopened.getByText('Question 4 of 9')).toBeVisible();
    await expect(reopened.getByRole('radio', { name: 'Not at all', exact: true })).toBeChecked();
    await reopened.getByRole('button', { name: 'Next' }).click();

    for (let position = 5; position <= 8; position++) await answer(reopened, position, 'Not at all');
    await answer(reopened, 9, 'Nearly every day');
    await reopened.getByRole('button', { name: 'Submit' }).click();
    const confirm = reopened.getByRole('dialog');
    await expect(confirm).toContainText('Submit your answers?');
    await confirm.getByRole('button', { name: 'Submit' }).click();

    // The report: the alert with the hotline comes before the result.
    const alerts = reopened.getByRole('alert', { name: 'Please read this first' });
    // Submitting scores the answers and loads the report's code: slow on a shared machine.
    await expect(alerts).toBeVisible({ timeout: 30_000 });
    await expect(alerts).toContainText('400-161-9995');
    await expect(alerts).toContainText('hurting yourself');
    const overall = reopened.getByRole('heading', { name: 'Overall result' });
    await expect(overall).toBeVisible();
    await expect(reopened.getByText('Minimal or none')).toBeVisible();
    await expect(reopened.getByText('Score 3')).toBeVisible();
    const alertsTop = (await alerts.boundingBox())!.y;
    expect(alertsTop).toBeLessThan((await overall.boundingBox())!.y);
    await expectNothingClipped(reopened);
    await shot(reopened, 'report-en');
    const recordId = Number(new URL(reopened.url()).pathname.split('/').pop());
    expect(recordId).toBeGreaterThan(0);

    // My records lists it as finished.
    await reopened.goto('/h5/records?lang=en');
    await expect(
      reopened.getByRole('link', { name: new RegExp(PHQ9.replace(/[()]/g, '\\$&')) }),
    ).toContainText('Finished');
    expect(await reopenedViolations()).toEqual([]);

    // Staff: the record and its alert in the console, marked contacted.
    const token = await reopened.evaluate(() => localStorage.getItem('h5-token'));
    const me = await reopened.request.get('/api/client/me', { headers: { authorization: token! } });
    const participantId = (await me.json()).result.id as number;
    const staff = await context.newPage();
    await signInAs(staff, ADMIN.username, ADMIN.password);
    await staff.setViewportSize(DESKTOP);
    await staff.goto(`/records?participantId=${participantId}&record=${recordId}`);
    const drawer = staff.getByRole('dialog', { name: `Record #${recordId}` });
    // The console's first page load downloads its shell and the drawer's code: slow on a shared machine.
    await expect(drawer).toContainText(PHQ9, { timeout: 30_000 });
    await expect(drawer).toContainText('hurting yourself');
    await staff.goto(`/alerts?participantId=${participantId}`);
    const row = staff.locator('.ant-table-row', { hasText: `Anonymous #${participantId}` });
    await expect(row).toContainText('New', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Follow up' }).click();
    const dialog = staff.getByRole('dialog').filter({ hasText: 'Alert #' });
    // The status choices are radio buttons: their label takes the click.
    await dialog.locator('label', { hasText: 'Contacted' }).click();
    await expect(dialog.getByRole('radio', { name: 'Contacted' })).toBeChecked();
    await dialog.getByRole('textbox').fill('Called them; gave the hotline number.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByText('Follow-up saved')).toBeVisible();
    await expect(row).toContainText('Contacted');
  });

  test('shows the list, a question and a report in Chinese, and fits a desktop window', async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);
    await page.goto('/h5/?lang=zh');
    await expect(page.getByRole('heading', { name: '静心测评' })).toBeVisible();
    await expect(page.getByText('全部', { exact: true })).toBeVisible();
    await expectNothingClipped(page);
    await shot(page, 'list-zh');

    await page.getByRole('link', { name: /PHQ-9/ }).click();
    await page.getByRole('button', { name: '开始测评' }).click();
    await expect(page.getByText('第 1 / 9 题')).toBeVisible();
    await expectNothingClipped(page);
    await shot(page, 'question-zh');
    for (let position = 1; position <= 9; position++) {
      await expect(page.getByText(`第 ${position} / 9 题`)).toBeVisible();
      await page.getByRole('radio', { name: '好几天', exact: true }).check();
    }
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '提交' }).click();
    await expect(page.getByRole('heading', { name: '总体结果' })).toBeVisible();
    await expect(page.getByText('轻度', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert', { name: '请先阅读' })).toContainText('400-161-9995');
    await expectNothingClipped(page);
    await shot(page, 'report-zh');

    // The language switch changes the page and is remembered.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Overall result' })).toBeVisible();
    await page.goto('/h5/records');
    await expect(page.getByRole('heading', { name: 'My records' })).toBeVisible();

    await page.setViewportSize(DESKTOP);
    await page.goto('/h5/');
    await expect(page.getByRole('link', { name: /PHQ-9/ })).toBeVisible();
    await expectNothingClipped(page);
    await shot(page, 'list-desktop');
    await page.goto(page.url().replace(/\/h5\/.*/, '/h5/records'));
    await page.getByRole('link', { name: /PHQ-9/ }).first().click();
    await expect(page.getByRole('heading', { name: 'Overall result' })).toBeVisible();
    await expectNothingClipped(page);
    await shot(page, 'report-desktop');
    expect(await violations()).toEqual([]);
  });

  test('a paid test locks its report until paid: the names of what it will show and the price', async ({
    page,
  }) => {
    await page.goto('/h5/?lang=en');
    const card = page.getByRole('link', { name: /Four-letter personality/ });
    await expect(card).toContainText('¥9.90');
    await card.click();
    await page.getByRole('button', { name: 'Start the test' }).click();
    for (let position = 1; position <= 8; position++) {
      await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
      await page.getByRole('radio').first().check();
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'The full report is locked' })).toBeVisible();
    await expect(page.getByText('your type and its description')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlock for ¥9.90' })).toBeEnabled();
    await expect(page.getByText(/^Score/)).toHaveCount(0);
    await expectNothingClipped(page);
    await shot(page, 'report-locked-en');
  });

  test('the tab bar answers the keyboard: Tab reaches its links, Enter opens one, and the open one is marked', async ({
    page,
  }) => {
    for (const [lang, nav, tests, records] of [
      ['en', 'Main', 'Tests', 'My records'],
      ['zh', '主导航', '测评', '我的记录'],
    ] as const) {
      await page.goto(`/h5/?lang=${lang}`);
      const tabs = page.getByRole('navigation', { name: nav });
      const shelf = tabs.getByRole('link', { name: tests });
      const mine = tabs.getByRole('link', { name: records });
      await expect(shelf).toHaveAttribute('aria-current', 'page');
      await expect(mine).not.toHaveAttribute('aria-current');
      for (const tab of [shelf, mine]) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // Tab through the page (language switch, categories, tests, footer) until the records tab has focus.
      for (let presses = 0; presses < 40; presses++) {
        if (await mine.evaluate((link) => link === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(mine).toBeFocused();
      await expect(mine).toHaveCSS('outline-style', 'solid');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/h5\/records/);
      await expect(page.getByRole('heading', { name: records })).toBeVisible();
      await expect(mine).toHaveAttribute('aria-current', 'page');
      await expect(shelf).not.toHaveAttribute('aria-current');

      // A tap shows no focus ring.
      await shelf.click();
      await expect(shelf).toHaveAttribute('aria-current', 'page');
      await expect(shelf).toHaveCSS('outline-style', 'none');
    }
  });
});
