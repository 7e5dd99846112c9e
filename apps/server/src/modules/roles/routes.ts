import { BUILT_IN_ROLES, roleSchema } from '@cool/shared';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { roles } from '../../db/schema.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';

export async function roleRoutes(app: ZodApp) {
  app.get(
    '/api/roles',
    {
      config: { access: { permission: 'roles', action: 'query' } },
      schema: { tags: ['roles'], response: responses(z.array(roleSchema)) },
    },
    async () => {
      const rows = await app.db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.id));
      // Built-in roles first, from most to least privileged; then custom roles by age.
      const rank = (id: string) => {
        const index = BUILT_IN_ROLES.findIndex((role) => role.id === id);
        return index === -1 ? BUILT_IN_ROLES.length : index;
      };
      return ok(
        rows
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
          })),
      );
    },
  );
}
