import type { RouterRecord, TreeNode } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { up as oneUserList } from '../../db/migrations/042-one-user-list.ts';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const u = await insertTestUser(t.db);
  member = await t.login(u.userName, u.password);
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const menuRow = (menuId: number) =>
  t.db.selectFrom('sysMenu').selectAll().where('menuId', '=', menuId).executeTakeFirst();
const findNode = (nodes: TreeNode[], id: number): TreeNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
};
let seq = 0;
/** Creates a page under the given parent through the API and answers its id. */
async function newMenu(extra: Record<string, unknown> = {}): Promise<number> {
  seq += 1;
  const payload = {
    menuName: `Menu ${seq}`,
    parentId: 0,
    orderNum: 50,
    menuType: 'C',
    path: `m${seq}`,
    ...extra,
  };
  const res = await api('POST', '/system/menu', { payload });
  expect(res.code).toBe(200);
  return res.data.menuId;
}

describe('menu lists and trees', () => {
  it('lists and filters all menus for holders of system:menu:list', async () => {
    const all = await api('GET', '/system/menu/list');
    expect(all.code).toBe(200);
    expect(all.data.find((m: { menuId: number }) => m.menuId === 100)).toMatchObject({
      perms: 'system:user:list',
    });
    const named = await api('GET', '/system/menu/list', { query: { menuName: '用户管理' } });
    expect(named.data.map((m: { menuId: number }) => m.menuId)).toEqual([100]);
    const off = await api('GET', '/system/menu/list', { query: { status: '1' } });
    expect(off.data.map((m: { menuId: number }) => m.menuId)).toContain(2044);
    expect(off.data.every((m: { status: string }) => m.status === '1')).toBe(true);
    expect(await codeOf('GET', '/system/menu/list', { token: member })).toBe(403);
    expect(await codeOf('GET', '/system/menu/list', { token: '' })).toBe(401);
  });

  it('nests the tree and marks the menus of a role', async () => {
    const tree = (await api('GET', '/system/menu/treeselect', { token: member })).data as TreeNode[];
    const system = findNode(tree, 1);
    expect(tree).toContain(system);
    expect(system?.children?.map((c) => c.id)).toContain(100);
    expect(findNode(system?.children ?? [], 100)?.children?.map((c) => c.id)).toEqual([
      1000, 1001, 1002, 1003, 1004, 1005, 1006,
    ]);
    const role = await api('POST', '/system/role', {
      payload: { roleName: 'Tree', roleKey: 'tree', roleSort: 9, menuIds: [1025, 105] },
    });
    const res = await api('GET', `/system/menu/roleMenuTreeselect/${role.data.roleId}`);
    expect(res.code).toBe(200);
    expect([...res.checkedKeys].sort((a: number, b: number) => a - b)).toEqual([105, 1025]);
    expect(findNode(res.menus, 105)).toMatchObject({ label: '字典管理' });
    expect(await codeOf('GET', '/system/menu/treeselect', { token: '' })).toBe(401);
    expect(await codeOf('GET', `/system/menu/roleMenuTreeselect/${role.data.roleId}`, { token: '' })).toBe(
      401,
    );
  });

  it('answers one menu and names a missing one', async () => {
    expect((await api('GET', '/system/menu/108')).data).toMatchObject({
      menuType: 'M',
      path: 'log',
      parentId: 1,
    });
    expect(await api('GET', '/system/menu/9999')).toEqual({ code: 500, msg: 'The menu does not exist' });
    expect(await codeOf('GET', '/system/menu/108', { token: member })).toBe(403);
  });
});

describe('POST /system/menu', () => {
  it('creates a menu with the defaults', async () => {
    const menuId = await newMenu({ menuName: 'Reports', parentId: 1, component: 'x/index', perms: 'x:list' });
    expect(await menuRow(menuId)).toMatchObject({
      menuName: 'Reports',
      parentId: 1,
      isFrame: '1',
      icon: '#',
      visible: '0',
      status: '0',
      perms: 'x:list',
      createBy: 'admin',
    });
  });

  it('refuses a sibling with the same name but not a cousin', async () => {
    const clash = await api('POST', '/system/menu', {
      payload: { menuName: '用户管理', parentId: 1, orderNum: 1, menuType: 'C' },
    });
    expect(clash).toEqual({ code: 500, msg: 'Could not save menu "用户管理": a sibling has the same name' });
    expect(await newMenu({ menuName: '用户管理', parentId: 2 })).toBeGreaterThan(0);
  });

  it('requires an external link to start with http(s):// and routes it as a link', async () => {
    const bad = await api('POST', '/system/menu', {
      payload: {
        menuName: 'Docs',
        parentId: 0,
        orderNum: 1,
        menuType: 'C',
        isFrame: '0',
        path: 'www.example.com',
      },
    });
    expect(bad.msg).toBe(
      'Could not save menu "Docs": an external link must start with http(s)://, mailto: or tel:',
    );
    expect(
      await t.db.selectFrom('sysMenu').select('menuId').where('menuName', '=', 'Docs').execute(),
    ).toEqual([]);
    const menuId = await newMenu({ menuName: 'Docs', isFrame: '0', path: 'https://example.com/docs' });
    expect((await menuRow(menuId))?.isFrame).toBe('0');
    const routers = (await api('GET', '/getRouters')).data as RouterRecord[];
    expect(routers.find((r) => r.meta.title === 'Docs')).toMatchObject({
      component: 'InnerLink',
      meta: { link: 'https://example.com/docs' },
    });
  });

  it('names the broken field and checks the permission', async () => {
    const base = { menuName: 'Valid', parentId: 0, orderNum: 1, menuType: 'C' };
    expect((await api('POST', '/system/menu', { payload: { ...base, menuName: '' } })).msg).toBe(
      'The menu name cannot be empty',
    );
    expect((await api('POST', '/system/menu', { payload: { ...base, menuType: 'X' } })).msg).toBe(
      'menuType must be one of: M, C, F',
    );
    expect(await codeOf('POST', '/system/menu', { payload: base, token: member })).toBe(403);
    expect(
      await t.db.selectFrom('sysMenu').select('menuId').where('menuName', '=', 'Valid').execute(),
    ).toEqual([]);
  });
});

describe('PUT /system/menu', () => {
  it('edits a menu', async () => {
    const menuId = await newMenu();
    const payload = { menuId, menuName: 'Edited', parentId: 2, orderNum: 3, menuType: 'C', visible: '1' };
    expect(await codeOf('PUT', '/system/menu', { payload })).toBe(200);
    expect(await menuRow(menuId)).toMatchObject({
      menuName: 'Edited',
      parentId: 2,
      visible: '1',
      updateBy: 'admin',
    });
    expect((await api('PUT', '/system/menu', { payload: { ...payload, menuId: 9999 } })).msg).toBe(
      'The menu does not exist',
    );
    expect(await codeOf('PUT', '/system/menu', { payload, token: member })).toBe(403);
  });

  it('never makes a menu its own parent or descendant', async () => {
    const top = await newMenu({ menuName: 'Top', menuType: 'M' });
    const middle = await newMenu({ parentId: top, menuType: 'M' });
    const leaf = await newMenu({ parentId: middle });
    const move = (parentId: number) =>
      api('PUT', '/system/menu', {
        payload: { menuId: top, menuName: 'Top', parentId, orderNum: 1, menuType: 'M' },
      });
    const expected = 'Could not save menu "Top": the parent cannot be the menu itself or one below it';
    expect((await move(leaf)).msg).toBe(expected);
    expect((await move(top)).msg).toBe(expected);
    expect((await menuRow(top))?.parentId).toBe(0);
    expect((await move(1)).code).toBe(200);
    expect((await menuRow(top))?.parentId).toBe(1);
  });
});

describe('DELETE /system/menu/:menuId', () => {
  it('deletes a leaf but not a menu with children or a granted one', async () => {
    expect(await api('DELETE', '/system/menu/1')).toEqual({
      code: 500,
      msg: 'The menu has submenus and cannot be deleted',
    });
    expect((await api('DELETE', '/system/menu/2020')).msg).toBe(
      'The menu is granted to roles and cannot be deleted',
    );
    expect(await menuRow(2020)).toBeDefined();
    const leaf = await newMenu();
    expect(await codeOf('DELETE', `/system/menu/${leaf}`, { token: member })).toBe(403);
    expect(await codeOf('DELETE', `/system/menu/${leaf}`)).toBe(200);
    expect(await menuRow(leaf)).toBeUndefined();
    expect((await api('DELETE', `/system/menu/${leaf}`)).msg).toBe('The menu does not exist');
  });
});

/** A menu row as the original seeded its own: shown, enabled, no cache, its name untranslated. */
const MENU_ROW = {
  menuNameI18nKey: null,
  orderNum: 99,
  query: null,
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: null,
  icon: 'user',
  createBy: 'admin',
  createTime: '2024-01-01 00:00:00',
  updateBy: null,
  updateTime: null,
  remark: null,
} as const;

describe('GET /getRouters', () => {
  it('gives a default member its granted directories only', async () => {
    const res = await api('GET', '/getRouters', { token: member });
    expect(res.code).toBe(200);
    const paths = (res.data as RouterRecord[]).map((r) => r.path);
    expect(paths).toContain('/team-options');
    expect(paths).not.toContain('/system');
    expect(paths).not.toContain('/monitor');
  });

  it('gives the administrator /system as a Layout with /system/log nested as a ParentView', async () => {
    const routers = (await api('GET', '/getRouters')).data as RouterRecord[];
    const system = routers.find((r) => r.path === '/system');
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect' });
    const log = system?.children?.find((c) => c.path === 'log');
    expect(log).toMatchObject({
      component: 'ParentView',
      meta: { titleI18nKey: null, i18nKey: 'system.log' },
    });
    expect(log?.children).toMatchObject([
      { path: 'operlog', component: 'monitor/operlog/index' },
      { path: 'logininfor', component: 'monitor/logininfor/index' },
    ]);
    // Buttons never become routes.
    const users = system?.children?.find((c) => c.path === 'user');
    expect(users).toMatchObject({ component: 'system/user/index' });
    expect(users?.children).toBeUndefined();
  });

  it('lists the platform’s users on one page only; an older database loses the second one', async () => {
    const userPages = (records: RouterRecord[]): string[] =>
      records.flatMap((r) => [
        ...(r.component === 'system/user/index' || r.component === 'system/member/index' ? [r.path] : []),
        ...userPages(r.children ?? []),
      ]);
    const routersNow = async () => (await api('GET', '/getRouters')).data as RouterRecord[];
    expect(userPages(await routersNow())).toEqual(['user']);
    // As the original seeded it: 系统 → 成员管理, granted to a role.
    await t.db
      .insertInto('sysMenu')
      .values([
        {
          ...MENU_ROW,
          menuId: 2072,
          menuName: '系统',
          parentId: 0,
          path: 'admin',
          menuType: 'M',
          component: null,
        },
        {
          ...MENU_ROW,
          menuId: 2073,
          menuName: '成员管理',
          parentId: 2072,
          path: 'member',
          menuType: 'C',
          component: 'system/member/index',
          perms: 'system:user:list',
        },
      ])
      .execute();
    await t.db.insertInto('sysRoleMenu').values({ roleId: 2, menuId: 2073 }).execute();
    expect(userPages(await routersNow()).sort()).toEqual(['member', 'user']);
    await oneUserList(t.db as never);
    expect(userPages(await routersNow())).toEqual(['user']);
    const left = await t.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('menuId', 'in', [2072, 2073])
      .execute();
    expect(left).toEqual([]);
    expect(await t.db.selectFrom('sysRoleMenu').selectAll().where('menuId', '=', 2073).execute()).toEqual([]);
  });
});
