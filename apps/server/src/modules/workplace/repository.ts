import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, orders, refunds, roles } from '../../db/schema.ts';

/** Refunds still open by status (the polling job's partial index covers them). */
export const openRefunds = (db: Executor) =>
  db
    .select({ status: refunds.status, count: count() })
    .from(refunds)
    .where(inArray(refunds.status, ['processing', 'abnormal']))
    .groupBy(refunds.status);

/** Unpaid orders lapsing in `(now, until]` (the expiry job's partial index). */
export const unpaidExpiring = async (db: Executor, now: Date, until: Date) =>
  (
    await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), gt(orders.expiresAt, now), lte(orders.expiresAt, until)))
  )[0]!.n;

/** Every role with its accounts, all of them and those enabled. */
export const rolesWithMembers = (db: Executor) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      members: count(accounts.id),
      enabledMembers: sql<number>`count(*) filter (where ${accounts.status} = 'enabled')`.mapWith(Number),
    })
    .from(roles)
    .leftJoin(accounts, eq(accounts.roleId, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.createdAt), asc(roles.id));
