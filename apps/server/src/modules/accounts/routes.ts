import {
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  accountUpdateSchema,
  idParamsSchema,
  pageSchema,
} from '@cool/shared';
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { accounts, roles } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';
import { badRequest, conflict, HttpError, notFound, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAccountSessions } from '../auth/sessions.ts';
import { findAccount, selectAccounts, toAccount } from './queries.ts';

const SORT_COLUMNS = {
  id: accounts.id,
  username: accounts.username,
  createTime: accounts.createdAt,
  lastLoginTime: accounts.lastLoginAt,
};

async function assertRole(db: Db, roleId: string | undefined) {
  if (roleId === undefined) return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw badRequest('roleId', `Unknown role "${roleId}"`);
}

async function uniqueOr409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this username or email already exists');
    throw error;
  }
}

export async function accountRoutes(app: ZodApp) {
  app.get(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'query' } },
      schema: {
        tags: ['accounts'],
        querystring: accountListQuerySchema,
        response: responses(pageSchema(accountSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        q.keyword
          ? or(
              ilike(accounts.username, containsPattern(q.keyword)),
              ilike(accounts.name, containsPattern(q.keyword)),
              ilike(accounts.email, containsPattern(q.keyword)),
            )
          : undefined,
        q.status ? eq(accounts.status, q.status) : undefined,
        q.roleId ? eq(accounts.roleId, q.roleId) : undefined,
      );
      const column = SORT_COLUMNS[q.sortField ?? 'id'];
      const order = q.sortOrder === 'descend' ? desc : asc;
      const page = await paged(
        app.db,
        q,
        async (db) => (await db.select({ n: countAll }).from(accounts).where(where))[0]?.n ?? 0,
        async (db, limit, offset) =>
          (
            await selectAccounts(db)
              .where(where)
              .orderBy(order(column), order(accounts.id))
              .limit(limit)
              .offset(offset)
          ).map(toAccount),
      );
      return ok(page);
    },
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'get' } },
      schema: { tags: ['accounts'], params: idParamsSchema, response: responses(accountSchema) },
    },
    async (request) => {
      const account = await findAccount(app.db, request.params.id);
      if (!account) throw notFound('Account');
      return ok(account);
    },
  );

  app.post(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'add' } },
      schema: { tags: ['accounts'], body: accountCreateSchema, response: responses(accountSchema, 201) },
    },
    async (request, reply) => {
      const { password, ...fields } = request.body;
      await assertRole(app.db, fields.roleId);
      const passwordHash = await hashPassword(password);
      const [row] = await uniqueOr409(() =>
        app.db
          .insert(accounts)
          .values({ ...fields, passwordHash })
          .returning({ id: accounts.id }),
      );
      const account = await findAccount(app.db, row!.id);
      return reply.code(201).send(ok(account!, 'Account created'));
    },
  );

  app.put(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags: ['accounts'],
        params: idParamsSchema,
        body: accountUpdateSchema,
        response: responses(accountSchema),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { id } = request.params;
      const { password, ...fields } = request.body;
      if (
        id === session.accountId &&
        (fields.status === 'disabled' || (fields.roleId && fields.roleId !== session.roleId))
      ) {
        throw new HttpError(409, 'You cannot disable your own account or change your own role');
      }
      await assertRole(app.db, fields.roleId);
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      await app.db.transaction(async (tx) => {
        const updated = await uniqueOr409(() =>
          tx
            .update(accounts)
            .set({ ...fields, ...(passwordHash && { passwordHash }), updatedAt: new Date() })
            .where(eq(accounts.id, id))
            .returning({ id: accounts.id }),
        );
        if (updated.length === 0) throw notFound('Account');
        // A new password or a disabled account ends the account's other sessions.
        if (passwordHash || fields.status === 'disabled') {
          await revokeAccountSessions(tx, id, session.tokenHash);
        }
      });
      return ok((await findAccount(app.db, id))!, 'Account updated');
    },
  );
}
