import path from 'node:path';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';
import { login, startServer, waitUp } from './server-process.ts';

const PEOPLE = 10_000;
const PROJECTS = 1_000;
const MEMBERS_PER_PROJECT = 20;
const RUNS_PER_TAB = 200;
const TABS = ['all', 'participated', 'managed', 'archived', 'followed'] as const;

/**
 * One team with 10,000 people and 1,000 projects (20 members each; 50 archived). The person
 * asking belongs to every other project, manages every tenth and follows every twentieth.
 * Prints the median and p95 of the first page (10 rows) of each tab, on SQLite.
 */
function seed(file: string): number {
  const db = new Database(file);
  const hash = bcrypt.hashSync('secret1', 4);
  const now = '2026-01-01 00:00:00';
  db.transaction(() => {
    const team = db
      .prepare(
        `insert into sys_team (team_name, team_icon, is_del, create_by, create_time, update_time) values ('Bench team', '/profile/upload/x.png', 0, 'bench', ?, ?)`,
      )
      .run(now, now).lastInsertRowid as number;
    const user = db.prepare(
      `insert into sys_user (user_name, nick_name, phone_number, password, status, del_flag, create_time) values (?, ?, ?, ?, '0', '0', ?)`,
    );
    const inTeam = db.prepare(
      `insert into sys_user_team (user_id, team_id, is_lock, create_time) values (?, ?, 0, ?)`,
    );
    const teamRole = db.prepare(`insert into sys_user_team_role (user_team_id, role_id) values (?, 5)`);
    const ids: number[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const id = user.run(`bench${i}`, `Person ${i}`, `1390${String(i).padStart(7, '0')}`, hash, now)
        .lastInsertRowid as number;
      ids.push(id);
      teamRole.run(inTeam.run(id, team, now).lastInsertRowid);
    }
    const project = db.prepare(
      `insert into sys_project (project_name, project_icon, team_id, project_state, is_archived, create_by, create_time, update_time) values (?, 'project-icon-1', ?, 1, ?, 'bench', ?, ?)`,
    );
    const member = db.prepare(
      `insert into sys_user_project (user_id, project_id, collect, create_time) values (?, ?, ?, ?)`,
    );
    const projectRole = db.prepare(
      `insert into sys_user_project_role (user_project_id, role_id) values (?, ?)`,
    );
    const asker = ids[0] ?? 0;
    for (let p = 0; p < PROJECTS; p++) {
      const created = `2026-01-01 ${String(Math.floor(p / 60) % 24).padStart(2, '0')}:${String(p % 60).padStart(2, '0')}:00`;
      const pid = project.run(`Project ${p}`, team, p % 20 === 7 ? 1 : 0, created, created)
        .lastInsertRowid as number;
      if (p % 2 === 0) {
        const m = member.run(asker, pid, p % 20 === 0 ? 1 : 0, now).lastInsertRowid;
        projectRole.run(m, p % 10 === 0 ? 6 : 7);
      }
      for (let k = 1; k <= MEMBERS_PER_PROJECT; k++) {
        const who = ids[(p * 37 + k * 101) % PEOPLE] ?? 0;
        if (who === asker) continue;
        projectRole.run(member.run(who, pid, 0, now).lastInsertRowid, 7 + (k % 3));
      }
    }
    return team;
  })();
  const teamId = db.prepare(`select team_id as id from sys_team where team_name = 'Bench team'`).get() as {
    id: number;
  };
  db.close();
  return teamId.id;
}

export async function runProjectList(): Promise<Record<string, string>> {
  const first = await startServer();
  await waitUp(first.url);
  await first.stop();
  const teamId = seed(path.join(first.dataDir, 'buglet.db'));
  const server = await startServer({}, first.dataDir);
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'bench0', 'secret1');
    if (!token) throw new Error('bench user could not log in');
    const figures: Record<string, string> = {};
    for (const tab of TABS) {
      const url = `${server.url}/system/project/list?teamId=${teamId}&pageNum=1&pageSize=10&params%5Btab%5D=${tab}`;
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS_PER_TAB + 20; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { code: number; total: number; rows: unknown[] };
        const ms = performance.now() - t0;
        if (body.code !== 200 || body.rows.length === 0)
          throw new Error(`${tab}: ${JSON.stringify(body).slice(0, 200)}`);
        total = body.total;
        if (i >= 20) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
      figures[`project list, tab ${tab} (${total} projects): median / p95 (ms)`] =
        `${median.toFixed(2)} / ${p95.toFixed(2)}`;
    }
    return figures;
  } finally {
    await server.stop();
  }
}
