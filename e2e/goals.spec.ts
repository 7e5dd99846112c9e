import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  chooseOption,
  createAccount,
  expectNoSideScroll,
  presetSettings,
  result,
  SCREENSHOT_DIR,
  screenshotCases,
  signInAs,
  takePhq9,
  uniqueSuffix,
} from './support.ts';
import { expect as baseExpect, test } from './test.ts';

/**
 * The goals screens on the built app: a goal created through the basic form, planned with a target test and a
 * milestone (its progress counted from a real submitted record), found in the search table, edited and deleted.
 */

// Two cores shared by many jobs: a list or a write can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A China-time day `days` from today, `YYYY-MM-DD`: goals' days are China days. */
const chinaDay = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The success of a save: the form's result page, or the plan's message (kept-alive tabs hold earlier ones). */
const submitted = (page: Page) => page.getByText('Submit successfully').filter({ visible: true }).first();

let critic = { username: '', password: '' };

test.beforeAll(async ({ request }) => {
  critic = await createAccount(request, 'viewer');
  // A submitted PHQ-9 record in today's period: the plan's progress counts it.
  await takePhq9(request, `E2E goal taker ${uniqueSuffix()}`);
});

test('creates a goal through the form, plans it, finds it in the table, edits and deletes it', async ({
  page,
}) => {
  const title = `E2E goal ${uniqueSuffix()}`;
  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/form/basic-form');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

  // Nothing filled: the required fields say so.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter the title')).toBeVisible();
  await expect(page.getByText('Please choose the start and end date')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByPlaceholder('Start date').fill(chinaDay(-3));
  await page.getByPlaceholder('Start date').press('Enter');
  await page.getByPlaceholder('End date').fill(chinaDay(27));
  await page.getByPlaceholder('End date').press('Enter');
  await page.getByLabel('Client').fill('Client X University');
  await page.getByLabel('Goal description').fill('Campus screening of the freshmen');
  await page.getByLabel('Metrics').fill('Submitted PHQ-9 records');
  await chooseOption(
    page,
    page.getByLabel('Inviting critics'),
    critic.username,
    page.locator('.ant-select-selection-item', { hasText: critic.username }),
  );
  await page.getByLabel('Partially public').check();
  await expect(page.getByLabel('Shown to')).toBeVisible();
  await page.getByLabel('Public', { exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(submitted(page)).toBeVisible();
  await expect(page.getByText(`The goal “${title}” is saved.`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/goals-submitted-en-US-light-1280.png` });

  // Its plan: the PHQ-9 records of the period, 10 of them aimed at, and one milestone.
  await page.getByRole('button', { name: 'Plan' }).click();
  await expect(page).toHaveURL(/\/form\/advanced-form\?id=\d+/);
  await chooseOption(
    page,
    page.getByLabel('Target test'),
    'PHQ-9',
    page.locator('.ant-form-item', { hasText: 'Target test' }).locator('.ant-select'),
  );
  await page.getByLabel('Target records').fill('10');
  await page.getByRole('button', { name: 'Add a milestone' }).click();
  // The milestone has no title nor day yet: the error list names them.
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: '2 errors' }).click();
  await expect(page.getByRole('list', { name: 'Fields to correct' })).toContainText('Milestone (1)');
  await page.getByLabel('Milestone 1', { exact: true }).fill('Invitations sent');
  await page.getByLabel('Due date of milestone 1').fill(chinaDay(1));
  await page.getByLabel('Due date of milestone 1').press('Enter');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(submitted(page)).toBeVisible();
  await expect(page.getByText(/^[1-9]\d* \/ 10 records$/)).toBeVisible();

  // The table finds it by keyword, with its progress.
  await page.goto(`/list/table-list?keyword=${encodeURIComponent(title)}`);
  const row = page.locator('tbody tr.ant-table-row', { hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/[1-9]\d* \/ 10 records/);
  await expect(row).toContainText('Draft');

  // Edit opens the basic form of that goal.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/form\/basic-form\?id=\d+/);
  // Kept-alive tabs hold other goal forms: the shown one's title.
  const shownTitle = page.getByLabel('Title', { exact: true }).filter({ visible: true });
  await expect(shownTitle).toHaveValue(title);
  await shownTitle.fill(`${title} renamed`);
  await page.getByRole('button', { name: 'Submit' }).filter({ visible: true }).click();
  await expect(submitted(page)).toBeVisible();

  await page.goto(`/list/table-list?keyword=${encodeURIComponent(title)}`);
  const renamed = page.locator('tbody tr.ant-table-row', { hasText: `${title} renamed` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this goal?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Goal deleted')).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('No goals yet')).toBeVisible();
});

test.describe('screenshots', () => {
  let goalId = 0;
  test.beforeAll(async ({ request }) => {
    const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
    const headers = { Authorization: token };
    const tests = await result<{ id: number; title: { en: string } }[]>(
      await request.get('/api/goals/tests?keyword=PHQ', { headers }),
    );
    const goal = await result<{ id: number }>(
      await request.post('/api/goals', {
        headers,
        data: {
          title: 'December campus screening for Client X',
          startDate: chinaDay(-10),
          endDate: chinaDay(20),
          description: 'Screen the freshmen of Client X University with PHQ-9 before the winter break.',
          metrics: '500 submitted PHQ-9 records; every alert followed up within a day.',
          client: 'Client X University',
          criticIds: [],
          weight: 60,
          disclosure: 'public',
          publicUserIds: [],
          status: 'in_progress',
          targetTestId: tests[0]!.id,
          targetCount: 500,
          milestones: [
            { title: 'Invitations sent to every class', dueDate: chinaDay(-5), done: true },
            { title: 'Half of the records in', dueDate: chinaDay(5), done: false },
          ],
        },
      }),
    );
    goalId = goal.id;
  });

  for (const { language, pageStyle, device, viewport } of screenshotCases()) {
    test(`${language} ${pageStyle} ${device}`, async ({ page }) => {
      const name = (screen: string) =>
        `${SCREENSHOT_DIR}/goals-${screen}-${language}-${pageStyle}-${device}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/list/table-list');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('list'), fullPage: true });

      await page.goto(`/form/basic-form?id=${goalId}`);
      await expect(page.locator('#goal_title')).toHaveValue('December campus screening for Client X');
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('form'), fullPage: true });

      await page.goto(`/form/advanced-form?id=${goalId}`);
      await expect(page.locator('#plan_title')).toHaveValue('December campus screening for Client X');
      await expect(page.locator('.ant-progress').first()).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: name('plan'), fullPage: true });
    });
  }
});
