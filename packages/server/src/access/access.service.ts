import { ALL_PERMISSION, SUPER_ADMIN_ID, SUPER_ADMIN_ROLE } from '@buglet/contracts';
import type { Db } from '../db/connect.ts';
import {
  type EffectiveRole,
  listEffectiveRoles,
  listPermissions,
  type UserContext,
} from './access.repository.ts';
import { type AuthStamp, readStamp, recall, remember } from './auth-cache.ts';

/** Shared between requests while remembered: read it, never change it. */
export interface Access {
  userId: number;
  isSuperAdmin: boolean;
  roles: EffectiveRole[];
  roleKeys: Set<string>;
  permissions: Set<string>;
  context: UserContext;
}

/**
 * What a user may do in their current team and project, from the membership tables. Remembered
 * while the user's versions stand (auth-cache.ts): a switch of team or project, or a grant
 * changed by an administrator, raises them and applies at once on every server instance. `stamp`
 * is the caller's versions when already read in this request (with the session).
 */
export async function loadAccess(
  db: Db,
  userId: number,
  context: UserContext,
  isPlatformIncluded = true,
  stamp?: AuthStamp,
): Promise<Access> {
  const key = `access:${userId}:${context.currentTeamId ?? 0}:${context.currentProjectId ?? 0}:${isPlatformIncluded ? 1 : 0}`;
  const current = stamp ?? (await readStamp(db, userId));
  const known = recall<Access>(db, key, current);
  if (known) return { ...known, context };
  const access = await computeAccess(db, userId, context, isPlatformIncluded);
  remember(db, key, current, access);
  return access;
}

async function computeAccess(
  db: Db,
  userId: number,
  context: UserContext,
  isPlatformIncluded: boolean,
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
