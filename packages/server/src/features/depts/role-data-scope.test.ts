import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;
let roleId: number;
let rnd: number;
let web: number;
let sales: number;

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
  roleId = (await api(admin, 'POST', '/system/role', { roleName: 'Scoped', roleKey: 'scoped', roleSort: 5 }))
    .data.roleId;
});
afterAll(async () => t.close());

const stored = async () => ({
  role: await t.db.selectFrom('sysRole').selectAll().where('roleId', '=', roleId).executeTakeFirstOrThrow(),
  depts: (await t.db.selectFrom('sysRoleDept').select('deptId').where('roleId', '=', roleId).execute())
    .map((r) => r.deptId)
    .sort((a, b) => a - b),
});

describe("a role's data scope", () => {
  it('stores the chosen departments for a custom scope and answers them with the tree', async () => {
    // The original's client sends the whole role with the scope.
    const saved = await api(admin, 'PUT', '/system/role/dataScope', {
      roleId,
      roleName: 'Scoped',
      roleKey: 'scoped',
      dataScope: '2',
      deptIds: [ROOT_DEPT.deptId, rnd, web, 999999],
      deptCheckStrictly: true,
    });
    expect(saved.code, saved.msg).toBe(200);
    const { role, depts } = await stored();
    expect(role).toMatchObject({ dataScope: '2', deptCheckStrictly: 1 });
    expect(depts).toEqual([ROOT_DEPT.deptId, rnd, web].sort((a, b) => a - b));

    const tree = await api(admin, 'GET', `/system/role/deptTree/${roleId}`);
    expect(tree.code).toBe(200);
    // With linked ticking a parent of a ticked department is left half-ticked.
    expect(tree.checkedKeys).toEqual([web]);
    expect(tree.depts[0]).toMatchObject({ id: ROOT_DEPT.deptId, label: ROOT_DEPT.deptName });
    const labels = (nodes: Json[]): string[] => nodes.flatMap((n) => [n.label, ...labels(n.children ?? [])]);
    expect(labels(tree.depts)).toEqual(expect.arrayContaining(['R&D', 'Web', 'Sales']));

    await api(admin, 'PUT', '/system/role/dataScope', {
      roleId,
      dataScope: '2',
      deptIds: [rnd, sales],
      deptCheckStrictly: false,
    });
    const loose = await api(admin, 'GET', `/system/role/deptTree/${roleId}`);
    expect(loose.checkedKeys.sort()).toEqual([rnd, sales].sort());
  });

  it('clears the departments for any other scope and refuses the administrator role and bad input', async () => {
    expect(
      (await api(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '4', deptIds: [rnd] })).code,
    ).toBe(200);
    expect(await stored()).toMatchObject({ role: { dataScope: '4' }, depts: [] });
    expect((await api(admin, 'PUT', '/system/role/dataScope', { roleId: 1, dataScope: '1' })).msg).toBe(
      'The super administrator role cannot be changed',
    );
    expect((await api(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '9' })).msg).toMatch(
      /dataScope/,
    );
    expect((await api(admin, 'PUT', '/system/role/dataScope', { roleId: 999999, dataScope: '1' })).msg).toBe(
      'The role does not exist',
    );
    expect((await api(admin, 'GET', '/system/role/deptTree/999999')).msg).toBe('The role does not exist');
  });

  it('is for role administrators only', async () => {
    expect((await api(member, 'PUT', '/system/role/dataScope', { roleId, dataScope: '1' })).code).toBe(403);
    expect((await api(member, 'GET', `/system/role/deptTree/${roleId}`)).code).toBe(403);
    expect((await stored()).role.dataScope).toBe('4');
  });
});
