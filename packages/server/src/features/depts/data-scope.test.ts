import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';

/**
 * A role's data scope applied to the user administration (the original's @DataScope): a clerk
 * whose only platform role grants the user pages sees and changes only the people its scope
 * covers; the administrator sees everyone.
 */
let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let clerk: Person;
let roleId: number;
let rnd: number;
let web: number;
let sales: number;
const people: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  const addDept = async (deptName: string, parentId: number) =>
    (await api(admin, 'POST', '/system/dept', { deptName, parentId, orderNum: 0 })).data.deptId as number;
  rnd = await addDept('R&D', ROOT_DEPT.deptId);
  web = await addDept('Web', rnd);
  sales = await addDept('Sales', ROOT_DEPT.deptId);
  roleId = (
    await api(admin, 'POST', '/system/role', {
      roleName: 'User clerk',
      roleKey: 'user-clerk',
      roleSort: 6,
      menuIds: await menusFor([
        'system:user:list',
        'system:user:query',
        'system:user:edit',
        'system:user:add',
        'system:user:export',
        'system:user:import',
        'system:role:list',
      ]),
    })
  ).data.roleId;
  // The clerk keeps the default role (scope "all", but no user pages): only roles granting the
  // permission count.
  clerk = await t.signedIn();
  await t.db.insertInto('sysUserRole').values({ userId: clerk.userId, roleId }).execute();
  await t.db.updateTable('sysUser').set({ deptId: rnd }).where('userId', '=', clerk.userId).execute();
  let seq = 0;
  for (const [name, deptId] of [
    ['inRnd', rnd],
    ['inWeb', web],
    ['inSales', sales],
  ] as const) {
    seq += 1;
    const made = await api(admin, 'POST', '/system/user', {
      userName: `scope${seq}`,
      nickName: name,
      password: 'secret1',
      phoneNumber: `1370000${String(seq).padStart(4, '0')}`,
      deptId,
    });
    expect(made.code, made.msg).toBe(200);
    people[name] = made.data.userId;
  }
});
afterAll(async () => t.close());

/** The menus granting these permissions (a role is given them through sys_role_menu). */
const menusFor = async (perms: string[]) =>
  (await t.db.selectFrom('sysMenu').select('menuId').where('perms', 'in', perms).execute()).map(
    (m) => m.menuId,
  );
const grant = async (to: number, perms: string[]) =>
  t.db
    .insertInto('sysRoleMenu')
    .values((await menusFor(perms)).map((menuId) => ({ roleId: to, menuId })))
    .execute();

const setScope = async (dataScope: string, deptIds: number[] = []) =>
  expect((await api(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope, deptIds })).code).toBe(200);
const seenBy = async (who: Person) => {
  const list = await api(who, 'GET', '/system/user/list', undefined, { pageSize: '100' });
  expect(list.code, list.msg).toBe(200);
  return (list.rows as Json[])
    .map((u) => u.nickName as string)
    .filter((n) => n.startsWith('in') || n === 'x');
};
const opens = async (userId: number) => (await api(clerk, 'GET', `/system/user/${userId}`)).code;

describe("a role's data scope in the user administration", () => {
  it('shows everyone for "all", the default', async () => {
    await setScope('1');
    expect((await seenBy(clerk)).sort()).toEqual(['inRnd', 'inSales', 'inWeb']);
  });

  it('shows the own department, with or without those below it', async () => {
    await setScope('3');
    expect(await seenBy(clerk)).toEqual(['inRnd']);
    expect(await opens(people.inRnd as number)).toBe(200);
    await setScope('4');
    expect((await seenBy(clerk)).sort()).toEqual(['inRnd', 'inWeb']);
  });

  it("shows the role's chosen departments, and only the person for 'self'", async () => {
    await setScope('2', [sales]);
    expect(await seenBy(clerk)).toEqual(['inSales']);
    await setScope('5');
    const list = await api(clerk, 'GET', '/system/user/list', undefined, { pageSize: '100' });
    expect((list.rows as Json[]).map((u) => u.userId)).toEqual([clerk.userId]);
  });

  it('refuses to open or change a person outside the scope, with a translated reason', async () => {
    await setScope('3');
    const opened = await api(clerk, 'GET', `/system/user/${people.inSales}`);
    expect(opened).toMatchObject({
      code: 500,
      msg: "You may not see or change this person's data (outside your role's data scope)",
    });
    const changed = await api(clerk, 'PUT', '/system/user/changeStatus', {
      userId: people.inWeb,
      status: '1',
    });
    expect(changed.code).toBe(500);
    const stored = await t.db
      .selectFrom('sysUser')
      .select('status')
      .where('userId', '=', people.inWeb as number)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('0');
    const zh = await t.call({
      method: 'GET',
      url: `/system/user/${people.inSales}`,
      token: clerk.token,
      lang: 'zh_CN',
    });
    expect(zh.body.msg).toBe('没有权限访问用户数据！');
    // The administrator is never limited.
    expect((await seenBy(admin)).sort()).toEqual(['inRnd', 'inSales', 'inWeb']);
  });

  it('adds up several roles, and a disabled role counts for nothing', async () => {
    await setScope('2', [sales]);
    const selfRole = (
      await api(admin, 'POST', '/system/role', { roleName: 'Self clerk', roleKey: 'self-clerk', roleSort: 7 })
    ).data.roleId as number;
    await grant(selfRole, ['system:user:list']);
    await api(admin, 'PUT', '/system/role/dataScope', { roleId: selfRole, dataScope: '5' });
    await t.db.insertInto('sysUserRole').values({ userId: clerk.userId, roleId: selfRole }).execute();
    const both = await api(clerk, 'GET', '/system/user/list', undefined, { pageSize: '100' });
    expect((both.rows as Json[]).map((u) => u.userId).sort()).toEqual([clerk.userId, people.inSales].sort());
    // An "all" role disabled lifts nothing.
    await api(admin, 'PUT', '/system/role/dataScope', { roleId: selfRole, dataScope: '1' });
    await api(admin, 'PUT', '/system/role/changeStatus', { roleId: selfRole, status: '1' });
    expect(await seenBy(clerk)).toEqual(['inSales']);
    await t.db.deleteFrom('sysUserRole').where('roleId', '=', selfRole).execute();
  });

  it("limits the export, and refuses moving a person, or oneself, out of it or changing one's own roles", async () => {
    await setScope('4');
    const exported = await t.app.inject({
      method: 'POST',
      url: '/system/user/export',
      headers: { authorization: `Bearer ${clerk.token}`, language: 'en_US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names = new Set<string>();
    (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => {
      for (const cell of row.values as unknown[]) if (typeof cell === 'string') names.add(cell);
    });
    expect(names.has('inWeb')).toBe(true);
    expect(names.has('inSales')).toBe(false);

    const me = (await api(clerk, 'GET', `/system/user/${clerk.userId}`)).data as Json;
    const move = async (userId: number, deptId: number) => {
      const person = (await api(admin, 'GET', `/system/user/${userId}`)).data as Json;
      return api(clerk, 'PUT', '/system/user', {
        userId,
        nickName: person.nickName,
        phoneNumber: person.phoneNumber,
        deptId,
      });
    };
    expect((await move(clerk.userId, ROOT_DEPT.deptId)).code).toBe(500);
    expect((await move(people.inWeb as number, sales)).code).toBe(500);
    expect((await move(people.inWeb as number, rnd)).code).toBe(200);
    expect(me.deptId).toBe(rnd);
    const mine = await t.call({
      method: 'PUT',
      url: `/system/user/authRole?userId=${clerk.userId}&roleIds=1`,
      token: clerk.token,
    });
    expect(mine.body.code).toBe(500);
    expect(
      await t.db
        .selectFrom('sysUserRole')
        .select('roleId')
        .where('userId', '=', clerk.userId)
        .where('roleId', '=', 1)
        .execute(),
    ).toEqual([]);
    const made = await api(clerk, 'POST', '/system/user', {
      userName: 'scopenew',
      nickName: 'x',
      password: 'secret1',
      phoneNumber: '13700009999',
      deptId: sales,
    });
    expect(made.code).toBe(500);
  });

  it("limits the role page's people and refuses an import row outside the scope", async () => {
    await setScope('3');
    const others = await api(clerk, 'GET', '/system/role/authUser/unallocatedList', undefined, {
      roleId: String(roleId),
      pageSize: '100',
    });
    expect(others.code, others.msg).toBe(200);
    // inWeb was moved to R&D above.
    expect(
      (others.rows as Json[])
        .map((u) => String(u.nickName))
        .filter((n) => n.startsWith('in'))
        .sort(),
    ).toEqual(['inRnd', 'inWeb']);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户数据');
    ws.addRow(['登录名称 *', '用户名称 *', '部门', '用户邮箱', '手机号码 *', '用户性别', '帐号状态']);
    const sold = (await api(admin, 'GET', `/system/user/${people.inSales}`)).data as Json;
    ws.addRow(['scope3', 'Renamed', '', '', sold.phoneNumber, '', '']);
    const refused = await t.call({
      method: 'POST',
      url: '/system/user/importData?updateSupport=true',
      token: clerk.token,
      lang: 'en_US',
      ...multipart('file', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer())),
    });
    expect(refused.body.msg).toContain(`Row 2: "scope3" is outside your role's data scope`);
    expect((await api(admin, 'GET', `/system/user/${people.inSales}`)).data.nickName).toBe('inSales');
  });
});

describe("a role's data scope in the department and role administration", () => {
  let salesRole: number;
  const roleRow = (id: number) =>
    t.db
      .selectFrom('sysRole')
      .select(['status', 'dataScope'])
      .where('roleId', '=', id)
      .executeTakeFirstOrThrow();
  /** A new role (no menus) given to that one person. */
  const roleHeldBy = async (userId: number, roleName: string, roleSort: number) => {
    const made = await api(admin, 'POST', '/system/role', {
      roleName,
      roleKey: roleName.toLowerCase().replace(/\W+/g, '-'),
      roleSort,
    });
    await t.db.insertInto('sysUserRole').values({ userId, roleId: made.data.roleId }).execute();
    return made.data.roleId as number;
  };
  const msgOf = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
    (await t.call({ method, url, token: clerk.token, lang: 'en_US', ...(payload ? { payload } : {}) })).body;

  beforeAll(async () => {
    await grant(roleId, [
      'system:dept:list',
      'system:dept:query',
      'system:dept:add',
      'system:dept:edit',
      'system:dept:remove',
      'system:role:query',
      'system:role:edit',
      'system:role:remove',
    ]);
    // A role only a person of Sales holds.
    salesRole = await roleHeldBy(people.inSales as number, 'Sales desk', 8);
  });

  it('lists, opens and changes only the departments the scope covers', async () => {
    await setScope('4');
    const names = async (who: Person) =>
      ((await api(who, 'GET', '/system/dept/list')).data as Json[]).map((d) => d.deptName as string);
    const legal = (
      await api(admin, 'POST', '/system/dept', { deptName: 'Legal', parentId: ROOT_DEPT.deptId, orderNum: 9 })
    ).data.deptId as number;
    expect((await names(clerk)).sort()).toEqual(['R&D', 'Web']);
    expect(await names(admin)).toContain('Sales');
    // The user page's tree: R&D at the top (its parent is outside), Web below it.
    const tree = (await api(clerk, 'GET', '/system/user/deptTree')).data as Json[];
    expect(tree.map((n) => [n.label, (n.children as Json[] | undefined)?.map((c) => c.label)])).toEqual([
      ['R&D', ['Web']],
    ]);
    const outside = {
      code: 500,
      msg: "You may not see or change this department (outside your role's data scope)",
    };
    expect(await msgOf('GET', `/system/dept/${sales}`)).toMatchObject(outside);
    expect(
      await msgOf('POST', '/system/dept', { deptName: 'Field', parentId: sales, orderNum: 1 }),
    ).toMatchObject(outside);
    const under = await api(clerk, 'POST', '/system/dept', { deptName: 'QA', parentId: rnd, orderNum: 1 });
    expect(under.code, under.msg).toBe(200);
    const moved = await msgOf('PUT', '/system/dept', {
      deptId: web,
      deptName: 'Web',
      parentId: sales,
      orderNum: 0,
    });
    expect(moved).toMatchObject(outside);
    // Legal is empty: only the scope stands in the way of its deletion.
    expect(await msgOf('DELETE', `/system/dept/${legal}`)).toMatchObject(outside);
    const kept = await t.db
      .selectFrom('sysDept')
      .select(['deptId', 'parentId', 'delFlag'])
      .where('deptId', 'in', [web, sales, legal])
      .orderBy('deptId')
      .execute();
    expect(kept).toEqual([
      { deptId: web, parentId: rnd, delFlag: '0' },
      { deptId: sales, parentId: ROOT_DEPT.deptId, delFlag: '0' },
      { deptId: legal, parentId: ROOT_DEPT.deptId, delFlag: '0' },
    ]);
    expect((await api(clerk, 'DELETE', `/system/dept/${under.data.deptId}`)).code).toBe(200);
    expect((await api(admin, 'DELETE', `/system/dept/${legal}`)).code).toBe(200);
  });

  it('lists and changes only the roles given to someone within the scope', async () => {
    await setScope('3');
    const roleNames = async (who: Person) =>
      ((await api(who, 'GET', '/system/role/list', undefined, { pageSize: '100' })).rows as Json[]).map(
        (r) => r.roleName as string,
      );
    expect(await roleNames(clerk)).toContain('User clerk');
    expect(await roleNames(clerk)).not.toContain('Sales desk');
    expect(await roleNames(admin)).toContain('Sales desk');
    // The user form offers the same roles.
    const form = await api(clerk, 'GET', '/system/user/');
    expect((form.roles as Json[]).map((r) => r.roleName)).not.toContain('Sales desk');

    const outside =
      "You may not see or change this role (no one it is given to is within your role's data scope)";
    expect(await msgOf('GET', `/system/role/${salesRole}`)).toMatchObject({ code: 500, msg: outside });
    expect(await msgOf('PUT', '/system/role/changeStatus', { roleId: salesRole, status: '1' })).toMatchObject(
      {
        code: 500,
        msg: outside,
      },
    );
    for (const [method, url] of [
      ['PUT', `/system/user/authRole?userId=${people.inRnd}&roleIds=${salesRole}`],
      ['PUT', `/system/role/authUser/selectAll?roleId=${salesRole}&userIds=${people.inRnd}`],
      ['DELETE', `/system/role/${salesRole}`],
    ] as const)
      expect(await msgOf(method, url), url).toMatchObject({ code: 500, msg: outside });
    const held = await t.db
      .selectFrom('sysUserRole')
      .select('userId')
      .where('roleId', '=', salesRole)
      .execute();
    expect(held).toEqual([{ userId: people.inSales }]);
    expect((await roleRow(salesRole)).status).toBe('0');
    // Nor may the clerk lift their own limit through a role they hold: its data scope, its
    // menus (the default role, scope "all", given the user pages) or its status.
    const own = {
      code: 500,
      msg: "While your role's data scope limits you, you may not change a role you hold",
    };
    expect(await msgOf('PUT', '/system/role/dataScope', { roleId, dataScope: '1' })).toMatchObject(own);
    expect((await roleRow(roleId)).dataScope).toBe('3');
    const standard = (await api(admin, 'GET', '/system/role/10')).data as Json;
    const menusOf10 = () =>
      t.db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', 10).orderBy('menuId').execute();
    const before = await menusOf10();
    const lifted = await msgOf('PUT', '/system/role', {
      roleId: 10,
      roleName: standard.roleName,
      roleKey: standard.roleKey,
      roleSort: standard.roleSort,
      menuIds: await menusFor(['system:user:list', 'system:user:edit']),
    });
    expect(lifted).toMatchObject(own);
    expect(await menusOf10()).toEqual(before);
    expect(await msgOf('PUT', '/system/role/changeStatus', { roleId, status: '1' })).toMatchObject(own);
    expect((await roleRow(roleId)).status).toBe('0');
  });

  it("keeps a role's departments the caller cannot see, and adds none of them", async () => {
    await setScope('3');
    // A role of R&D (within the scope) whose custom scope the administrator set to R&D and Sales.
    const desk = await roleHeldBy(people.inRnd as number, 'R&D desk', 9);
    await api(admin, 'PUT', '/system/role/dataScope', {
      roleId: desk,
      dataScope: '2',
      deptIds: [rnd, sales],
    });
    const seen = (await api(clerk, 'GET', `/system/role/deptTree/${desk}`)) as Json;
    expect(seen.checkedKeys).toEqual([rnd]);
    expect((seen.depts as Json[]).map((d) => d.label)).toEqual(['R&D']);
    const chosen = async () =>
      (await t.db.selectFrom('sysRoleDept').select('deptId').where('roleId', '=', desk).execute())
        .map((r) => r.deptId)
        .sort((a, b) => a - b);
    // Saved back as shown: Sales stays.
    expect(
      (await api(clerk, 'PUT', '/system/role/dataScope', { roleId: desk, dataScope: '2', deptIds: [rnd] }))
        .code,
    ).toBe(200);
    expect(await chosen()).toEqual([rnd, sales].sort((a, b) => a - b));
    const added = await msgOf('PUT', '/system/role/dataScope', {
      roleId: desk,
      dataScope: '2',
      deptIds: [rnd, web],
    });
    expect(added).toMatchObject({
      code: 500,
      msg: "You may not see or change this department (outside your role's data scope)",
    });
    expect(await chosen()).toEqual([rnd, sales].sort((a, b) => a - b));
  });
});
