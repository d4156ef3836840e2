import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export interface UserContext {
  userConfigId: number | null;
  currentTeamId: number | null;
  currentProjectId: number | null;
  lifeContent: string | null;
}

export async function findUserContext(db: Db, userId: number): Promise<UserContext> {
  const row = await db
    .selectFrom('sysUserConfig')
    .select(['userConfigId', 'currentTeamId', 'currentProjectId', 'lifeContent'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? { userConfigId: null, currentTeamId: null, currentProjectId: null, lifeContent: null };
}

/**
 * The roles a user holds right now: platform roles, plus their roles in the current team
 * (unless locked out of it), plus their roles in the current project.
 */
export async function listEffectiveRoles(db: Db, userId: number, teamId: number, projectId: number) {
  const roleIds = db
    .selectFrom('sysUserRole')
    .select('roleId')
    .where('userId', '=', userId)
    .union(
      db
        .selectFrom('sysUserTeamRole as tr')
        .innerJoin('sysUserTeam as t', 't.userTeamId', 'tr.userTeamId')
        .select('tr.roleId')
        .where('t.userId', '=', userId)
        .where('t.teamId', '=', teamId)
        .where('t.isLock', '=', 0),
    )
    .union(
      db
        .selectFrom('sysUserProjectRole as pr')
        .innerJoin('sysUserProject as p', 'p.userProjectId', 'pr.userProjectId')
        .select('pr.roleId')
        .where('p.userId', '=', userId)
        .where('p.projectId', '=', projectId),
    );
  return db
    .selectFrom('sysRole')
    .selectAll()
    .where('roleId', 'in', roleIds)
    .where('delFlag', '=', '0')
    .orderBy('roleSort')
    .execute();
}

/** Permission strings granted through enabled menus to the given roles, while they are enabled. */
export async function listPermissions(db: Db, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysMenu as m')
    .innerJoin('sysRoleMenu as rm', 'rm.menuId', 'm.menuId')
    .innerJoin('sysRole as r', 'r.roleId', 'rm.roleId')
    .select(sql<string>`distinct m.perms`.as('perms'))
    .where('rm.roleId', 'in', roleIds)
    .where('r.status', '=', '0')
    .where('m.status', '=', '0')
    .where('m.perms', 'is not', null)
    .where('m.perms', '!=', '')
    .execute();
  return rows.map((r) => r.perms);
}
