import type { Account, AccountCreate, AccountUpdate } from '@cool/shared';
import type { Db, Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Session } from '../../http/access.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/reply.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAccountSessions } from '../auth/repository.ts';
import { findRole } from '../roles/repository.ts';
import {
  type AccountListQuery,
  findAccount,
  insertAccount,
  listAccounts,
  lockAccount,
  updateAccount,
} from './repository.ts';

export const accountPage = (db: Db, query: AccountListQuery) => listAccounts(db, query);

export async function account(db: Db, id: number): Promise<Account> {
  const found = await findAccount(db, id);
  if (!found) throw notFound('Account');
  return found;
}

async function assertRole(db: Executor, roleId: string | undefined) {
  if (roleId !== undefined && !(await findRole(db, roleId)))
    throw badRequest('roleId', `Unknown role "${roleId}"`);
}

async function uniqueOr409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this username or email already exists');
    throw error;
  }
}

export async function createAccount(db: Db, input: AccountCreate): Promise<Account> {
  const { password, ...fields } = input;
  await assertRole(db, fields.roleId);
  const passwordHash = await hashPassword(password);
  const id = await uniqueOr409(() => insertAccount(db, { ...fields, passwordHash }));
  return (await findAccount(db, id))!;
}

export async function changeAccount(
  db: Db,
  session: Session,
  id: number,
  input: AccountUpdate,
): Promise<Account> {
  const { password, ...fields } = input;
  if (
    id === session.accountId &&
    (fields.status === 'disabled' || (fields.roleId && fields.roleId !== session.roleId))
  ) {
    throw new HttpError(409, 'You cannot disable your own account or change your own role');
  }
  await assertRole(db, fields.roleId);
  // Hashing takes a while; do it before the transaction holds the row.
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, id))) throw notFound('Account');
    await uniqueOr409(() => updateAccount(tx, id, { ...fields, ...(passwordHash && { passwordHash }) }));
    // A new password or a disabled account ends the account's other sessions.
    if (passwordHash || fields.status === 'disabled') await revokeAccountSessions(tx, id, session.tokenHash);
  });
  return (await findAccount(db, id))!;
}
