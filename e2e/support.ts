import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Puts an API session into the page's storage the way the console stores it. */
export async function signInAs(page: Page, username: string, password: string) {
  const { token, expiresAt } = await apiLogin(page.request, username, password);
  await page.goto('/404');
  await page.evaluate(
    ([value, expire]) => localStorage.setItem('Authorization', JSON.stringify({ value, expire })),
    [token, expiresAt] as const,
  );
}

export async function signInWithForm(page: Page, username: string, password: string) {
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
