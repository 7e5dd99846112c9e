import { randomBytes } from 'node:crypto';
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
import { detached, type Executor } from '../../db/database.ts';
import { type ServiceContext, type TxScope, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { HttpError } from '../../http/reply.ts';
import { findAccount, findCredentials, markSignedIn, twoStepInUse } from '../accounts/repository.ts';
import { checkCode } from '../messaging/codes.ts';
import { findRole } from '../roles/repository.ts';
import { checkSecondFactor, twoStepStatus } from '../twostep/service.ts';
import {
  countFailedSignIn,
  failedSignIn,
  hashToken,
  type Limits,
  takeThrottledAttempt,
  throttleKeys,
  throttleWindow,
} from './credentials.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearFailures,
  deleteSessionsBefore,
  extendIdleSession,
  findLanding,
  findLiveSession,
  insertSession,
  returnAttempt,
  revokeSession,
} from './repository.ts';

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

const NOT_ENABLED = {
  disabled: 'auth.accountDisabled',
  'approval-pending': 'auth.approvalPending',
  'activation-pending': 'auth.activationPending',
} as const;

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

const toNav = (routes: readonly ConsoleRoute[]): NavItem[] =>
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
