import type { Action, PermissionId } from '@cool/shared';
import type { ReactNode } from 'react';
import { usePermission } from './usePermission.ts';

interface AuthorizedProps {
  permission: PermissionId;
  action: Action;
  children: ReactNode;
  /** Rendered instead when the action is not granted (default: nothing, as docs/spec.md section 6 says). */
  fallback?: ReactNode;
}

/** Action tag (docs/spec.md section 6): the wrapped element is removed when the role lacks the action. */
export function Authorized({ permission, action, children, fallback = null }: AuthorizedProps) {
  const allowed = usePermission()(permission, action);
  return <>{allowed ? children : fallback}</>;
}
