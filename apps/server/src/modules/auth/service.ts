import { createHash, randomBytes } from 'node:crypto';
import {
  CONSOLE_ROUTES,
  type ConsoleRoute,
  filterRoutes,
  type Grants,
  grantsAccess,
  homePath,
  type LoginResult,
  type NavItem,
  SESSION_TTL_MS,
  toPermissionEntries,
  type UserInfo,
} from '@cool/shared';
import type { Config } from '../../config.ts';
import { detached, type Executor } from '../../db/database.ts';
import { type ServiceContext, type TxScope, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { badRequest, HttpError, httpError } from '../../http/reply.ts';
import { findAccount, findCredentials, markSignedIn, twoStepInUse } from '../accounts/repository.ts';
import { checkCode } from '../messaging/codes.ts';
import { findRole } from '../roles/repository.ts';
import { checkSecondFactor, twoStepStatus } from '../twostep/service.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearFailures,
  countFailure,
  deleteSessionsBefore,
  extendIdleSession,
  findLanding,
  findLiveSession,
  insertSession,
  lockExpiries,
  returnAttempt,
  revokeSession,
  type ThrottleWindow,
  takeAttempt,
} from './repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Limits = Config['loginThrottle'];

/**
 * Attempts are counted per account, whatever name was typed for it (a login that names no account counts
 * under its hash, so people typing passwords into it leave none), and per client address.
 */
/** The sign-in lock of one account (password recovery clears it). */
export const accountThrottleKey = (accountId: number) => `account#${accountId}`;

const throttleKeys = (limits: Limits, accountId: number | undefined, login: string, ip: string) => ({
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

const throttleWindow = (limits: Limits): ThrottleWindow => ({
  windowSeconds: limits.windowMs / 1000,
  lockSeconds: limits.lockMs / 1000,
});

/** Refuses (429) while a lock holds, or when this attempt is one too many for the window; else takes it. */
async function takeThrottledAttempt(
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

export interface SignInAttempt {
  login: string;
  password: string;
  /** `sms` (the mobile tab): `login` is the security phone and `password` the sign-in code sent to it. */
  by?: 'password' | 'sms';
  userAgent?: string | undefined;
  twoStepCode?: string | undefined;
  /** "Remember me" not ticked: the session ends after this many hours unused; otherwise it lasts 7 days. */
  idleHours?: number | undefined;
}

/**
 * Checks the credentials and opens a session. Every attempt that gets as far as the password check leaves
 * an audit row: `sign-in` (the account as actor and entity) or `sign-in-failed` (no actor; the account as
 * entity when the login names one; `reason`, and `lockedUntil`/`addressLockedUntil` when this failure
 * locked the account or the client address).
 * Attempts refused by an existing lock change nothing and leave no row.
 */
export async function signIn(
  ctx: ServiceContext,
  limits: Limits,
  attempt: SignInAttempt,
): Promise<LoginResult> {
  const ip = ctx.actor.ip ?? '';
  const bySms = attempt.by === 'sms';
  const account = await findCredentials(ctx.db, attempt.login, bySms ? 'phone' : 'login');
  const keys = throttleKeys(limits, account?.id, attempt.login, ip);
  const window = throttleWindow(limits);
  await takeThrottledAttempt(ctx.db, keys, window);
  // The password is checked even for an unknown login, so timing does not tell whether the account exists.
  const checksOut = bySms
    ? await checkCode(ctx, {
        purpose: 'sign-in',
        channel: 'sms',
        target: attempt.login,
        code: attempt.password,
      })
    : await verifyPassword(account?.passwordHash ?? undefined, attempt.password);
  if (!checksOut || !account) {
    const reason = account ? (bySms ? 'wrong-code' : 'wrong-password') : 'unknown-account';
    await countFailedSignIn(ctx, keys, window, account?.id ?? null, reason);
    throw new HttpError(401, bySms ? 'auth.invalidCode' : 'auth.invalidCredentials');
  }
  if (account.status !== 'enabled') {
    // Said in words only now that the credentials checked out, so it tells a stranger nothing.
    const reason =
      account.status === 'disabled'
        ? 'disabled'
        : account.activatedAt
          ? 'approval-pending'
          : 'activation-pending';
    await withTx(ctx, async ({ tx, audit }) => {
      await returnAttempt(tx, keys.account.key);
      await returnAttempt(tx, keys.address.key);
      await failedSignIn(audit, account.id, { reason });
    });
    throw new HttpError(403, NOT_ENABLED[reason]);
  }
  const secondFactor = await checkSecondFactor(ctx, account.id, attempt.twoStepCode);
  // Asking for the code is a step of signing in, not a failure; the attempt stays taken all the same.
  if (secondFactor === 'missing') throw new HttpError(401, 'twoStep.codeRequired');
  if (secondFactor === 'wrong') {
    await countFailedSignIn(ctx, keys, window, account.id, 'wrong-two-step-code');
    throw new HttpError(401, 'twoStep.codeInvalid');
  }
  return withTx(ctx, async (scope) => {
    await clearFailures(scope.tx, keys.account.key);
    await returnAttempt(scope.tx, keys.address.key);
    return openSession(scope, account, { ...attempt, ip });
  });
}

/** Who a session is opened for, as the sign-in found them. */
export interface SigningIn {
  id: number;
  username: string;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
}

/**
 * Opens a session for an account whose sign-in checked out, with its `sign-in` audit row; `provider` names
 * the third party it came through (modules/oauth).
 */
export async function openSession(
  { tx, audit }: TxScope,
  account: SigningIn,
  start: { ip: string; userAgent?: string | undefined; idleHours?: number | undefined; provider?: string },
): Promise<LoginResult> {
  const token = randomBytes(32).toString('base64url');
  const idleSeconds = start.idleHours ? start.idleHours * 3600 : null;
  const expiresAt = new Date(Date.now() + (idleSeconds ? idleSeconds * 1000 : SESSION_TTL_MS));
  await insertSession(tx, {
    tokenHash: hashToken(token),
    accountId: account.id,
    expiresAt,
    idleSeconds,
    ip: start.ip,
    userAgent: start.userAgent?.slice(0, 512),
  });
  const after = await markSignedIn(tx, account.id, start.ip);
  const landing = await findLanding(tx, account.id);
  await audit({
    entityType: 'account',
    entityId: account.id,
    action: 'sign-in',
    actor: { accountId: account.id, username: account.username },
    before: { lastLoginAt: account.lastLoginAt, lastLoginIp: account.lastLoginIp },
    after: { ...after, ...(start.provider && { provider: start.provider }) },
  });
  return { token, expiresAt: expiresAt.getTime(), home: homeOf(landing) };
}

/** Where an account lands (`homePath`): a disabled role grants nothing, so it lands on no page. */
const homeOf = (landing: Awaited<ReturnType<typeof findLanding>>) =>
  homePath(grantsAccess(landing?.roleStatus === 'enabled' ? landing.grants : {}), landing?.startPage ?? null);

/** A wrong password or second factor: counts against the account and the address, and may lock them. */
const countFailedSignIn = (
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

const NOT_ENABLED = {
  disabled: 'auth.accountDisabled',
  'approval-pending': 'auth.approvalPending',
  'activation-pending': 'auth.activationPending',
} as const;

/** An anonymous attempt: the login text itself is not kept, as people type passwords into it. */
const failedSignIn = (audit: TxScope['audit'], accountId: number | null, outcome: object) =>
  audit({ entityType: 'account', entityId: accountId, action: 'sign-in-failed', after: outcome });

export const signOut = (ctx: ServiceContext, session: Session) =>
  withTx(ctx, async ({ tx, audit }) => {
    await revokeSession(tx, session.tokenHash);
    await audit({ entityType: 'account', entityId: session.accountId, action: 'sign-out' });
  });

/** Session lookups under way, per database and token hash. */
const lookupsInFlight = new WeakMap<Executor, Map<string, Promise<Session | null>>>();

/**
 * The live session of a token, of an enabled account (a disabled role keeps the session but grants nothing).
 * Each request reads it from the database (nothing is kept afterwards, so a
 * revocation counts at once on every server), but requests that come with the same token while a lookup
 * of it is under way share that lookup's answer instead of queueing a statement each. The shared lookup
 * is no single request's work: one abandoned request does not cancel it for the others. `use` false (the
 * console's own polling) reads the session without moving its idle expiry on.
 */
export function findSession(db: Executor, token: string, use = true): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const key = `${tokenHash}:${use}`;
  let inFlight = lookupsInFlight.get(db);
  if (!inFlight) {
    inFlight = new Map();
    lookupsInFlight.set(db, inFlight);
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const lookup = detached(() => lookUpSession(db, tokenHash, use)).finally(() => inFlight.delete(key));
  inFlight.set(key, lookup);
  return lookup;
}

async function lookUpSession(db: Executor, tokenHash: string, use: boolean): Promise<Session | null> {
  const row = await findLiveSession(db, tokenHash);
  if (!row) return null;
  const { roleStatus, expiresAt, idleSeconds, requireTwoStep, twoStepEnabled, ...session } = row;
  // Written at most once a minute per session, not on every request.
  if (use && idleSeconds && expiresAt.getTime() < Date.now() + (idleSeconds - 60) * 1000) {
    await extendIdleSession(db, tokenHash, idleSeconds);
  }
  return {
    tokenHash,
    ...session,
    grants: roleStatus === 'enabled' ? session.grants : {},
    twoStepSetupRequired: requireTwoStep && twoStepEnabled !== 1,
  };
}

/** Expired and long-revoked sessions are only clutter. */
export async function purgeSessions(db: Executor) {
  await deleteSessionsBefore(db, new Date(), new Date(Date.now() - 24 * 60 * 60 * 1000));
}

/** `stepCode` 1 when two-step verification is in use on this service at all (see `twoStepBodySchema`). */
export const twoStepCode = async (ctx: ServiceContext) => ({
  stepCode: (await twoStepInUse(ctx.db)) ? 1 : (0 as 0 | 1),
});

export async function userInfo(ctx: ServiceContext, session: Session): Promise<UserInfo> {
  const account = await findAccount(ctx.db, session.accountId);
  const [role, landing] = await Promise.all([
    findRole(ctx.db, session.roleId),
    findLanding(ctx.db, session.accountId),
  ]);
  if (!account || !role) throw new HttpError(401, 'auth.signInRequired');
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    avatar: account.avatar ?? '',
    email: account.email,
    phone: account.phone,
    lastLoginTime: account.lastLoginTime,
    lastLoginIp: account.lastLoginIp,
    role: {
      id: role.id,
      name: role.name,
      describe: role.describe,
      permissions: toPermissionEntries(session.grants),
    },
    twoStep: await twoStepStatus(ctx, account.id),
    startPage: landing?.startPage ?? null,
    home: homePath(grantsAccess(session.grants), landing?.startPage),
  };
}

const toNav = (routes: ConsoleRoute[]): NavItem[] =>
  routes.map(({ path, name, icon, hideInMenu, keepAlive, children }) => ({
    path,
    name,
    ...(icon && { icon }),
    ...(hideInMenu && { hideInMenu }),
    ...(keepAlive && { keepAlive }),
    ...(children && { children: toNav(children) }),
  }));

/** The console pages the role may open. */
export function navFor(grants: Grants): NavItem[] {
  return toNav(filterRoutes(CONSOLE_ROUTES, grantsAccess(grants)));
}
