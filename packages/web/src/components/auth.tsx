import type { ReactNode } from 'react';
import { checkPermi, checkRole } from '../lib/permissions.ts';
import { useSession } from '../stores/session.store.ts';

interface AuthProps {
  /** Any one of these permissions lets the children render. */
  permi?: readonly string[];
  /** Any one of these roles lets the children render. */
  role?: readonly string[];
  children: ReactNode;
}

/** Removes its children when the session lacks the permission or role (like the original v-hasPermi). */
export function Auth({ permi, role, children }: AuthProps) {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  if (permi && !checkPermi(permissions, permi)) return null;
  if (role && !checkRole(roles, role)) return null;
  return <>{children}</>;
}

/** Hook form for places where a wrapper does not fit (e.g. deciding whether a column exists). */
export function usePermi(wanted: readonly string[]): boolean {
  const permissions = useSession((s) => s.permissions);
  return checkPermi(permissions, wanted);
}
