import {
  BUILT_IN_ROLES,
  type Grants,
  grantsBeyond,
  PERMISSION_IDS,
  type Role,
  type roleCreateSchema,
  type roleUpdateSchema,
} from '@cool/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { conflict, httpError, notFound } from '../../http/reply.ts';
import * as repo from './repository.ts';

const isBuiltIn = (id: string) => BUILT_IN_ROLES.some((role) => role.id === id);

// Built-in roles first, from most to least privileged; then custom roles by age.
const rank = (id: string) => {
  const index = BUILT_IN_ROLES.findIndex((role) => role.id === id);
  return index === -1 ? BUILT_IN_ROLES.length : index;
};

const toRole = (role: repo.RoleRecord): Role => ({
  id: role.id,
  name: role.name,
  describe: role.describe,
  status: role.status,
  createTime: role.createdAt.toISOString(),
  // In the permission table's order (the stored JSON's key order is the database's).
  permissions: PERMISSION_IDS.filter((id) => role.grants[id]?.length).map((permissionId) => ({
    permissionId,
    actionList: role.grants[permissionId] ?? [],
  })),
  requireTwoStep: role.requireTwoStep,
  builtIn: isBuiltIn(role.id),
});

/** The matrix as stored: only permissions with at least one action, each action once. */
const toGrants = (permissions: z.output<typeof roleUpdateSchema>['permissions']): Grants =>
  Object.fromEntries(
    permissions
      .filter((entry) => entry.actionList.length > 0)
      .map((entry) => [entry.permissionId, [...new Set(entry.actionList)]]),
  );

/**
 * A role grants only what the actor's own role grants: nobody writes themselves (or a second account of theirs)
 * more rights, or changes a role that holds rights they lack.
 */
function assertWithinOwn(session: Session, ...grants: Grants[]) {
  const beyond = [...new Set(grants.flatMap((g) => grantsBeyond(session.grants, g)))];
  if (beyond.length > 0) throw httpError(403, 'role.beyondOwn', { permissions: beyond.join(', ') });
}

export async function listRoles(ctx: ServiceContext): Promise<Role[]> {
  const rows = await repo.listRoles(ctx.db);
  return rows.sort((a, b) => rank(a.id) - rank(b.id)).map(toRole);
}

export async function createRole(
  ctx: ServiceContext,
  session: Session,
  input: z.output<typeof roleCreateSchema>,
): Promise<Role> {
  const { permissions, ...fields } = input;
  const grants = toGrants(permissions);
  assertWithinOwn(session, grants);
  return withTx(ctx, async ({ tx, audit }) => {
    let created: repo.RoleRecord;
    try {
      created = await repo.insertRole(tx, { ...fields, grants });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('role.duplicate');
      throw error;
    }
    await audit({ entityType: 'role', entityId: created.id, action: 'create', after: created });
    return toRole(created);
  });
}

/** A custom role, locked for the change; built-in roles are read-only. */
async function lockCustomRole(tx: Parameters<typeof repo.lockRole>[0], id: string) {
  const role = await repo.lockRole(tx, id);
  if (!role) throw notFound('role.notFound');
  if (isBuiltIn(id)) throw conflict('role.builtIn');
  return role;
}

export async function updateRole(
  ctx: ServiceContext,
  session: Session,
  id: string,
  input: z.output<typeof roleUpdateSchema>,
): Promise<Role> {
  const { permissions, ...fields } = input;
  const grants = toGrants(permissions);
  return withTx(ctx, async ({ tx, audit }) => {
    const before = await lockCustomRole(tx, id);
    assertWithinOwn(session, before.grants, grants);
    const after = await repo.updateRole(tx, id, { ...fields, grants });
    await audit({ entityType: 'role', entityId: id, action: 'update', before, after });
    return toRole(after);
  });
}

/** Refused while any account (pending ones included) has the role. */
export async function deleteRole(ctx: ServiceContext, session: Session, id: string): Promise<void> {
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await lockCustomRole(tx, id);
    assertWithinOwn(session, before.grants);
    const count = await repo.countAccountsWithRole(tx, id);
    if (count > 0) throw conflict('role.inUse', { count });
    await repo.deleteRole(tx, id);
    await audit({ entityType: 'role', entityId: id, action: 'delete', before });
  });
}
