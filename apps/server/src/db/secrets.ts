/**
 * Secrets at rest: AES-256-GCM with a key from `SECRETS_KEY` (or, without it, a key file the server makes in
 * `DATA_DIR`), so a copy of the database alone does not reveal them. Each sealed value names its key by id
 * (the key's hash, never the key), so keys can be rotated: a keyring opens values sealed with any of its
 * keys and seals with the first.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A value as stored: which key, the nonce, and the ciphertext with its 16-byte tag (base64). */
export interface Sealed {
  sealed: 'aes-256-gcm';
  kid: string;
  iv: string;
  data: string;
}

export interface Keyring {
  /** The id of the key new values are sealed with. */
  current: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** The file a server makes when `SECRETS_KEY` is not set. */
export const KEY_FILE = 'secrets.key';

export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

export const keyId = (key: Buffer) =>
  createHash('sha256').update('cool-evaluation secrets key id\0').update(key).digest('hex').slice(0, 12);

/** One key as written in `SECRETS_KEY` or the key file: 32 bytes, base64 (or 64 hex digits). */
function decodeKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new SecretsKeyError(
      'A secrets key is 32 random bytes in base64 (openssl rand -base64 32) or 64 hex digits',
    );
  return key;
}

/** A keyring of keys written one per line or comma-separated, the first sealing. */
export function keyringOf(text: string): Keyring {
  const keys = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(decodeKey);
  if (keys.length === 0) throw new SecretsKeyError('No secrets key given');
  return { current: keyId(keys[0] as Buffer), keys: new Map(keys.map((key) => [keyId(key), key])) };
}

export const newKey = () => randomBytes(32).toString('base64');

export const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' &&
  value !== null &&
  (value as Sealed).sealed === 'aes-256-gcm' &&
  typeof (value as Sealed).kid === 'string';

/** Seals `plain` for the place it is kept (`context`): a sealed value copied elsewhere does not open. */
export function seal(keyring: Keyring, plain: string, context: string): Sealed {
  const key = keyring.keys.get(keyring.current) as Buffer;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    sealed: 'aes-256-gcm',
    kid: keyring.current,
    iv: iv.toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal(keyring: Keyring, sealed: Sealed, context: string): string {
  const key = keyring.keys.get(sealed.kid);
  if (!key) throw new SecretsKeyError(`sealed with key ${sealed.kid}, which this server does not have`);
  const data = Buffer.from(sealed.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'))
    .setAAD(Buffer.from(context))
    .setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretsKeyError(`a value sealed with key ${sealed.kid} does not open (altered or moved)`);
  }
}

export interface OpenedKeyring {
  keyring: Keyring;
  /** Where the key came from: `SECRETS_KEY`, or the key file's path. */
  source: 'environment' | string;
  /** The key file was made by this start. */
  created: boolean;
}

/** Writes the key file whole or not at all, readable by this user only. */
export function writeKeyFile(file: string, keys: readonly string[]) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${keys.join('\n')}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * `SECRETS_KEY` when set; else the key file in `dataDir`, made (readable by this user only) when missing.
 */
export function openKeyring(secretsKey: string | undefined, dataDir: string): OpenedKeyring {
  if (secretsKey) return { keyring: keyringOf(secretsKey), source: 'environment', created: false };
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file))
    return { keyring: keyringOf(fs.readFileSync(file, 'utf8')), source: file, created: false };
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: two servers starting at once do not both write one.
    fs.writeFileSync(file, `${newKey()}\n`, { mode: 0o600, flag: 'wx' });
    return { keyring: keyringOf(fs.readFileSync(file, 'utf8')), source: file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { keyring: keyringOf(fs.readFileSync(file, 'utf8')), source: file, created: false };
  }
}

/** The keys of this process (server.ts opens them at start; tests install one). */
let installed: Keyring | null = null;
export const useKeyring = (keyring: Keyring | null) => {
  installed = keyring;
};
export function currentKeyring(): Keyring {
  if (!installed) throw new SecretsKeyError('The secrets key is not loaded');
  return installed;
}
