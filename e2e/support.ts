import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
export const SCREENSHOT_DIR = '.test-output/screenshots';
export const MOBILE_VIEWPORT = { width: 375, height: 812 };

interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  result: T;
}

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/account/login', {
    data: { username, password, remember_me: false },
  });
  const body = (await response.json()) as Envelope<{ token: string; expiresAt: number }>;
  expect(body.success, body.message).toBe(true);
  return body.result;
}

/**
 * Display settings follow a signed-in account (kept on the server, applied at sign-in over the browser's):
 * tests sign in with the server holding none, so what one test changed never reaches the next one and each
 * test's preset local settings apply.
 */
async function forgetServerPreferences(request: APIRequestContext, token: string) {
  const response = await request.put('/api/account/preferences', {
    headers: { Authorization: token },
    data: {},
  });
  // A session that must first set up two-step verification may do nothing else (and has kept nothing).
  const body = await response.text();
  if (!body.includes('twoStep.setupRequired')) expect(response.ok(), body).toBe(true);
}

/** The result of an API answer (to the test's request or the page's), which must be a success. */
export async function result<T>(response: { json(): Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, body.message).toBe(true);
  return body.result;
}

/**
 * A new participant called `nickname` who submits PHQ-9 with 1 on items 1-8 and 3 on item 9: a record with a
 * new alert, which the console's menu counts. The record's id.
 */
export async function takePhq9(request: APIRequestContext, nickname: string) {
  const { token } = await result<{ token: string }>(
    await request.post('/api/client/session', { data: { locale: 'en-US' } }),
  );
  const headers = { Authorization: token };
  await result(await request.put('/api/client/me', { headers, data: { nickname } }));
  const tests = await result<{ data: { id: number; title: { en: string } }[] }>(
    await request.get('/api/client/tests?pageSize=100', { headers }),
  );
  const phq9 = tests.data.find((test) => test.title.en.includes('PHQ-9'));
  expect(phq9, 'PHQ-9 is on the shelf').toBeDefined();
  const started = await result<{ id: number }>(
    await request.post('/api/client/records', { headers, data: { testId: phq9!.id } }),
  );
  await result(
    await request.post(`/api/client/records/${started.id}/submit`, {
      headers,
      data: { answers: [1, 1, 1, 1, 1, 1, 1, 1, 3] },
    }),
  );
  return started.id;
}

/** Puts an API session into the page's storage the way the console stores it. */
export async function signInAs(page: Page, username: string, password: string) {
  const { token, expiresAt } = await apiLogin(page.request, username, password);
  await forgetServerPreferences(page.request, token);
  // A page of the origin without the console: its storage is the console's, and nothing loads twice.
  await page.goto('/api/health');
  await page.evaluate(
    ([value, expire]) => localStorage.setItem('Authorization', JSON.stringify({ value, expire })),
    [token, expiresAt] as const,
  );
}

export async function signInWithForm(page: Page, username: string, password: string) {
  // Only with the right password: an API sign-in would clear the failures a wrong-password test counts.
  if (username === ADMIN.username && password === ADMIN.password) {
    await forgetServerPreferences(page.request, (await apiLogin(page.request, username, password)).token);
  }
  await page.getByPlaceholder('Username or email').fill(username);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Creates an account with the given role through the API, as the admin. */
export async function createAccount(request: APIRequestContext, roleId: string) {
  const admin = await apiLogin(request, ADMIN.username, ADMIN.password);
  const username = `${roleId}${Date.now().toString(36)}`;
  const password = 'e2e-pass-123';
  const response = await request.post('/api/accounts', {
    headers: { Authorization: admin.token },
    data: { username, name: `E2E ${roleId}`, password, roleId },
  });
  const body = (await response.json()) as Envelope<unknown>;
  expect(body.success, body.message).toBe(true);
  return { username, password };
}

/** Display settings as the console restores them from local storage at start (language, page style, ...). */
export async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((state) => {
    localStorage.setItem('app-settings', JSON.stringify({ state, version: 1 }));
  }, settings);
}

/** `E2E_ALL_SCREENSHOTS=1`: screenshot tests run in every combination, not just enough to cover each. */
export const ALL_SCREENSHOTS = process.env.E2E_ALL_SCREENSHOTS === '1';

export interface ScreenshotCase {
  language: 'en-US' | 'zh-CN';
  pageStyle: 'light' | 'realdark';
  /** The window width, as the screenshot names it. */
  device: '1366' | '375';
  viewport: { width: number; height: number };
  /** `<language>-<pageStyle>-<device>`, for test and file names. */
  name: string;
}

/**
 * The language x page style x width combinations a screen's screenshot test runs in. By default two that
 * between them show each language, each style and each width once (CI time); `E2E_ALL_SCREENSHOTS=1` runs
 * all eight, for whoever is building or reviewing the screen.
 */
export function screenshotCases(): ScreenshotCase[] {
  const cases: ScreenshotCase[] = [];
  for (const language of ['en-US', 'zh-CN'] as const)
    for (const pageStyle of ['light', 'realdark'] as const)
      for (const device of ['1366', '375'] as const) {
        const diagonal =
          (language === 'en-US') === (pageStyle === 'light') &&
          (pageStyle === 'light') === (device === '1366');
        if (!ALL_SCREENSHOTS && !diagonal) continue;
        const viewport = device === '1366' ? { width: 1366, height: 800 } : MOBILE_VIEWPORT;
        cases.push({ language, pageStyle, device, viewport, name: `${language}-${pageStyle}-${device}` });
      }
  return cases;
}

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Collects the page's content security policy violations (the browser reports each as an event). */
export async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * Picks the option whose text contains `option` (`null`: the first) in an antd Select, and waits until `shown`
 * (where the field shows its choice) has it.
 */
export async function chooseOption(page: Page, field: Locator, option: string | null, shown: Locator) {
  await field.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option === null ? options : options.filter({ hasText: option })).first().click();
  if (option === null) await expect(shown).not.toHaveCount(0);
  else await expect(shown).toContainText(option);
}

/**
 * Waits for a drawer's or dialog's opening animation to end: a screenshot then shows it settled, and a click
 * on its buttons is not lost to the animation.
 */
export const settled = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );

/**
 * Clicks `button` in `dialog` once the dialog's opening animation has ended: on a busy machine a click during
 * the zoom can be lost, and the dialog then stays open.
 */
export async function clickSettled(dialog: Locator, button: string) {
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await dialog.getByRole('button', { name: button }).click();
}

/** Nothing on the page scrolls sideways (the window is as wide as its content). */
/** A table shows all its columns: nothing hidden under pinned columns or reached only by scrolling it sideways. */
export async function expectTableFits(table: Locator, what: string) {
  const [content, box] = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(content, what).toBeLessThanOrEqual(box! + 1);
}

export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
