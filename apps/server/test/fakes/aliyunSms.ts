/**
 * A local Alibaba Cloud SMS API for tests: `SendSms` with the V3 signature (`ACS3-HMAC-SHA256`), checked the
 * way the real API does (its own canonicalisation here, not the server's). A bad signature gets 400
 * `SignatureDoesNotMatch`, an unknown key 404 `InvalidAccessKeyId.NotFound`, an unknown template
 * `isv.SMS_TEMPLATE_ILLEGAL`; a sent message is kept in `sent`.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

export interface AliyunSent {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

export interface FakeAliyunSms {
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  sent: AliyunSent[];
  /** Requests refused, with the code answered. */
  refused: string[];
  close(): Promise<void>;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

export async function startAliyunSms(
  options: { templates?: string[]; signName?: string } = {},
): Promise<FakeAliyunSms> {
  const accessKeyId = `LTAI${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const accessKeySecret = randomUUID().replace(/-/g, '');
  const templates = new Set(options.templates ?? ['SMS_100000001', 'SMS_100000002']);
  const sent: AliyunSent[] = [];
  const refused: string[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = (status: number, payload: Record<string, string>) => {
      if (payload.Code !== 'OK') refused.push(payload.Code ?? '');
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...payload }));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
    if (!auth) return answer(400, { Code: 'MissingAuthorization', Message: 'Authorization is mandatory.' });
    const [, keyId, signedHeaders = '', signature] = auth;
    if (keyId !== accessKeyId)
      return answer(404, {
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
      });
    if (request.headers['x-acs-content-sha256'] !== hex(body))
      return answer(400, { Code: 'ContentSHA256NotMatched', Message: 'The content sha256 does not match.' });
    const names = signedHeaders.split(';');
    for (const required of [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ])
      if (!names.includes(required))
        return answer(400, { Code: 'IncompleteSignature', Message: `${required} must be signed.` });
    const query = [...url.searchParams.entries()]
      .map(([key, value]) => [rfc3986(key), rfc3986(value)])
      .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const headerLines = names
      .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
      .join('');
    const canonical = `${request.method}\n${url.pathname}\n${query}\n${headerLines}\n${signedHeaders}\n${hex(body)}`;
    const expected = createHmac('sha256', accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${hex(canonical)}`)
      .digest('hex');
    if (signature !== expected)
      return answer(400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature does not match our calculation.',
      });
    const date = Date.parse(String(request.headers['x-acs-date']));
    if (!(Math.abs(Date.now() - date) < 15 * 60 * 1000))
      return answer(400, {
        Code: 'InvalidTimeStamp.Expired',
        Message: 'Specified time stamp or date value is expired.',
      });
    if (request.headers['x-acs-action'] !== 'SendSms' || request.headers['x-acs-version'] !== '2017-05-25')
      return answer(400, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
    const params = Object.fromEntries(url.searchParams);
    if (!params.TemplateCode || !templates.has(params.TemplateCode))
      return answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
    if (options.signName && params.SignName !== options.signName)
      return answer(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
    if (!/^\d{5,20}$/.test(params.PhoneNumbers ?? ''))
      return answer(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '手机号码格式错误' });
    sent.push({
      phoneNumbers: params.PhoneNumbers ?? '',
      signName: params.SignName ?? '',
      templateCode: params.TemplateCode,
      templateParam: JSON.parse(params.TemplateParam ?? '{}'),
    });
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    accessKeySecret,
    sent,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
