import { BUILT_IN_ROLES, type Role } from '@cool/shared';
import type { ServiceContext } from '../../db/tx.ts';
import * as repo from './repository.ts';

// Built-in roles first, from most to least privileged; then custom roles by age.
const rank = (id: string) => {
  const index = BUILT_IN_ROLES.findIndex((role) => role.id === id);
  return index === -1 ? BUILT_IN_ROLES.length : index;
};

export async function listRoles(ctx: ServiceContext): Promise<Role[]> {
  const rows = await repo.listRoles(ctx.db);
  return rows
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((role) => ({
      id: role.id,
      name: role.name,
      describe: role.describe,
      status: role.status,
      createTime: role.createdAt.toISOString(),
      permissions: Object.entries(role.grants).map(([permissionId, actionList]) => ({
        permissionId,
        actionList: actionList ?? [],
      })),
    }));
}
