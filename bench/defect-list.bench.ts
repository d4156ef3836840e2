import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { benchPostgresUrl, inPostgresSchema, login, startServer, waitUp } from './server-process.ts';

/**
 * One project with DEFECTS defects (default 1,000,000): the list (page of 10, filtered by state,
 * sorted by update time) and the keyword search, on SQLite and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set, on PostgreSQL. Rows are generated inside the database with
 * recursive SQL, so filling takes seconds, not hours.
 */
const DEFECTS = Number(process.env.DEFECTS ?? 1_000_000);
const RUNS = 200;
const WORDS = ['login', 'checkout', 'payment', 'report', 'upload', 'search', 'profile', 'export'];
const ZH = ['登录', '支付', '报表', '上传', '搜索', '导出'];

/** Two-digit zero padding: SQLite has no lpad, PostgreSQL's substr takes no negative start. */
type Pad = (expr: string) => string;
const sqlitePad: Pad = (e) => `substr('0' || (${e}), -2)`;
const pgPad: Pad = (e) => `lpad((${e})::text, 2, '0')`;

const SEED_SQL = (projectId: number, userId: number, count: number, pad: Pad = sqlitePad) => `
  with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
  insert into sys_defect (project_id, project_num, defect_type, defect_name, defect_describe, defect_level, defect_state,
    is_deleted, create_by, create_by_id, create_time, update_by, update_time)
  select ${projectId}, i, i % 3,
    'Defect ' || i || ' in ' || (case i % 8 ${WORDS.map((w, k) => `when ${k} then '${w}'`).join(' ')} end),
    'Steps to reproduce ' || i || ': ' || (case i % 6 ${ZH.map((w, k) => `when ${k} then '${w}页面出错'`).join(' ')} end),
    'middle', (case when i % 10 < 6 then 4 when i % 10 < 8 then 0 else i % 4 end),
    0, 'bench', ${userId},
    '2025-01-01 00:00:00', 'bench',
    '2025-' || ${pad('1 + i % 12')} || '-' || ${pad('1 + i % 28')} || ' ' || ${pad('i % 24')} || ':00:00'
  from n`;

export async function seedSqlite(file: string): Promise<{ projectId: number }> {
  const db = new Database(file);
  const ids = db.transaction(() =>
    insertLeadProject(db, { userName: 'benchdefects', teamName: 'Defect bench', projectName: 'Million' }),
  )();
  db.exec(SEED_SQL(ids.projectId, ids.userId, DEFECTS));
  db.exec(
    `insert into sys_defect_handler (defect_id, user_id, position) select defect_id, ${ids.userId}, 0 from sys_defect where project_id = ${ids.projectId}`,
  );
  db.exec(
    `insert into sys_defect_search (rowid, title, body) select defect_id, defect_name, defect_describe from sys_defect where project_id = ${ids.projectId}`,
  );
  db.exec('analyze');
  db.close();
  return { projectId: ids.projectId };
}

async function seedPostgres(url: string): Promise<{ projectId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = bcrypt.hashSync('secret1', 4);
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
    // Bulk load: the trigram indexes are built once after the insert rather than grown row by row.
    await client.query('drop index sys_defect_name_trgm, sys_defect_describe_trgm');
    await client.query(
      SEED_SQL(projectId, userId, DEFECTS, pgPad)
        .replace(
          'with recursive n(i) as (select 1 union all select i + 1 from n where i < ',
          'with n(i) as (select generate_series(1, ',
        )
        .replace(/\)\n {2}insert/, '))\n  insert'),
    );
    await client.query(
      'create index sys_defect_name_trgm on sys_defect using gin (defect_name public.gin_trgm_ops)',
    );
    await client.query(
      'create index sys_defect_describe_trgm on sys_defect using gin (defect_describe public.gin_trgm_ops)',
    );
    await client.query(
      `insert into sys_defect_handler (defect_id, user_id, position) select defect_id, ${userId}, 0 from sys_defect where project_id = ${projectId}`,
    );
    await client.query('analyze');
    return { projectId };
  } finally {
    await client.end();
  }
}

async function measure(
  url: string,
  token: string,
  path: string,
): Promise<{ median: number; p99: number; total: number; totalCapped: boolean }> {
  const times: number[] = [];
  let total = 0;
  let totalCapped = false;
  for (let i = 0; i < RUNS + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code: number; total: number; totalCapped?: boolean; msg: string };
    if (body.code !== 200) throw new Error(`${path}: ${body.msg}`);
    if (i >= 20) times.push(performance.now() - t0);
    total = body.total;
    totalCapped = body.totalCapped === true;
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    p99: times[Math.floor(times.length * 0.99)] ?? 0,
    total,
    totalCapped,
  };
}

async function runOn(
  label: string,
  env: Record<string, string>,
  seed: (dataDir: string) => Promise<{ projectId: number }>,
) {
  const first = await startServer(env);
  await waitUp(first.url);
  await first.stop();
  const fillStart = performance.now();
  const { projectId } = await seed(first.dataDir);
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const server = await startServer(env, first.dataDir);
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    if (!token) throw new Error('bench user could not log in');
    const list = await measure(
      server.url,
      token,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10&params%5BdefectStates%5D=0&orderByColumn=updateTime&isAsc=desc`,
    );
    const en = await measure(
      server.url,
      token,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10&params%5Bkeyword%5D=checkout`,
    );
    const zh = await measure(
      server.url,
      token,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10&params%5Bkeyword%5D=${encodeURIComponent('报表页面')}`,
    );
    // A rare keyword (one defect): the index answers it without the newest-first shortcut.
    const rare = await measure(
      server.url,
      token,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10&params%5Bkeyword%5D=${encodeURIComponent('Defect 123457 in')}`,
    );
    const fmt = (m: { median: number; p99: number }) => `${m.median.toFixed(1)} / ${m.p99.toFixed(1)}`;
    return {
      [`${label}: fill ${DEFECTS.toLocaleString('en')} defects (s)`]: fillSeconds.toFixed(1),
      [`${label}: list, state Pending (${list.total}), by update time: median / p99 (ms)`]: fmt(list),
      [`${label}: keyword 'checkout' (${en.total}${en.totalCapped ? '+' : ''}): median / p99 (ms)`]: fmt(en),
      [`${label}: keyword '报表页面' (${zh.total}${zh.totalCapped ? '+' : ''}): median / p99 (ms)`]: fmt(zh),
      [`${label}: keyword 'Defect 123457 in' (${rare.total}): median / p99 (ms)`]: fmt(rare),
    };
  } finally {
    await server.stop();
    // A million defects take a good part of a gigabyte: leave nothing behind.
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

export async function runDefectList(): Promise<Record<string, string>> {
  const figures = await runOn('SQLite', {}, (dataDir) => seedSqlite(path.join(dataDir, 'buglet.db')));
  const pgUrl = benchPostgresUrl();
  if (!pgUrl) return { ...figures, PostgreSQL: 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  const pgFigures = await inPostgresSchema(pgUrl, 'bench', (url) =>
    runOn('PostgreSQL', { DATABASE_URL: url }, () => seedPostgres(url)),
  );
  return { ...figures, ...pgFigures };
}
