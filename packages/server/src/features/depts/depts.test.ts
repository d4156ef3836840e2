import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  member = await t.signedIn();
});
afterAll(async () => t.close());

const ROOT = ROOT_DEPT.deptId;
const add = async (body: Json) => api(admin, 'POST', '/system/dept', { orderNum: 0, ...body });
const addId = async (deptName: string, parentId: number, over: Json = {}) => {
  const res = await add({ deptName, parentId, ...over });
  expect(res.code, res.msg).toBe(200);
  return res.data.deptId as number;
};
const get = async (deptId: number) => (await api(admin, 'GET', `/system/dept/${deptId}`)).data as Json;
const edit = async (deptId: number, over: Json) => {
  const { deptName, parentId, orderNum, leader, phone, email, status } = await get(deptId);
  return api(admin, 'PUT', '/system/dept', {
    deptId,
    deptName,
    parentId,
    orderNum,
    leader,
    phone,
    email,
    status,
    ...over,
  });
};
const row = (deptId: number) =>
  t.db.selectFrom('sysDept').selectAll().where('deptId', '=', deptId).executeTakeFirstOrThrow();

describe('departments', () => {
  it('are seeded with one top department and reached with system:dept:* only', async () => {
    const list = await api(admin, 'GET', '/system/dept/list');
    expect(list.code).toBe(200);
    expect(list.data).toContainEqual(
      expect.objectContaining({ deptId: ROOT, parentId: 0, ancestors: '0', deptName: ROOT_DEPT.deptName }),
    );
    for (const [method, url, payload] of [
      ['GET', '/system/dept/list'],
      ['GET', `/system/dept/list/exclude/${ROOT}`],
      ['GET', `/system/dept/${ROOT}`],
      ['POST', '/system/dept', { deptName: 'X', parentId: ROOT, orderNum: 1 }],
      ['PUT', '/system/dept', { deptId: ROOT, deptName: 'X', parentId: 0, orderNum: 1 }],
      ['DELETE', `/system/dept/${ROOT}`],
    ] as const) {
      expect((await api(member, method, url, payload)).code, `${method} ${url}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/system/dept/list' })).body.code).toBe(401);
    expect((await row(ROOT)).deptName).toBe(ROOT_DEPT.deptName);
  });

  it('are created under a parent with their ancestors, filtered by name and status, and read with the parent name', async () => {
    const rnd = await addId('R&D', ROOT, {
      orderNum: 1,
      leader: 'Lin',
      phone: '13800000000',
      email: 'rd@x.io',
    });
    const web = await addId('Web', rnd);
    expect(await row(web)).toMatchObject({
      parentId: rnd,
      ancestors: `0,${ROOT},${rnd}`,
      status: '0',
      delFlag: '0',
    });
    expect(await get(web)).toMatchObject({ deptId: web, deptName: 'Web', parentName: 'R&D' });
    expect(await get(rnd)).toMatchObject({ leader: 'Lin', phone: '13800000000', email: 'rd@x.io' });

    const byName = await api(admin, 'GET', '/system/dept/list', undefined, { deptName: 'we' });
    expect(byName.data.map((d: Json) => d.deptId)).toEqual([web]);
    const stopped = await addId('Stopped', ROOT, { status: '1' });
    const disabled = await api(admin, 'GET', '/system/dept/list', undefined, { status: '1' });
    expect(disabled.data.map((d: Json) => d.deptId)).toEqual([stopped]);
  });

  it('refuse a clashing sibling name, a missing or disabled parent, and bad fields, by name', async () => {
    const ops = await addId('Ops', ROOT);
    expect((await add({ deptName: 'Ops', parentId: ROOT })).msg).toBe(
      'Could not save department "Ops": a department of that name already exists under the same parent',
    );
    // The same name under another parent is fine.
    expect((await add({ deptName: 'Ops', parentId: ops })).code).toBe(200);
    expect((await add({ deptName: 'Lost', parentId: 999999 })).msg).toBe(
      'The parent department does not exist',
    );
    const off = await addId('Off', ROOT, { status: '1' });
    expect((await add({ deptName: 'Child', parentId: off })).msg).toBe(
      'The parent department "Off" is disabled, so no departments can be added under it',
    );
    expect((await add({ deptName: '', parentId: ROOT })).msg).toBe('The department name cannot be empty');
    expect((await add({ deptName: 'x'.repeat(31), parentId: ROOT })).msg).toBe(
      'The department name can have at most 30 characters',
    );
    expect((await add({ deptName: 'Mail', parentId: ROOT, email: 'nope' })).msg).toBe(
      'The email address is not valid',
    );
    expect((await add({ deptName: 'Tel', parentId: ROOT, phone: '12ab' })).msg).toBe(
      'The phone number can have at most 11 digits',
    );
    expect((await add({ deptName: 'Order', parentId: ROOT, orderNum: 'many' })).msg).toBe(
      'The order must be a whole number from 0 to 9999',
    );
  });

  it('never close a cycle: not under itself, not under anything below it', async () => {
    const a = await addId('Cycle A', ROOT);
    const b = await addId('Cycle B', a);
    const c = await addId('Cycle C', b);
    expect((await edit(a, { parentId: a })).msg).toBe(
      'Could not save department "Cycle A": it cannot be its own parent',
    );
    for (const below of [b, c]) {
      expect((await edit(a, { parentId: below })).msg).toBe(
        'Could not save department "Cycle A": its parent cannot be a department below it',
      );
    }
    expect((await row(a)).parentId).toBe(ROOT);

    const exclude = await api(admin, 'GET', `/system/dept/list/exclude/${a}`);
    const offered = exclude.data.map((d: Json) => d.deptId);
    expect(offered).toContain(ROOT);
    expect(offered).not.toContain(a);
    expect(offered).not.toContain(b);
    expect(offered).not.toContain(c);
  });

  it('move with their whole subtree, ancestors rewritten below', async () => {
    const left = await addId('Left', ROOT);
    const right = await addId('Right', ROOT);
    const mid = await addId('Mid', left);
    const leaf = await addId('Leaf', mid);
    expect((await edit(mid, { parentId: right })).code).toBe(200);
    expect(await row(mid)).toMatchObject({ parentId: right, ancestors: `0,${ROOT},${right}` });
    expect(await row(leaf)).toMatchObject({ parentId: mid, ancestors: `0,${ROOT},${right},${mid}` });
  });

  it('are not disabled while an enabled department is below; enabling one enables its ancestors, as the original', async () => {
    const top = await addId('Top', ROOT);
    const sub = await addId('Sub', top);
    expect((await edit(top, { status: '1' })).msg).toBe(
      'The department "Top" has enabled departments below it and cannot be disabled',
    );
    expect((await edit(sub, { status: '1' })).code).toBe(200);
    expect((await edit(top, { status: '1' })).code).toBe(200);
    expect((await row(top)).status).toBe('1');
    expect((await edit(sub, { status: '0' })).code).toBe(200);
    expect((await row(top)).status).toBe('0');
  });

  it('are deleted only without departments or people below, and then leave the lists', async () => {
    const parent = await addId('Parent', ROOT);
    const child = await addId('Child', parent);
    expect((await api(admin, 'DELETE', `/system/dept/${parent}`)).msg).toBe(
      'The department "Parent" has departments below it and cannot be deleted',
    );
    const person = await insertTestUser(t.db);
    await t.db.updateTable('sysUser').set({ deptId: child }).where('userId', '=', person.userId).execute();
    expect((await api(admin, 'DELETE', `/system/dept/${child}`)).msg).toBe(
      'The department "Child" has members and cannot be deleted',
    );
    await t.db.updateTable('sysUser').set({ deptId: null }).where('userId', '=', person.userId).execute();
    expect((await api(admin, 'DELETE', `/system/dept/${child}`)).code).toBe(200);
    expect((await row(child)).delFlag).toBe('2');
    expect((await api(admin, 'GET', `/system/dept/${child}`)).msg).toBe('The department does not exist');
    const list = await api(admin, 'GET', '/system/dept/list');
    expect(list.data.map((d: Json) => d.deptId)).not.toContain(child);
    // Its name is free again under the same parent.
    expect((await add({ deptName: 'Child', parentId: parent })).code).toBe(200);
    expect((await api(admin, 'DELETE', '/system/dept/999999')).msg).toBe('The department does not exist');
  });

  it('answer an unknown or malformed id by name, never with a 500 page', async () => {
    expect((await api(admin, 'GET', '/system/dept/abc')).code).toBe(500);
    expect((await api(admin, 'GET', '/system/dept/abc')).msg).toMatch(/deptId/);
    expect((await edit(ROOT, { deptId: 999999 })).msg).toBe('The department does not exist');
  });
});
