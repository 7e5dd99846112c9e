import type { Page } from '@playwright/test';
import {
  ADMIN,
  clickSettled,
  presetSettings,
  SCREENSHOT_DIR,
  screenshotCases,
  settled,
  signInAs,
  takePhq9,
  uniqueSuffix,
} from './support.ts';
import { expect as baseExpect, test } from './test.ts';

/**
 * The staff side of records: a participant takes PHQ-9 through the client API answering 3 ("nearly every
 * day") on item 9, and staff find the record, follow up its alert and manage the participant in the console.
 */

// Two cores shared by many jobs: a list or a write can take longer than the default ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const suffix = uniqueSuffix();
/** Followed up by staff in the test below. */
const FOLLOWED = `E2E Lin ${suffix}`;
/** Left new, so the menu keeps counting an alert for the screenshots. */
const WAITING = `E2E Wang ${suffix}`;
let followedRecord = 0;

test.beforeAll(async ({ request }) => {
  followedRecord = await takePhq9(request, FOLLOWED);
  await takePhq9(request, WAITING);
});

/** The menu item of the alerts queue and its badge of new alerts. */
const alertsBadge = (page: Page) =>
  page
    .getByRole('menuitem')
    .filter({ hasText: /^alerts/ })
    .locator('.ant-badge-count');

test('staff find the record, follow up its alert, and block and unblock the participant', async ({
  page,
}) => {
  await signInAs(page, ADMIN.username, ADMIN.password);

  // The record, by the participant's nickname.
  await page.goto('/records');
  await page.getByLabel('Participant').fill(FOLLOWED);
  // Enter in the field searches, as the Search button does.
  await page.getByLabel('Participant').press('Enter');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: FOLLOWED });
  await expect(row).toContainText(FOLLOWED);
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('Moderate');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: `Record #${followedRecord}` }).click();
  const drawer = page.getByRole('dialog', { name: `Record #${followedRecord}` });
  const report = drawer.getByRole('region', { name: 'Report' });
  await expect(report.getByRole('region', { name: 'Alerts' })).toContainText('question 9');
  await expect(report).toContainText('11');
  const item9 = drawer.getByRole('group', { name: /^9\. / });
  await expect(item9.locator('[aria-current="true"]')).toContainText('Nearly every day');
  await expect(item9.locator('[aria-current="true"]')).toContainText('3 pts');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Its alert, counted in the menu, followed up with a note.
  await page.goto('/alerts');
  await expect(alertsBadge(page)).toBeVisible();
  const count = Number(await alertsBadge(page).getAttribute('title'));
  expect(count).toBeGreaterThanOrEqual(2);
  const alert = page.locator('tbody tr.ant-table-row').filter({ hasText: FOLLOWED });
  await expect(alert).toContainText('Question 9 · score');
  await alert.getByRole('button', { name: /^Follow up #/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Alert #/ });
  await dialog.getByText('Contacted', { exact: true }).click();
  await dialog.getByLabel('Note').fill('Phoned her; she is safe and has the hotline');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Follow-up saved')).toBeVisible();
  await expect(alert).toContainText('Contacted');
  await expect(alert).toContainText('Phoned her');
  await expect(alertsBadge(page)).toHaveAttribute('title', String(count - 1));

  // The participant: blocked, then unblocked.
  await page.goto('/participants');
  await page.getByLabel('Nickname').fill(FOLLOWED);
  await page.getByRole('button', { name: 'Search' }).click();
  const person = page.locator('tbody tr.ant-table-row').filter({ hasText: FOLLOWED });
  await expect(person).toContainText('Active');
  await person.getByRole('button', { name: 'Block' }).click();
  await clickSettled(page.getByRole('dialog', { name: `Block ${FOLLOWED}?` }), 'Block');
  await expect(page.getByText(`${FOLLOWED} is blocked`)).toBeVisible();
  await expect(person).toContainText('Blocked');
  await person.getByRole('button', { name: 'Unblock' }).click();
  await clickSettled(page.getByRole('dialog', { name: `Unblock ${FOLLOWED}?` }), 'Unblock');
  await expect(person).toContainText('Active');
});

test.describe('screenshots', () => {
  for (const { language, pageStyle, device, viewport } of screenshotCases()) {
    test(`${language} ${pageStyle} ${device}`, async ({ page }) => {
      const name = (screen: string) =>
        `${SCREENSHOT_DIR}/records-${screen}-${language}-${pageStyle}-${device}.png`;
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);

      await page.goto('/records');
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: name('list'), fullPage: true });
      await page.goto(`/records?record=${followedRecord}`);
      await expect(page.locator('.ant-drawer [role="region"]').first()).toBeVisible();
      await settled(page, '.ant-drawer');
      await page.screenshot({ path: name('drawer') });

      // A list, then the followed participant's row opened from it.
      const listAndOpened = async (
        path: string,
        list: string,
        opened: string,
        shown: string,
        frame: string,
      ) => {
        await page.goto(path);
        await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
        await page.screenshot({ path: name(list), fullPage: true });
        await page
          .locator('tbody tr.ant-table-row')
          .filter({ hasText: FOLLOWED })
          .locator('button')
          .first()
          .click();
        await expect(page.locator(shown)).toBeVisible();
        await settled(page, frame);
        await page.screenshot({ path: name(opened) });
      };
      await listAndOpened('/alerts', 'alerts', 'follow-up', '.ant-modal-body', '.ant-modal-wrap');
      await listAndOpened(
        '/participants',
        'participants',
        'participant',
        '.ant-drawer [role="list"]',
        '.ant-drawer',
      );
    });
  }
});
