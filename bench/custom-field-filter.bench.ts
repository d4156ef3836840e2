import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { listRoute, measure, sortQuery } from './defect-list.bench.ts';
import { DEFAULT_DEFECTS, type Scene, withPostgres, withSqlite } from './defect-seed.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { benchPostgresUrl, login, startServer, waitUp } from './server-process.ts';

const DEFECTS = DEFAULT_DEFECTS;
const RUNS = Number(process.env.RUNS ?? 200);
const NOW = '2026-11-30 00:00:00';

/**
 * Two custom fields on every defect of the million (1.0 §13.2): an enum "browser" of 20 options (one
 * defect in 20 each) and a number "score" 0–999. Definitions and values written the way the server
 * writes them (the JSON on the defect, one indexed row per value), in set-based SQL.
 */
const FIELD_SQL = (projectId: number) => [
  `insert into sys_project_defect_field (project_id, field_key, field_label, field_type, type_config, required,
     nullable, enabled, is_system, sort_order, create_time, update_time)
   values (${projectId}, 'browser', 'Browser', 'enum', '{"options":[${Array.from(
     { length: 20 },
     (_, i) => `{"key":"b${i}","label":"Browser ${i}"}`,
   ).join(',')}]}', 0, 1, 1, 0, 200, '${NOW}', '${NOW}'),
   (${projectId}, 'score', 'Score', 'number', '{}', 0, 1, 1, 0, 210, '${NOW}', '${NOW}')`,
  `insert into sys_defect_field_value (defect_id, field_key, project_id, value_key, value_text, value_num)
   select defect_id, 'browser', project_id, 'b' || ((project_num * 7) % 20), 'b' || ((project_num * 7) % 20), null
   from sys_defect where project_id = ${projectId}`,
  `insert into sys_defect_field_value (defect_id, field_key, project_id, value_key, value_text, value_num)
   select defect_id, 'score', project_id, cast((project_num * 31) % 1000 as varchar(8)),
     cast((project_num * 31) % 1000 as varchar(8)), (project_num * 31) % 1000
   from sys_defect where project_id = ${projectId}`,
  `update sys_defect set custom_fields = '{"browser":"b' || ((project_num * 7) % 20) || '","score":' ||
     ((project_num * 31) % 1000) || '}' where project_id = ${projectId}`,
];

async function addFields(scene: Scene): Promise<void> {
  const statements = FIELD_SQL(scene.seeded.projectId);
  const url = scene.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of statements) await client.query(s);
    await client.query('analyze');
    await client.end();
    return;
  }
  const db = new Database(path.join(scene.dataDir, 'buglet.db'));
  for (const s of statements) db.exec(s);
  db.exec('analyze');
  db.close();
}

const filters = (list: unknown[]) =>
  `&params%5BcustomFieldFilters%5D=${encodeURIComponent(JSON.stringify(list))}`;
const QUERIES: Array<[string, string]> = [
  [
    'browser = b3 and score 100–199 (0.5 %), by update time',
    filters([
      { fieldKey: 'browser', op: 'eq', value: 'b3' },
      { fieldKey: 'score', op: 'between', value: [100, 199] },
    ]) + sortQuery('updateTime', 'desc'),
  ],
  [
    'browser in (b1, b2) and score ≥ 900 (1 %), newest first',
    filters([
      { fieldKey: 'browser', op: 'in', value: ['b1', 'b2'] },
      { fieldKey: 'score', op: 'between', value: [900, null] },
    ]),
  ],
  [
    'browser = b2 and state Pending (5 % of 20 %), by update time',
    `${filters([{ fieldKey: 'browser', op: 'eq', value: 'b2' }])}&params%5BdefectStates%5D=0${sortQuery('updateTime', 'desc')}`,
  ],
];

async function timeScene(scene: Scene, label: string, out: Record<string, string>): Promise<number> {
  await addFields(scene);
  const server = await startServer(scene.env, scene.dataDir);
  let worst = 0;
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    if (!token) throw new Error('the bench user could not sign in');
    for (const [name, query] of QUERIES) {
      const t = await measure(server.url, token, listRoute(scene.seeded.projectId, query), RUNS);
      out[`${label}: ${name} — p50 / p99 ms (total)`] =
        `${t.median.toFixed(1)} / ${t.p99.toFixed(1)} (${t.total.toLocaleString('en')})`;
      worst = Math.max(worst, t.median);
    }
  } finally {
    await server.stop();
  }
  return worst;
}

/**
 * The figure: the defect list (a page of 10 and its total) with two custom-field filters in
 * a project of DEFECTS (default 1,000,000) defects, target p50 under 30 ms on SQLite; PostgreSQL
 * beside it when its URL is set.
 */
export async function runCustomFieldFilter(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const lite = await withSqlite(DEFECTS, false, (scene) => timeScene(scene, 'SQLite', out));
  out['target p50 under 30 ms on SQLite'] = lite < 30 ? 'met' : 'NOT met';
  const pgUrl = process.env.BENCH_DB === 'sqlite' ? undefined : benchPostgresUrl();
  if (pgUrl) await withPostgres(pgUrl, DEFECTS, false, (scene) => timeScene(scene, 'PostgreSQL', out));
  return out;
}
