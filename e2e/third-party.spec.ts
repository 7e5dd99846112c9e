import type { IdentityProviders } from '@cool/shared';
import type { Page } from '@playwright/test';
import { type FakeOAuth, startFakeOAuth } from '../apps/server/test/fakes/oauth.ts';
import {
  ADMIN,
  apiLogin,
  createAccount,
  MOBILE_VIEWPORT,
  presetSettings,
  SCREENSHOT_DIR,
  signInAs,
} from './support.ts';
import { expect, test, thisServer } from './test.ts';

const TEXT = {
  'en-US': {
    bind: 'Bind WeChat Work',
    signIn: 'Sign in with WeChat Work',
    bound: 'Bound: ',
    corpId: 'Corp ID',
  },
  'zh-CN': {
    bind: '绑定 企业微信',
    signIn: '使用企业微信登录',
    bound: '已绑定：',
    corpId: '企业 ID（CorpID）',
  },
} as const;
type Language = keyof typeof TEXT;

let fake: FakeOAuth;
let saved: IdentityProviders;

test.beforeAll(async ({ request }) => {
  fake = await startFakeOAuth(thisServer().wecomPort);
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const before = await request.get('/api/settings/identity-providers', { headers: { Authorization: token } });
  saved = (await before.json()).result;
  const app = fake.apps.wecom;
  const off = { enabled: false, appId: '', agentId: '' };
  const response = await request.put('/api/settings/identity-providers', {
    headers: { Authorization: token },
    data: {
      wecom: { enabled: true, appId: app.appId, agentId: app.agentId, secret: app.secret },
      dingtalk: off,
      wechat: off,
    },
  });
  expect(response.ok()).toBe(true);
});

// Later specs see the settings as they were: the ids put back, a secret that was not set removed again.
test.afterAll(async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN.username, ADMIN.password);
  const restore = Object.fromEntries(
    (['wecom', 'dingtalk', 'wechat'] as const).map((p) => {
      const { enabled, appId, agentId, secret } = saved[p];
      return [p, { enabled, appId, agentId, ...(!secret.set && { secret: null }) }];
    }),
  );
  await request.put('/api/settings/identity-providers', { headers: { Authorization: token }, data: restore });
  await fake?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/third-party-${name}.png`, fullPage: true });

async function bindAndSignIn(page: Page, language: Language) {
  // Two full page loads through the provider and back: on a busy machine each can take a while.
  test.slow();
  const text = TEXT[language];
  const { username, password } = await createAccount(page.request, 'viewer');
  fake.signInAs('wecom', { id: `wecom-${username}`, name: username });

  await signInAs(page, username, password);
  await page.goto('/account/settings?section=binding');
  // The first console page of the run loads its code on a shared, busy machine: more time for it.
  await expect(page.getByRole('button', { name: text.bind })).toBeVisible({ timeout: 30_000 });
  await shot(page, `binding-${language}`);
  await page.getByRole('button', { name: text.bind }).click();
  // Through the provider's page and back: the section says it is bound, to whom.
  await expect(page.getByText(`${text.bound}wecom-${username}`)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/section=binding$/);
  await shot(page, `bound-${language}`);

  // Signed out, the login page shows the WeChat Work icon only, and it signs the account in.
  await page.evaluate(() => localStorage.removeItem('Authorization'));
  await page.goto('/user/login');
  const icon = page.getByRole('link', { name: text.signIn });
  await expect(icon).toBeVisible();
  await expect(page.getByRole('link', { name: /DingTalk|钉钉/ })).toHaveCount(0);
  await shot(page, `login-${language}`);
  await icon.click();
  await expect(page).not.toHaveURL(/\/user\/login/, { timeout: 30_000 });
  await expect(page.getByText(`E2E viewer`).first()).toBeVisible();
  expect(page.url()).not.toContain('oauthTicket');
}

test('binds WeChat Work in account settings and signs in with its icon (en-US, 1280 px)', async ({
  page,
}) => {
  await bindAndSignIn(page, 'en-US');
});

test('the same in Chinese on a phone (zh-CN, 375 px)', async ({ page }) => {
  await presetSettings(page, { language: 'zh-CN' });
  await page.setViewportSize(MOBILE_VIEWPORT);
  await bindAndSignIn(page, 'zh-CN');
});

test('an identity bound to nobody is refused on the login page, in words', async ({ page }) => {
  fake.signInAs('wecom', { id: 'wecom-nobody', name: 'Nobody' });
  await page.goto('/user/login');
  await page.getByRole('link', { name: TEXT['en-US'].signIn }).click();
  await expect(page.getByRole('alert')).toContainText('No account is bound to this WeChat Work identity');
});

for (const [language, viewport] of [
  ['en-US', { width: 1280, height: 900 }],
  ['zh-CN', MOBILE_VIEWPORT],
] as const) {
  test(`settings: the third-party sign-in section (${language})`, async ({ page }) => {
    await presetSettings(page, { language });
    await page.setViewportSize(viewport);
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto('/center?tab=identityProviders');
    await expect(page.getByLabel(TEXT[language].corpId)).toHaveValue('ww-fake-corp', { timeout: 30_000 });
    await shot(page, `settings-${language}`);
  });
}
