import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD, insertLeadProject } from './seed-lead.ts';
import { login, request, startServer, waitUp } from './server-process.ts';

const CREATES = Number(process.env.DEFECT_CREATES ?? 2000);
const WARM = 100;

/** CPU time (user and system) a process has used so far, from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = 100;

/** A keep-alive JSON POST: the client's own cost stays small next to the server's. */
const post = (agent: http.Agent, url: URL, token: string, payload: string) =>
  request(agent, url, {
    method: 'POST',
    path: '/system/defect',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
    },
    body: payload,
  });

/** A developer (role 7) of the project, the handler of every defect: each create notifies them. */
function insertDeveloper(db: Database.Database, teamId: number, projectId: number): number {
  const userId = db
    .prepare(
      `insert into sys_user (user_name, nick_name, password, status, del_flag, create_time) values ('benchdev', 'Dev', 'x', '0', '0', '2025-01-01 00:00:00')`,
    )
    .run().lastInsertRowid as number;
  db.prepare('insert into sys_user_team (user_id, team_id, is_lock) values (?, ?, 0)').run(userId, teamId);
  const membership = db
    .prepare('insert into sys_user_project (user_id, project_id, collect) values (?, ?, 0)')
    .run(userId, projectId).lastInsertRowid;
  db.prepare('insert into sys_user_project_role (user_project_id, role_id) values (?, 7)').run(membership);
  return userId;
}

/**
 * Defects created one after another through `POST /system/defect` by a project member (tester,
 * role 8) on SQLite: each request waits for the answer to the one before, as a person or a
 * script filing defects would. Every create is the whole path: session, project scope and
 * permission, checks, the number, the row, its handler, its history entry, its search text, the
 * tallies (triggers), the notice to the handler (another member), the operation log, and the answer with the new
 * defect.
 */
export async function measureDefectCreates(): Promise<{
  perSecond: number;
  medianMs: number;
  p99Ms: number;
  serverCpuMs: number;
}> {
  const first = await startServer();
  let ids: { userId: number; projectId: number; developerId: number };
  try {
    await waitUp(first.url);
  } finally {
    await first.stop();
  }
  const db = new Database(path.join(first.dataDir, 'buglet.db'));
  try {
    ids = db.transaction(() => {
      const lead = insertLeadProject(db, {
        userName: 'benchcreate',
        teamName: 'Create bench',
        projectName: 'Creates',
      });
      return { ...lead, developerId: insertDeveloper(db, lead.teamId, lead.projectId) };
    })();
  } finally {
    db.close();
  }
  const server = await startServer({}, first.dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchcreate', BENCH_PASSWORD);
    if (!token) throw new Error('the bench user could not sign in');
    const url = new URL(server.url);
    const create = async (n: number) => {
      const answer = await post(
        agent,
        url,
        token,
        JSON.stringify({
          projectId: ids.projectId,
          defectType: n % 3 === 0 ? 'TASK' : 'BUG',
          defectName: `Checkout total wrong after coupon ${n}`,
          defectDescribe: `Steps: add two items, apply coupon SAVE${n % 50}, open the cart. Expected 90.00, saw 100.00 (${n}).`,
          defectLevel: ['urgent', 'height', 'middle', 'low'][n % 4],
          handleBy: [ids.developerId],
          moduleVersion: '1.4.2',
        }),
      );
      if (!answer.startsWith('{"code":200')) throw new Error(`create ${n} failed: ${answer.slice(0, 300)}`);
    };
    for (let i = 0; i < WARM; i++) await create(i);
    const times: number[] = [];
    const cpuBefore = cpuMs(server.child.pid ?? 0);
    const started = performance.now();
    for (let i = 0; i < CREATES; i++) {
      const t = performance.now();
      await create(WARM + i);
      times.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    // What the server spent, the work after each answer (notices, log) included: steadier than
    // the wall clock on a shared machine.
    const serverCpuMs = (cpuMs(server.child.pid ?? 0) - cpuBefore) / CREATES;
    times.sort((a, b) => a - b);
    return {
      perSecond: CREATES / seconds,
      medianMs: times[Math.floor(times.length / 2)] ?? 0,
      p99Ms: times[Math.floor(times.length * 0.99)] ?? 0,
      serverCpuMs,
    };
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

export async function runDefectCreate(): Promise<Record<string, string>> {
  const m = await measureDefectCreates();
  return {
    [`sequential creates over HTTP, SQLite, ${CREATES} defects (creates/s)`]: m.perSecond.toFixed(0),
    'one create: median / p99 (ms)': `${m.medianMs.toFixed(2)} / ${m.p99Ms.toFixed(2)}`,
    'server CPU per create (ms)': m.serverCpuMs.toFixed(2),
    'target 1,000 a second': m.perSecond >= 1000 ? 'met' : 'NOT met',
  };
}
