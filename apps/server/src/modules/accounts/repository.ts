import type { Account, AccountStatus, accountListQuerySchema } from '@cool/shared';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList } from '../../db/list.ts';
import { accounts, roles } from '../../db/schema.ts';

const accountColumns = {
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

const toAccount = (row: AccountRow): Account => ({
  id: row.id!,
  username: row.username!,
  name: row.name!,
  email: row.email,
  phone: row.phone,
  avatar: row.avatar,
  status: row.status!,
  roleId: row.roleId,
  roleName: row.roleName ?? row.roleId,
  lastLoginTime: row.lastLoginAt?.toISOString() ?? null,
  lastLoginIp: row.lastLoginIp,
  createTime: row.createdAt!.toISOString(),
});

const selectAccounts = (db: Executor) =>
  db.select(accountColumns).from(accounts).leftJoin(roles, eq(roles.id, accounts.roleId));

const accountList = defineList({
  table: accounts,
  id: accounts.id,
  filters: {
    keyword: (keyword: string) =>
      or(
        ilike(accounts.username, containsPattern(keyword)),
        ilike(accounts.name, containsPattern(keyword)),
        ilike(accounts.email, containsPattern(keyword)),
      ),
    status: (status: AccountStatus) => eq(accounts.status, status),
    roleId: (roleId: string) => eq(accounts.roleId, roleId),
  },
  sorts: {
    id: accounts.id,
    username: accounts.username,
    createTime: accounts.createdAt,
    // Never signed in sorts as the latest, where PostgreSQL puts the NULLs.
    lastLoginTime: sql`coalesce(${accounts.lastLoginAt}, 'infinity')`,
  },
  defaultSort: { field: 'id', order: 'ascend' },
});

export const listAccounts = (db: Executor, query: z.output<typeof accountListQuerySchema>) =>
  accountList.page(db, query, async (inPage, order) =>
    (
      await selectAccounts(db)
        .where(inPage)
        .orderBy(...order)
    ).map(toAccount),
  );

export async function findAccount(db: Executor, id: number): Promise<Account | null> {
  const [row] = await selectAccounts(db).where(eq(accounts.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

/** Sign-in accepts the username or the email, case-insensitively, or (the mobile tab) the security phone. */
export async function findCredentials(db: Executor, login: string, by: 'login' | 'phone' = 'login') {
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      status: accounts.status,
      activatedAt: accounts.activatedAt,
      passwordHash: accounts.passwordHash,
      lastLoginAt: accounts.lastLoginAt,
      lastLoginIp: accounts.lastLoginIp,
    })
    .from(accounts)
    .where(
      by === 'phone'
        ? eq(accounts.phone, login)
        : sql`lower(${accounts.username}) = lower(${login}) OR lower(${accounts.email}) = lower(${login})`,
    )
    .limit(1);
  return row ?? null;
}

/** Whether any enabled account signs in with a second factor: it has one, or its role requires one. */
export async function twoStepInUse(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(
      and(eq(accounts.status, 'enabled'), or(eq(accounts.twoStepEnabled, 1), eq(roles.requireTwoStep, true))),
    )
    .limit(1);
  return row !== undefined;
}

/** A stored account, as written (with its password hash: never let it leave the service). */
export type AccountRecord = typeof accounts.$inferSelect;
export type AccountValues = Omit<typeof accounts.$inferInsert, 'id' | 'createdAt'>;

export const insertAccount = async (db: Executor, values: AccountValues): Promise<AccountRecord> =>
  (await db.insert(accounts).values(values).returning())[0]!;

/** Reads the account for a change, locking it until the transaction ends. */
export const lockAccount = async (db: Executor, id: number): Promise<AccountRecord | undefined> =>
  (await db.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1))[0];

export const updateAccount = async (
  db: Executor,
  id: number,
  values: Partial<AccountValues>,
): Promise<AccountRecord | undefined> =>
  (
    await db
      .update(accounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning()
  )[0];

/** Records the sign-in on the account; returns what it wrote. */
export const markSignedIn = async (db: Executor, id: number, ip: string) =>
  (
    await db
      .update(accounts)
      .set({ lastLoginAt: new Date(), lastLoginIp: ip })
      .where(eq(accounts.id, id))
      .returning({ lastLoginAt: accounts.lastLoginAt, lastLoginIp: accounts.lastLoginIp })
  )[0];

/**
 * Locks the enabled administrators' rows until the transaction ends and answers their ids: two admins
 * disabling each other at once then take turns, and the second sees the first's change.
 */
export const lockEnabledAdmins = async (db: Executor): Promise<number[]> =>
  (
    await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.roleId, 'admin'), eq(accounts.status, 'enabled')))
      .for('update')
  ).map((row) => row.id);

export const deleteAccount = async (db: Executor, id: number) => {
  await db.delete(accounts).where(eq(accounts.id, id));
};
