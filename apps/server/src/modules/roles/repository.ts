import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, roles } from '../../db/schema.ts';

export type RoleRecord = typeof roles.$inferSelect;
export type RoleValues = Omit<typeof roles.$inferInsert, 'createdAt'>;

export const listRoles = (db: Executor) =>
  db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.id));

export async function findRole(db: Executor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}

/** Reads the role for a change, locking it until the transaction ends. */
export const lockRole = async (db: Executor, id: string): Promise<RoleRecord | undefined> =>
  (await db.select().from(roles).where(eq(roles.id, id)).for('update').limit(1))[0];

export const insertRole = async (db: Executor, values: RoleValues): Promise<RoleRecord> =>
  (await db.insert(roles).values(values).returning())[0]!;

export const updateRole = async (
  db: Executor,
  id: string,
  values: Partial<Omit<RoleValues, 'id'>>,
): Promise<RoleRecord> => (await db.update(roles).set(values).where(eq(roles.id, id)).returning())[0]!;

export const deleteRole = async (db: Executor, id: string) => {
  await db.delete(roles).where(eq(roles.id, id));
};

export const countAccountsWithRole = async (db: Executor, id: string): Promise<number> =>
  (await db.select({ n: count() }).from(accounts).where(eq(accounts.roleId, id)))[0]!.n;
