import type { APIRequestContext, Page } from '@playwright/test';
import { type FakeSmtp, startSmtp } from '../apps/server/test/fakes/smtp.ts';
import { ADMIN, apiLogin, MOBILE_VIEWPORT, presetSettings, SCREENSHOT_DIR } from './support.ts';
import { expect, test } from './test.ts';

// Sign-up, activation by mail (a local SMTP server), approval, SMS sign-in (codes read from the outbox) and
// password recovery by email, then the sign-in pages' screenshots in both languages at both widths. SMS is not
// set up in e2e, so sign-up asks for no phone: the administrator gives the approved account its phone.

let smtp: FakeSmtp;
const stamp = Date.now().toString(36);
const EMAIL = `signup-${stamp}@example.com`;
const PHONE = `139${String(Date.now()).slice(-8)}`;
const PASSWORD = 'Quokka-harbour-58';
const NEW_PASSWORD = 'Marmot-lantern-73';

const adminToken = async (request: APIRequestContext) =>
  (await apiLogin(request, ADMIN.username, ADMIN.password)).token;

async function setMail(request: APIRequestContext, settings: object) {
  const response = await request.put('/api/settings/mail', {
    headers: { Authorization: await adminToken(request) },
    data: settings,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The last code the development outbox holds for a phone (SMS is not set up in e2e). */
async function lastCode(request: APIRequestContext, phone: string, kind: string) {
  const response = await request.get(`/api/outbox?recipient=${phone}&kind=${kind}&pageSize=1`, {
    headers: { Authorization: await adminToken(request) },
  });
  const body = (await response.json()) as { result: { data: { body: string }[] } };
  const code = body.result.data[0]?.body.match(/\b\d{6}\b/)?.[0];
  expect(code, `a ${kind} for ${phone}`).toBeTruthy();
  return code as string;
}

/** The path and query of the link in the last mail to the address whose subject matches. */
async function linkInMail(to: string, subject: RegExp) {
  // Recovery mail goes out from the job queue, which looks for work every 10 s.
  await expect
    .poll(() => smtp.mails.some((m) => m.to.includes(to) && subject.test(m.subject)), { timeout: 20_000 })
    .toBe(true);
  const mail = smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1)!;
  const url = new URL(mail.text.match(/https?:\/\/\S+\?token=[\w-]+/)![0]);
  return `${url.pathname}${url.search}`;
}

async function getCode(page: Page, kind: string) {
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /\d+ s/ })).toBeDisabled();
  await page.getByPlaceholder('Verification code').fill(await lastCode(page.request, PHONE, kind));
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/signup-${name}.png`, fullPage: true });

test.beforeAll(async ({ request }) => {
  smtp = await startSmtp();
  await setMail(request, {
    host: '127.0.0.1',
    port: smtp.port,
    secure: 'none',
    username: '',
    from: { address: 'noreply@cool.test', name: 'Cool Evaluation' },
  });
});

test.afterAll(async ({ request }) => {
  await setMail(request, { host: '' });
  await smtp.close();
});

test('sign up, activate by mail, wait for approval, sign in by SMS, recover the password by email', async ({
  page,
}) => {
  // Five flows in one: a busy CI machine needs more than the default minute.
  test.setTimeout(180_000);
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
  await page.getByPlaceholder('Your name').fill('Signup Person');
  await page.getByPlaceholder('Email').fill(EMAIL);
  await page.getByPlaceholder(/At least 6 characters/).fill(PASSWORD);
  await expect(page.getByText(/Strength: (Strong|Medium)/)).toBeVisible();
  await page.getByPlaceholder('Confirm password').fill(PASSWORD);
  await expect(page.getByPlaceholder('Mobile number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/user\/register-result\?email=/);
  await expect(page.getByText(`Your account ${EMAIL} is registered`)).toBeVisible();

  await page.goto(await linkInMail(EMAIL, /Activate/));
  await expect(page.getByText('Your email is confirmed')).toBeVisible();

  await page.goto('/user/login');
  await page.getByPlaceholder('Username or email').fill(EMAIL);
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('waiting for an administrator to approve it')).toBeVisible();

  const token = await adminToken(page.request);
  const list = await page.request.get(`/api/accounts?keyword=${encodeURIComponent(EMAIL)}`, {
    headers: { Authorization: token },
  });
  const id = ((await list.json()) as { result: { data: { id: number }[] } }).result.data[0]!.id;
  const approved = await page.request.post(`/api/accounts/${id}/approve`, {
    headers: { Authorization: token },
    data: { roleId: 'viewer' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const phoned = await page.request.put(`/api/accounts/${id}`, {
    headers: { Authorization: token },
    data: { phone: PHONE },
  });
  expect(phoned.ok(), await phoned.text()).toBe(true);

  await page.getByRole('tab', { name: 'Mobile number' }).click();
  await page.getByPlaceholder('Mobile number').fill(PHONE);
  await getCode(page, 'sign-in-code');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await page.evaluate(() => localStorage.removeItem('Authorization'));

  await page.goto('/user/recover');
  await page.getByPlaceholder('The email of your account').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your mailbox')).toBeVisible();
  await page.goto(await linkInMail(EMAIL, /Reset/));
  await page.getByPlaceholder(/At least 6 characters/).fill(NEW_PASSWORD);
  await page.getByPlaceholder('Confirm password').fill(NEW_PASSWORD);
  await shot(page, 'reset-en-US-1280');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await page.getByRole('button', { name: 'Go to sign in' }).click();
  await page.getByPlaceholder('Username or email').fill(EMAIL);
  await page.getByPlaceholder('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
});

for (const language of ['en-US', 'zh-CN'] as const) {
  for (const [device, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['375', MOBILE_VIEWPORT],
  ] as const) {
    test(`sign-in pages, ${language} ${device}`, async ({ page }) => {
      const zh = language === 'zh-CN';
      await page.setViewportSize(viewport);
      await presetSettings(page, { language });
      const name = (screen: string) => `${screen}-${language}-${device}`;
      await page.goto('/user/login');
      // Sign-up is on by default: the link shows once the page has asked.
      await expect(page.getByRole('link', { name: zh ? '注册账户' : 'Sign up' })).toBeVisible();
      await shot(page, name('login'));
      await page.getByRole('tab', { name: zh ? '手机号登录' : 'Mobile number' }).click();
      await expect(page.getByRole('button', { name: zh ? '获取验证码' : 'Get code' })).toBeVisible();
      await shot(page, name('login-mobile'));
      await page.goto('/user/register');
      await expect(page.getByPlaceholder(zh ? '姓名' : 'Your name')).toBeVisible();
      await page.getByPlaceholder(zh ? '至少 6 位密码，区分大小写' : /At least 6 characters/).fill('abc12');
      await expect(page.getByText(zh ? '强度：太短' : 'Strength: Too short')).toBeVisible();
      await shot(page, name('register'));
      await page.goto('/user/register-result?email=someone%40qq.com');
      await expect(page.getByRole('link', { name: zh ? '查看邮箱' : 'View mailbox' })).toBeVisible();
      await shot(page, name('register-result'));
      await page.goto('/user/recover');
      await expect(page.getByRole('button', { name: zh ? '发送重置链接' : 'Send reset link' })).toBeVisible();
      await shot(page, name('recover'));
      await page.goto('/user/reset?token=no-such-token');
      await expect(page.getByText(zh ? '该链接无效、已使用或已过期' : 'This link is invalid')).toBeVisible();
      await shot(page, name('reset-expired'));
    });
  }
}
