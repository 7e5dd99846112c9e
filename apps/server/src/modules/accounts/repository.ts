import type { Account, AccountUpdate } from '@cool/shared';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { accounts, roles } from '../../db/schema.ts';
import { containsPattern, countAll, paged } from '../../http/paging.ts';

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
  roleId: row.roleId!,
  roleName: row.roleName ?? row.roleId!,
  lastLoginTime: row.lastLoginAt?.toISOString() ?? null,
  lastLoginIp: row.lastLoginIp,
  createTime: row.createdAt!.toISOString(),
});

const selectAccounts = (db: Executor) =>
  db.select(accountColumns).from(accounts).leftJoin(roles, eq(roles.id, accounts.roleId));

const SORT_COLUMNS = {
  id: accounts.id,
  username: accounts.username,
  createTime: accounts.createdAt,
  lastLoginTime: accounts.lastLoginAt,
};

export interface AccountListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  status?: Account['status'] | undefined;
  roleId?: string | undefined;
  sortField?: keyof typeof SORT_COLUMNS | undefined;
  sortOrder?: 'ascend' | 'descend' | undefined;
}

export function listAccounts(db: Db, q: AccountListQuery) {
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
  return paged(
    db,
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
}

export async function findAccount(db: Executor, id: number): Promise<Account | null> {
  const [row] = await selectAccounts(db).where(eq(accounts.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

/** Sign-in accepts the username or the email, case-insensitively. */
export async function findCredentials(db: Executor, login: string) {
  const [row] = await db
    .select({ id: accounts.id, status: accounts.status, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${login}) OR lower(${accounts.email}) = lower(${login})`)
    .limit(1);
  return row ?? null;
}

export async function findTwoStep(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ twoStep: accounts.twoStepEnabled })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .limit(1);
  return row?.twoStep === 1;
}

type AccountFields = Omit<AccountUpdate, 'password'> & { passwordHash?: string };

export async function insertAccount(
  db: Executor,
  values: AccountFields & { username: string; name: string; roleId: string; passwordHash: string },
): Promise<number> {
  const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  return row!.id;
}

/** The stored fields the update touches, before it, or null when there is no such account. */
export async function lockAccount(db: Executor, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateAccount(db: Executor, id: number, fields: AccountFields) {
  await db
    .update(accounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

export async function markSignedIn(db: Executor, id: number, ip: string) {
  await db.update(accounts).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(accounts.id, id));
}
