/**
 * Alibaba Cloud SMS `SendSms` (API 2017-05-25), signed with the V3 method `ACS3-HMAC-SHA256`
 * (alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature): the parameters go in
 * the query string, and the canonical request (method, path, sorted query, signed headers, body hash) is
 * hashed and signed with the AccessKey secret.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { SmsSend } from './send.ts';

export interface AliyunSmsAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** RFC 3986 percent-encoding, as the signature requires (space as %20, `*` encoded, `~` kept). */
export const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');

/** The signature of a request, from its method, query, lower-cased headers and body. */
export function acs3Signature(
  secret: string,
  request: { method: string; query: Record<string, string>; headers: Record<string, string>; body: string },
): { signedHeaders: string; signature: string } {
  const names = Object.keys(request.headers)
    .filter((name) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-'))
    .sort();
  const canonical = [
    request.method,
    '/',
    canonicalQuery(request.query),
    names.map((name) => `${name}:${(request.headers[name] ?? '').trim()}\n`).join(''),
    names.join(';'),
    sha256(request.body),
  ].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonical)}`;
  return {
    signedHeaders: names.join(';'),
    signature: createHmac('sha256', secret).update(stringToSign).digest('hex'),
  };
}

/** Mainland numbers go without +86; others with their country code and no `+`. */
const aliyunNumber = (phone: string) => (phone.startsWith('+86') ? phone.slice(3) : phone.replace(/^\+/, ''));

export async function sendAliyunSms(apiBase: string, account: AliyunSmsAccount, sms: SmsSend): Promise<void> {
  const url = new URL(`${apiBase}/`);
  const query = {
    PhoneNumbers: aliyunNumber(sms.phone),
    SignName: account.signName,
    TemplateCode: sms.template,
    TemplateParam: JSON.stringify(sms.params),
  };
  const headers: Record<string, string> = {
    host: url.host,
    'x-acs-action': 'SendSms',
    'x-acs-version': '2017-05-25',
    'x-acs-date': new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    'x-acs-signature-nonce': randomUUID(),
    'x-acs-content-sha256': sha256(''),
  };
  const { signedHeaders, signature } = acs3Signature(account.accessKeySecret, {
    method: 'POST',
    query,
    headers,
    body: '',
  });
  headers.authorization = `ACS3-HMAC-SHA256 Credential=${account.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
  // fetch sends the same Host itself.
  const { host: _host, ...sent } = headers;
  const response = await fetch(`${url.origin}/?${canonicalQuery(query)}`, {
    method: 'POST',
    headers: sent,
    signal: AbortSignal.timeout(sms.timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
  if (answer.Code !== 'OK') {
    throw sms.failed(answer.Code ?? `HTTP ${response.status}`, answer.Message ?? response.statusText);
  }
}
