import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { rssMb, startServer, waitUp } from './server-process.ts';

/**
 * 1,000 members of one project, each with an open socket; one notice sent by hand to all of them.
 * Prints the delivery time from the request to each socket's `notice` frame (target p99 under
 * 250 ms) and the server's memory per idle socket. Sessions are written straight into the
 * database (1,000 bcrypt logins would measure the password hash, not the sockets).
 */
const MEMBERS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = 5;
/** The session token seeded for member i (0 is the sender). */
export const tokenOf = (i: number) => `bench-socket-token-${i}`;

export interface FanoutScene {
  teamId: number;
  projectId: number;
  senderToken: string;
  members: number[];
}

/** A project of `count` members with sessions (and a sender who may notify them), in `file`. */
export function seedFanout(file: string, count = MEMBERS): FanoutScene {
  const db = new Database(file);
  const hash = bcrypt.hashSync('secret1', 4);
  const now = '2026-01-01 00:00:00';
  const out = db.transaction(() => {
    const team = db
      .prepare(
        `insert into sys_team (team_name, team_icon, is_del, create_by, create_time, update_time) values ('Socket bench', '/profile/upload/x.png', 0, 'bench', ?, ?)`,
      )
      .run(now, now).lastInsertRowid as number;
    const project = db
      .prepare(
        `insert into sys_project (project_name, project_icon, team_id, project_state, is_archived, create_by, create_time, update_time) values ('Fan-out', 'project-icon-1', ?, 1, 0, 'bench', ?, ?)`,
      )
      .run(team, now, now).lastInsertRowid as number;
    const user = db.prepare(
      `insert into sys_user (user_name, nick_name, phone_number, password, status, del_flag, create_time) values (?, ?, ?, ?, '0', '0', ?)`,
    );
    const platformRole = db.prepare('insert into sys_user_role (user_id, role_id) values (?, 2)');
    const inTeam = db.prepare(
      'insert into sys_user_team (user_id, team_id, is_lock, create_time) values (?, ?, 0, ?)',
    );
    const teamRole = db.prepare('insert into sys_user_team_role (user_team_id, role_id) values (?, 5)');
    const member = db.prepare(
      'insert into sys_user_project (user_id, project_id, collect, create_time) values (?, ?, 0, ?)',
    );
    const projectRole = db.prepare(
      'insert into sys_user_project_role (user_project_id, role_id) values (?, ?)',
    );
    const session = db.prepare(
      `insert into sys_session (token_id, user_id, login_time, expire_at, is_default_password) values (?, ?, ?, ?, 0)`,
    );
    const ids: number[] = [];
    for (let i = 0; i <= count; i++) {
      const id = user.run(`sock${i}`, `Socket ${i}`, `1380${String(i).padStart(7, '0')}`, hash, now)
        .lastInsertRowid as number;
      platformRole.run(id);
      teamRole.run(inTeam.run(id, team, now).lastInsertRowid);
      // The sender (0) created the project (role 11, which may send notices by hand).
      projectRole.run(member.run(id, project, now).lastInsertRowid, i === 0 ? 11 : 7);
      session.run(createHash('sha256').update(tokenOf(i)).digest('hex'), id, now, Date.now() + 3_600_000);
      ids.push(id);
    }
    // The sender works in this project (its roles count for notice:send).
    db.prepare(
      'insert into sys_user_config (user_id, current_team_id, current_project_id) values (?, ?, ?)',
    ).run(ids[0], team, project);
    return { teamId: team, projectId: project, senderToken: tokenOf(0), members: ids.slice(1) };
  })();
  db.close();
  return out;
}

/** Opens a socket for every member of the scene, logged in with the seeded sessions. */
export async function openSockets(url: string, scene: FanoutScene, onNotice: () => void) {
  const host = url.replace(/^http/, 'ws');
  const sockets: WebSocket[] = [];
  for (let i = 0; i < scene.members.length; i++) {
    const ws = new WebSocket(`${host}/ws/websocket/${scene.members[i]}/message?token=${tokenOf(i + 1)}`);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { action: string; data: { isRead?: boolean } };
      if (frame.action === 'notice' && frame.data.isRead === false) onNotice();
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    sockets.push(ws);
  }
  return sockets;
}

/**
 * Sends `rounds` notices by hand to every member and returns each socket's delivery time (ms,
 * from the request to its `notice` frame), sorted. The sockets must be open (openSockets).
 */
export async function timeFanout(
  url: string,
  scene: FanoutScene,
  rounds: number,
  arrivals: { sentAt: number; times: number[] },
): Promise<number[]> {
  const all: number[] = [];
  const count = scene.members.length;
  for (let round = 0; round < rounds; round++) {
    arrivals.times = [];
    arrivals.sentAt = performance.now();
    const res = await fetch(`${url}/system/notice/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${scene.senderToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: scene.projectId,
        receiveIds: scene.members,
        title: `Release ${round}`,
        content: '**Freeze** now',
      }),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`send: ${body.msg}`);
    for (let wait = 0; arrivals.times.length < count && wait < 200; wait++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    if (arrivals.times.length < count)
      throw new Error(`round ${round}: ${arrivals.times.length} of ${count} sockets got the notice`);
    all.push(...arrivals.times);
  }
  return all.sort((a, b) => a - b);
}

export async function runNoticeFanout(): Promise<Record<string, string>> {
  const first = await startServer({});
  await waitUp(first.url);
  await first.stop();
  const scene = seedFanout(path.join(first.dataDir, 'buglet.db'));
  const server = await startServer({ LOG_LEVEL: 'warn' }, first.dataDir);
  let sockets: WebSocket[] = [];
  try {
    await waitUp(server.url);
    const pid = server.child.pid as number;
    await new Promise((r) => setTimeout(r, 500));
    const before = rssMb(pid);
    const arrivals = { sentAt: 0, times: [] as number[] };
    sockets = await openSockets(server.url, scene, () =>
      arrivals.times.push(performance.now() - arrivals.sentAt),
    );
    // Let the presence frames (each member coming online tells the others) settle.
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(pid);
    const times = await timeFanout(server.url, scene, ROUNDS, arrivals);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(1);
    return {
      [`${scene.members.length} sockets, one notice to all, ${ROUNDS} rounds: delivery median / p99 / max (ms)`]: `${at(0.5)} / ${at(0.99)} / ${at(1)}`,
      'server memory per idle socket (KB)': (((idle - before) * 1024) / scene.members.length).toFixed(1),
      'server RSS before sockets / with them (MB)': `${before.toFixed(0)} / ${idle.toFixed(0)}`,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}
