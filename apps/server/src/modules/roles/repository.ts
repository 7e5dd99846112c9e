import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { roles } from '../../db/schema.ts';

export const listRoles = (db: Executor) =>
  db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.id));

export async function findRole(db: Executor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}
