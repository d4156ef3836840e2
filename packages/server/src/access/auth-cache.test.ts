import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_IDS } from '@buglet/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { createTestApp, isPostgres, type Json, type Person, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { tokenIdOf } from '../http/auth.ts';
import { forget, readStamp, recall, recallAny, remember, stampOfRow } from './auth-cache.ts';
import { findSession } from './sessions.repository.ts';

/**
 * Sessions and rights are remembered by each instance (auth-cache.ts). Two instances share one
 * database: A, where changes are made (through the API or in SQL, as any writer would), and B,
 * which has remembered the caller. Every change must apply to B's very next request.
 */

let dir: string;
let a: TestApp;
let bDb: Db;
let b: FastifyInstance;
/** Statements B sent to its database. */
let bStatements = 0;
let admin: string;
let member: Person;
let projectId: number;

const onB = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
  const res = await b.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, language: 'en_US' },
  });
  return res.json() as Json;
};
const listOnB = () =>
  onB(member.token, 'GET', `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10`);
const defectListMenu = async () =>
  (
    await a.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('perms', '=', 'system:defect:list')
      .executeTakeFirstOrThrow()
  ).menuId;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-auth-cache-'));
  // SQLite: a file both instances open (the usual in-memory test database is one connection's).
  a = await createTestApp(isPostgres() ? {} : { DATABASE_URL: `sqlite:${path.join(dir, 'shared.db')}` });
  const counted = (await connectDatabase(a.config.database)) as Kysely<Database>;
  bDb = counted.withPlugin({
    transformQuery: (args) => {
      bStatements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  b = await buildApp({ config: a.config, db: bDb });
  await b.ready();
  admin = await a.login();
  member = await a.signedIn();
  const teamId = await insertTestTeam(a.db, { [member.userId]: [ROLE_IDS.teamDefault] });
  projectId = await insertTestProject(a.db, teamId, { [member.userId]: [ROLE_IDS.projectTester] });
});

afterAll(async () => {
  await b.close();
  await bDb.destroy();
  await a.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  // B remembers the member's session and access in the project.
  expect((await listOnB()).code).toBe(200);
});

describe('what an instance remembers of the caller', () => {
  it('costs one version lookup a request once known', async () => {
    await onB(member.token, 'GET', '/getInfo');
    const before = bStatements;
    const info = await onB(member.token, 'GET', '/getInfo');
    expect(info.code).toBe(200);
    expect(info.user.userId).toBe(member.userId);
    expect(bStatements - before).toBe(1);
  });

  it('a grant taken from the role applies to the next request, and so does its return', async () => {
    const menuId = await defectListMenu();
    await a.db
      .deleteFrom('sysRoleMenu')
      .where('roleId', '=', ROLE_IDS.projectTester)
      .where('menuId', '=', menuId)
      .execute();
    try {
      expect((await listOnB()).code).toBe(403);
    } finally {
      await a.db.insertInto('sysRoleMenu').values({ roleId: ROLE_IDS.projectTester, menuId }).execute();
    }
    expect((await listOnB()).code).toBe(200);
  });

  it('a disabled role grants nothing from the next request on', async () => {
    await sql`update sys_role set status = '1' where role_id = ${ROLE_IDS.projectTester}`.execute(a.db);
    try {
      expect((await listOnB()).code).toBe(403);
    } finally {
      await sql`update sys_role set status = '0' where role_id = ${ROLE_IDS.projectTester}`.execute(a.db);
    }
  });

  it('a role taken from the member, or the member taken from the project, applies at once', async () => {
    const membership = await a.db
      .selectFrom('sysUserProject')
      .select('userProjectId')
      .where('userId', '=', member.userId)
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    await a.db
      .deleteFrom('sysUserProjectRole')
      .where('userProjectId', '=', membership.userProjectId)
      .execute();
    expect((await listOnB()).code).toBe(403);
    await a.db.deleteFrom('sysUserProject').where('userProjectId', '=', membership.userProjectId).execute();
    expect((await listOnB()).code).toBe(403);
    await a.db
      .insertInto('sysUserProject')
      .values({ userProjectId: membership.userProjectId, projectId, userId: member.userId, createTime: null })
      .execute();
    await a.db
      .insertInto('sysUserProjectRole')
      .values({ userProjectId: membership.userProjectId, roleId: ROLE_IDS.projectTester })
      .execute();
    expect((await listOnB()).code).toBe(200);
    await sql`update sys_user_team set is_lock = 1 where user_id = ${member.userId}`.execute(a.db);
    try {
      expect((await listOnB()).code).toBe(403);
    } finally {
      await sql`update sys_user_team set is_lock = 0 where user_id = ${member.userId}`.execute(a.db);
    }
  });

  it('a project archived, closed or moved out of reach, or its team deleted, applies at once', async () => {
    const teamId = (
      await a.db
        .selectFrom('sysProject')
        .select('teamId')
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).teamId;
    const write = () =>
      onB(member.token, 'POST', '/system/defect', {
        projectId,
        defectType: 'BUG',
        defectName: 'Cache check',
        defectDescribe: 'Written while the project is open',
        defectLevel: 'low',
        handleBy: [member.userId],
      });
    expect((await write()).code).toBe(200);
    await sql`update sys_project set is_archived = 1 where project_id = ${projectId}`.execute(a.db);
    try {
      const refused = await write();
      expect(refused.code).toBe(500);
      expect(refused.msg).toMatch(/archived/i);
      expect((await listOnB()).code).toBe(200);
    } finally {
      await sql`update sys_project set is_archived = 0 where project_id = ${projectId}`.execute(a.db);
    }
    for (const [change, undo] of [
      [
        sql`update sys_project set project_state = 0 where project_id = ${projectId}`,
        sql`update sys_project set project_state = 1 where project_id = ${projectId}`,
      ],
      [
        sql`update sys_team set is_del = 1 where team_id = ${teamId}`,
        sql`update sys_team set is_del = 0 where team_id = ${teamId}`,
      ],
    ] as const) {
      await change.execute(a.db);
      try {
        expect((await listOnB()).code).toBe(403);
      } finally {
        await undo.execute(a.db);
      }
      expect((await listOnB()).code).toBe(200);
    }
    // An everyday edit of the project does not make anyone forget anything.
    const before = await a.db
      .selectFrom('sysAuthVersion' as never)
      .selectAll()
      .execute();
    await sql`update sys_project set project_name = 'Renamed', update_time = '2026-01-01 00:00:00' where project_id = ${projectId}`.execute(
      a.db,
    );
    expect(
      await a.db
        .selectFrom('sysAuthVersion' as never)
        .selectAll()
        .execute(),
    ).toEqual(before);
  });

  it('the profile and current project changed on A show in /getInfo on B', async () => {
    expect((await onB(member.token, 'GET', '/getInfo')).config.currentProjectId ?? null).not.toBe(projectId);
    const switched = await a.call({
      method: 'PUT',
      url: '/system/user-config',
      token: member.token,
      payload: { currentProjectId: projectId },
    });
    expect(switched.body.code).toBe(200);
    const nick = `Renamed ${Date.now() % 100000}`;
    await sql`update sys_user set nick_name = ${nick} where user_id = ${member.userId}`.execute(a.db);
    const info = await onB(member.token, 'GET', '/getInfo');
    expect(info.config.currentProjectId).toBe(projectId);
    expect(info.user.nickName).toBe(nick);
  });

  it('a disabled account is refused at once', async () => {
    await sql`update sys_user set status = '1' where user_id = ${member.userId}`.execute(a.db);
    try {
      expect((await onB(member.token, 'GET', '/getInfo')).code).toBe(401);
    } finally {
      await sql`update sys_user set status = '0' where user_id = ${member.userId}`.execute(a.db);
    }
    expect((await onB(member.token, 'GET', '/getInfo')).code).toBe(200);
  });

  it('a session ended by an administrator on A, or signed out there, is refused by B at once', async () => {
    const second = await a.login(member.userName, member.password);
    expect((await onB(second, 'GET', '/getInfo')).code).toBe(200);
    const kicked = await a.call({
      method: 'DELETE',
      url: `/monitor/online/${tokenIdOf(second)}`,
      token: admin,
    });
    expect(kicked.body.code).toBe(200);
    expect((await onB(second, 'GET', '/getInfo')).code).toBe(401);

    const third = await a.login(member.userName, member.password);
    expect((await onB(third, 'GET', '/getInfo')).code).toBe(200);
    expect((await a.call({ method: 'POST', url: '/logout', token: third })).body.code).toBe(200);
    expect((await onB(third, 'GET', '/getInfo')).code).toBe(401);
    // The member's other session is untouched.
    expect((await listOnB()).code).toBe(200);
  });
});

describe('the memory itself', () => {
  it('reads the versions a session statement reads beside it', async () => {
    const row = await findSession(a.db, tokenIdOf(member.token));
    if (!row) throw new Error('no session');
    expect(await readStamp(a.db, member.userId)).toBe(stampOfRow(row));
  });

  it('recalls a value under its stamp only, or whatever the stamp, until forgotten', () => {
    remember(a.db, 'test:key', '1.1', 'value');
    expect(recall(a.db, 'test:key', '1.2')).toBeUndefined();
    expect(recall(a.db, 'test:key', '1.1')).toBe('value');
    expect(recallAny(a.db, 'test:key')).toBe('value');
    forget(a.db, 'test:key');
    expect(recallAny(a.db, 'test:key')).toBeUndefined();
  });

  it('keeps nothing inside a transaction, which may yet roll back', async () => {
    await a.db.transaction().execute(async (trx) => {
      remember(trx, 'test:in-trx', '1.1', 'value');
      expect(recall(trx, 'test:in-trx', '1.1')).toBeUndefined();
      expect(recallAny(trx, 'test:in-trx')).toBeUndefined();
      forget(trx, 'test:in-trx');
    });
    expect(recallAny(a.db, 'test:in-trx')).toBeUndefined();
  });

  it('keeps at most 20,000 entries, dropping the one stored first', () => {
    for (let n = 0; n <= 20_000; n++) remember(a.db, `test:fill:${n}`, '1.1', n);
    expect(recallAny(a.db, 'test:fill:0')).toBeUndefined();
    expect(recallAny(a.db, 'test:fill:1')).toBe(1);
    expect(recallAny(a.db, 'test:fill:20000')).toBe(20_000);
  });
});
