import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { login, startServer, waitUp } from './server-process.ts';

/**
 * The home page of one person in a project of HOME_DEFECTS (default 1,000,000) defects made over
 * two years, on SQLite. As in a real team, the work is spread over 1,000 people: the person
 * handles two defects in a thousand (about 2,000) and created one in a thousand; they follow the project, so
 * its 30-day open-defect trend is computed over the whole million. Target: under 100 ms.
 */
const DEFECTS = Number(process.env.HOME_DEFECTS ?? 1_000_000);
const RUNS = 100;

function seed(file: string) {
  const db = new Database(file);
  const { userId, projectId } = db.transaction(() =>
    insertLeadProject(db, { userName: 'benchhome', teamName: 'Home bench', projectName: 'Million' }),
  )();
  db.prepare('update sys_user_project set collect = 1 where user_id = ? and project_id = ?').run(
    userId,
    projectId,
  );
  const other = (expr: string) => `(case when ${expr} then ${userId} else 100000 + i % 1000 end)`;
  db.exec(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${DEFECTS})
    insert into sys_defect (project_id, project_num, defect_type, defect_name, defect_describe, defect_level,
      defect_state, plan_end_time, is_deleted, create_by, create_by_id, create_time, update_by, update_time)
    select ${projectId}, i, i % 3, 'Defect ' || i, 'Steps ' || i,
      (case i % 4 when 0 then 'urgent' when 1 then 'height' when 2 then 'middle' else 'low' end),
      (case when i % 10 < 6 then 4 when i % 10 < 8 then 0 else i % 4 end),
      (case when i % 7 = 0 then datetime('now', '-' || (i % 40) || ' days', '+20 days') end),
      0, 'bench', ${other('i % 1000 = 2')},
      datetime('now', '-' || (i % 730) || ' days'), 'someone',
      datetime('now', '-' || (i % 730) || ' days', '+' || (i % 20) || ' hours')
    from n`);
  db.exec(`insert into sys_defect_handler (defect_id, user_id, position)
    select defect_id, (case when defect_id % 1000 in (7, 9) then ${userId} else 100000 + defect_id % 1000 end), 0
    from sys_defect where project_id = ${projectId}`);
  db.exec('analyze');
  db.close();
}

export async function runHomeDashboard(): Promise<Record<string, string>> {
  const first = await startServer();
  try {
    await waitUp(first.url);
  } finally {
    await first.stop();
  }
  const t0 = performance.now();
  seed(path.join(first.dataDir, 'buglet.db'));
  const fill = (performance.now() - t0) / 1000;
  const server = await startServer({}, first.dataDir);
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchhome', BENCH_PASSWORD);
    if (!token) throw new Error('the bench user could not sign in');
    const times: number[] = [];
    let waiting = 0;
    for (let i = 0; i < RUNS + 10; i++) {
      const start = performance.now();
      const res = await fetch(`${server.url}/system/home/dashboard`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { code: number; msg: string; data: { waiting: { total: number } } };
      if (body.code !== 200) throw new Error(body.msg);
      if (i >= 10) times.push(performance.now() - start);
      waiting = body.data.waiting.total;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.floor(times.length * q)] ?? 0).toFixed(1);
    return {
      [`SQLite: fill ${DEFECTS.toLocaleString('en')} defects (s)`]: fill.toFixed(1),
      [`home dashboard (waiting ${waiting}, 30-day trend over the project): median / p99 (ms)`]: `${at(0.5)} / ${at(0.99)}`,
    };
  } finally {
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}
