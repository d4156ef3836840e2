import Database from 'better-sqlite3';
import pg from 'pg';
import { type Scene, withPostgres, withSqlite } from './defect-seed.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { benchPostgresUrl, login, startServer, waitUp } from './server-process.ts';

/**
 * Test plans at size (issue 30): a project of DEFECTS (default 1,000,000) defects and ITEMS
 * (default 10,000) cases, one plan of every case (a fifth of its items failed, each with two of
 * the project's defects linked) and 19 plans of 500 items beside it. Prints the p50 and p99 (ms) of
 * the plan list with its metrics (a page of 10), one item's result, and the run view's next item,
 * on SQLite and (with TEST_DATABASE_URL or BENCH_DATABASE_URL) on PostgreSQL. `KEEP=1` keeps the
 * seeded defects between runs (the plans are made afresh each run).
 */
const DEFECTS = Number(process.env.DEFECTS ?? 1_000_000);
const ITEMS = Number(process.env.ITEMS ?? 10_000);
const OTHER_PLANS = 19;
const OTHER_ITEMS = 500;
const RUNS = Number(process.env.RUNS ?? 200);
const WARM = 20;
const NOW = '2026-11-01 10:00:00';

/** Set-based SQL that makes the cases, the plans, their items and the links. */
function seedSql(
  series: (count: number) => string,
  projectId: number,
  userId: number,
  firstDefectId: number,
): string[] {
  const module = `(select min(module_id) from sys_module where project_id = ${projectId} and module_name = 'Plan bench')`;
  return [
    `delete from sys_plan where project_id = ${projectId}`,
    `delete from sys_case where project_id = ${projectId}`,
    `delete from sys_module where project_id = ${projectId} and module_name = 'Plan bench'`,
    `insert into sys_module (module_pid, module_name, project_id, create_time, update_time)
     values (0, 'Plan bench', ${projectId}, '${NOW}', '${NOW}')`,
    `${series(ITEMS)} insert into sys_case (project_id, case_num, case_name, module_id, case_level, case_expect,
       case_step, case_state, create_by_id, create_time, update_time)
     select ${projectId}, i, 'Case ' || i, ${module}, 1 + i % 5, 'It works',
       '[{"stepDescribe":"Open","stepExpect":"Shown"}]', 'untested', ${userId}, '${NOW}', '${NOW}' from n`,
    `${series(OTHER_PLANS + 1)} insert into sys_plan (plan_id, plan_number, plan_name, project_id, create_by_id,
       create_time, update_by_id, update_time)
     select 'aa-' || i, i, 'Plan ' || i, ${projectId}, ${userId}, '${NOW}', ${userId}, '${NOW}' from n`,
    // The big plan (1) holds every case; the others the first OTHER_ITEMS each.
    `insert into sys_plan_item (plan_item_id, plan_id, case_id, module_id, plan_item_state, tester_id,
       update_by_id, update_time)
     select 'bb-' || c.case_num, 'aa-1', c.case_id, c.module_id,
       case when c.case_num % 5 = 0 then 'not_pass' when c.case_num % 5 = 1 then 'pass' else 'unexecuted' end,
       ${userId}, ${userId}, '${NOW}'
     from sys_case c where c.project_id = ${projectId}`,
    `${series(OTHER_PLANS)} insert into sys_plan_item (plan_item_id, plan_id, case_id, module_id, plan_item_state,
       update_by_id, update_time)
     select 'cc-' || n.i || '-' || c.case_num, 'aa-' || (n.i + 1), c.case_id, c.module_id,
       'unexecuted', ${userId}, '${NOW}'
     from n join sys_case c on c.project_id = ${projectId} and c.case_num <= ${OTHER_ITEMS}`,
    // Two of the million defects on each failed item of the big plan.
    `insert into sys_plan_item_defect (plan_item_id, defect_id, position)
     select 'bb-' || c.case_num, ${firstDefectId} + (c.case_num * 97) % ${DEFECTS}, 1
     from sys_case c where c.project_id = ${projectId} and c.case_num % 5 = 0`,
    `insert into sys_plan_item_defect (plan_item_id, defect_id, position)
     select 'bb-' || c.case_num, ${firstDefectId} + (c.case_num * 389 + 1) % ${DEFECTS}, 2
     from sys_case c where c.project_id = ${projectId} and c.case_num % 5 = 0`,
  ];
}

interface Timing {
  p50: number;
  p99: number;
}

async function time(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(typeof body === 'function' ? body(i) : body) : undefined,
    });
    const answer = (await res.json()) as { code: number; msg?: string };
    if (answer.code !== 200) throw new Error(`${method} ${route}: ${answer.code} ${answer.msg}`);
    if (i >= WARM) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] ?? 0, p99: times[Math.floor(times.length * 0.99)] ?? 0 };
}

async function measure(scene: Scene): Promise<Record<string, Timing>> {
  const { projectId } = scene.seeded;
  const server = await startServer(scene.env, scene.dataDir);
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    if (!token) throw new Error('the bench lead could not sign in');
    const state = (i: number) => (i % 2 === 0 ? 'pass' : 'not_pass');
    return {
      'plan list with metrics (page of 10)': await time(
        server.url,
        token,
        'GET',
        `/system/plan/list?projectId=${projectId}&pageNum=1&pageSize=10`,
      ),
      'one item result': await time(server.url, token, 'PUT', '/system/PlanItem', (i: number) => ({
        planId: 'aa-1',
        planItemId: `bb-${1 + ((i * 7) % ITEMS)}`,
        planItemState: state(i),
        actualResult: 'Seen in the bench',
      })),
      'run view: next item (case order)': await time(
        server.url,
        token,
        'GET',
        `/system/PlanItem/bb-${Math.floor(ITEMS / 2)}/next?planId=aa-1&projectId=${projectId}&orderByColumn=caseNum&isAsc=asc`,
      ),
    };
  } finally {
    await server.stop();
  }
}

const fmt = (t: Timing) => `${t.p50.toFixed(1)} / ${t.p99.toFixed(1)}`;

export async function runPlanRun(): Promise<Record<string, string>> {
  const keep = process.env.KEEP === '1';
  const out: Record<string, string> = {};
  const sqlite = await withSqlite(DEFECTS, keep, async (scene) => {
    const db = new Database(`${scene.dataDir}/buglet.db`);
    try {
      const first = (
        db
          .prepare('select min(defect_id) id from sys_defect where project_id = ?')
          .get(scene.seeded.projectId) as {
          id: number;
        }
      ).id;
      const series = (count: number) =>
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
      db.transaction(() => {
        for (const sql of seedSql(series, scene.seeded.projectId, scene.seeded.userId, first)) db.exec(sql);
      })();
      db.exec('analyze');
    } finally {
      db.close();
    }
    return measure(scene);
  });
  const pgUrl = benchPostgresUrl();
  const postgres = pgUrl
    ? await withPostgres(pgUrl, DEFECTS, keep, async (scene) => {
        const client = new pg.Client({ connectionString: scene.env.DATABASE_URL });
        await client.connect();
        try {
          const first = await client.query<{ id: number }>(
            'select min(defect_id) id from sys_defect where project_id = $1',
            [scene.seeded.projectId],
          );
          const series = (count: number) => `with n(i) as (select generate_series(1, ${count}))`;
          for (const sql of seedSql(
            series,
            scene.seeded.projectId,
            scene.seeded.userId,
            first.rows[0]?.id ?? 0,
          ))
            await client.query(sql);
          await client.query('analyze');
        } finally {
          await client.end();
        }
        return measure(scene);
      })
    : undefined;
  for (const [label, t] of Object.entries(sqlite))
    out[`${label}, ${ITEMS} items over ${DEFECTS} defects: p50 / p99 ms`] =
      `SQLite ${fmt(t)}${postgres?.[label] ? `  PG ${fmt(postgres[label])}` : ''}`;
  return out;
}
