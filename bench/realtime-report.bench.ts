import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { reportLabels } from '@buglet/contracts';
import { createReportMarkdown, reportNeeds } from '@buglet/contracts/report-markdown';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { login, startServer, waitUp } from './server-process.ts';

/**
 * Opening a realtime report over a big project, as the web does it: the report, then the live
 * data its directives name (`/markdown/{projectId}?need=…`), then the Markdown rendered with it.
 * One project with REPORT_DEFECTS (default 100,000) defects, each with a handler, and
 * REPORT_CASES (default 10,000) cases on 100 deliverables, on SQLite. Target: p50 under 300 ms.
 */
const DEFECTS = Number(process.env.REPORT_DEFECTS ?? 100_000);
const CASES = Number(process.env.REPORT_CASES ?? 10_000);
const RUNS = 50;

const REPORT = [
  '# ${api.project.projectName}',
  'Open: ${api.defect.openTotal} of ${api.defect.total}; cases: ${api.case.total}',
  '## Recently changed',
  '$table{api.defect.list[projectNum,defectName,defectLevel,defectStateName,handleBy,updateTime]}',
  '## Open defects by handler',
  '$table{api.defect.byHandler}',
  '## Cases',
  '$card{api.case.list}',
].join('\n');

function seed(file: string) {
  const db = new Database(file);
  const now = '2025-01-01 00:00:00';
  const ids = db.transaction(() => {
    const { userId, projectId } = insertLeadProject(db, {
      userName: 'benchreport',
      teamName: 'Report bench',
      projectName: 'Big',
    });
    const mod = db.prepare(
      'insert into sys_module (module_pid, module_name, project_id, create_time, update_time) values (0, ?, ?, ?, ?)',
    );
    const modules = Array.from(
      { length: 100 },
      (_, i) => mod.run(`Part ${i}`, projectId, now, now).lastInsertRowid,
    );
    const report = db
      .prepare(
        `insert into sys_report (report_title, report_type, report_time, report_description, create_by_id, project_id) values ('Live', 'realtime', ?, ?, ?, ?)`,
      )
      .run(now, REPORT, userId, projectId).lastInsertRowid as number;
    return { userId, projectId, report, firstModule: Number(modules[0]) };
  })();
  db.exec(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${DEFECTS})
    insert into sys_defect (project_id, project_num, defect_type, defect_name, defect_describe, defect_level, defect_state,
      module_id, is_deleted, create_by, create_by_id, create_time, update_by, update_time)
    select ${ids.projectId}, i, i % 3, 'Defect ' || i, 'Steps ' || i,
      (case i % 4 when 0 then 'urgent' when 1 then 'height' when 2 then 'middle' else 'low' end),
      (case when i % 10 < 6 then 4 else i % 4 end), ${ids.firstModule} + i % 100, 0, 'bench', ${ids.userId},
      '2025-01-01 00:00:00', 'bench', '2025-02-' || substr('0' || (1 + i % 28), -2) || ' 10:00:00'
    from n`);
  db.exec(
    `insert into sys_defect_handler (defect_id, user_id, position) select defect_id, ${ids.userId}, 0 from sys_defect where project_id = ${ids.projectId}`,
  );
  db.exec(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${CASES})
    insert into sys_case (project_id, case_num, case_name, module_id, case_level, case_expect, case_step, case_state, create_time, update_time)
    select ${ids.projectId}, i, 'Case ' || i, ${ids.firstModule} + i % 100, 1 + i % 5, 'It works',
      '[{"stepDescribe":"Open","stepExpect":"Shown"},{"stepDescribe":"Press","stepExpect":"Done"}]',
      (case i % 3 when 0 then 'pass' when 1 then 'fail' else 'untested' end), '${now}', '${now}'
    from n`);
  db.exec('analyze');
  db.close();
  return ids;
}

export async function runRealtimeReport(): Promise<Record<string, string>> {
  const first = await startServer({});
  await waitUp(first.url);
  await first.stop();
  const ids = seed(path.join(first.dataDir, 'buglet.db'));
  const server = await startServer({}, first.dataDir);
  const md = createReportMarkdown();
  const labels = reportLabels('en_US');
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchreport', BENCH_PASSWORD);
    if (!token) throw new Error('bench user could not log in');
    const get = async (route: string) => {
      const res = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { code: number; msg: string; data: never };
      if (body.code !== 200) throw new Error(`${route}: ${body.msg}`);
      return body.data;
    };
    const total: number[] = [];
    const data: number[] = [];
    const render: number[] = [];
    let html = '';
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      const report = (await get(`/system/report/${ids.report}`)) as { reportDescription: string };
      const need = reportNeeds(md, report.reportDescription).join(',');
      const t1 = performance.now();
      const live = await get(`/markdown/${ids.projectId}?need=${encodeURIComponent(need)}`);
      const t2 = performance.now();
      html = md.render(report.reportDescription, { report: { data: live, labels } });
      const t3 = performance.now();
      if (i < 5) continue;
      total.push(t3 - t0);
      data.push(t2 - t1);
      render.push(t3 - t2);
    }
    if (!html.includes('Defect ') || !html.includes('<h4>'))
      throw new Error('the report did not render its data');
    const stat = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const at = (q: number) => (s[Math.floor(s.length * q)] ?? 0).toFixed(1);
      return `${at(0.5)} / ${at(0.95)}`;
    };
    const size = `${DEFECTS.toLocaleString('en')} defects, ${CASES.toLocaleString('en')} cases`;
    return {
      [`realtime report (2 tables + case cards), ${size}: open p50 / p95 (ms)`]: stat(total),
      'of which the live data (/markdown): p50 / p95 (ms)': stat(data),
      'of which rendering the Markdown: p50 / p95 (ms)': stat(render),
      'rendered HTML (KB)': (html.length / 1024).toFixed(0),
    };
  } finally {
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}
