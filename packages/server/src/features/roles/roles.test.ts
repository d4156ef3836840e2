import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const roleRow = (roleId: number) =>
  t.db.selectFrom('sysRole').selectAll().where('roleId', '=', roleId).executeTakeFirstOrThrow();
const menusOf = async (roleId: number) =>
  (
    await t.db.selectFrom('sysRoleMenu').selectAll().where('roleId', '=', roleId).orderBy('menuId').execute()
  ).map((r) => r.menuId);
const holdersOf = async (roleId: number) =>
  (
    await t.db.selectFrom('sysUserRole').selectAll().where('roleId', '=', roleId).orderBy('userId').execute()
  ).map((r) => r.userId);
let seq = 0;
/** Creates a role through the API and answers its id. */
async function newRole(extra: Record<string, unknown> = {}): Promise<number> {
  seq += 1;
  const payload = { roleName: `Role ${seq}`, roleKey: `test.role${seq}`, roleSort: 50, ...extra };
  const res = await api('POST', '/system/role', { payload });
  expect(res.code).toBe(200);
  return res.data.roleId;
}

describe('role lists and details', () => {
  it('lists roles by roleSort, filters them and checks the permission', async () => {
    const page = await api('GET', '/system/role/list', { query: { pageSize: '3' } });
    expect(page.code).toBe(200);
    expect(page.rows.map((r: { roleId: number }) => r.roleId)).toEqual([1, 10, 2]);
    expect(page.total).toBeGreaterThanOrEqual(12);
    const one = await api('GET', '/system/role/list', { query: { roleName: '默认成员' } });
    expect(one).toMatchObject({ total: 1, rows: [{ roleId: 10, roleKey: 'default', admin: false }] });
    expect(await codeOf('GET', '/system/role/list', { token: '' })).toBe(401);
    expect(await codeOf('GET', '/system/role/list', { token: (await t.signedIn()).token })).toBe(403);
  });

  it('answers one role, all roles, and names a missing one', async () => {
    expect((await api('GET', '/system/role/4')).data).toMatchObject({
      roleKey: 'team.admin',
      isTeamRole: true,
    });
    expect((await api('GET', '/system/role/optionselect')).data.length).toBeGreaterThanOrEqual(12);
    expect(await api('GET', '/system/role/9999')).toEqual({ code: 500, msg: 'The role does not exist' });
    expect(await codeOf('GET', '/system/role/10', { token: (await t.signedIn()).token })).toBe(403);
  });
});

describe('POST and PUT /system/role', () => {
  it('creates a role and stores its existing menus', async () => {
    const roleId = await newRole({
      roleName: 'Dict readers',
      roleKey: 'dict.readers',
      menuIds: [105, 1025, 99999],
    });
    expect(await roleRow(roleId)).toMatchObject({
      roleName: 'Dict readers',
      status: '0',
      delFlag: '0',
      createBy: 'admin',
    });
    expect(await menusOf(roleId)).toEqual([105, 1025]);
  });

  it('refuses a taken name or key and names the broken field', async () => {
    const taken = { roleName: '默认成员', roleKey: 'fresh.key', roleSort: 5 };
    expect(await api('POST', '/system/role', { payload: taken })).toEqual({
      code: 500,
      msg: 'Could not save role "默认成员": the name already exists',
    });
    const key = await api('POST', '/system/role', {
      payload: { ...taken, roleName: 'Fresh', roleKey: 'default' },
    });
    expect(key.msg).toBe('Could not save role "Fresh": the key already exists');
    const blank = await api('POST', '/system/role', { payload: { ...taken, roleName: ' ' } });
    expect(blank.msg).toBe('The role name cannot be empty');
    const sort = await api('POST', '/system/role', {
      payload: { ...taken, roleName: 'Fresh', roleSort: -1 },
    });
    expect(sort.msg).toBe('roleSort must not be less than 0');
    expect(
      await t.db.selectFrom('sysRole').select('roleId').where('roleKey', '=', 'fresh.key').execute(),
    ).toEqual([]);
    const member = await t.signedIn();
    const denied = await api('POST', '/system/role', {
      payload: { ...taken, roleName: 'Fresh' },
      token: member.token,
    });
    expect(denied.code).toBe(403);
  });

  it('edits a role, replaces its menus and never touches role 1', async () => {
    const roleId = await newRole({ menuIds: [105] });
    const payload = { roleId, roleName: 'Renamed', roleKey: 'renamed', roleSort: 7, menuIds: [106, 1030] };
    expect(await codeOf('PUT', '/system/role', { payload })).toBe(200);
    expect(await roleRow(roleId)).toMatchObject({
      roleName: 'Renamed',
      roleKey: 'renamed',
      roleSort: 7,
      updateBy: 'admin',
    });
    expect(await menusOf(roleId)).toEqual([106, 1030]);
    const clash = await api('PUT', '/system/role', { payload: { ...payload, roleKey: 'common' } });
    expect(clash.msg).toBe('Could not save role "Renamed": the key already exists');
    const root = await api('PUT', '/system/role', {
      payload: { ...payload, roleId: 1, roleName: 'Root', roleKey: 'root' },
    });
    expect(root).toEqual({ code: 500, msg: 'The super administrator role cannot be changed' });
    expect(await roleRow(1)).toMatchObject({ roleName: '超级管理员', roleKey: 'admin' });
    expect((await api('PUT', '/system/role', { payload: { ...payload, roleId: 9999 } })).msg).toBe(
      'The role does not exist',
    );
  });

  it('changes the status of a role, but not of role 1', async () => {
    const roleId = await newRole();
    expect(await codeOf('PUT', '/system/role/changeStatus', { payload: { roleId, status: '1' } })).toBe(200);
    expect((await roleRow(roleId)).status).toBe('1');
    const root = await api('PUT', '/system/role/changeStatus', { payload: { roleId: 1, status: '1' } });
    expect(root.msg).toBe('The super administrator role cannot be changed');
    expect((await roleRow(1)).status).toBe('0');
  });
});

describe('grants reach the holder', () => {
  const permissionsOf = async (token: string) =>
    (await api('GET', '/getInfo', { token })).permissions as string[];

  it('gives and takes back a permission through the role menus and the role status', async () => {
    const member = await t.signedIn();
    expect(await permissionsOf(member.token)).not.toContain('system:dict:list');
    expect(await codeOf('GET', '/system/dict/type/list', { token: member.token })).toBe(403);
    const roleId = await newRole({ menuIds: [105] });
    const query = { userId: String(member.userId), roleIds: `10,${roleId}` };
    expect(await codeOf('PUT', '/system/user/authRole', { query })).toBe(200);
    expect(await permissionsOf(member.token)).toContain('system:dict:list');
    expect(await codeOf('GET', '/system/dict/type/list', { token: member.token })).toBe(200);

    await api('PUT', '/system/role/changeStatus', { payload: { roleId, status: '1' } });
    expect(await permissionsOf(member.token)).not.toContain('system:dict:list');
    expect(await codeOf('GET', '/system/dict/type/list', { token: member.token })).toBe(403);
    await api('PUT', '/system/role/changeStatus', { payload: { roleId, status: '0' } });
    expect(await permissionsOf(member.token)).toContain('system:dict:list');

    const payload = { roleId, roleName: 'Emptied', roleKey: 'emptied', roleSort: 1, menuIds: [] };
    expect(await codeOf('PUT', '/system/role', { payload })).toBe(200);
    expect(await menusOf(roleId)).toEqual([]);
    expect(await permissionsOf(member.token)).not.toContain('system:dict:list');
    expect(await codeOf('GET', '/system/dict/type/list', { token: member.token })).toBe(403);
  });
});

describe('DELETE /system/role/:roleIds', () => {
  it('soft-deletes unheld roles with their menus, and frees their name', async () => {
    const a = await newRole({ roleName: 'Gone', menuIds: [105] });
    const b = await newRole();
    expect(await codeOf('DELETE', `/system/role/${a},${b}`)).toBe(200);
    expect((await roleRow(a)).delFlag).toBe('2');
    expect((await roleRow(b)).delFlag).toBe('2');
    expect(await menusOf(a)).toEqual([]);
    expect((await api('GET', '/system/role/list', { query: { roleName: 'Gone' } })).total).toBe(0);
    await newRole({ roleName: 'Gone' });
  });

  it('refuses a held role and role 1', async () => {
    const roleId = await newRole({ roleName: 'Held' });
    await insertTestUser(t.db, { roleIds: [roleId] });
    expect(await api('DELETE', `/system/role/${roleId}`)).toEqual({
      code: 500,
      msg: 'The role "Held" is assigned to members and cannot be deleted',
    });
    expect((await roleRow(roleId)).delFlag).toBe('0');
    expect((await api('DELETE', '/system/role/1')).msg).toBe(
      'The super administrator role cannot be changed',
    );
    expect((await roleRow(1)).delFlag).toBe('0');
    const member = await t.signedIn();
    expect(await codeOf('DELETE', `/system/role/${await newRole()}`, { token: member.token })).toBe(403);
  });
});

describe('users of a role', () => {
  it('lists allocated and unallocated users and assigns and withdraws them', async () => {
    const roleId = await newRole();
    const [a, b, c] = [await insertTestUser(t.db), await insertTestUser(t.db), await insertTestUser(t.db)];
    const userIds = `${a.userId},${b.userId}`;
    const add = await api('PUT', '/system/role/authUser/selectAll', {
      query: { roleId: String(roleId), userIds },
    });
    expect(add.code).toBe(200);
    expect(await holdersOf(roleId)).toEqual([a.userId, b.userId]);

    const allocated = await api('GET', '/system/role/authUser/allocatedList', {
      query: { roleId: String(roleId) },
    });
    expect(allocated).toMatchObject({ code: 200, total: 2 });
    expect(allocated.rows.map((u: { userId: number }) => u.userId)).toEqual([a.userId, b.userId]);
    expect(JSON.stringify(allocated)).not.toContain('"password"');
    const free = (userName: string) =>
      api('GET', '/system/role/authUser/unallocatedList', { query: { roleId: String(roleId), userName } });
    expect((await free(a.userName)).total).toBe(0);
    expect((await free(c.userName)).rows).toMatchObject([{ userId: c.userId }]);

    const cancel = await api('PUT', '/system/role/authUser/cancel', {
      payload: { roleId, userId: a.userId },
    });
    expect(cancel.code).toBe(200);
    expect(await holdersOf(roleId)).toEqual([b.userId]);
    const query = { roleId: String(roleId), userIds: String(b.userId) };
    expect(await codeOf('PUT', '/system/role/authUser/cancelAll', { query })).toBe(200);
    expect(await holdersOf(roleId)).toEqual([]);
  });

  it('hands out platform roles only', async () => {
    const u = await insertTestUser(t.db);
    const res = await api('PUT', '/system/role/authUser/selectAll', {
      query: { roleId: '6', userIds: String(u.userId) },
    });
    expect(res.msg).toBe(
      'The role "项目管理员" is a team or project role; it comes with a membership and cannot be assigned here',
    );
    expect(await holdersOf(6)).not.toContain(u.userId);
  });

  it('lists the holders of a team or project role by their live memberships, and leaves them there', async () => {
    const teamRole = await newRole({ isTeamRole: true });
    const projectRole = await newRole({ isProjectRole: true });
    const [a, b, gone] = [await insertTestUser(t.db), await insertTestUser(t.db), await insertTestUser(t.db)];
    const teamId = await insertTestTeam(t.db, { [a.userId]: [teamRole], [b.userId]: [] });
    await insertTestProject(t.db, teamId, { [b.userId]: [projectRole], [a.userId]: [] });
    // A deleted team's and a deleted project's memberships hold nothing.
    const oldTeam = await insertTestTeam(t.db, { [gone.userId]: [teamRole] });
    await t.db.updateTable('sysTeam').set({ isDel: 1 }).where('teamId', '=', oldTeam).execute();
    const oldProject = await insertTestProject(t.db, teamId, { [gone.userId]: [projectRole] });
    await t.db
      .updateTable('sysProject')
      .set({ projectState: 0 })
      .where('projectId', '=', oldProject)
      .execute();

    const holders = async (roleId: number) => {
      const res = await api('GET', '/system/role/authUser/allocatedList', {
        query: { roleId: String(roleId) },
      });
      expect(res.code).toBe(200);
      return res.rows.map((u: { userId: number }) => u.userId);
    };
    expect(await holders(teamRole)).toEqual([a.userId]);
    expect(await holders(projectRole)).toEqual([b.userId]);
    const free = await api('GET', '/system/role/authUser/unallocatedList', {
      query: { roleId: String(teamRole), userName: b.userName },
    });
    expect(free.rows).toMatchObject([{ userId: b.userId }]);

    const refusal = (name: string) =>
      `The role "${name}" is a team or project role; it comes with a membership and cannot be assigned here`;
    const cancel = await api('PUT', '/system/role/authUser/cancel', {
      payload: { roleId: teamRole, userId: a.userId },
    });
    expect(cancel.msg).toBe(refusal((await roleRow(teamRole)).roleName));
    const cancelAll = await api('PUT', '/system/role/authUser/cancelAll', {
      query: { roleId: String(projectRole), userIds: String(b.userId) },
    });
    expect(cancelAll.msg).toBe(refusal((await roleRow(projectRole)).roleName));
    expect(await holders(teamRole)).toEqual([a.userId]);
    expect(await holders(projectRole)).toEqual([b.userId]);
    const missing = await api('GET', '/system/role/authUser/allocatedList', { query: { roleId: '99999' } });
    expect(missing.msg).toBe('The role does not exist');
  });

  it('keeps role 1 as it is and checks the permission', async () => {
    const u = await insertTestUser(t.db);
    const grant = await api('PUT', '/system/role/authUser/selectAll', {
      query: { roleId: '1', userIds: String(u.userId) },
    });
    expect(grant.msg).toBe('The super administrator role cannot be changed');
    const revoke = await api('PUT', '/system/role/authUser/cancel', { payload: { roleId: 1, userId: 1 } });
    expect(revoke.msg).toBe('The super administrator role cannot be changed');
    expect(await holdersOf(1)).toEqual([1]);
    const member = await t.signedIn();
    const query = { roleId: '2', userIds: String(member.userId) };
    expect(await codeOf('PUT', '/system/role/authUser/selectAll', { query, token: member.token })).toBe(403);
    expect(await holdersOf(2)).not.toContain(member.userId);
    const list = await api('GET', '/system/role/authUser/allocatedList', {
      query: { roleId: '2' },
      token: member.token,
    });
    expect(list.code).toBe(403);
  });
});

describe('guards of the remaining routes', () => {
  it('answers 401 without a token and 403 to a member, and changes nothing', async () => {
    const roleId = await newRole({ roleName: 'Guarded' });
    const holder = await insertTestUser(t.db, { roleIds: [roleId] });
    const member = await t.signedIn();
    const bulk = { roleId: String(roleId), userIds: String(holder.userId) };
    const routes: Array<Parameters<typeof api>> = [
      ['GET', '/system/role/optionselect'],
      ['PUT', '/system/role', { payload: { roleId, roleName: 'X', roleKey: 'x', roleSort: 1 } }],
      ['PUT', '/system/role/changeStatus', { payload: { roleId, status: '1' } }],
      ['GET', '/system/role/authUser/unallocatedList', { query: { roleId: String(roleId) } }],
      ['PUT', '/system/role/authUser/cancel', { payload: { roleId, userId: holder.userId } }],
      ['PUT', '/system/role/authUser/cancelAll', { query: bulk }],
    ];
    for (const [method, url, o] of routes) {
      expect(await codeOf(method, url, { ...o, token: '' })).toBe(401);
      expect(await codeOf(method, url, { ...o, token: member.token })).toBe(403);
    }
    expect(await roleRow(roleId)).toMatchObject({ roleName: 'Guarded', status: '0' });
    expect(await holdersOf(roleId)).toEqual([holder.userId]);
  });
});
