import { createHash, randomBytes } from 'node:crypto';
import {
  CONSOLE_ROUTES,
  type ConsoleRoute,
  filterRoutes,
  type Grants,
  grantsAllow,
  type LoginResult,
  type NavItem,
  PERMISSION_IDS,
  SESSION_TTL_MS,
  toPermissionEntries,
  type UserInfo,
} from '@cool/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Session } from '../../http/access.ts';
import { HttpError } from '../../http/reply.ts';
import { findAccount, findCredentials, findTwoStep, markSignedIn } from '../accounts/repository.ts';
import { findRole } from '../roles/repository.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearFailures,
  countFailure,
  deleteSessionsBefore,
  findLiveSession,
  insertSession,
  lockedUntil,
  revokeSession,
} from './repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const INVALID_CREDENTIALS = 'Invalid username or password';

type Limits = Config['loginThrottle'];

const throttleKeys = (login: string, ip: string) => ({
  account: `account:${login.toLowerCase()}`,
  address: `ip:${ip}`,
});

/** Seconds until every key is unlocked, or 0 when sign-in may be tried now. */
async function lockedFor(db: Db, keys: string[]): Promise<number> {
  const rows = await lockedUntil(db, keys);
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export interface SignInAttempt {
  login: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
}

export async function signIn(db: Db, limits: Limits, attempt: SignInAttempt): Promise<LoginResult> {
  const keys = throttleKeys(attempt.login, attempt.ip);
  const wait = await lockedFor(db, [keys.account, keys.address]);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: wait },
      { 'retry-after': String(wait) },
    );
  }
  const account = await findCredentials(db, attempt.login);
  if (!(await verifyPassword(account?.passwordHash, attempt.password)) || !account) {
    const window = { windowSeconds: limits.windowMs / 1000, lockSeconds: limits.lockMs / 1000 };
    await countFailure(db, keys.account, limits.maxFailuresPerAccount, window);
    await countFailure(db, keys.address, limits.maxFailuresPerAddress, window);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (account.status !== 'enabled')
    throw new HttpError(403, 'This account is disabled. Contact an administrator.');
  await clearFailures(db, keys.account);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, {
    tokenHash: hashToken(token),
    accountId: account.id,
    expiresAt,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 512),
  });
  await markSignedIn(db, account.id, attempt.ip);
  return { token, expiresAt: expiresAt.getTime() };
}

export async function signOut(db: Db, session: Session) {
  await revokeSession(db, session.tokenHash);
}

/** A live session of an enabled account; a disabled role keeps the session but grants nothing. */
export async function findSession(db: Db, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const row = await findLiveSession(db, tokenHash);
  if (!row) return null;
  const { roleStatus, ...session } = row;
  return { tokenHash, ...session, grants: roleStatus === 'enabled' ? session.grants : {} };
}

/** Expired and long-revoked sessions are only clutter. */
export async function purgeSessions(db: Db) {
  await deleteSessionsBefore(db, new Date(), new Date(Date.now() - 24 * 60 * 60 * 1000));
}

export const twoStepCode = async (db: Db, username: string) => ({
  stepCode: (await findTwoStep(db, username)) ? 1 : (0 as 0 | 1),
});

export async function userInfo(db: Db, session: Session): Promise<UserInfo> {
  const account = await findAccount(db, session.accountId);
  const role = await findRole(db, session.roleId);
  if (!account || !role) throw new HttpError(401, 'Please sign in');
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
  const routes = filterRoutes(CONSOLE_ROUTES, {
    permissionIds: PERMISSION_IDS.filter((id) => (grants[id]?.length ?? 0) > 0),
    canQuery: (resource) => grantsAllow(grants, resource, 'query'),
  });
  return toNav(routes);
}
