/**
 * The secrets inside the settings' JSON documents, sealed at rest (db/secrets.ts): the repository seals
 * them as it writes and opens them as it reads, so services only ever see plain values. Each is sealed for
 * its own place (`settings:<key>:<path>`), so a sealed value copied to another field does not open.
 */
import { isSealed, type Keyring, seal, unseal } from '../../db/secrets.ts';

/** Every stored secret, by setting key: the path of each inside its document. */
export const SECRET_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  mail: [['password']],
  sms: [
    ['aliyun', 'accessKeySecret'],
    ['tencent', 'secretKey'],
  ],
  wechatPay: [['merchantPrivateKey'], ['apiV3Key']],
  wechatOfficialAccount: [['appSecret']],
  identityProviders: [
    ['wecom', 'secret'],
    ['dingtalk', 'secret'],
    ['wechat', 'secret'],
  ],
};

const contextOf = (key: string, field: readonly string[]) => `settings:${key}:${field.join('.')}`;

/** A copy of `value` with `change` applied to each secret of `key` found in it (null and absent stay). */
export function mapSecrets(
  key: string,
  value: unknown,
  change: (secret: unknown, context: string) => unknown,
): unknown {
  const fields = SECRET_FIELDS[key];
  if (!fields || typeof value !== 'object' || value === null) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const field of fields) {
    let parent: Record<string, unknown> | undefined = copy;
    for (const step of field.slice(0, -1)) {
      const next: unknown = parent?.[step];
      parent = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : undefined;
    }
    const name = field.at(-1) as string;
    if (parent && parent[name] !== null && parent[name] !== undefined)
      parent[name] = change(parent[name], contextOf(key, field));
  }
  return copy;
}

/** The document as written: each plain secret sealed with the keyring's current key. */
export const sealSecrets = (keyring: Keyring, key: string, value: unknown) =>
  mapSecrets(key, value, (secret, context) =>
    typeof secret === 'string' ? seal(keyring, secret, context) : secret,
  );

/** The document as services read it: each sealed secret opened (a plain one, not yet sealed, as it is). */
export const openSecrets = (keyring: Keyring, key: string, value: unknown) =>
  mapSecrets(key, value, (secret, context) => (isSealed(secret) ? unseal(keyring, secret, context) : secret));
