/**
 * WeChat Pay API v3, the protocol only (no I/O): request signatures (`WECHATPAY2-SHA256-RSA2048`), the
 * verification of answers and notifications with the key `Wechatpay-Serial` names (a WeChat Pay public key
 * `PUB_KEY_ID_...` or a platform certificate serial), AES-256-GCM resource decryption with the APIv3 key,
 * and the JSAPI `paySign` for `wx.requestPayment`. Everything is `node:crypto`: see README.md for why.
 */

import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import type { JsapiPayParams } from '@cool/shared';
import { z } from 'zod';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and notifications older or newer than this are refused (the SDKs' window; WeChat names none). */
export const TIMESTAMP_WINDOW_SECONDS = 300;
const MIN_RSA_BITS = 2048;
const MAX_RSA_BITS = 4096;
const APIV3_KEY_BYTES = 32;
const GCM_TAG_BYTES = 16;

export const unixSeconds = (now: number = Date.now()) => Math.floor(now / 1000);
/** 32 random hex characters: the request nonce, and `nonceStr` of a JSAPI payment. */
export const randomNonce = () => randomBytes(16).toString('hex').toUpperCase();

/** Lines joined the way every WeChat Pay signature wants them: each ends in `\n`, the last one too. */
const lines = (...parts: string[]) => parts.map((part) => `${part}\n`).join('');

/** SHA256 with RSA (PKCS #1 v1.5), base64: the merchant's signatures. */
export const rsaSign = (privateKey: KeyObject, message: string | Buffer) =>
  sign('sha256', typeof message === 'string' ? Buffer.from(message) : message, privateKey).toString('base64');

/** What the merchant signs for one request: method, path with query, timestamp, nonce and body. */
export const requestMessage = (
  method: string,
  pathAndQuery: string,
  timestamp: number,
  nonce: string,
  body = '',
) => lines(method.toUpperCase(), pathAndQuery, String(timestamp), nonce, body);

/** The merchant's signing identity: its number, its API certificate's serial and private key. */
export interface RequestSigner {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The `Authorization` header of one request; `pathAndQuery` is the URL without scheme and host. */
export function authorization(
  signer: RequestSigner,
  request: { method: string; pathAndQuery: string; body?: string },
  { timestamp = unixSeconds(), nonce = randomNonce() }: { timestamp?: number; nonce?: string } = {},
): string {
  const message = requestMessage(request.method, request.pathAndQuery, timestamp, nonce, request.body);
  const signature = rsaSign(signer.privateKey, message);
  return (
    `${AUTH_SCHEMA} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${signer.serialNo}"`
  );
}

/** A key WeChat Pay signs with: the public key of the `PUB_KEY_ID_...` mode, or a platform certificate's. */
export interface PlatformKey {
  key: KeyObject;
  /** Certificates only: outside their validity nothing they signed is believed. */
  validFrom?: Date;
  validTo?: Date;
}

/** The keys we accept WeChat Pay's signatures from, by serial (upper case). */
export type PlatformKeys = ReadonlyMap<string, PlatformKey>;

const serialKey = (serial: string) => serial.trim().toUpperCase();

/** Why a key, certificate or APIv3 key in the settings cannot be used. */
export class KeyError extends Error {
  constructor(readonly reason: 'notPem' | 'notRsa' | 'keySize' | 'expired' | 'apiV3KeyLength') {
    super(`unusable key: ${reason}`);
    this.name = 'KeyError';
  }
}

function checkRsa(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'rsa') throw new KeyError('notRsa');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS) throw new KeyError('keySize');
  return key;
}

const pemOnly = (pem: string, kind: RegExp) => {
  if (!kind.test(pem)) throw new KeyError('notPem');
  return pem.trim();
};

/** The merchant private key (`apiclient_key.pem`, PKCS #8 or PKCS #1), RSA of 2048-4096 bits. */
export function readPrivateKey(pem: string): KeyObject {
  const text = pemOnly(pem, /-----BEGIN (?:RSA )?PRIVATE KEY-----/);
  try {
    return checkRsa(createPrivateKey({ key: text, format: 'pem' }));
  } catch (error) {
    if (error instanceof KeyError) throw error;
    throw new KeyError('notPem');
  }
}

/** The WeChat Pay public key (`pub_key.pem`), RSA of 2048-4096 bits. */
export function readPublicKey(pem: string): KeyObject {
  const text = pemOnly(pem, /-----BEGIN (?:RSA )?PUBLIC KEY-----/);
  try {
    return checkRsa(createPublicKey({ key: text, format: 'pem' }));
  } catch (error) {
    if (error instanceof KeyError) throw error;
    throw new KeyError('notPem');
  }
}

/** A platform certificate: its serial (as `Wechatpay-Serial` names it), key and validity. */
export function readCertificate(
  pem: string,
): PlatformKey & { serialNo: string; validFrom: Date; validTo: Date } {
  const text = pemOnly(pem, /-----BEGIN CERTIFICATE-----/);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(text);
  } catch {
    throw new KeyError('notPem');
  }
  return {
    serialNo: serialKey(certificate.serialNumber),
    key: checkRsa(certificate.publicKey),
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
  };
}

/** The APIv3 key as AES-256 key bytes; WeChat Pay's is 32 ASCII characters. */
export function apiV3KeyBytes(apiV3Key: string): Buffer {
  const bytes = Buffer.from(apiV3Key, 'utf8');
  if (bytes.length !== APIV3_KEY_BYTES) throw new KeyError('apiV3KeyLength');
  return bytes;
}

/** A short fingerprint to tell keys apart on screen: SHA-256 of the public key (SPKI DER), 16 hex digits. */
export const keyFingerprint = (key: KeyObject) =>
  createHash('sha256')
    .update((key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();

/** The APIv3 key's fingerprint: 8 hex digits of its SHA-256, too few to test guesses against usefully. */
export const secretFingerprint = (secret: string) =>
  createHash('sha256').update(secret).digest('hex').slice(0, 8).toUpperCase();

/** Both kinds of key by serial: merchants switching to the public key get notifications signed either way. */
export function platformKeys(source: {
  publicKeyId?: string | null;
  publicKey?: string | null;
  certificates?: readonly string[];
}): PlatformKeys {
  const keys = new Map<string, PlatformKey>();
  if (source.publicKeyId && source.publicKey) {
    keys.set(serialKey(source.publicKeyId), { key: readPublicKey(source.publicKey) });
  }
  for (const pem of source.certificates ?? []) {
    const { serialNo, ...key } = readCertificate(pem);
    keys.set(serialNo, key);
  }
  return keys;
}

/** Why an answer or notification is not believed. */
export type VerifyFailure =
  | 'missingHeaders'
  | 'unknownSerial'
  | 'certificateExpired'
  | 'badSignature'
  | 'staleTimestamp';

export class SignatureError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(`WeChat Pay signature refused: ${reason}`);
    this.name = 'SignatureError';
  }
}

/** The four `Wechatpay-*` headers of an answer or a notification. */
export interface SignedHeaders {
  serial?: string | null;
  signature?: string | null;
  timestamp?: string | null;
  nonce?: string | null;
}

/** Reads the `Wechatpay-*` headers through any header getter (fetch `Headers`, Fastify's record). */
export const signedHeaders = (get: (name: string) => string | string[] | null | undefined): SignedHeaders => {
  const one = (name: string) => {
    const value = get(name);
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    serial: one('wechatpay-serial'),
    signature: one('wechatpay-signature'),
    timestamp: one('wechatpay-timestamp'),
    nonce: one('wechatpay-nonce'),
  };
};

/** What WeChat Pay signs: timestamp, nonce and the body exactly as sent (an empty body is an empty line). */
export const answerMessage = (timestamp: string, nonce: string, body: string | Buffer) =>
  Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), Buffer.from(body), Buffer.from('\n')]);

/**
 * Believes an answer or a notification only when it is signed by a key we hold under its `Wechatpay-Serial`,
 * the signature covers these raw body bytes, and its timestamp is within 5 minutes of `now`.
 */
export function verifySigned(
  keys: PlatformKeys,
  headers: SignedHeaders,
  body: string | Buffer,
  now: number = Date.now(),
): void {
  const { serial, signature, timestamp, nonce } = headers;
  if (!serial || !signature || !timestamp || !nonce) throw new SignatureError('missingHeaders');
  const platform = keys.get(serialKey(serial));
  if (!platform) throw new SignatureError('unknownSerial');
  if (
    (platform.validFrom && now < platform.validFrom.getTime()) ||
    (platform.validTo && now > platform.validTo.getTime())
  )
    throw new SignatureError('certificateExpired');
  const valid = verify(
    'sha256',
    answerMessage(timestamp, nonce, body),
    platform.key,
    Buffer.from(signature, 'base64'),
  );
  if (!valid) throw new SignatureError('badSignature');
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(unixSeconds(now) - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS
  )
    throw new SignatureError('staleTimestamp');
}

/** `resource` of a notification (and of the certificate download): AES-256-GCM under the APIv3 key. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

export class DecryptError extends Error {
  constructor(readonly reason: 'unsupportedAlgorithm' | 'badResource' | 'authenticationFailed' | 'notJson') {
    super(`WeChat Pay resource not decrypted: ${reason}`);
    this.name = 'DecryptError';
  }
}

/**
 * Decrypts a resource: IV is `nonce` (12 characters), AAD `associated_data` (may be empty), and the last 16
 * bytes of the base64 ciphertext are the GCM tag. A wrong key or any tampering fails the tag check.
 */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new DecryptError('unsupportedAlgorithm');
  const data = Buffer.from(resource.ciphertext ?? '', 'base64');
  if (typeof resource.nonce !== 'string' || resource.nonce.length === 0 || data.length <= GCM_TAG_BYTES)
    throw new DecryptError('badResource');
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(resource.nonce));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new DecryptError('authenticationFailed');
  }
}

/** A notification's envelope (`POST` to our notify URL), before its resource is decrypted. */
export const notificationEnvelopeSchema = z
  .looseObject({
    id: z.string().meta({ example: 'EV-2018022511223320873' }),
    create_time: z.string().optional().meta({ description: 'RFC 3339' }),
    event_type: z.string().meta({ example: 'TRANSACTION.SUCCESS' }),
    resource_type: z.string().optional().meta({ example: 'encrypt-resource' }),
    summary: z.string().optional(),
    resource: z.looseObject({
      algorithm: z.string().meta({ example: 'AEAD_AES_256_GCM' }),
      ciphertext: z.string().meta({ description: 'Base64; its last 16 bytes are the GCM tag' }),
      associated_data: z.string().optional(),
      nonce: z.string(),
      original_type: z.string().optional(),
    }),
  })
  .meta({ description: "WeChat Pay's notification, as signed (the signature covers these bytes as sent)" });
export type NotificationEnvelope = z.infer<typeof notificationEnvelopeSchema>;

/** The `Wechatpay-*` headers of a notification (as the OpenAPI document describes them). */
export const signedHeadersSchema = z.object({
  'wechatpay-serial': z.string().meta({ description: 'Platform certificate serial or PUB_KEY_ID_...' }),
  'wechatpay-signature': z
    .string()
    .meta({ description: 'Base64 SHA256-with-RSA over timestamp, nonce, body' }),
  'wechatpay-timestamp': z.string().meta({ description: 'Unix seconds; refused beyond 5 minutes' }),
  'wechatpay-nonce': z.string(),
});

/**
 * A notification as received: verified over the raw body bytes first, then parsed and its resource
 * decrypted. Throws `SignatureError` or `DecryptError`; the caller checks the content against its own order.
 */
export function openNotification(
  merchant: { apiV3Key: string; platformKeys: PlatformKeys },
  headers: SignedHeaders,
  rawBody: string | Buffer,
  now: number = Date.now(),
): { envelope: NotificationEnvelope; resource: unknown } {
  verifySigned(merchant.platformKeys, headers, rawBody, now);
  let envelope: unknown;
  try {
    envelope = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new DecryptError('notJson');
  }
  const parsed = notificationEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) throw new DecryptError('badResource');
  const plain = decryptResource(merchant.apiV3Key, parsed.data.resource);
  try {
    return { envelope: parsed.data, resource: JSON.parse(plain) };
  } catch {
    throw new DecryptError('notJson');
  }
}

/**
 * The object `wx.requestPayment` / `WeixinJSBridge getBrandWCPayRequest` takes for a JSAPI order: signs
 * `appId\ntimeStamp\nnonceStr\npackage\n` with the merchant key; `signType` is not signed.
 */
export function jsapiPayParams(
  privateKey: KeyObject,
  appId: string,
  prepayId: string,
  { timestamp = unixSeconds(), nonce = randomNonce() }: { timestamp?: number; nonce?: string } = {},
): JsapiPayParams {
  const timeStamp = String(timestamp);
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(privateKey, lines(appId, timeStamp, nonce, pkg)),
  };
}

/** A merchant's settings as the settings screen keeps them (PEM text and the APIv3 key). */
export interface MerchantConfig {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  platformPublicKeyId?: string | null;
  platformPublicKey?: string | null;
  platformCertificates?: readonly string[];
}

/** A merchant ready to sign and verify: keys parsed once. */
export interface Merchant extends RequestSigner {
  appId: string;
  apiV3Key: string;
  platformKeys: PlatformKeys;
  /** Sent as `Wechatpay-Serial` on requests so WeChat Pay signs its answers with the public key. */
  platformPublicKeyId: string | null;
}

/** Parses a merchant's keys; throws `KeyError` for a key that cannot be used. */
export function loadMerchant(config: MerchantConfig): Merchant {
  apiV3KeyBytes(config.apiV3Key);
  return {
    mchId: config.mchId,
    appId: config.appId,
    serialNo: config.merchantSerialNo,
    privateKey: readPrivateKey(config.merchantPrivateKey),
    apiV3Key: config.apiV3Key,
    platformKeys: platformKeys({
      publicKeyId: config.platformPublicKeyId,
      publicKey: config.platformPublicKey,
      certificates: config.platformCertificates,
    }),
    platformPublicKeyId: config.platformPublicKeyId || null,
  };
}
