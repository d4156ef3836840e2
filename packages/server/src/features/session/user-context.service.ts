import type { UserConfigBody } from '@buglet/contracts';
import type { AppDeps } from '../../http/route.ts';
import { findUserContext } from '../access/access.repository.ts';
import { enterableProject, enterableTeam } from '../access/scope.ts';
import { ensureUserConfig } from '../users/users.repository.ts';

/**
 * Sets the current team and project. Only a member may make a live team or project current
 * (the same rule as scoped routes), so the roles computed from it are roles the user really
 * holds. Making a project current also makes its team current.
 */
export async function switchContext({ db }: AppDeps, userId: number, body: UserConfigBody) {
  const patch: { currentTeamId?: number; currentProjectId?: number; lifeContent?: string | null } = {};
  if (body.currentTeamId !== undefined && body.currentTeamId !== null) {
    if (body.currentTeamId > 0) await enterableTeam(db, userId, body.currentTeamId);
    patch.currentTeamId = body.currentTeamId;
    // A project of the team being left does not stay current.
    if (body.currentProjectId === undefined || body.currentProjectId === null) patch.currentProjectId = 0;
  }
  if (body.currentProjectId !== undefined && body.currentProjectId !== null) {
    if (body.currentProjectId > 0) {
      const project = await enterableProject(db, userId, body.currentProjectId);
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
