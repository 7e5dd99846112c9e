import { BUILT_IN_ROLES } from '@cool/shared';
import type { TFunction } from 'i18next';

/**
 * Names the server seeds in English, shown in the console's language while staff have not changed them: the
 * built-in roles' names and descriptions (by the role's stable id), and the seeded admin's display name. Once
 * renamed, the staff's own words show as they wrote them.
 */
type BuiltInRole = 'admin' | 'operator' | 'finance' | 'viewer';
const seeded = (id: string | null | undefined) => BUILT_IN_ROLES.find((role) => role.id === id);

/** A role's name as shown. */
export function roleName(t: TFunction, role: { id: string | null; name: string | null }): string {
  const builtIn = seeded(role.id);
  return builtIn && role.name === builtIn.name
    ? t(`common.builtInRoles.${builtIn.id as BuiltInRole}.name`)
    : (role.name ?? role.id ?? '');
}

/** A role's description as shown. */
export function roleDescription(t: TFunction, role: { id: string; describe: string }): string {
  const builtIn = seeded(role.id);
  return builtIn && role.describe === builtIn.describe
    ? t(`common.builtInRoles.${builtIn.id as BuiltInRole}.describe`)
    : role.describe;
}

/** The seed's admin account and name (apps/server/src/db/seed.ts). */
const SEEDED_ADMIN = { username: 'admin', name: 'Administrator' };

/** A staff member's display name as shown: the seeded admin's in the console's language until changed. */
export function staffName(t: TFunction, account: { username: string; name: string }): string {
  return account.username === SEEDED_ADMIN.username && account.name === SEEDED_ADMIN.name
    ? t('common.seededAdminName')
    : account.name;
}
