import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN,
  apiLogin,
  clickSettled,
  createAccount,
  MOBILE_VIEWPORT,
  presetSettings,
  SCREENSHOT_DIR,
  signInAs,
  uniqueSuffix,
} from './support.ts';
import { expect, test } from './test.ts';

/** The authenticator app: `steps` time steps (30 s) ahead, since each step's code signs in only once. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const TEXT = {
  'en-US': {
    setUp: 'Set up',
    on: 'On',
    saved: 'I have saved them',
    codesTitle: 'Your recovery codes',
    useRecovery: 'Use a recovery code instead',
    verify: 'Verify',
  },
  'zh-CN': {
    setUp: '绑定',
    on: '已开启',
    saved: '我已保存',
    codesTitle: '您的恢复码',
    useRecovery: '改用恢复码',
    verify: '验证',
  },
} as const;

type Language = keyof typeof TEXT;

/** Once the dialogs have finished opening (finite animations only: a loading spinner turns for ever). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/two-step-${name}.png` });
}

/** Enrols through the Security section of account settings; returns the secret and the recovery codes. */
async function enrol(page: Page, language: Language, screenshot: string) {
  const text = TEXT[language];
  await page.goto('/account/settings?section=security');
  const item = page.getByTestId('two-step-setup');
  await item.getByRole('button', { name: text.setUp }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('img')).toBeVisible();
  const secret = (await dialog.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, `setup-${screenshot}`);
  await dialog.locator('.ant-otp input').first().fill(codeOf(secret));
  const list = dialog.getByRole('list', { name: text.codesTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await shot(page, `codes-${screenshot}`);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await dialog.getByRole('button', { name: text.saved }).click();
  await expect(item.getByText(text.on, { exact: true })).toBeVisible();
  return { secret, recoveryCodes };
}

/** Signs out in the browser only (the session is simply dropped) and fills the login form. */
async function submitLogin(page: Page, username: string, password: string) {
  await page.evaluate(() => localStorage.removeItem('Authorization'));
  await page.goto('/user/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  const prompt = page.getByRole('dialog');
  await expect(prompt.locator('.ant-otp input')).toHaveCount(6);
  return prompt;
}

const signedIn = (page: Page) => expect(page).not.toHaveURL(/\/user\/login/);

test('enrol in account settings, then sign in with the app and with a recovery code (en-US, 1280)', async ({
  page,
}) => {
  // Three sign-ins and an enrolment: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const { username, password } = await createAccount(page.request, 'operator');
  await signInAs(page, username, password);
  const { secret, recoveryCodes } = await enrol(page, 'en-US', 'en-US-1280');

  let prompt = await submitLogin(page, username, password);
  await shot(page, 'prompt-en-US-1280');
  // The code that turned it on was this time step's: the next one's is still new.
  await prompt.locator('.ant-otp input').first().fill(codeOf(secret, 1));
  await signedIn(page);

  prompt = await submitLogin(page, username, password);
  await clickSettled(prompt, TEXT['en-US'].useRecovery);
  await prompt.getByRole('textbox').fill(recoveryCodes[0]!);
  await prompt.getByRole('button', { name: TEXT['en-US'].verify }).click();
  await signedIn(page);
});

test('set-up and the login prompt in Chinese on a phone (zh-CN, 375)', async ({ page }) => {
  await presetSettings(page, { language: 'zh-CN' });
  await page.setViewportSize(MOBILE_VIEWPORT);
  const { username, password } = await createAccount(page.request, 'operator');
  await signInAs(page, username, password);
  const { secret } = await enrol(page, 'zh-CN', 'zh-CN-375');

  const prompt = await submitLogin(page, username, password);
  await expect(prompt).toContainText('身份验证器');
  await shot(page, 'prompt-zh-CN-375');
  await prompt.locator('.ant-otp input').first().fill(codeOf(secret, 1));
  await signedIn(page);
});

test('a role that requires it: the console only offers the set-up, then opens (en-US, 375)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE_VIEWPORT);
  const admin = await apiLogin(page.request, ADMIN.username, ADMIN.password);
  const roleId = `mfa-${uniqueSuffix()}`;
  const role = await page.request.post('/api/roles', {
    headers: { Authorization: admin.token },
    data: {
      id: roleId,
      name: `E2E two-step ${roleId}`,
      requireTwoStep: true,
      permissions: [{ permissionId: 'categories', actionList: ['query', 'get'] }],
    },
  });
  expect(role.status()).toBe(201);
  const { username, password } = await createAccount(page.request, roleId);
  await signInAs(page, username, password);
  // The home page is not among this role's; account settings are everyone's.
  await page.goto('/account/settings');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your role requires two-step verification');
  await expect(dialog.locator('img')).toBeVisible();
  await shot(page, 'required-en-US-375');
  const secret = (await dialog.locator('code').textContent())?.trim() ?? '';
  await dialog.locator('.ant-otp input').first().fill(codeOf(secret));
  await dialog.getByRole('button', { name: TEXT['en-US'].saved }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Two-step verification is not on')).toHaveCount(0);
});
