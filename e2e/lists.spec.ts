import type { APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
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
 * The template's basic, card and search lists and its advanced profile, on real data: a participant takes PHQ-9,
 * the basic list counts the record, the search list finds the participant, and their profile shows the record.
 */

// Two cores shared by many jobs: a list can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const NICKNAME = `E2E Lists ${uniqueSuffix()}`;

interface Progress {
  title: { en: string };
  recordCount: number;
  submittedCount: number;
}

async function phq9Progress(request: APIRequestContext) {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const list = await result<{ data: Progress[] }>(
    await request.get('/api/lists/tests?keyword=PHQ-9', { headers: { Authorization: token } }),
  );
  expect(list.data).toHaveLength(1);
  return list.data[0]!;
}

/** PHQ-9's records before the participant took it. */
let before: Progress;

test.beforeAll(async ({ request }) => {
  before = await phq9Progress(request);
  await takePhq9(request, NICKNAME);
});

test('a test taken is counted in the basic list, its taker found and profiled', async ({ page }) => {
  await signInAs(page, ADMIN.username, ADMIN.password);

  await page.goto('/list/basic-list?keyword=PHQ-9');
  const row = page.getByRole('listitem').filter({ hasText: 'PHQ-9' });
  await expect(row).toContainText(`Completed ${before.submittedCount + 1} of ${before.recordCount + 1}`);
  await expect(page.getByRole('region', { name: 'Key figures' })).toContainText('Records this week');

  await page.goto(`/list/search?tab=applications&keyword=${encodeURIComponent(NICKNAME)}`);
  const card = page.getByRole('listitem', { name: NICKNAME });
  await expect(card).toContainText('Records: 1');
  await card.getByRole('link', { name: NICKNAME }).click();
  await expect(page).toHaveURL(/\/profile\/advanced\?id=\d+$/);

  await expect(page.getByRole('heading', { name: NICKNAME })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures).toContainText('Records taken1');
  await expect(figures).toContainText('Submitted1');
  // PHQ-9 item 9 answered 3 raises an alert, new until someone follows it up.
  await expect(figures).toContainText('Open alerts1');
  const records = page.getByRole('table', { name: 'Records' });
  await expect(records.getByRole('row').filter({ hasText: 'PHQ-9' })).toContainText('Submitted');
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByRole('table', { name: 'Alerts' })).toContainText('PHQ-9');
  // The server's merged activity, newest first: the submit and the alert it raised, above the start.
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByRole('tabpanel');
  const events = activity.locator('.ant-timeline-item');
  await expect(events).toHaveCount(3);
  await expect(activity).toContainText(/Raised an alert on .*PHQ-9/);
  await expect(activity).toContainText(/Submitted .*PHQ-9/);
  await expect(events.nth(2)).toContainText(/Started .*PHQ-9/);
});

for (const { language, pageStyle, viewport, name } of screenshotCases()) {
  test(`looks right: ${name}`, async ({ page }) => {
    await presetSettings(page, { language, pageStyle });
    await page.setViewportSize(viewport);
    await signInAs(page, ADMIN.username, ADMIN.password);
    const shot = async (screen: string) => {
      await expectNoSideScroll(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/lists-${screen}-${name}.png`, fullPage: true });
    };

    await page.goto('/list/basic-list');
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await shot('basic');

    await page.goto('/list/card-list');
    await expect(page.locator('.ant-card').first()).toBeVisible();
    await shot('card');

    await page.goto('/list/search?tab=articles&keyword=PHQ');
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
    await shot('search');

    await page.goto(`/list/search?tab=applications&keyword=${encodeURIComponent(NICKNAME)}`);
    const profileLink = page.getByRole('tabpanel').getByRole('listitem').first().getByRole('link');
    await profileLink.click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await shot('profile');

    // The activity tab (the last).
    await page.getByRole('tab').last().click();
    await expect(page.getByRole('tabpanel').locator('.ant-timeline-item').first()).toBeVisible();
    await shot('profile-activity');
  });
}
