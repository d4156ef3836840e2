import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { inPostgresSchema, startServer, waitUp } from './server-process.ts';

/**
 * One project filled with defects for the read benchmarks (defect-list.bench.ts, budget.ts):
 * rows generated inside the database with set-based SQL, so a million take seconds, not hours;
 * a kept copy (a folder under the system's temporary folder, a schema on PostgreSQL) is reused.
 */
export const DEFAULT_DEFECTS = Number(process.env.DEFECTS ?? 1_000_000);
const SEED_VERSION = 3;
const WORDS = ['login', 'checkout', 'payment', 'report', 'upload', 'search', 'profile', 'export'];
const ZH = ['登录', '支付', '报表', '上传', '搜索', '导出'];
/** What differs between the two dialects in the generating SQL. */
interface Dialect {
  /** A datetime text `seconds` after 2024-01-01 (or 2025-01-01). */
  after2024: (seconds: string) => string;
  after2025: (seconds: string) => string;
  series: (count: number) => string;
}
const SQLITE: Dialect = {
  after2024: (s) => `datetime('2024-01-01 00:00:00', '+' || (${s}) || ' seconds')`,
  after2025: (s) => `datetime('2025-01-01 00:00:00', '+' || (${s}) || ' seconds')`,
  series: (count) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`,
};
const POSTGRES: Dialect = {
  after2024: (s) => `to_char(timestamp '2024-01-01' + (${s}) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS')`,
  after2025: (s) => `to_char(timestamp '2025-01-01' + (${s}) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS')`,
  series: (count) => `with n(i) as (select generate_series(1::bigint, ${count}))`,
};

/**
 * Defects made over a year (every 30 s); four levels; a plan start on three in four, a plan end on
 * two in three; one English word of eight in the title, one Chinese word of six in the
 * description. Update and plan times are scattered over 2025 (a multiplicative hash of the
 * number), so no sort order groups the defects of one word together.
 */
const SEED_SQL = (d: Dialect, projectId: number, userId: number, count: number) => `
  ${d.series(count)}
  insert into sys_defect (project_id, project_num, defect_type, defect_name, defect_describe, defect_level, defect_state,
    plan_start_time, plan_end_time, is_deleted, create_by, create_by_id, create_time, update_by, update_time)
  select ${projectId}, i, i % 3,
    'Defect ' || i || ' in ' || (case i % 8 ${WORDS.map((w, k) => `when ${k} then '${w}'`).join(' ')} end),
    'Steps to reproduce ' || i || ': ' || (case i % 6 ${ZH.map((w, k) => `when ${k} then '${w}页面出错'`).join(' ')} end),
    (case (i / 5) % 4 when 0 then 'urgent' when 1 then 'height' when 2 then 'middle' else 'low' end),
    (case when i % 10 < 6 then 4 when i % 10 < 8 then 0 else i % 4 end),
    (case when (i / 3) % 4 = 0 then null else ${d.after2025('(i * 104729) % 31535999')} end),
    (case when i % 3 = 0 then null else ${d.after2025('(i * 15485863) % 31535999')} end),
    0, 'bench', ${userId}, ${d.after2024('i * 30')}, 'bench', ${d.after2025('(i * 7919) % 31535999')}
  from n`;

/** One defect in a hundred has a note with a comment that says "checkout". */
const COMMENT_SQL = (projectId: number, userId: number) => [
  `insert into sys_defect_log (defect_id, defect_log_type, defect_log_describe, receive_by, create_by_id, create_time)
   select defect_id, 12, 'note', '[]', ${userId}, create_time from sys_defect
   where project_id = ${projectId} and project_num % 100 = 0`,
  `insert into sys_comment (comment_content, module_type, correlation_id, create_by_id, create_time)
   select 'Seen again during checkout, run ' || d.project_num, 'defect_log', l.defect_log_id, ${userId}, l.create_time
   from sys_defect_log l join sys_defect d on d.defect_id = l.defect_id where d.project_id = ${projectId}`,
];

export interface SeededDefects {
  projectId: number;
  userId: number;
  someDefectId: number;
}

export async function seedSqlite(file: string, count = DEFAULT_DEFECTS): Promise<SeededDefects> {
  const db = new Database(file);
  try {
    const ids = db.transaction(() =>
      insertLeadProject(db, { userName: 'benchdefects', teamName: 'Defect bench', projectName: 'Million' }),
    )();
    db.exec(SEED_SQL(SQLITE, ids.projectId, ids.userId, count));
    db.exec(
      `insert into sys_defect_handler (defect_id, user_id, position) select defect_id, ${ids.userId}, 0 from sys_defect where project_id = ${ids.projectId}`,
    );
    for (const statement of COMMENT_SQL(ids.projectId, ids.userId)) db.exec(statement);
    // The text the service indexes (defect-search.ts refreshSearchText): description and comments.
    db.exec(`with noted(defect_id, text) as (
        select l.defect_id, group_concat(c.comment_content, ' ') from sys_defect_log l
        join sys_comment c on c.module_type = 'defect_log' and c.correlation_id = l.defect_log_id
        group by l.defect_id)
      insert into sys_defect_search (rowid, title, body)
      select d.defect_id, d.defect_name, coalesce(d.defect_describe, '') || ' ' || coalesce(noted.text, '')
      from sys_defect d left join noted on noted.defect_id = d.defect_id where d.project_id = ${ids.projectId}`);
    // The number counter, as the server keeps it, so creates after the seed get the next numbers.
    db.prepare("insert into sys_project_counter (project_id, kind, counter) values (?, 'defect', ?)").run(
      ids.projectId,
      count,
    );
    db.exec('analyze');
    return { ...ids, someDefectId: someDefect(db, ids.projectId, count) };
  } finally {
    db.close();
  }
}

function someDefect(db: Database.Database, projectId: number, count: number): number {
  const row = db
    .prepare('select defect_id from sys_defect where project_id = ? and project_num = ?')
    .get(projectId, Math.ceil(count / 2)) as { defect_id: number };
  return row.defect_id;
}

/** The bench project of a kept SQLite database, if it was filled with `count` defects. */
function seededSqlite(file: string, count: number): SeededDefects | undefined {
  const db = new Database(file, { readonly: true });
  try {
    const hasTables = db.prepare(`select 1 from sqlite_master where name = 'sys_defect'`).get();
    if (!hasTables) return undefined;
    const row = db
      .prepare(`select p.project_id, u.user_id from sys_project p, sys_user u
        where p.project_name = 'Million' and u.user_name = 'benchdefects'`)
      .get() as { project_id: number; user_id: number } | undefined;
    if (!row) return undefined;
    const n = db.prepare('select count(*) n from sys_defect where project_id = ?').get(row.project_id) as {
      n: number;
    };
    if (n.n !== count) return undefined;
    return {
      projectId: row.project_id,
      userId: row.user_id,
      someDefectId: someDefect(db, row.project_id, count),
    };
  } finally {
    db.close();
  }
}

/** The bench project of a PostgreSQL schema, if it was filled with `count` defects. */
async function seededPostgres(client: pg.Client, count: number): Promise<SeededDefects | undefined> {
  const kept = await client.query<{ project_id: number; user_id: number; n: string; some: number }>(
    `select p.project_id, u.user_id, (select count(*) from sys_defect d where d.project_id = p.project_id) n,
       (select defect_id from sys_defect d where d.project_id = p.project_id and d.project_num = $1) some
     from sys_project p, sys_user u where p.project_name = 'Million' and u.user_name = 'benchdefects'`,
    [Math.ceil(count / 2)],
  );
  const found = kept.rows[0];
  if (!found || Number(found.n) !== count) return undefined;
  return { projectId: found.project_id, userId: found.user_id, someDefectId: found.some };
}

export async function seedPostgres(url: string, count: number): Promise<SeededDefects> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = bcrypt.hashSync(BENCH_PASSWORD, 4);
    const user = await client.query(
      `insert into sys_user (user_name, nick_name, password, status, del_flag, create_time) values ('benchdefects', 'Bench', $1, '0', '0', '2025-01-01 00:00:00') returning user_id`,
      [hash],
    );
    const userId = user.rows[0].user_id as number;
    const team = await client.query(
      `insert into sys_team (team_name, team_icon, is_del, create_time, update_time) values ('Defect bench', '/profile/upload/x.png', 0, '2025-01-01', '2025-01-01') returning team_id`,
    );
    const teamId = team.rows[0].team_id as number;
    await client.query('insert into sys_user_team (user_id, team_id, is_lock) values ($1, $2, 0)', [
      userId,
      teamId,
    ]);
    const project = await client.query(
      `insert into sys_project (project_name, team_id, project_state, is_archived, create_time, update_time) values ('Million', $1, 1, 0, '2025-01-01', '2025-01-01') returning project_id`,
      [teamId],
    );
    const projectId = project.rows[0].project_id as number;
    const m = await client.query(
      'insert into sys_user_project (user_id, project_id, collect) values ($1, $2, 0) returning user_project_id',
      [userId, projectId],
    );
    await client.query('insert into sys_user_project_role (user_project_id, role_id) values ($1, 8)', [
      m.rows[0].user_project_id,
    ]);
    // Bulk load: the indexes of sys_defect are built once after the insert rather than grown row by row.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = 'sys_defect'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const { indexname } of indexes.rows) await client.query(`drop index ${indexname}`);
    await client.query(SEED_SQL(POSTGRES, projectId, userId, count));
    for (const { indexdef } of indexes.rows) await client.query(indexdef);
    await client.query(
      `insert into sys_defect_handler (defect_id, user_id, position) select defect_id, ${userId}, 0 from sys_defect where project_id = ${projectId}`,
    );
    for (const statement of COMMENT_SQL(projectId, userId)) await client.query(statement);
    await client.query('analyze');
    const some = await client.query<{ defect_id: number }>(
      'select defect_id from sys_defect where project_id = $1 and project_num = $2',
      [projectId, Math.ceil(count / 2)],
    );
    return { projectId, userId, someDefectId: some.rows[0]?.defect_id ?? 0 };
  } finally {
    await client.end();
  }
}

/** A database the bench runs on: the server's environment and the filled project. */
export interface Scene {
  env: Record<string, string>;
  dataDir: string;
  seeded: SeededDefects;
  fillSeconds: number | undefined;
}

export async function withSqlite<T>(
  count: number,
  keep: boolean,
  run: (scene: Scene) => Promise<T>,
): Promise<T> {
  const keptDir = path.join(os.tmpdir(), `buglet-defect-bench-v${SEED_VERSION}-${count}`);
  if (keep) {
    // A kept folder whose filling did not finish is started again.
    const file = path.join(keptDir, 'buglet.db');
    if (fs.existsSync(file) && !seededSqlite(file, count))
      fs.rmSync(keptDir, { recursive: true, force: true });
    fs.mkdirSync(keptDir, { recursive: true });
  }
  // The server creates (or migrates) the database; the bench fills it once.
  const first = await startServer({}, keep ? keptDir : undefined);
  try {
    await waitUp(first.url);
  } finally {
    await first.stop();
  }
  const file = path.join(first.dataDir, 'buglet.db');
  try {
    let seeded = keep ? seededSqlite(file, count) : undefined;
    let fillSeconds: number | undefined;
    if (!seeded) {
      const t0 = performance.now();
      seeded = await seedSqlite(file, count);
      fillSeconds = (performance.now() - t0) / 1000;
    }
    return await run({ env: {}, dataDir: first.dataDir, seeded, fillSeconds });
  } finally {
    // A million defects take a good part of a gigabyte: leave nothing behind unless asked to.
    if (!keep) fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

export async function withPostgres<T>(
  pgUrl: string,
  count: number,
  keep: boolean,
  run: (scene: Scene) => Promise<T>,
): Promise<T> {
  const inSchema = async (url: string) => {
    const first = await startServer({ DATABASE_URL: url });
    try {
      await waitUp(first.url);
    } finally {
      await first.stop();
    }
    try {
      let seeded = keep ? await keptPostgres(url, count) : undefined;
      let fillSeconds: number | undefined;
      if (!seeded) {
        const t0 = performance.now();
        seeded = await seedPostgres(url, count);
        fillSeconds = (performance.now() - t0) / 1000;
      }
      return await run({ env: { DATABASE_URL: url }, dataDir: first.dataDir, seeded, fillSeconds });
    } finally {
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  };
  if (!keep) return inPostgresSchema(pgUrl, 'bench', inSchema);
  const schema = `bench_defects_v${SEED_VERSION}_${count}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await admin.query(`create schema if not exists ${schema}`);
    // A kept schema whose filling did not finish is started again.
    if (!(await keptPostgres(url.toString(), count))) {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.query(`create schema ${schema}`);
    }
  } finally {
    await admin.end();
  }
  return inSchema(url.toString());
}

async function keptPostgres(url: string, count: number): Promise<SeededDefects | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select 1 from pg_tables where schemaname = current_schema() and tablename = 'sys_defect'`,
    );
    return rows.length > 0 ? await seededPostgres(client, count) : undefined;
  } finally {
    await client.end();
  }
}
