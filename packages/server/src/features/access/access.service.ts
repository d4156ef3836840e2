import { ALL_PERMISSION, SUPER_ADMIN_ID, SUPER_ADMIN_ROLE } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import {
  type EffectiveRole,
  listEffectiveRoles,
  listPermissions,
  type UserContext,
} from './access.repository.ts';

export interface Access {
  userId: number;
  isSuperAdmin: boolean;
  roles: EffectiveRole[];
  roleKeys: Set<string>;
  permissions: Set<string>;
  context: UserContext;
}

/**
 * What a user may do in their current team and project. Computed per request from the
 * membership tables, so a switch of team or project, or a grant changed by an administrator,
 * applies at once on every server instance.
 */
export async function loadAccess(
  db: Db,
  userId: number,
  context: UserContext,
  isPlatformIncluded = true,
): Promise<Access> {
  const roles = await listEffectiveRoles(
    db,
    userId,
    context.currentTeamId ?? 0,
    context.currentProjectId ?? 0,
    isPlatformIncluded,
  );
  const isSuperAdmin = userId === SUPER_ADMIN_ID;
  const roleKeys = new Set(roles.map((r) => r.roleKey));
  if (isSuperAdmin) roleKeys.add(SUPER_ADMIN_ROLE);
  const permissions = isSuperAdmin
    ? new Set([ALL_PERMISSION])
    : new Set(
        await listPermissions(
          db,
          roles.map((r) => r.roleId),
        ),
      );
  return { userId, isSuperAdmin, roles, roleKeys, permissions, context };
}
