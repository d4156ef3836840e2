import bcrypt from 'bcryptjs';
import type Database from 'better-sqlite3';

export const BENCH_PASSWORD = 'secret1';
const NOW = '2025-01-01 00:00:00';

/**
 * The scene every list benchmark times on SQLite: one person (password BENCH_PASSWORD) in one
 * team, lead (role 8) of one project. Call it inside the seeding transaction.
 */
export function insertLeadProject(
  db: Database.Database,
  names: { userName: string; teamName: string; projectName: string },
): { userId: number; teamId: number; projectId: number } {
  const hash = bcrypt.hashSync(BENCH_PASSWORD, 4);
  const userId = db
    .prepare(
      `insert into sys_user (user_name, nick_name, password, status, del_flag, create_time) values (?, 'Bench', ?, '0', '0', ?)`,
    )
    .run(names.userName, hash, NOW).lastInsertRowid as number;
  const teamId = db
    .prepare(
      `insert into sys_team (team_name, team_icon, is_del, create_time, update_time) values (?, '/profile/upload/x.png', 0, ?, ?)`,
    )
    .run(names.teamName, NOW, NOW).lastInsertRowid as number;
  db.prepare('insert into sys_user_team (user_id, team_id, is_lock) values (?, ?, 0)').run(userId, teamId);
  const projectId = db
    .prepare(
      `insert into sys_project (project_name, team_id, project_state, is_archived, create_time, update_time) values (?, ?, 1, 0, ?, ?)`,
    )
    .run(names.projectName, teamId, NOW, NOW).lastInsertRowid as number;
  const membership = db
    .prepare('insert into sys_user_project (user_id, project_id, collect) values (?, ?, 0)')
    .run(userId, projectId).lastInsertRowid;
  db.prepare('insert into sys_user_project_role (user_project_id, role_id) values (?, 8)').run(membership);
  return { userId, teamId, projectId };
}
