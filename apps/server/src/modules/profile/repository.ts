import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, auditLog, identityBindings, roles } from '../../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountRow(db: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function lockAccountRow(tx: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
  return row;
}

export async function updateAccountRow(
  tx: Executor,
  id: number,
  fields: Partial<typeof accounts.$inferInsert>,
): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row!;
}

export async function findRoleRow(db: Executor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function countBindings(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(identityBindings)
    .where(eq(identityBindings.accountId, accountId));
  return row?.n ?? 0;
}

/** The newest changes this account made; sign-ins and sign-outs are listed apart. */
export const recentActions = (db: Executor, accountId: number, limit: number) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, accountId),
        notInArray(auditLog.action, ['sign-in', 'sign-in-failed', 'sign-out']),
      ),
    )
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit);
