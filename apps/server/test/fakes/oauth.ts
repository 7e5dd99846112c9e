/**
 * Local fakes of the three staff sign-in providers, one HTTP server speaking each protocol: WeChat Work
 * (`wwlogin/sso/login`, `cgi-bin/gettoken`, `cgi-bin/auth/getuserinfo`), DingTalk (`oauth2/auth`,
 * `v1.0/oauth2/userAccessToken`, `v1.0/contact/users/me`) and the WeChat open platform (`connect/qrconnect`,
 * `sns/oauth2/access_token`, `sns/userinfo`). Each authorize page "signs in" whoever the test put there with
 * `signInAs` and goes straight back with a one-use code and the state; the token endpoints check the app's
 * id and secret and answer each provider's own error shape.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProvider } from '@cool/shared';
import type { OAuthBases } from '../../src/config.ts';

export interface FakePerson {
  /** WeChat Work userid, DingTalk unionId, WeChat unionid. */
  id: string;
  name: string;
}

export interface FakeApp {
  appId: string;
  agentId?: string;
  secret: string;
}

export interface FakeOAuth {
  /** Every base URL pointing at this fake. */
  bases: OAuthBases;
  /** The apps the fake knows, per provider (the test sets them in the identity-provider settings too). */
  apps: Record<OAuthProvider, FakeApp>;
  /** Who the next authorize page of this provider signs in. */
  signInAs(provider: OAuthProvider, person: FakePerson): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const back = (res: ServerResponse, redirectUri: string, params: Record<string, string>) => {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  res.writeHead(302, { location: url.toString() });
  res.end();
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeOAuth(port = 0): Promise<FakeOAuth> {
  const apps: Record<OAuthProvider, FakeApp> = {
    wecom: { appId: 'ww-fake-corp', agentId: '1000002', secret: 'wecom-secret' },
    dingtalk: { appId: 'ding-fake-client', secret: 'dingtalk-secret' },
    wechat: { appId: 'wx-fake-open', secret: 'wechat-secret' },
  };
  const people: Partial<Record<OAuthProvider, FakePerson>> = {};
  const codes = new Map<string, { provider: OAuthProvider; person: FakePerson }>();
  const tokens = new Map<string, FakePerson>();

  const issueCode = (provider: OAuthProvider) => {
    const person = people[provider];
    if (!person) throw new Error(`fake ${provider}: nobody to sign in (call signInAs)`);
    const code = randomBytes(8).toString('hex');
    codes.set(code, { provider, person });
    return code;
  };
  /** A code is good once, for the provider that issued it. */
  const useCode = (provider: OAuthProvider, code: string | null) => {
    const entry = code ? codes.get(code) : undefined;
    if (!entry || entry.provider !== provider) return undefined;
    codes.delete(code as string);
    return entry.person;
  };
  const issueToken = (person: FakePerson) => {
    const token = randomBytes(12).toString('hex');
    tokens.set(token, person);
    return token;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = (name: string) => url.searchParams.get(name);
    switch (url.pathname) {
      // WeChat Work
      case '/wwlogin/sso/login':
        if (q('appid') !== apps.wecom.appId || q('agentid') !== apps.wecom.agentId) return json(res, 400, {});
        return back(res, q('redirect_uri') ?? '', {
          code: issueCode('wecom'),
          state: q('state') ?? '',
          appid: apps.wecom.appId,
        });
      case '/cgi-bin/gettoken':
        if (q('corpid') !== apps.wecom.appId || q('corpsecret') !== apps.wecom.secret)
          return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: issueToken({ id: '', name: '' }) });
      case '/cgi-bin/auth/getuserinfo': {
        if (!tokens.has(q('access_token') ?? ''))
          return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
        const person = useCode('wecom', q('code'));
        if (!person) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        return json(res, 200, { errcode: 0, errmsg: 'ok', userid: person.id, user_ticket: 'ticket' });
      }
      // DingTalk
      case '/oauth2/auth':
        if (q('client_id') !== apps.dingtalk.appId || q('response_type') !== 'code')
          return json(res, 400, {});
        return back(res, q('redirect_uri') ?? '', {
          authCode: issueCode('dingtalk'),
          state: q('state') ?? '',
        });
      case '/v1.0/oauth2/userAccessToken': {
        const body = JSON.parse((await readBody(req)) || '{}');
        if (body.clientId !== apps.dingtalk.appId || body.clientSecret !== apps.dingtalk.secret)
          return json(res, 400, { code: 'invalidClientSecret', message: 'wrong client secret' });
        const person = useCode('dingtalk', body.code);
        if (!person || body.grantType !== 'authorization_code')
          return json(res, 400, { code: 'invalidAuthCode', message: 'invalid code' });
        return json(res, 200, { accessToken: issueToken(person), refreshToken: 'r', expireIn: 7200 });
      }
      case '/v1.0/contact/users/me': {
        const person = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!person) return json(res, 401, { code: 'InvalidAuthentication', message: 'token invalid' });
        return json(res, 200, { nick: person.name, unionId: person.id, openId: `open-${person.id}` });
      }
      // WeChat open platform
      case '/connect/qrconnect':
        if (q('appid') !== apps.wechat.appId || q('scope') !== 'snsapi_login') return json(res, 400, {});
        return back(res, q('redirect_uri') ?? '', { code: issueCode('wechat'), state: q('state') ?? '' });
      case '/sns/oauth2/access_token': {
        if (q('appid') !== apps.wechat.appId || q('secret') !== apps.wechat.secret)
          return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        const person = useCode('wechat', q('code'));
        if (!person) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        const openid = `o-${person.id}`;
        return json(res, 200, {
          access_token: issueToken(person),
          openid,
          unionid: person.id,
          scope: 'snsapi_login',
        });
      }
      case '/sns/userinfo': {
        const person = tokens.get(q('access_token') ?? '');
        if (!person) return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        return json(res, 200, { openid: q('openid'), nickname: person.name, unionid: person.id });
      }
      default:
        return json(res, 404, { errcode: 404, errmsg: 'no such fake endpoint' });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bases: {
      wecomLogin: base,
      wecomApi: base,
      dingtalkLogin: base,
      dingtalkApi: base,
      wechatOpen: base,
      wechatApi: base,
    },
    apps,
    signInAs(provider, person) {
      people[provider] = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
