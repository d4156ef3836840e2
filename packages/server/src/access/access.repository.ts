import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { RoleTable } from '../db/schema.ts';

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

export type EffectiveRole = Selectable<RoleTable> & { isPlatform: number };

/**
 * The roles a user holds right now: platform roles, plus their roles in the current team
 * (unless locked out of it), plus their roles in the current project; disabled or deleted roles
 * count for nothing. One statement on the hot path of every guarded request, so written as SQL.
 */
export async function listEffectiveRoles(
  db: Db,
  userId: number,
  teamId: number,
  projectId: number,
  isPlatformIncluded = true,
): Promise<EffectiveRole[]> {
  // Inside a named team or project only the roles held there count (see scope.ts).
  const platformUser = isPlatformIncluded ? userId : -1;
  const { rows } = await sql<EffectiveRole>`
    select r.*, case when r.role_id in (select role_id from sys_user_role where user_id = ${platformUser}) then 1 else 0 end as is_platform
    from sys_role r
    where r.del_flag = '0' and r.status = '0' and r.role_id in (
      select role_id from sys_user_role where user_id = ${platformUser}
      union
      select tr.role_id from sys_user_team_role tr
        join sys_user_team t on t.user_team_id = tr.user_team_id
        where t.user_id = ${userId} and t.team_id = ${teamId} and t.is_lock = 0
      union
      select pr.role_id from sys_user_project_role pr
        join sys_user_project p on p.user_project_id = pr.user_project_id
        where p.user_id = ${userId} and p.project_id = ${projectId}
    )
    order by r.role_sort`.execute(db);
  return rows;
}

/** Permission strings granted through enabled menus to the given (enabled) roles. */
export async function listPermissions(db: Db, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysMenu as m')
    .innerJoin('sysRoleMenu as rm', 'rm.menuId', 'm.menuId')
    .select(sql<string>`distinct m.perms`.as('perms'))
    .where('rm.roleId', 'in', roleIds)
    .where('m.status', '=', '0')
    .where('m.perms', 'is not', null)
    .where('m.perms', '!=', '')
    .execute();
  return rows.map((r) => r.perms);
}
