import { type Action, can, type PermissionId } from '@cool/shared';
import { useCallback } from 'react';
import { useAuthStore } from '../session/authStore.ts';

/** The docs/spec.md section 6 check `permission.action` against the signed-in user's role. */
export function usePermission(): (permission: PermissionId, action: Action) => boolean {
  const permissions = useAuthStore((s) => s.user?.role.permissions);
  return useCallback(
    (permission, action) => (permissions ? can(permissions, permission, action) : false),
    [permissions],
  );
}
