import { OAUTH_PROVIDERS, type OAuthProvider } from '@cool/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, oauthStates } from '../src/db/schema.ts';
import { type FakeOAuth, startFakeOAuth } from './fakes/oauth.ts';
import { createTestServer, type TestServer } from './helpers.ts';

const PUBLIC_URL = 'http://console.test';

let server: TestServer;
let fake: FakeOAuth;
let admin: string;

const providerSettings = (enabled: boolean) =>
  Object.fromEntries(
    OAUTH_PROVIDERS.map((p) => [
      p,
      {
        enabled,
        appId: fake.apps[p].appId,
        agentId: fake.apps[p].agentId ?? '',
        secret: fake.apps[p].secret,
      },
    ]),
  );

const saveProviders = (body: object) =>
  server.call(admin, { method: 'PUT', url: '/api/settings/identity-providers', payload: body });

beforeAll(async () => {
  fake = await startFakeOAuth();
  server = await createTestServer({ oauth: fake.bases, publicUrl: PUBLIC_URL });
  admin = await server.login();
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** The browser's cookie for /api/oauth, as the last flow it started set it. */
let browserCookie = '';
const keepCookie = (headers: Record<string, unknown>) => {
  const set = [headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith('oauth_state='));
  if (set) browserCookie = String(set).split(';')[0] as string;
};

/** Our callback at `url` (path and query), from this browser or from one with `cookie`. */
const callback = (url: string, cookie = browserCookie) =>
  server.call(null, { method: 'GET', url, headers: { cookie } });

/** Follows the provider's page (the fake answers at once) and our callback: the console page it ends on. */
async function throughProvider(authorizeUrl: string): Promise<string> {
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toMatch(/^http:\/\/console\.test\/api\/oauth\/\w+\/callback$/);
  const res = await callback(back.pathname + back.search);
  expect(res.status).toBe(302);
  return String(res.headers.location);
}

const startSignIn = async (provider: OAuthProvider) => {
  const res = await server.call(null, { method: 'GET', url: `/api/oauth/${provider}/start?purpose=sign-in` });
  expect(res.status).toBe(302);
  keepCookie(res.headers);
  return String(res.headers.location);
};

const signInThrough = async (provider: OAuthProvider) => throughProvider(await startSignIn(provider));

const ticketOf = (page: string) => {
  const match = /^\/user\/login#oauthTicket=([\w-]+)$/.exec(page);
  if (!match) throw new Error(`no ticket in ${page}`);
  return match[1] as string;
};

const exchange = (ticket: string, twoStepCode?: string) =>
  server.call(null, { method: 'POST', url: '/api/oauth/ticket', payload: { ticket, twoStepCode } });

const bindThrough = async (token: string, provider: OAuthProvider) => {
  const res = await server.call(token, { method: 'POST', url: `/api/account/bindings/${provider}` });
  expect(res.status).toBe(200);
  keepCookie(res.headers);
  return throughProvider(res.body.result.url);
};

const errorOf = (page: string) => new URL(page, PUBLIC_URL).searchParams.get('oauthError');

describe('identity provider settings', () => {
  it('shows no provider until one is set up, keeps secrets write-only, and audits the change', async () => {
    expect((await server.call(null, { method: 'GET', url: '/api/oauth/providers' })).body.result).toEqual([]);
    expect(errorOf(await startSignIn('wecom'))).toBe('oauth.notConfigured');

    const saved = await saveProviders({
      ...providerSettings(true),
      dingtalk: { enabled: true, appId: 'ding', agentId: '' },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(fake.apps.wecom.secret);
    expect(saved.body.result.wecom).toMatchObject({ enabled: true, configured: true, secret: { set: true } });
    // DingTalk has no secret: not usable, no icon.
    expect(saved.body.result.dingtalk).toMatchObject({ configured: false, secret: { set: false } });
    const providers = await server.call(null, { method: 'GET', url: '/api/oauth/providers' });
    expect(providers.body.result).toEqual(['wecom', 'wechat']);

    // A secret left out keeps the saved one.
    const { secret: _kept, ...wecomIds } = providerSettings(true).wecom as { secret: string };
    const kept = await saveProviders({ ...providerSettings(true), wecom: wecomIds });
    expect(kept.body.result.wecom.secret.set).toBe(true);
    const read = await server.call(admin, { method: 'GET', url: '/api/settings/identity-providers' });
    expect(read.body.result.dingtalk.configured).toBe(true);

    const log = await server.call(admin, {
      method: 'GET',
      url: '/api/audit-log?entityType=settings&entityId=identityProviders',
    });
    expect(JSON.stringify(log.body)).not.toContain(fake.apps.wecom.secret);
    expect(log.body.result.data.length).toBeGreaterThanOrEqual(2);
  });

  it('needs the settings permission', async () => {
    const viewer = await server.accountWithRole('oauth-viewer', { orders: ['query'] });
    const res = await server.call(viewer.token, { method: 'GET', url: '/api/settings/identity-providers' });
    expect(res.status).toBe(403);
  });
});

describe.each(OAUTH_PROVIDERS)('signing in through %s', (provider) => {
  let alice: { id: number; username: string; token: string };
  const person = { id: `${provider}-alice`, name: `Alice of ${provider}` };

  beforeAll(async () => {
    await saveProviders(providerSettings(true));
    alice = await server.accountWithRole(`oauth-${provider}`, { orders: ['query'] });
  });

  it('binds the identity, then signs the account in with a one-time ticket', async () => {
    fake.signInAs(provider, person);
    expect(await bindThrough(alice.token, provider)).toBe(
      `/account/settings?section=binding&bound=${provider}`,
    );
    const bindings = await server.call(alice.token, { method: 'GET', url: '/api/account/bindings' });
    expect(bindings.body.result.find((b: { provider: string }) => b.provider === provider)).toMatchObject({
      available: true,
      displayName: provider === 'wecom' ? person.id : person.name,
    });

    const ticket = ticketOf(await signInThrough(provider));
    const session = await exchange(ticket);
    expect(session.status).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const info = await server.call(session.body.result.token, { method: 'GET', url: '/api/user/info' });
    expect(info.body.result.username).toBe(alice.username);
    // The ticket is good once.
    expect((await exchange(ticket)).body.result.error).toBe('oauth.stateInvalid');

    const log = await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${alice.id}`,
    });
    const actions = log.body.result.data.map((e: { action: string }) => e.action);
    expect(actions).toContain('bind');
    const signIn = log.body.result.data.find((e: { action: string }) => e.action === 'sign-in');
    expect(signIn.changes.provider).toEqual({ from: null, to: provider });
  });

  it('refuses an identity bound to no account, and a disabled account', async () => {
    fake.signInAs(provider, { id: `${provider}-stranger`, name: 'Stranger' });
    const page = await signInThrough(provider);
    expect(page).toBe(`/user/login?oauthError=oauth.notBound&provider=${provider}`);

    fake.signInAs(provider, person);
    await server.database.db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, alice.id));
    expect(errorOf(await signInThrough(provider))).toBe('auth.accountDisabled');
    await server.database.db.update(accounts).set({ status: 'enabled' }).where(eq(accounts.id, alice.id));
  });

  it('refuses an identity already bound to another account, and a second identity for one account', async () => {
    const bob = await server.accountWithRole(`oauth-${provider}`, { orders: ['query'] });
    fake.signInAs(provider, person);
    expect(await bindThrough(bob.token, provider)).toBe(
      `/account/settings?section=binding&oauthError=oauth.boundElsewhere&provider=${provider}`,
    );
    const again = await server.call(alice.token, {
      method: 'POST',
      url: `/api/account/bindings/${provider}`,
    });
    expect(again.status).toBe(409);
    expect(again.body.result.error).toBe('oauth.alreadyBound');
  });

  it('unbinds: the identity no longer signs in', async () => {
    const res = await server.call(alice.token, {
      method: 'DELETE',
      url: `/api/account/bindings/${provider}`,
    });
    expect(res.status).toBe(200);
    fake.signInAs(provider, person);
    expect(errorOf(await signInThrough(provider))).toBe('oauth.notBound');
    const twice = await server.call(alice.token, {
      method: 'DELETE',
      url: `/api/account/bindings/${provider}`,
    });
    expect(twice.status).toBe(404);
    const log = await server.call(admin, {
      method: 'GET',
      url: `/api/audit-log?entityType=account&entityId=${alice.id}&action=unbind`,
    });
    expect(log.body.result.data[0].changes.provider).toEqual({ from: provider });
  });
});

describe('the state', () => {
  beforeAll(() => saveProviders(providerSettings(true)));

  it('is refused when missing, made up, used already or expired', async () => {
    fake.signInAs('wecom', { id: 'wecom-state', name: 'State' });
    const missing = await callback('/api/oauth/wecom/callback?code=x');
    expect(errorOf(String(missing.headers.location))).toBe('oauth.stateInvalid');
    const madeUp = await callback('/api/oauth/wecom/callback?code=x&state=abc', 'oauth_state=abc');
    expect(errorOf(String(madeUp.headers.location))).toBe('oauth.stateInvalid');

    const atProvider = await fetch(await startSignIn('wecom'), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const url = back.pathname + back.search;
    expect(errorOf(String((await callback(url)).headers.location))).toBe('oauth.notBound');
    expect(errorOf(String((await callback(url)).headers.location))).toBe('oauth.stateInvalid');

    // Another provider's callback cannot use it either.
    const other = new URL(
      (await fetch(await startSignIn('wecom'), { redirect: 'manual' })).headers.get('location') ?? '',
    );
    const wrongProvider = await callback(`/api/oauth/wechat/callback${other.search}`);
    expect(errorOf(String(wrongProvider.headers.location))).toBe('oauth.stateInvalid');

    const late = new URL(
      (await fetch(await startSignIn('wecom'), { redirect: 'manual' })).headers.get('location') ?? '',
    );
    await server.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await callback(late.pathname + late.search);
    expect(errorOf(String(expired.headers.location))).toBe('oauth.stateInvalid');
  });

  it('is refused in a browser that did not start the flow: nobody signs a victim in as themselves', async () => {
    fake.signInAs('wecom', { id: 'wecom-csrf', name: 'Attacker' });
    const attacker = await server.accountWithRole('viewer');
    await bindThrough(attacker.token, 'wecom');
    // The attacker starts a sign-in and sends the victim the callback address the provider sent back.
    const atProvider = await fetch(await startSignIn('wecom'), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const lure = back.pathname + back.search;
    for (const victim of ['', 'oauth_state=the-victims-own-flow']) {
      const res = await callback(lure, victim);
      expect(errorOf(String(res.headers.location)), victim).toBe('oauth.stateInvalid');
    }
    // The attacker's own browser still finishes it: the state was not used up by the refusals.
    expect(String((await callback(lure)).headers.location)).toMatch(/^\/user\/login#oauthTicket=/);
  });

  it('goes to the provider with our redirect URI and a state stored only as its hash', async () => {
    const location = new URL(await startSignIn('wecom'));
    expect(location.pathname).toBe('/wwlogin/sso/login');
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/wecom/callback`);
    const state = location.searchParams.get('state') ?? '';
    const rows = await server.database.db.select().from(oauthStates);
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reports a provider that refuses our app secret, without the secret', async () => {
    await saveProviders({
      ...providerSettings(true),
      wecom: { ...providerSettings(true).wecom, secret: 'wrong' },
    });
    fake.signInAs('wecom', { id: 'wecom-any', name: 'Any' });
    const page = await signInThrough('wecom');
    expect(errorOf(page)).toBe('oauth.providerFailed');
    // What the provider said comes along for the message; our secret does not.
    expect(new URL(page, PUBLIC_URL).searchParams.get('reason')).toBe('40001 invalid credential');
    expect(page).not.toContain('wrong');
    await saveProviders(providerSettings(true));
  });
});

describe('two-step verification', () => {
  it('is still asked for at the ticket exchange', async () => {
    await saveProviders(providerSettings(true));
    const carol = await server.accountWithRole('oauth-two-step', { orders: ['query'] });
    const person = { id: 'wecom-carol', name: 'Carol' };
    fake.signInAs('wecom', person);
    await bindThrough(carol.token, 'wecom');
    const secret = new Secret({ size: 20 }).base32;
    await server.database.db
      .update(accounts)
      .set({ twoStepEnabled: 1, totpSecret: secret })
      .where(eq(accounts.id, carol.id));

    const ticket = ticketOf(await signInThrough('wecom'));
    const asked = await exchange(ticket);
    expect(asked.status).toBe(401);
    expect(asked.body.result.error).toBe('twoStep.codeRequired');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const session = await exchange(ticket, code);
    expect(session.status).toBe(200);

    // A wrong code ends the ticket: another guess needs another sign-in at the provider.
    const second = ticketOf(await signInThrough('wecom'));
    expect((await exchange(second, '000000')).body.result.error).toBe('twoStep.codeInvalid');
    expect((await exchange(second, code)).body.result.error).toBe('oauth.stateInvalid');
  });
});
