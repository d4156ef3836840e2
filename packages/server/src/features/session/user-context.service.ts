import { SUPER_ADMIN_ID, type UserConfigBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { forbidden } from '../../http/errors.ts';
import type { AppDeps } from '../../http/route.ts';
import { findUserContext } from '../access/access.repository.ts';
import { ensureUserConfig } from '../users/users.repository.ts';

async function isTeamMember(db: Db, userId: number, teamId: number) {
  const row = await db
    .selectFrom('sysUserTeam')
    .select('userTeamId')
    .where('userId', '=', userId)
    .where('teamId', '=', teamId)
    .where('isLock', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

async function isProjectMember(db: Db, userId: number, projectId: number) {
  const row = await db
    .selectFrom('sysUserProject')
    .select('userProjectId')
    .where('userId', '=', userId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the current team and project. Only a member may make a team or project current, so
 * the roles computed from it are always roles the user really holds.
 */
export async function switchContext({ db }: AppDeps, userId: number, body: UserConfigBody) {
  const isAdmin = userId === SUPER_ADMIN_ID;
  const patch: { currentTeamId?: number; currentProjectId?: number; lifeContent?: string | null } = {};
  if (body.currentTeamId !== undefined && body.currentTeamId !== null) {
    if (body.currentTeamId > 0 && !isAdmin && !(await isTeamMember(db, userId, body.currentTeamId))) {
      throw forbidden();
    }
    patch.currentTeamId = body.currentTeamId;
  }
  if (body.currentProjectId !== undefined && body.currentProjectId !== null) {
    if (
      body.currentProjectId > 0 &&
      !isAdmin &&
      !(await isProjectMember(db, userId, body.currentProjectId))
    ) {
      throw forbidden();
    }
    patch.currentProjectId = body.currentProjectId;
  }
  if (body.lifeContent !== undefined) patch.lifeContent = body.lifeContent;
  await ensureUserConfig(db, userId);
  if (Object.keys(patch).length > 0) {
    await db.updateTable('sysUserConfig').set(patch).where('userId', '=', userId).execute();
  }
  return { userId, ...(await findUserContext(db, userId)) };
}
