/**
 * The credential checks every way of signing in shares: throttling by account and client address, the
 * password check and the count of failed sign-ins. Signing in (service.ts) and two-step verification
 * (twostep/service.ts) both build on them.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, type TxScope, withTx } from '../../db/tx.ts';
import { badRequest, HttpError, httpError } from '../../http/reply.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearFailures,
  countFailure,
  lockExpiries,
  returnAttempt,
  type ThrottleWindow,
  takeAttempt,
} from './repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type Limits = Config['loginThrottle'];

/**
 * Attempts are counted per account, whatever name was typed for it (a login that names no account counts
 * under its hash, so people typing passwords into it leave none), and per client address.
 */
/** The sign-in lock of one account (password recovery clears it). */
export const accountThrottleKey = (accountId: number) => `account#${accountId}`;

export const throttleKeys = (limits: Limits, accountId: number | undefined, login: string, ip: string) => ({
  account: {
    key: accountId ? accountThrottleKey(accountId) : `login:${hashToken(login.toLowerCase())}`,
    max: limits.maxFailuresPerAccount,
  },
  address: { key: `ip:${ip}`, max: limits.maxFailuresPerAddress },
});

const tooManyAttempts = (wait: number) =>
  httpError(
    429,
    'auth.tooManyAttempts',
    { minutes: Math.ceil(wait / 60) },
    { extra: { retryAfterSeconds: wait }, headers: { 'retry-after': String(wait) } },
  );

/** Seconds until every key is unlocked, or 0 when sign-in may be tried now. */
async function lockedFor(db: Executor, keys: string[]): Promise<number> {
  const rows = await lockExpiries(db, keys);
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export const throttleWindow = (limits: Limits): ThrottleWindow => ({
  windowSeconds: limits.windowMs / 1000,
  lockSeconds: limits.lockMs / 1000,
});

/** Refuses (429) while a lock holds, or when this attempt is one too many for the window; else takes it. */
export async function takeThrottledAttempt(
  db: Executor,
  keys: ReturnType<typeof throttleKeys>,
  window: ThrottleWindow,
) {
  // A lock already in place refuses without counting anything.
  const locked = await lockedFor(db, [keys.account.key, keys.address.key]);
  if (locked > 0) throw tooManyAttempts(locked);
  const wait = Math.max(...(await takeAttempt(db, [keys.account, keys.address], window)));
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * `check`, which proves something only the signed-in owner knows (the current password, a current two-step
 * code), throttled as a sign-in is, under the same keys: a session (or a stolen token) can guess no faster
 * than the sign-in page lets anyone, and a lock holds for both. A wrong password or code (`check` refusing
 * with `profile.wrongPassword` or `twoStep.codeInvalid`) is audited as a failed sign-in; only a check that
 * passes whole clears the failures. Call it outside a transaction (`check` may run one): a refusal would
 * undo the count.
 */
export async function throttledCheck<T>(
  ctx: ServiceContext,
  limits: Limits,
  accountId: number,
  check: () => Promise<T>,
): Promise<T> {
  const keys = throttleKeys(limits, accountId, '', ctx.actor.ip ?? '');
  const window = throttleWindow(limits);
  await takeThrottledAttempt(ctx.db, keys, window);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    const reason = error instanceof HttpError && WRONG_GUESSES[String(error.options.errors?.[0]?.error)];
    if (reason) await countFailedSignIn(ctx, keys, window, accountId, reason);
    else {
      // Refused for another reason (two-step not on, say): no guess was made.
      await returnAttempt(ctx.db, keys.account.key);
      await returnAttempt(ctx.db, keys.address.key);
    }
    throw error;
  }
  await clearFailures(ctx.db, keys.account.key);
  await returnAttempt(ctx.db, keys.address.key);
  return result;
}

/** The failed sign-in's reason for each wrong guess `throttledCheck` counts. */
const WRONG_GUESSES: Record<string, string | undefined> = {
  'profile.wrongPassword': 'wrong-current-password',
  'twoStep.codeInvalid': 'wrong-two-step-code',
};

/** Refuses (400 on `field`) a password that is not the account's. Unthrottled: see `throttledCheck`. */
export async function assertPassword(
  account: { passwordHash: string | null },
  password: string,
  field: string,
) {
  if (!(await verifyPassword(account.passwordHash ?? undefined, password)))
    throw badRequest(field, 'profile.wrongPassword');
}

/** The signed-in person's current password (a new password, a new sign-in email), throttled. */
export const requireCurrentPassword = (
  ctx: ServiceContext,
  limits: Limits,
  account: { id: number; passwordHash: string | null },
  password: string,
  field: string,
) => throttledCheck(ctx, limits, account.id, () => assertPassword(account, password, field));

/** Refuses (429) while failed sign-ins keep the account or the client address locked. */
export async function refuseWhileLocked(ctx: ServiceContext, limits: Limits, accountId: number) {
  const keys = throttleKeys(limits, accountId, '', ctx.actor.ip ?? '');
  const locked = await lockedFor(ctx.db, [keys.account.key, keys.address.key]);
  if (locked > 0) throw tooManyAttempts(locked);
}

/** A wrong password or second factor: counts against the account and the address, and may lock them. */
export const countFailedSignIn = (
  ctx: ServiceContext,
  keys: ReturnType<typeof throttleKeys>,
  window: ThrottleWindow,
  accountId: number | null,
  reason: string,
) =>
  withTx(ctx, async ({ tx, audit }) => {
    const lockedUntil = await countFailure(tx, keys.account, window);
    const addressLockedUntil = await countFailure(tx, keys.address, window);
    await failedSignIn(audit, accountId, {
      reason,
      ...(lockedUntil && { lockedUntil }),
      ...(addressLockedUntil && { addressLockedUntil }),
    });
  });

/** An anonymous attempt: the login text itself is not kept, as people type passwords into it. */
export const failedSignIn = (audit: TxScope['audit'], accountId: number | null, outcome: object) =>
  audit({ entityType: 'account', entityId: accountId, action: 'sign-in-failed', after: outcome });
