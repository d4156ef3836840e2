import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { SessionTable } from '../db/schema.ts';
import { stampColumns } from './auth-cache.ts';

export type SessionRow = SessionTable;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sysSession').values(row).execute();
}

export interface SessionContextRow {
  tokenId: string;
  userId: number;
  expireAt: number;
  isDefaultPassword: number;
  passwordChangeRequired: number;
  userName: string;
  status: string;
  delFlag: string;
  userConfigId: number | null;
  currentTeamId: number | null;
  currentProjectId: number | null;
  lifeContent: string | null;
  /** The versions that stamp these facts (access/auth-cache.ts), read in the same statement. */
  globalVersion: number;
  userVersion: number;
}

/** The session, its user and the user's current team and project in one statement. */
export async function findSession(db: Db, tokenId: string): Promise<SessionContextRow | undefined> {
  const { rows } = await sql<SessionContextRow>`
    select s.token_id, s.user_id, s.expire_at, s.is_default_password, u.password_change_required,
      u.user_name, u.status, u.del_flag,
      c.user_config_id, c.current_team_id, c.current_project_id, c.life_content, ${stampColumns('s.user_id')}
    from sys_session s
    join sys_user u on u.user_id = s.user_id
    left join sys_user_config c on c.user_id = s.user_id
    where s.token_id = ${tokenId}`.execute(db);
  return rows[0];
}

export async function extendSession(db: Db, tokenId: string, expireAt: number): Promise<void> {
  await db.updateTable('sysSession').set({ expireAt }).where('tokenId', '=', tokenId).execute();
}

export async function clearDefaultPasswordFlag(db: Db, userId: number): Promise<void> {
  await db.updateTable('sysSession').set({ isDefaultPassword: 0 }).where('userId', '=', userId).execute();
}

export async function deleteSession(db: Db, tokenId: string): Promise<void> {
  await db.deleteFrom('sysSession').where('tokenId', '=', tokenId).execute();
}

export async function deleteSessionsOfUsers(
  db: Db,
  userIds: number[],
  exceptTokenId?: string,
): Promise<void> {
  if (userIds.length === 0) return;
  let q = db.deleteFrom('sysSession').where('userId', 'in', userIds);
  if (exceptTokenId) q = q.where('tokenId', '!=', exceptTokenId);
  await q.execute();
}

/** Which of these sessions are still live (not ended, not expired). */
export async function liveSessionIds(db: Db, tokenIds: readonly string[], now: number): Promise<Set<string>> {
  const live = new Set<string>();
  // In chunks: SQLite takes at most 32,766 parameters in one statement.
  for (let at = 0; at < tokenIds.length; at += 500) {
    const rows = await db
      .selectFrom('sysSession')
      .select('tokenId')
      .where('tokenId', 'in', tokenIds.slice(at, at + 500))
      .where('expireAt', '>=', now)
      .execute();
    for (const r of rows) live.add(r.tokenId);
  }
  return live;
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sysSession').where('expireAt', '<', now).execute();
}

export async function listSessions(db: Db, filter: { ipaddr?: string; userName?: string }, now: number) {
  let q = db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.userId', 's.userId')
    .select(['s.tokenId', 'u.userName', 's.ipaddr', 's.browser', 's.os', 's.loginTime'])
    .where('s.expireAt', '>=', now);
  if (filter.ipaddr) q = q.where('s.ipaddr', 'like', `%${filter.ipaddr}%`);
  if (filter.userName) q = q.where('u.userName', 'like', `%${filter.userName}%`);
  return q.orderBy('s.loginTime', 'desc').execute();
}

export async function listSessionsOfUser(db: Db, userId: number, now: number) {
  return db
    .selectFrom('sysSession')
    .select(['tokenId', 'ipaddr', 'browser', 'os', 'loginTime'])
    .where('userId', '=', userId)
    .where('expireAt', '>=', now)
    .orderBy('loginTime', 'desc')
    .execute();
}
