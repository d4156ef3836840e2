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
  const userMenus = await t.db
    .selectFrom('sysMenu')
    .select('menuId')
    .where('perms', 'in', [
      'system:user:list',
      'system:user:query',
      'system:user:edit',
      'system:user:add',
      'system:user:export',
      'system:user:import',
      'system:role:list',
    ])
    .execute();
  roleId = (
    await api(admin, 'POST', '/system/role', {
      roleName: 'User clerk',
      roleKey: 'user-clerk',
      roleSort: 6,
      menuIds: userMenus.map((m) => m.menuId),
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
    const userList = await t.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('perms', '=', 'system:user:list')
      .execute();
    await t.db
      .insertInto('sysRoleMenu')
      .values(userList.map((m) => ({ roleId: selfRole, menuId: m.menuId })))
      .execute();
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
    expect(refused.body.msg).toContain("Row 2: [scope3] is outside your role's data scope");
    expect((await api(admin, 'GET', `/system/user/${people.inSales}`)).data.nickName).toBe('inSales');
  });
});
