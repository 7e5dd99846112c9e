import type { WechatConfig } from '../config.ts';
import { httpError } from '../http/reply.ts';

/** Who WeChat says signed in: the openid under this app id, and the unionid when the scope gave one. */
export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

/** What `/sns/oauth2/access_token` answers: the identity and tokens, or `errcode`/`errmsg`. */
interface TokenAnswer {
  openid?: unknown;
  unionid?: unknown;
  is_snapshotuser?: unknown;
  errcode?: unknown;
  errmsg?: unknown;
}

/** Errors about the code the page sent (invalid, used, missing): the client's to retry, not ours. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

const TIMEOUT_MS = 5_000;

const failed = (status: 400 | 502, reason: string) =>
  httpError(status, 'wechat.exchangeFailed', { reason: reason.slice(0, 200) });

/**
 * Exchanges a web-authorisation `code` for the participant's openid (WeChat official account OAuth,
 * `GET /sns/oauth2/access_token`). The secret and the code go only into that request's URL, which is never
 * logged or put in an error. The access token it also returns is not kept: we need the identity only.
 */
export async function exchangeCode(config: WechatConfig, code: string): Promise<WechatIdentity> {
  const url = new URL(`${config.apiBase}/sns/oauth2/access_token`);
  url.search = new URLSearchParams({
    appid: config.appId,
    secret: config.appSecret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // The fetch error may name the URL: only its kind is passed on.
    throw failed(502, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
  if (!response.ok) throw failed(502, `HTTP ${response.status}`);
  const answer = (await response.json().catch(() => null)) as TokenAnswer | null;
  if (typeof answer !== 'object' || answer === null) throw failed(502, 'unexpected answer');
  if (typeof answer.errcode === 'number' && answer.errcode !== 0) {
    const status = CODE_ERRORS.has(answer.errcode) ? 400 : 502;
    throw failed(
      status,
      `${answer.errcode} ${typeof answer.errmsg === 'string' ? answer.errmsg : ''}`.trim(),
    );
  }
  // A "snapshot page" visitor has a virtual openid that is not a real person's: nothing to bind.
  if (answer.is_snapshotuser === 1) throw failed(400, 'snapshot page user');
  if (typeof answer.openid !== 'string' || answer.openid === '') throw failed(502, 'no openid');
  return {
    openid: answer.openid,
    unionid: typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null,
  };
}
