import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { login, startServer, waitUp } from './server-process.ts';

/**
 * One project with CASES (default 100,000) test cases on a deliverable tree of 10 roots with 10
 * children each. Prints the case list (page of 10, filtered by deliverable) on SQLite: one leaf,
 * and a root with its whole subtree. Target: median under 10 ms.
 */
const CASES = Number(process.env.CASES ?? 100_000);
const RUNS = 200;

/** CASES test cases on a deliverable tree, in `file`'s database, for a new lead (benchcases). */
export function seedCases(file: string, count = CASES): { projectId: number; leaf: number; root: number } {
  const db = new Database(file);
  const now = '2025-01-01 00:00:00';
  const out = db.transaction(() => {
    const { projectId: project } = insertLeadProject(db, {
      userName: 'benchcases',
      teamName: 'Case bench',
      projectName: 'Cases',
    });
    const mod = db.prepare(
      'insert into sys_module (module_pid, module_name, project_id, create_time, update_time) values (?, ?, ?, ?, ?)',
    );
    const leaves: number[] = [];
    const roots: number[] = [];
    for (let r = 0; r < 10; r++) {
      const root = mod.run(0, `Area ${r}`, project, now, now).lastInsertRowid as number;
      roots.push(root);
      for (let c = 0; c < 10; c++)
        leaves.push(mod.run(root, `Part ${r}.${c}`, project, now, now).lastInsertRowid as number);
    }
    const insert = db.prepare(
      `insert into sys_case (project_id, case_num, case_name, module_id, case_level, case_expect, case_step, case_state, create_time, update_time)
       values (?, ?, ?, ?, ?, 'It works', '[{"stepDescribe":"Open","stepExpect":"Shown"}]', 'untested', ?, ?)`,
    );
    for (let i = 1; i <= count; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
      insert.run(
        project,
        i,
        `Case ${i}`,
        leaves[i % leaves.length],
        1 + (i % 5),
        now,
        `2025-02-01 ${hour}:${minute}:00`,
      );
    }
    return { projectId: project, leaf: leaves[3] as number, root: roots[3] as number };
  })();
  db.exec('analyze');
  db.close();
  return out;
}

async function measure(url: string, token: string, route: string) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code: number; total: number; msg: string };
    if (body.code !== 200) throw new Error(`${route}: ${body.msg}`);
    if (i >= 20) times.push(performance.now() - t0);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.floor(times.length * q)] ?? 0).toFixed(1);
  return `${at(0.5)} / ${at(0.99)} (${total} cases)`;
}

export async function runCaseList(): Promise<Record<string, string>> {
  const first = await startServer({});
  await waitUp(first.url);
  await first.stop();
  const { projectId, leaf, root } = seedCases(path.join(first.dataDir, 'buglet.db'));
  const server = await startServer({}, first.dataDir);
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchcases', BENCH_PASSWORD);
    if (!token) throw new Error('bench user could not log in');
    const base = `/system/case/list?projectId=${projectId}&pageNum=1&pageSize=10`;
    return {
      [`case list, ${CASES.toLocaleString('en')} cases, one deliverable: median / p99 (ms)`]: await measure(
        server.url,
        token,
        `${base}&moduleId=${leaf}`,
      ),
      'case list, a deliverable and its subtree: median / p99 (ms)': await measure(
        server.url,
        token,
        `${base}&params%5BmodulePid%5D=${root}`,
      ),
      'case list, no filter: median / p99 (ms)': await measure(server.url, token, base),
    };
  } finally {
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}
