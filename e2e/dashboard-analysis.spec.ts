import type { APIRequestContext, Page } from '@playwright/test';
import type { FakeWechatPay } from '../apps/server/test/fakes/wechatpay.ts';
import { formatYuan } from '../packages/shared/src/format.ts';
import { notifyPaid, paidTest, startFakeWechatPay } from './payments.ts';
import {
  ADMIN,
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
 * The analysis dashboard on the server's own data: a participant pays ¥19.90 for a report through the local
 * WeChat Pay fake and another takes PHQ-9; the page shows what the API counts, which includes them.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const TEST_TITLE = 'Paid mood check (e2e)';
let fake: FakeWechatPay;
let headers: Record<string, string>;
let totalBefore = 0;

/** A participant submits the paid test and pays its report by QR code. */
async function payForReport(request: APIRequestContext, testId: number) {
  const { token } = await result<{ token: string }>(
    await request.post('/api/client/session', { data: { locale: 'en-US' } }),
  );
  const client = { Authorization: token };
  const record = await result<{ id: number }>(
    await request.post('/api/client/records', { headers: client, data: { testId } }),
  );
  await result(
    await request.post(`/api/client/records/${record.id}/submit`, {
      headers: client,
      data: { answers: [1, 1, 0, 0, 1, 0, 0, 0, 0] },
    }),
  );
  const order = await result<{ orderNo: string }>(
    await request.post('/api/client/orders', {
      headers: client,
      data: { recordId: record.id, channel: 'native' },
    }),
  );
  expect((await notifyPaid(fake, order.orderNo)).status).toBe(204);
}

const salesOverview = async (request: APIRequestContext) =>
  result<{ totalFen: number; payments: number }>(
    await request.get('/api/analysis/sales/overview', { headers }),
  );

test.beforeAll(async ({ request }) => {
  const started = await startFakeWechatPay(request);
  fake = started.fake;
  headers = started.headers;
  totalBefore = (await salesOverview(request)).totalFen;
  const testId = await paidTest(request, headers, 1990);
  await payForReport(request, testId);
  await takePhq9(request, `E2E Analysis ${uniqueSuffix()}`);
});

test.afterAll(async () => {
  await fake?.close();
});

/** The top card titled so. */
const card = (page: Page, title: string) =>
  // The innermost section with that heading (the console's layout is made of sections too).
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();

/** Every chart drawn at its container's width (they measure it again once the layout settles). */
const chartsFit = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.recharts-responsive-container')]
          .map((container) => {
            const svg = container.querySelector('svg.recharts-surface');
            const width = svg?.getBoundingClientRect().width ?? -1;
            return Math.abs(width - container.clientWidth) <= 1 ? '' : `${width} in ${container.clientWidth}`;
          })
          .filter(Boolean)
          .join(', '),
      ),
    )
    .toBe('');

test('shows the sales and visits the server counted, with the paid test ranked', async ({
  page,
  request,
}) => {
  const overview = await salesOverview(request);
  expect(overview.totalFen - totalBefore).toBe(1990);
  const visits = await result<{ total: number }>(
    await request.get('/api/analysis/visits/overview', { headers }),
  );

  await signInAs(page, ADMIN.username, ADMIN.password);
  await page.goto('/dashboard/analysis');
  await expect(card(page, 'Total sales')).toContainText(formatYuan(overview.totalFen, { symbol: true }));
  await expect(card(page, 'Payments')).toContainText(String(overview.payments));
  await expect(card(page, 'Visits')).toContainText(visits.total.toLocaleString('en-US'));
  await expect(card(page, 'Sales ranking')).toContainText(TEST_TITLE);
  await expect(card(page, 'Sales ranking')).toContainText('¥19.90');
  // The bars are drawn for this month's days.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();

  const topTests = page.getByRole('table', {
    name: 'The tests the most participants took in the period (each counted once a day)',
  });
  await expect(topTests.getByRole('row').filter({ hasText: TEST_TITLE })).toBeVisible();
  // This month runs on past today: its weekly range is the 7 China days ending today.
  const day = (daysAgo: number) =>
    new Date(Date.now() + 8 * 3600_000 - daysAgo * 24 * 3600_000).toISOString();
  await expect(topTests.getByRole('columnheader', { name: /Weekly range/ })).toContainText(
    `${day(6).slice(5, 10)} – ${day(0).slice(5, 10)}`,
  );
  await page.getByRole('tab', { name: 'Visits' }).click();
  await expect(card(page, 'Visits ranking')).toContainText(TEST_TITLE);

  // Nothing was paid through a mobile browser.
  await page.getByText('Mobile browser', { exact: true }).click();
  await expect(page.getByText('Nothing in this period').first()).toBeVisible();
  await expectNoSideScroll(page);
});

test.describe('screenshots', () => {
  for (const { language, pageStyle, viewport, name } of screenshotCases()) {
    test(name, async ({ page }) => {
      await page.setViewportSize(viewport);
      await presetSettings(page, { language, pageStyle });
      await signInAs(page, ADMIN.username, ADMIN.password);
      await page.goto('/dashboard/analysis');
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
      await chartsFit(page);
      await expectNoSideScroll(page);
      // The whole page in the window first: a full-page capture resizes it, and the charts caught redrawing.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height });
      await chartsFit(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/analysis-${name}.png`, fullPage: true });
    });
  }
});
