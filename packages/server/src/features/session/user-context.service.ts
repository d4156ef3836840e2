import { type UiSettings, type UserConfigBody, uiSettings } from '@buglet/contracts';
import { findUserContext } from '../../access/access.repository.ts';
import { enterableProject, enterableTeam } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import type { Lang } from '../../http/i18n.ts';
import type { AppDeps } from '../../http/route.ts';
import { ensureUserConfig } from '../users/users.repository.ts';

/**
 * Sets the current team and project. Only a member may make a live team or project current
 * (the same rule as scoped routes), so the roles computed from it are roles the user really
 * holds. Making a project current also makes its team current.
 */
export async function switchContext({ db }: AppDeps, userId: number, body: UserConfigBody) {
  const patch: {
    currentTeamId?: number;
    currentProjectId?: number;
    lifeContent?: string | null;
    lang?: string | null;
    uiSettings?: string | null;
  } = {};
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
  if (body.lang !== undefined) patch.lang = body.lang;
  if (body.uiSettings !== undefined) patch.uiSettings = body.uiSettings && JSON.stringify(body.uiSettings);
  await ensureUserConfig(db, userId);
  if (Object.keys(patch).length > 0) {
    await db.updateTable('sysUserConfig').set(patch).where('userId', '=', userId).execute();
  }
  return { userId, ...(await findUserContext(db, userId)), ...(await findPreferences(db, userId)) };
}

/** The language and layout settings the person saved, for /getInfo (a stored value that no longer parses is dropped). */
export async function findPreferences(
  db: Db,
  userId: number,
): Promise<{ lang: Lang | null; uiSettings: UiSettings | null }> {
  const row = await db
    .selectFrom('sysUserConfig')
    .select(['lang', 'uiSettings'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  const lang = row?.lang === 'zh_CN' || row?.lang === 'en_US' ? row.lang : null;
  let settings: UiSettings | null = null;
  if (row?.uiSettings) {
    try {
      const parsed = uiSettings.safeParse(JSON.parse(row.uiSettings));
      if (parsed.success) settings = parsed.data;
    } catch {
      // not JSON: as if never saved
    }
  }
  return { lang, uiSettings: settings };
}
