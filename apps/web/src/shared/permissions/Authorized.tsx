import type { Action, PermissionId } from '@cool/shared';
import type { ReactNode } from 'react';
import { usePermission } from './usePermission.ts';

interface AuthorizedProps {
  permission: PermissionId;
  action: Action;
  children: ReactNode;
  /** Rendered instead when the action is not granted (default: nothing, SPEC 6 "removed"). */
  fallback?: ReactNode;
}

/** SPEC 6 action tag: the wrapped element is removed when the role lacks the action. */
export function Authorized({ permission, action, children, fallback = null }: AuthorizedProps) {
  const allowed = usePermission()(permission, action);
  return <>{allowed ? children : fallback}</>;
}
