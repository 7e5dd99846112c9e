import type { Account } from '@cool/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, roles } from '../../db/schema.ts';

export const accountColumns = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  email: accounts.email,
  phone: accounts.phone,
  avatar: accounts.avatar,
  status: accounts.status,
  roleId: accounts.roleId,
  roleName: roles.name,
  lastLoginAt: accounts.lastLoginAt,
  lastLoginIp: accounts.lastLoginIp,
  createdAt: accounts.createdAt,
};

type AccountRow = { [K in keyof typeof accountColumns]: (typeof accountColumns)[K]['_']['data'] | null };

export const toAccount = (row: AccountRow): Account => ({
  id: row.id!,
  username: row.username!,
  name: row.name!,
  email: row.email,
  phone: row.phone,
  avatar: row.avatar,
  status: row.status!,
  roleId: row.roleId!,
  roleName: row.roleName ?? row.roleId!,
  lastLoginTime: row.lastLoginAt?.toISOString() ?? null,
  lastLoginIp: row.lastLoginIp,
  createTime: row.createdAt!.toISOString(),
});

export const selectAccounts = (db: Db) =>
  db.select(accountColumns).from(accounts).leftJoin(roles, eq(roles.id, accounts.roleId));

export async function findAccount(db: Db, id: number): Promise<Account | null> {
  const [row] = await selectAccounts(db).where(eq(accounts.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

/** Sign-in accepts the username or the email, case-insensitively. */
export async function findCredentials(db: Db, login: string) {
  const [row] = await db
    .select({ id: accounts.id, status: accounts.status, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${login}) OR lower(${accounts.email}) = lower(${login})`)
    .limit(1);
  return row ?? null;
}
