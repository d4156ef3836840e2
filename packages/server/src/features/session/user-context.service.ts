import { ResultCode, SUPER_ADMIN_ID, type UserConfigBody } from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/route.ts';
import { findUserContext } from '../access/access.repository.ts';
import { findProjectMembership, findTeamMembership } from '../access/scope.repository.ts';
import { ensureUserConfig } from '../users/users.repository.ts';

/**
 * Sets the current team and project. Only a member may make a live team or project current
 * (the same rule as scoped routes), so the roles computed from it are roles the user really
 * holds. Making a project current also makes its team current.
 */
export async function switchContext({ db }: AppDeps, userId: number, body: UserConfigBody) {
  const isAdmin = userId === SUPER_ADMIN_ID;
  const patch: { currentTeamId?: number; currentProjectId?: number; lifeContent?: string | null } = {};
  if (body.currentTeamId !== undefined && body.currentTeamId !== null) {
    if (body.currentTeamId > 0) {
      const team = await findTeamMembership(db, body.currentTeamId, userId);
      if (!team || (!isAdmin && (team.userTeamId === null || team.isLock === 1))) {
        throw new AppError('team.no-permission', [], ResultCode.forbidden);
      }
    }
    patch.currentTeamId = body.currentTeamId;
    // A project of the team being left does not stay current.
    if (body.currentProjectId === undefined || body.currentProjectId === null) patch.currentProjectId = 0;
  }
  if (body.currentProjectId !== undefined && body.currentProjectId !== null) {
    if (body.currentProjectId > 0) {
      const project = await findProjectMembership(db, body.currentProjectId, userId);
      const isMember =
        project && project.userProjectId !== null && project.userTeamId !== null && project.isLock !== 1;
      if (!project || (!isAdmin && !isMember))
        throw new AppError('project.no-permission', [], ResultCode.forbidden);
      patch.currentTeamId = project.teamId;
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
