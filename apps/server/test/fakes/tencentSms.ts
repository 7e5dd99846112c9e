/**
 * A local Tencent Cloud SMS API for tests: `SendSms` 2021-01-11 with `TC3-HMAC-SHA256`, checked the way the
 * real API does (its own derivation here). Like Tencent it answers HTTP 200 with `Response.Error`:
 * `AuthFailure.SignatureFailure`, `AuthFailure.SecretIdNotFound`, `AuthFailure.SignatureExpire`, or
 * `FailedOperation.TemplateIncorrectOrUnapproved`; a sent message is kept in `sent`.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

export interface TencentSent {
  phoneNumberSet: string[];
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  templateParamSet: string[];
  region: string;
}

export interface FakeTencentSms {
  url: string;
  secretId: string;
  secretKey: string;
  sent: TencentSent[];
  refused: string[];
  close(): Promise<void>;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

export async function startTencentSms(options: { templates?: string[] } = {}): Promise<FakeTencentSms> {
  const secretId = `AKID${randomUUID().replace(/-/g, '')}`;
  const secretKey = randomUUID().replace(/-/g, '');
  const templates = new Set(options.templates ?? ['1000001', '1000002']);
  const sent: TencentSent[] = [];
  const refused: string[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const reply = (payload: object) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Response: { ...payload, RequestId: randomUUID() } }));
    };
    const error = (Code: string, Message: string) => {
      refused.push(Code);
      reply({ Error: { Code, Message } });
    };
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(request.headers.authorization ?? ''),
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization header is malformed.');
    const [, id, date = '', signedHeaders = '', signature] = auth;
    if (id !== secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(request.headers['x-tc-timestamp']);
    if (!(Math.abs(Date.now() / 1000 - timestamp) < 300))
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    const names = signedHeaders.split(';');
    const headerLines = names
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const canonical = `${request.method}\n/\n\n${headerLines}\n${signedHeaders}\n${hex(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonical)}`;
    const key = mac(mac(mac(`TC3${secretKey}`, date), 'sms'), 'tc3_request');
    const dateOk = new Date(timestamp * 1000).toISOString().slice(0, 10) === date;
    if (
      !dateOk ||
      !names.includes('host') ||
      createHmac('sha256', key).update(toSign).digest('hex') !== signature
    )
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    if (request.headers['x-tc-action'] !== 'SendSms' || request.headers['x-tc-version'] !== '2021-01-11')
      return error('InvalidAction', 'The action is not supported.');
    const input = JSON.parse(body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet?: string[];
    };
    if (!templates.has(input.TemplateId))
      return error(
        'FailedOperation.TemplateIncorrectOrUnapproved',
        'Template is not approved or does not exist.',
      );
    sent.push({
      phoneNumberSet: input.PhoneNumberSet,
      smsSdkAppId: input.SmsSdkAppId,
      signName: input.SignName,
      templateId: input.TemplateId,
      templateParamSet: input.TemplateParamSet ?? [],
      region: String(request.headers['x-tc-region'] ?? ''),
    });
    reply({
      SendStatusSet: input.PhoneNumberSet.map((phone) => ({
        SerialNo: randomUUID(),
        PhoneNumber: phone,
        Fee: 1,
        SessionContext: '',
        Code: 'Ok',
        Message: 'send success',
        IsoCode: 'CN',
      })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    secretId,
    secretKey,
    sent,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
