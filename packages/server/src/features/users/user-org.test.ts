import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;
let rnd: number;
let web: number;
let sales: number;
let posts: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  member = await t.signedIn();
  const addDept = async (deptName: string, parentId: number) =>
    (await api(admin, 'POST', '/system/dept', { deptName, parentId, orderNum: 0 })).data.deptId as number;
  rnd = await addDept('R&D', ROOT_DEPT.deptId);
  web = await addDept('Web', rnd);
  sales = await addDept('Sales', ROOT_DEPT.deptId);
  const rows = await t.db.selectFrom('sysPost').select(['postId', 'postCode']).execute();
  posts = Object.fromEntries(rows.map((p) => [p.postCode, p.postId]));
});
afterAll(async () => t.close());

let seq = 0;
const person = (over: Json = {}) => {
  seq += 1;
  return {
    userName: `org${seq}`,
    nickName: `Org ${seq}`,
    password: 'secret1',
    phoneNumber: `1360000${String(seq).padStart(4, '0')}`,
    ...over,
  };
};
const create = async (over: Json = {}) => {
  const res = await api(admin, 'POST', '/system/user', person(over));
  expect(res.code, res.msg).toBe(200);
  return res.data.userId as number;
};
const postIdsOf = async (userId: number) =>
  (await t.db.selectFrom('sysUserPost').select('postId').where('userId', '=', userId).execute())
    .map((r) => r.postId)
    .sort((a, b) => a - b);
const ids = (rows: Json[]) => rows.map((u) => u.userId as number).sort((a, b) => a - b);

describe('people in departments and posts', () => {
  it('are created and edited with a department and posts, and read back with them', async () => {
    const blank = await api(admin, 'GET', '/system/user/');
    expect(blank.posts.map((p: Json) => p.postCode)).toEqual(['ceo', 'se', 'hr', 'user']);
    expect(blank.roles.length).toBeGreaterThan(0);

    const userId = await create({ deptId: web, postIds: [posts.se, posts.hr] });
    const read = await api(admin, 'GET', `/system/user/${userId}`);
    expect(read.data).toMatchObject({ userId, deptId: web, dept: { deptId: web, deptName: 'Web' } });
    expect(read.postIds.sort()).toEqual([posts.se, posts.hr].sort());
    expect(read.posts).toHaveLength(4);

    const { data } = read;
    const edited = await api(admin, 'PUT', '/system/user', {
      userId,
      nickName: data.nickName,
      phoneNumber: data.phoneNumber,
      deptId: sales,
      postIds: [posts.ceo, 999999],
    });
    expect(edited.code, edited.msg).toBe(200);
    expect((await api(admin, 'GET', `/system/user/${userId}`)).data.deptId).toBe(sales);
    expect(await postIdsOf(userId)).toEqual([posts.ceo]);
    // Posts and department left out of a save stay as they are; the original's 0 means none.
    await api(admin, 'PUT', '/system/user', { userId, nickName: 'Kept', phoneNumber: data.phoneNumber });
    expect(await postIdsOf(userId)).toEqual([posts.ceo]);
    await api(admin, 'PUT', '/system/user', {
      userId,
      nickName: 'Kept',
      phoneNumber: data.phoneNumber,
      deptId: 0,
      postIds: [],
    });
    expect((await api(admin, 'GET', `/system/user/${userId}`)).data).toMatchObject({
      deptId: null,
      dept: null,
    });
    expect(await postIdsOf(userId)).toEqual([]);
  });

  it('refuse a department that does not exist', async () => {
    expect((await api(admin, 'POST', '/system/user', person({ deptId: 999999 }))).msg).toBe(
      'The department does not exist',
    );
  });

  it("are listed by department, the department's subtree included, each with its department", async () => {
    const inRnd = await create({ deptId: rnd });
    const inWeb = await create({ deptId: web });
    const inSales = await create({ deptId: sales });
    const byRnd = await api(admin, 'GET', '/system/user/list', undefined, {
      deptId: String(rnd),
      pageSize: '100',
    });
    expect(ids(byRnd.rows)).toEqual(expect.arrayContaining([inRnd, inWeb]));
    expect(ids(byRnd.rows)).not.toContain(inSales);
    expect(byRnd.rows.find((u: Json) => u.userId === inWeb).dept).toEqual({
      deptId: web,
      deptName: 'Web',
      leader: null,
    });
    const byWeb = await api(admin, 'GET', '/system/user/list', undefined, {
      deptId: String(web),
      pageSize: '100',
    });
    expect(ids(byWeb.rows)).not.toContain(inRnd);
    expect(byWeb.total).toBe(byWeb.rows.length);
    const byRoot = await api(admin, 'GET', '/system/user/list', undefined, {
      deptId: String(ROOT_DEPT.deptId),
      pageSize: '100',
    });
    expect(ids(byRoot.rows)).toEqual(expect.arrayContaining([inRnd, inWeb, inSales]));
    expect(ids(byRoot.rows)).not.toContain(member.userId);
    expect((await api(admin, 'GET', '/system/user/list', undefined, { deptId: '999999' })).total).toBe(0);
    expect((await api(admin, 'GET', '/system/user/list', undefined, { deptId: 'x' })).msg).toMatch(/deptId/);
  });

  it('see the department tree on the user page, a fixed path never taken for a user id', async () => {
    const tree = await api(admin, 'GET', '/system/user/deptTree');
    expect(tree.code).toBe(200);
    expect(tree.data).toEqual([
      expect.objectContaining({
        id: ROOT_DEPT.deptId,
        label: ROOT_DEPT.deptName,
        disabled: false,
        children: expect.arrayContaining([
          expect.objectContaining({ id: rnd, children: [{ id: web, label: 'Web', disabled: false }] }),
          expect.objectContaining({ id: sales }),
        ]),
      }),
    ]);
    expect((await api(member, 'GET', '/system/user/deptTree')).code).toBe(403);
  });

  it('lose their posts when deleted, and then free the post for deletion', async () => {
    const postId = (
      await api(admin, 'POST', '/system/post', { postCode: 'tmp', postName: 'Temp', postSort: 9 })
    ).data.postId;
    const userId = await create({ postIds: [postId] });
    expect((await api(admin, 'DELETE', `/system/post/${postId}`)).code).toBe(500);
    expect((await api(admin, 'DELETE', `/system/user/${userId}`)).code).toBe(200);
    expect(await postIdsOf(userId)).toEqual([]);
    expect((await api(admin, 'DELETE', `/system/post/${postId}`)).code).toBe(200);
  });
});
