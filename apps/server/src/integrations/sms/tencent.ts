/**
 * Tencent Cloud SMS `SendSms` (API 2021-01-11), signed with `TC3-HMAC-SHA256`
 * (cloud.tencent.com/document/api/382/52072): a JSON POST whose canonical request is hashed into a string
 * to sign, with a key derived from the secret, the UTC date and the service name.
 */
import { createHash, createHmac } from 'node:crypto';
import type { SmsSend } from './send.ts';

export interface TencentSmsAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

export const TC3_SIGNED_HEADERS = 'content-type;host;x-tc-action';

/** The signature of a JSON POST to `/`, for the service `sms`, at `timestamp` (seconds). */
export function tc3Signature(
  secretKey: string,
  request: { host: string; action: string; contentType: string; body: string; timestamp: number },
): { scope: string; signature: string } {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/sms/tc3_request`;
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${request.contentType}\nhost:${request.host}\nx-tc-action:${request.action.toLowerCase()}\n`,
    TC3_SIGNED_HEADERS,
    sha256(request.body),
  ].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${request.timestamp}\n${scope}\n${sha256(canonical)}`;
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), 'sms'), 'tc3_request');
  return { scope, signature: createHmac('sha256', signingKey).update(stringToSign).digest('hex') };
}

/** E.164: a bare mainland number gets +86. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);

export async function sendTencentSms(
  apiBase: string,
  account: TencentSmsAccount,
  sms: SmsSend,
): Promise<void> {
  const url = new URL(`${apiBase}/`);
  const contentType = 'application/json; charset=utf-8';
  const body = JSON.stringify({
    PhoneNumberSet: [e164(sms.phone)],
    SmsSdkAppId: account.sdkAppId,
    SignName: account.signName,
    TemplateId: sms.template,
    // Tencent's templates number their parameters: {1}, {2}... in the order given here.
    TemplateParamSet: Object.values(sms.params),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const { scope, signature } = tc3Signature(account.secretKey, {
    host: url.host,
    action: 'SendSms',
    contentType,
    body,
    timestamp,
  });
  const response = await fetch(`${url.origin}/`, {
    method: 'POST',
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=${account.secretId}/${scope}, SignedHeaders=${TC3_SIGNED_HEADERS}, Signature=${signature}`,
      'content-type': contentType,
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': account.region,
    },
    body,
    signal: AbortSignal.timeout(sms.timeoutMs),
  });
  type Answer = {
    Response?: {
      Error?: { Code: string; Message: string };
      SendStatusSet?: Array<{ Code: string; Message: string }>;
    };
  };
  const answer = ((await response.json().catch(() => ({}))) as Answer).Response;
  const problem = answer?.Error ?? answer?.SendStatusSet?.find((status) => status.Code !== 'Ok');
  if (problem) throw sms.failed(problem.Code, problem.Message);
  if (!answer?.SendStatusSet?.length) throw sms.failed(`HTTP ${response.status}`, response.statusText);
}
