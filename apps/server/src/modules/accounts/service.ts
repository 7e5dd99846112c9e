import type {
  Account,
  accountCreateSchema,
  accountListQuerySchema,
  accountUpdateSchema,
  Page,
} from '@cool/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/reply.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAccountSessions } from '../auth/repository.ts';
import { findRole } from '../roles/repository.ts';
import * as repo from './repository.ts';

export const listAccounts = (
  ctx: ServiceContext,
  query: z.output<typeof accountListQuerySchema>,
): Promise<Page<Account>> => repo.listAccounts(ctx.db, query);

export async function getAccount(ctx: ServiceContext, id: number): Promise<Account> {
  const account = await repo.findAccount(ctx.db, id);
  if (!account) throw notFound('account.notFound');
  return account;
}

async function assertRole(db: Executor, roleId: string | undefined) {
  if (roleId !== undefined && !(await findRole(db, roleId))) {
    throw badRequest('roleId', 'account.unknownRole', { roleId });
  }
}

/** A unique index refusing the write means another account has the username or email. */
async function uniqueLogin<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('account.duplicate');
    throw error;
  }
}

export async function createAccount(
  ctx: ServiceContext,
  input: z.output<typeof accountCreateSchema>,
): Promise<Account> {
  const { password, ...fields } = input;
  await assertRole(ctx.db, fields.roleId);
  // Hashing takes a while: done before the transaction starts.
  const passwordHash = await hashPassword(password);
  return withTx(ctx, async ({ tx, audit }) => {
    const created = await uniqueLogin(repo.insertAccount(tx, { ...fields, passwordHash }));
    await audit({ entityType: 'account', entityId: created.id, action: 'create', after: created });
    return (await repo.findAccount(tx, created.id))!;
  });
}

/** Staff cannot lock themselves out: no disabling their own account, no changing their own role. */
export async function updateAccount(
  ctx: ServiceContext,
  session: Session,
  id: number,
  input: z.output<typeof accountUpdateSchema>,
): Promise<Account> {
  const { password, ...fields } = input;
  if (
    id === session.accountId &&
    (fields.status === 'disabled' || (fields.roleId && fields.roleId !== session.roleId))
  ) {
    throw conflict('account.selfChange');
  }
  await assertRole(ctx.db, fields.roleId);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    const after = await uniqueLogin(
      repo.updateAccount(tx, id, { ...fields, ...(passwordHash && { passwordHash }) }),
    );
    await audit({
      entityType: 'account',
      entityId: id,
      action: 'update',
      before,
      after,
      changedSecrets: passwordHash ? ['password'] : [],
    });
    // A new password or a disabled account ends the account's other sessions.
    if (passwordHash || fields.status === 'disabled') await revokeAccountSessions(tx, id, session.tokenHash);
    return (await repo.findAccount(tx, id))!;
  });
}
