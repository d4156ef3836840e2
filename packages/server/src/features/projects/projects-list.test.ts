import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Opts = { payload?: InjectOptions['payload']; query?: Record<string, string> };
const api = async (token: string, method: Method, url: string, o: Opts = {}) =>
  (await t.call({ method, url, token, lang: 'en_US', ...o })).body;
const OK = { code: 200, msg: 'Operation succeeded' };

describe('GET /system/project/list', () => {
  it('offers the tabs all, participated, managed, archived and followed, followed ones first', async () => {
    const u = await t.signedIn();
    const owner = await insertTestUser(t.db);
    const team = await insertTestTeam(t.db, { [u.userId]: [5], [owner.userId]: [12] });
    const at = (s: number) => ({ createTime: `2026-01-01 00:00:0${s}` });
    const make = (roles: number[] | null, s: number) =>
      insertTestProject(t.db, team, { [owner.userId]: [11], ...(roles ? { [u.userId]: roles } : {}) }, at(s));
    const [p1, p2, p3, p4, p5, p6] = [
      await make([11], 1),
      await make([6], 2),
      await make([7], 3),
      await make(null, 4),
      await make([7], 5),
      await make([8], 6),
    ];
    await t.db.updateTable('sysProject').set({ isArchived: 1 }).where('projectId', 'in', [p5, p6]).execute();
    for (const p of [p3, p6]) {
      expect(
        await api(u.token, 'POST', `/system/project/${p}/collect`, { payload: { collect: true } }),
      ).toEqual(OK);
    }
    const collected = await t.db
      .selectFrom('sysUserProject')
      .select('projectId')
      .where('userId', '=', u.userId)
      .where('collect', '=', 1)
      .orderBy('projectId')
      .execute();
    expect(collected.map((r) => r.projectId)).toEqual([p3, p6]);

    const list = (query: Record<string, string>) =>
      api(u.token, 'GET', '/system/project/list', { query: { teamId: String(team), ...query } });
    const tab = async (query: Record<string, string>) => {
      const res = await list(query);
      expect(res.total).toBe(res.rows.length);
      return res.rows.map((r: { projectId: number }) => r.projectId);
    };
    expect(await tab({})).toEqual([p3, p4, p2, p1]);
    expect(await tab({ 'params[tab]': 'all' })).toEqual([p3, p4, p2, p1]);
    expect(await tab({ 'params[tab]': 'participated' })).toEqual([p3, p2, p1]);
    expect(await tab({ 'params[tab]': 'managed' })).toEqual([p2, p1]);
    expect(await tab({ 'params[tab]': 'archived' })).toEqual([p6, p5]);
    expect(await tab({ 'params[tab]': 'followed' })).toEqual([p3]);
    // The original client's spelling of the same tabs.
    expect(await tab({ collect: 'true' })).toEqual([p3]);
    expect(await tab({ 'params[userId]': String(u.userId) })).toEqual([p3, p2, p1]);

    const all = await list({});
    const byId = new Map(all.rows.map((r: Json) => [r.projectId, r]));
    expect(byId.get(p3)).toMatchObject({
      collect: true,
      isMember: true,
      archived: false,
      teamId: team,
      memberCount: 2,
    });
    expect(byId.get(p4)).toMatchObject({ collect: false, isMember: false, memberCount: 1 });
    expect(byId.get(p1)).toMatchObject({
      members: expect.arrayContaining([
        {
          userId: u.userId,
          userName: u.userName,
          nickName: expect.any(String),
          avatar: null,
          roles: [expect.objectContaining({ roleId: 11 })],
          roleIds: [11],
        },
      ]),
    });
    const paged = await list({ pageSize: '2', pageNum: '2' });
    expect(paged.rows.map((r: Json) => r.projectId)).toEqual([p2, p1]);
    expect(paged.total).toBe(4);

    expect(
      await api(u.token, 'POST', `/system/project/${p3}/collect`, { payload: { collect: false } }),
    ).toEqual(OK);
    const row = await t.db
      .selectFrom('sysUserProject')
      .select('collect')
      .where('userId', '=', u.userId)
      .where('projectId', '=', p3)
      .executeTakeFirstOrThrow();
    expect(row.collect).toBe(0);
    expect(await tab({})).toEqual([p4, p3, p2, p1]);
    expect(await tab({ 'params[tab]': 'followed' })).toEqual([]);
    expect((await list({ 'params[tab]': 'mine' })).code).toBe(500);
  });

  it('filters by name and answers only for a team the caller is in', async () => {
    const u = await t.signedIn();
    const team = await insertTestTeam(t.db, { [u.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [u.userId]: [7] }, { name: 'Needle in the haystack' });
    await insertTestProject(t.db, team, { [u.userId]: [7] }, { name: 'Hay' });
    const res = await api(u.token, 'GET', '/system/project/list', {
      query: { teamId: String(team), projectName: 'Needle' },
    });
    expect(res).toMatchObject({
      code: 200,
      total: 1,
      rows: [{ projectId: p, projectName: 'Needle in the haystack' }],
    });
    expect((await api(u.token, 'GET', '/system/project/list', { query: {} })).msg).toBe(
      'The team cannot be empty',
    );
  });
});

describe('project roles', () => {
  it('are listed for id 0, as the original client asks before a project exists', async () => {
    const token = await t.login();
    const res = await t.call({ method: 'GET', url: '/system/project/0/role', token });
    expect(res.body.code).toBe(200);
    expect((res.body.rows as Array<{ roleId: number }>).map((r) => r.roleId)).toEqual([11, 6, 7, 8, 9]);
  });
});
