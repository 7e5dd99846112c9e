import type { StaffEvent } from '@cool/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, roles } from '../../db/schema.ts';

/**
 * Enabled accounts with a mail address, an enabled role and this event switched on (account settings), with
 * their role's grants: the service keeps those allowed to see what the event is about.
 */
export const optedInStaff = (db: Executor, event: StaffEvent) =>
  db
    .select({ email: accounts.email, language: accounts.language, grants: roles.grants })
    .from(accounts)
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(
      and(
        eq(accounts.status, 'enabled'),
        eq(roles.status, 'enabled'),
        isNotNull(accounts.email),
        sql`(${accounts.notifications} ->> ${event}) = 'true'`,
      ),
    );
