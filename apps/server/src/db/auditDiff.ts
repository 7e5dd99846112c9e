import type { AuditChanges } from '@cool/shared';

/**
 * Field names never written to the audit log, at any depth: passwords, hashes, tokens, keys. Matched on the
 * name lower-cased without `_` and `-`, so `password_hash`, `apiV3Key`, `accessKeySecret` and `accessToken`
 * are all caught.
 */
const SECRET_NAME = /password|passwd|secret|token|hash$|apikey|apiv3key|privatekey/;
/** An identifier names a key without being one (`accessKeyId`, `secretId`): who changed it must show. */
const IDENTIFIER = /id$/;

/** Bookkeeping the audit row records itself (who, when, which id). */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[_-]/g, '');
  return SECRET_NAME.test(plain) && !IDENTIFIER.test(plain);
}

export interface DiffOptions {
  /** Further fields to leave out of this diff (say, a derived count). */
  omit?: readonly string[];
  /** Secret fields this change set (a new password): recorded as `{changed: true}`, never their values. */
  changedSecrets?: readonly string[];
}

type Fields = object | null | undefined;

/** A JSON-ready copy: dates as ISO strings, secret fields dropped at every depth. */
function clean(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => v !== undefined && !isSecretName(key))
        .map(([key, v]) => [key, clean(v)]),
    );
  }
  return value === undefined ? null : value;
}

/** JSON with object keys sorted, so equal documents compare equal whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/**
 * The changed fields between two versions of a record: `{field: {from, to}}`. A create (`before` null) gives
 * only `to`, a delete (`after` null) only `from`. Secrets and bookkeeping fields are left out.
 */
export function diff(before: Fields, after: Fields, options: DiffOptions = {}): AuditChanges {
  const omit = new Set(options.omit);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (omit.has(key) || BOOKKEEPING.has(key) || isSecretName(key)) continue;
    const from = before ? clean((before as Record<string, unknown>)[key]) : undefined;
    const to = after ? clean((after as Record<string, unknown>)[key]) : undefined;
    if (!before) changes[key] = { to };
    else if (!after) changes[key] = { from };
    else if (canonical(from) !== canonical(to)) changes[key] = { from, to };
  }
  for (const key of options.changedSecrets ?? []) changes[key] = { changed: true };
  return changes;
}
