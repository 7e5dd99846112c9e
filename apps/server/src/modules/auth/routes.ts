import {
  CONSOLE_ROUTES,
  type ConsoleRoute,
  filterRoutes,
  grantsAllow,
  loginBodySchema,
  loginResultSchema,
  type NavItem,
  navResultSchema,
  PERMISSION_IDS,
  toPermissionEntries,
  twoStepBodySchema,
  twoStepResultSchema,
  userInfoSchema,
} from '@cool/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts, roles } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { HttpError, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { findAccount, findCredentials } from '../accounts/queries.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';
import { clearFailures, lockedFor, recordFailure, throttleKeys } from './throttle.ts';

const INVALID_CREDENTIALS = 'Invalid username or password';

const toNav = (routes: ConsoleRoute[]): NavItem[] =>
  routes.map(({ path, name, icon, hideInMenu, keepAlive, children }) => ({
    path,
    name,
    ...(icon && { icon }),
    ...(hideInMenu && { hideInMenu }),
    ...(keepAlive && { keepAlive }),
    ...(children && { children: toNav(children) }),
  }));

export async function authRoutes(app: ZodApp) {
  const limits = app.config.loginThrottle;

  app.post(
    '/api/account/login',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: loginBodySchema, response: responses(loginResultSchema) },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const keys = throttleKeys(username, request.ip);
      const wait = await lockedFor(app.db, [keys.account, keys.address]);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { retryAfterSeconds: wait },
          { 'retry-after': String(wait) },
        );
      }
      const account = await findCredentials(app.db, username);
      if (!(await verifyPassword(account?.passwordHash, password)) || !account) {
        await recordFailure(app.db, keys.account, limits.maxFailuresPerAccount, limits);
        await recordFailure(app.db, keys.address, limits.maxFailuresPerAddress, limits);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      if (account.status !== 'enabled')
        throw new HttpError(403, 'This account is disabled. Contact an administrator.');
      await clearFailures(app.db, keys.account);
      const session = await createSession(app.db, account.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await app.db
        .update(accounts)
        .set({ lastLoginAt: new Date(), lastLoginIp: request.ip })
        .where(eq(accounts.id, account.id));
      return reply.send(ok({ token: session.token, expiresAt: session.expiresAt.getTime() }, 'Signed in'));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: { signedIn: true } },
      schema: { tags: ['auth'], response: responses(z.null()) },
    },
    async (request) => {
      await revokeSession(app.db, requireSession(request).tokenHash);
      return ok(null, 'Signed out');
    },
  );

  app.post(
    '/api/auth/2step-code',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: twoStepBodySchema, response: responses(twoStepResultSchema) },
    },
    async (request) => {
      const [row] = await app.db
        .select({ twoStep: accounts.twoStepEnabled })
        .from(accounts)
        .where(sql`lower(${accounts.username}) = lower(${request.body.username})`)
        .limit(1);
      return ok({ stepCode: row?.twoStep === 1 ? 1 : (0 as 0 | 1) });
    },
  );

  app.get(
    '/api/user/info',
    {
      config: { access: { signedIn: true } },
      schema: { tags: ['auth'], response: responses(userInfoSchema) },
    },
    async (request) => {
      const session = requireSession(request);
      const account = await findAccount(app.db, session.accountId);
      const [role] = await app.db.select().from(roles).where(eq(roles.id, session.roleId)).limit(1);
      if (!account || !role) throw new HttpError(401, 'Please sign in');
      return ok({
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
      });
    },
  );

  app.get(
    '/api/user/nav',
    {
      config: { access: { signedIn: true } },
      schema: { tags: ['auth'], response: responses(navResultSchema) },
    },
    async (request) => {
      const { grants } = requireSession(request);
      const routes = filterRoutes(CONSOLE_ROUTES, {
        permissionIds: PERMISSION_IDS.filter((id) => (grants[id]?.length ?? 0) > 0),
        canQuery: (resource) => grantsAllow(grants, resource, 'query'),
      });
      return ok(toNav(routes));
    },
  );
}
