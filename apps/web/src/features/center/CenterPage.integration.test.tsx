import { BUILT_IN_ROLES, type Grants } from '@cool/shared';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, renderApp, reply, replyError, server, setupIntegration } from '../../test/app.tsx';
import { click, fill, screen, waitFor, within } from '../../test/dom.ts';
import * as fixture from '../../test/fixtures.ts';

setupIntegration();

/** The settings as the server keeps them; each PUT answers what it saved. */
function settings() {
  const puts: Record<string, Record<string, unknown>> = {};
  let pay = fixture.wechatPaySettings();
  server.use(
    http.get(api('/settings/general'), () => reply(fixture.generalSettings({ hotline: '400-161-9995' }))),
    http.put(api('/settings/general'), async ({ request }) => {
      puts.general = (await request.json()) as Record<string, unknown>;
      return reply(fixture.generalSettings(puts.general));
    }),
    http.get(api('/settings/wechat-official-account'), () =>
      reply(fixture.wechatOfficialAccount({ source: 'environment' })),
    ),
    http.get(api('/settings/wechat-pay'), () => reply(pay)),
    http.put(api('/settings/wechat-pay'), async ({ request }) => {
      puts.wechatPay = (await request.json()) as Record<string, unknown>;
      pay = { ...pay, apiV3Key: { set: true, fingerprint: 'NEWFINGR' } };
      return reply(pay);
    }),
  );
  return puts;
}

const withGrants = (grants: Grants) =>
  server.use(http.get(api('/user/info'), () => reply(fixture.userInfo(grants))));

const tabs = () => [...document.querySelectorAll('.ant-card [role="tab"]')].map((tab) => tab.textContent);
/** The form item of a field, by the field's name. */
const itemOf = (name: string) => document.querySelector(`label[for="${name}"]`)!.closest('.ant-form-item')!;

describe('settings screen', () => {
  it('warns on the WeChat Pay tab that priced tests are on the shelf while it is not set up', async () => {
    settings();
    server.use(
      http.get(api('/tests/shelf-payment'), () =>
        reply(fixture.shelfPayment({ pricedOnShelf: 1, wechatPayConfigured: false })),
      ),
    );
    renderApp('/center?tab=wechatPay');
    const warning = await screen.findByText('1 priced test is on the shelf, but WeChat Pay is not set up');
    expect(warning.closest('[role="alert"]')!.textContent).toContain('cannot start them');
  });

  it('saves the general settings participants see', async () => {
    const puts = settings();
    renderApp('/center');
    const hotline = (await waitFor(() =>
      screen.getByLabelText('Customer-service hotline'),
    )) as HTMLInputElement;
    expect(hotline.value).toBe('400-161-9995');
    expect(tabs()).toEqual([
      'General',
      'WeChat official account',
      'WeChat Pay',
      'Mail',
      'SMS',
      'Third-party sign-in',
      'Promotion link',
      'Sign-up',
    ]);
    fill(screen.getByLabelText('Service name (English)'), 'Assessment Centre');
    fill(screen.getByLabelText('ICP licence number'), '京ICP备12345678号');
    click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved');
    expect(puts.general).toMatchObject({
      serviceName: { zh: '', en: 'Assessment Centre' },
      hotline: '400-161-9995',
      icpLicence: '京ICP备12345678号',
      logoUrl: '',
    });
  });

  it('shows WeChat Pay secrets only as set with a fingerprint, and sends only a replaced one', async () => {
    const puts = settings();
    renderApp('/center?tab=wechatPay');
    await screen.findByText('A1B2C3D4E5F60718');
    expect(screen.getByText('9F8E7D6C')).toBeTruthy();
    // No field holds a secret: a set key is a tag and a Replace button.
    expect(document.querySelector('label[for="merchantPrivateKey"]')).toBeTruthy();
    expect(document.getElementById('merchantPrivateKey')?.tagName).toBe('BUTTON');
    for (const field of document.querySelectorAll('input, textarea'))
      expect((field as HTMLInputElement).value).not.toMatch(/PRIVATE|A{32}/);
    expect(screen.getByText('https://pay.example.com/api/pay/wechat/notify')).toBeTruthy();
    expect(screen.getByText('https://pay.example.com/api/pay/wechat/refund-notify')).toBeTruthy();

    click(within(itemOf('apiV3Key')).getByRole('button', { name: 'Replace' }));
    fill(await waitFor(() => screen.getByLabelText('APIv3 key')), 'short');
    click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The APIv3 key is exactly 32 letters and digits');
    fill(screen.getByLabelText('APIv3 key'), 'A'.repeat(32));
    fill(screen.getByLabelText('Notify URL base'), 'https://shop.example.com/');
    await screen.findByText('https://shop.example.com/api/pay/wechat/notify');
    click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved');
    expect(puts.wechatPay).toEqual({
      appId: 'wx0123456789abcdef',
      mchId: '1900000001',
      merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
      notifyBaseUrl: 'https://shop.example.com/',
      orderExpireMinutes: 30,
      apiV3Key: 'A'.repeat(32),
    });
    // The new key is shown by its fingerprint, its field gone again.
    await screen.findByText('NEWFINGR');
  });

  it('tests the connection and says in words what failed', async () => {
    settings();
    let answer = () => reply({ durationMs: 84 });
    server.use(http.post(api('/settings/wechat-pay/test'), () => answer()));
    renderApp('/center?tab=wechatPay');
    click(await screen.findByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('status')).textContent).toContain('(84 ms)');
    answer = () => replyError(502, 'wechatpay.signRejected', 'refused');
    click(screen.getByRole('button', { name: 'Test connection' }));
    const failed = await screen.findByRole('alert');
    await waitFor(() =>
      expect(failed.textContent).toContain(
        'WeChat Pay refused our request signature: check the merchant ID, certificate serial number and private key',
      ),
    );
  });

  it('says where WeChat sign-in comes from, and keeps the official account secret write-only', async () => {
    settings();
    renderApp('/center?tab=officialAccount');
    await screen.findByText(/sign-in uses the official account set on the server/);
    expect(within(screen.getByRole('tabpanel')).getByText('Not set')).toBeTruthy();
  });

  it('shows finance only the payment sections', async () => {
    settings();
    withGrants(BUILT_IN_ROLES.find((role) => role.id === 'finance')!.grants);
    renderApp('/center');
    await screen.findByRole('tab', { name: 'WeChat Pay' });
    await waitFor(() => expect(tabs()).toEqual(['WeChat official account', 'WeChat Pay']));
  });

  it('lets a viewer read the sections but change nothing', async () => {
    settings();
    withGrants(BUILT_IN_ROLES.find((role) => role.id === 'viewer')!.grants);
    renderApp('/center?tab=wechatPay');
    await screen.findByText('A1B2C3D4E5F60718');
    // Everything but the promotion link, which only its editors see.
    expect(tabs()).toEqual([
      'General',
      'WeChat official account',
      'WeChat Pay',
      'Mail',
      'SMS',
      'Third-party sign-in',
      'Sign-up',
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect((screen.getByLabelText('Merchant ID (mchid)') as HTMLInputElement).disabled).toBe(true);
  });
});
