import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * A defect's history as the original's clients call it: /system/log (one entry, notes written by
 * hand, the Excel), /system/comment (list, one, edit, delete), /system/tabs/{id},
 * /system/defect/config without a projectId, and the window-close on the original's path.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let owner: Person;
let dev: Person;
let outsider: Person;
let projectId = 0;
let defectId = 0;
let createLogId = 0;

/** A note-writing grant for project administrators (the original gives system:defect:log:* to nobody). */
async function grantNotesToProjectAdmins() {
  const now = '2026-01-01 00:00:00';
  for (const perms of ['system:defect:log:add', 'system:defect:log:edit', 'system:defect:log:remove']) {
    const menu = await t.db
      .insertInto('sysMenu')
      .values({
        menuName: perms,
        menuNameI18nKey: null,
        parentId: 2019,
        orderNum: 99,
        path: null,
        component: null,
        query: null,
        isFrame: '1',
        isCache: '0',
        menuType: 'F',
        visible: '0',
        status: '0',
        perms,
        icon: null,
        createBy: 'test',
        createTime: now,
        updateBy: null,
        updateTime: null,
        remark: null,
      })
      .returning('menuId')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('sysRoleMenu').values({ roleId: 6, menuId: menu.menuId }).execute();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  owner = await t.signedIn();
  dev = await t.signedIn();
  outsider = await t.signedIn();
  const teamId = await insertTestTeam(t.db, {
    [owner.userId]: [12],
    [dev.userId]: [5],
    [outsider.userId]: [5],
  });
  // The owner also tests: the reviewer of a repair.
  projectId = await insertTestProject(t.db, teamId, { [owner.userId]: [11, 6, 8], [dev.userId]: [7] });
  const created = await api(owner, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'History of a checkout bug',
    defectDescribe: 'Steps',
    defectLevel: 'middle',
    handleBy: [dev.userId],
  });
  defectId = created.data.defectId;
  await api(owner, 'POST', `/system/defect/${defectId}/assign`, { receiveBy: [dev.userId] });
  createLogId = (
    await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogId')
      .where('defectId', '=', defectId)
      .orderBy('defectLogId')
      .executeTakeFirstOrThrow()
  ).defectLogId;
  for (const person of [owner, dev]) {
    await t.call({
      method: 'PUT',
      url: '/system/user-config',
      token: person.token,
      payload: { currentProjectId: projectId },
    });
  }
});
afterAll(async () => t.close());

const logRow = (id: number) =>
  t.db.selectFrom('sysDefectLog').selectAll().where('defectLogId', '=', id).executeTakeFirst();

describe('GET /system/log', () => {
  it('pages the history as the original client asks (pageSize=1), types by name, filtered by type', async () => {
    const page = await api(owner, 'GET', '/system/log/list', undefined, {
      defectId: String(defectId),
      pageNum: '1',
      pageSize: '1',
    });
    expect(page.total).toBe(2);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ defectLogType: 'ASSIGN', defectLogTypeName: 'ASSIGN' });
    const all = await api(owner, 'GET', '/system/log/list', undefined, { defectId: String(defectId) });
    expect(all.rows.map((r: Json) => r.defectLogType)).toEqual(['ASSIGN', 'CREATE']);
    const created = await api(owner, 'GET', '/system/log/list', undefined, {
      defectId: String(defectId),
      defectLogType: 'CREATE',
    });
    expect(created.rows.map((r: Json) => r.defectLogId)).toEqual([createLogId]);
    const toDev = await api(owner, 'GET', '/system/log/list', undefined, {
      defectId: String(defectId),
      receiveBy: String(dev.userId),
    });
    expect(toDev.rows.map((r: Json) => r.defectLogType)).toEqual(['ASSIGN', 'CREATE']);
    const toOutsider = await api(owner, 'GET', '/system/log/list', undefined, {
      defectId: String(defectId),
      receiveBy: String(outsider.userId),
    });
    expect(toOutsider.rows).toEqual([]);
  });

  it('answers one entry to the project and nothing to an outsider', async () => {
    const one = await api(dev, 'GET', `/system/log/${createLogId}`);
    expect(one.data).toMatchObject({ defectLogId: createLogId, defectLogType: 'CREATE', commentList: [] });
    expect(one.data.createByName).toBeTruthy();
    expect((await api(outsider, 'GET', `/system/log/${createLogId}`)).code).toBe(403);
  });
});

describe('notes written by hand', () => {
  let noteId = 0;

  it('are written by whoever holds system:defect:log:add, as a NOTE of the caller, now', async () => {
    // The original grants the permission to no role: a project member cannot.
    expect((await api(owner, 'POST', '/system/log', { defectId, defectLogDescribe: 'x' })).code).toBe(403);
    const res = await api(admin, 'POST', '/system/log', {
      defectId,
      defectLogDescribe: 'Confirmed with the customer',
      receiveBy: [dev.userId],
      // What the body says of author and time is not taken.
      createBy: String(dev.userId),
      createTime: '2020-01-01 00:00:00',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ defectLogType: 'NOTE', createById: 1, receiveBy: [dev.userId] });
    expect(res.data.createTime).not.toBe('2020-01-01 00:00:00');
    noteId = res.data.defectLogId;
  });

  it('cannot pretend to be a workflow entry or address a stranger', async () => {
    const closed = await api(admin, 'POST', '/system/log', {
      defectId,
      defectLogType: 'CLOSED',
      defectLogDescribe: 'closed by hand',
    });
    expect(closed.msg).toBe(
      'Only notes can be added manually; the other history entries are written by the defect workflow',
    );
    const stranger = await api(admin, 'POST', '/system/log', {
      defectId,
      defectLogDescribe: 'y',
      receiveBy: [outsider.userId],
    });
    expect(stranger.msg).toBe(`The recipient (${outsider.userId}) is not a member of this project`);
  });

  it('are edited by their author only; workflow entries never', async () => {
    const edited = await api(admin, 'PUT', '/system/log', {
      defectLogId: noteId,
      defectLogDescribe: 'Confirmed twice',
      defectLogType: 'CLOSED',
    });
    expect(edited.data).toMatchObject({ defectLogType: 'NOTE', defectLogDescribe: 'Confirmed twice' });
    const before = await logRow(createLogId);
    const rewrite = await api(admin, 'PUT', '/system/log', {
      defectLogId: createLogId,
      defectLogDescribe: 'forged',
    });
    expect(rewrite.msg).toBe(
      'A history entry written by the defect workflow cannot be changed or deleted; only a note added manually can',
    );
    expect(await logRow(createLogId)).toEqual(before);
    await grantNotesToProjectAdmins();
    const foreign = await api(owner, 'PUT', '/system/log', {
      defectLogId: noteId,
      defectLogDescribe: 'mine now',
    });
    expect(foreign.msg).toBe('Only the author of a note may change or delete it');
    expect((await logRow(noteId))?.defectLogDescribe).toBe('Confirmed twice');
  });

  it('are deleted all or nothing, with their comments', async () => {
    const own = await api(owner, 'POST', '/system/log', { defectId, defectLogDescribe: 'owner note' });
    const ownId = own.data.defectLogId as number;
    await api(dev, 'POST', '/system/comment', { correlationId: ownId, commentContent: 'on the note' });
    // One of the list is a workflow entry: nothing goes.
    const mixed = await api(owner, 'DELETE', `/system/log/${ownId},${createLogId}`);
    expect(mixed.code).toBe(500);
    expect(await logRow(ownId)).toBeDefined();
    // The admin's note in the list: not the owner's to delete.
    expect((await api(owner, 'DELETE', `/system/log/${ownId},${noteId}`)).code).toBe(500);
    const gone = await api(owner, 'DELETE', `/system/log/${ownId}`);
    expect(gone).toMatchObject({ code: 200, data: { removed: 1 } });
    expect(await logRow(ownId)).toBeUndefined();
    const orphans = await t.db
      .selectFrom('sysComment')
      .select('commentId')
      .where('correlationId', '=', ownId)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('are exported with the history as an Excel sheet (the form body the original posts)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/log/export',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/x-www-form-urlencoded',
        language: 'en_US',
      },
      payload: `defectId=${defectId}`,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Defect history');
    const actions = [];
    for (let row = 2; row <= (ws?.rowCount ?? 0); row++) actions.push(ws?.getRow(row).getCell(2).text);
    expect(actions).toEqual(['Note', 'Assigned', 'Created']);
    // Without the permission in the project (the original grants it to nobody): refused.
    const refused = await t.call({
      method: 'POST',
      url: '/system/log/export',
      token: owner.token,
      payload: { defectId },
    });
    expect(refused.body.code).toBe(403);
  });
});

describe('/system/comment', () => {
  let devComment = 0;
  let ownerComment = 0;

  beforeAll(async () => {
    devComment = (
      await api(dev, 'POST', '/system/comment', { correlationId: createLogId, commentContent: 'first' })
    ).data.commentId;
    ownerComment = (
      await api(owner, 'POST', '/system/comment', {
        correlationId: createLogId,
        commentContent: 'second',
        parentId: devComment,
      })
    ).data.commentId;
  });

  it('lists an entry’s or a defect’s comments, newest first, with their authors', async () => {
    const byEntry = await api(dev, 'GET', '/system/comment/list', undefined, {
      moduleType: 'defect_log',
      correlationId: String(createLogId),
    });
    expect(byEntry.rows.map((c: Json) => c.commentId)).toEqual([ownerComment, devComment]);
    expect(byEntry.rows[1].createMember).toMatchObject({ userId: dev.userId });
    const byDefect = await api(dev, 'GET', '/system/comment/list', undefined, {
      defectId: String(defectId),
      createById: String(owner.userId),
    });
    expect(byDefect.rows.map((c: Json) => c.commentId)).toEqual([ownerComment]);
    expect((await api(dev, 'GET', '/system/comment/list')).msg).toBe(
      'Name a history entry (correlationId) or a defect (defectId)',
    );
    expect(
      (await api(outsider, 'GET', '/system/comment/list', undefined, { correlationId: String(createLogId) }))
        .code,
    ).toBe(403);
  });

  it('answers one comment inside the project only', async () => {
    expect((await api(dev, 'GET', `/system/comment/${devComment}`)).data).toMatchObject({
      commentId: devComment,
      commentContent: 'first',
    });
    expect((await api(outsider, 'GET', `/system/comment/${devComment}`)).code).toBe(403);
  });

  it('is edited by its author only', async () => {
    const foreign = await api(owner, 'PUT', '/system/comment', {
      commentId: devComment,
      commentContent: 'hijacked',
    });
    expect(foreign.msg).toBe(
      "Only the author can edit a comment; deleting someone else's comment takes a project administrator",
    );
    const own = await api(dev, 'PUT', '/system/comment', {
      commentId: devComment,
      commentContent: 'first, edited',
    });
    expect(own.data).toMatchObject({ commentContent: 'first, edited', createById: dev.userId });
  });

  it('is removed by its author or a project administrator, never by another member', async () => {
    const extra = (
      await api(owner, 'POST', '/system/comment', { correlationId: createLogId, commentContent: 'x' })
    ).data.commentId as number;
    // The developer holds neither: the owner's comment stays, and so does the developer's own in the same list.
    expect((await api(dev, 'DELETE', `/system/comment/${devComment},${extra}`)).code).toBe(500);
    const left = await t.db
      .selectFrom('sysComment')
      .select('commentId')
      .where('commentId', 'in', [devComment, extra])
      .execute();
    expect(left).toHaveLength(2);
    // The project administrator removes someone else's; the reply to it stays, unlinked.
    expect((await api(owner, 'DELETE', `/system/comment/${devComment},${extra}`)).data).toEqual({
      removed: 2,
    });
    const reply = await t.db
      .selectFrom('sysComment')
      .selectAll()
      .where('commentId', '=', ownerComment)
      .executeTakeFirst();
    expect(reply?.parentId).toBeNull();
  });
});

describe('tabs and the defect page configuration', () => {
  it('reads one of the caller’s own tabs, and no one else’s', async () => {
    const tab = await api(dev, 'POST', '/system/tabs', {
      tabName: 'Mine',
      projectId,
      config: { defectLevel: 'middle' },
    });
    const tabId = tab.data.tabId as number;
    expect((await api(dev, 'GET', `/system/tabs/${tabId}`)).data).toMatchObject({
      tabId,
      tabName: 'Mine',
      config: { defectLevel: 'middle' },
    });
    expect((await api(owner, 'GET', `/system/tabs/${tabId}`)).code).toBe(500);
  });

  it('answers GET /system/defect/config without a projectId for the caller’s current project', async () => {
    const res = await api(dev, 'GET', '/system/defect/config');
    expect(res.code).toBe(200);
    expect(res.data.types.map((x: Json) => x.value)).toEqual(['BUG', 'TASK', 'DEMAND']);
    expect(res.data.tabs.map((x: Json) => x.projectId)).toContain(projectId);
    // No current project of one's own: refused as for any project one may not enter.
    expect((await api(outsider, 'GET', '/system/defect/config')).code).toBe(403);
  });
});

describe('POST /system/defect/{defectId}/close-edit-window', () => {
  it('drops the caller’s marker on that defect and keeps the others', async () => {
    const other = (
      await api(owner, 'POST', '/system/defect', {
        projectId,
        defectType: 'TASK',
        defectName: 'Another',
        defectDescribe: 'x',
        defectLevel: 'low',
        handleBy: [dev.userId],
      })
    ).data.defectId as number;
    await api(dev, 'GET', `/system/defect/${defectId}`);
    await api(dev, 'GET', `/system/defect/${other}`);
    const looking = async (id: number) =>
      ((await api(owner, 'GET', `/system/defect/${id}`)).data.focusList as Json[]).map((u) => u.userId);
    expect(await looking(defectId)).toContain(dev.userId);
    expect((await api(dev, 'POST', `/system/defect/${defectId}/close-edit-window`)).code).toBe(200);
    expect(await looking(defectId)).not.toContain(dev.userId);
    expect(await looking(other)).toContain(dev.userId);
  });
});

describe('the public share answer', () => {
  it('takes agingHour as the text "1" and carries projectName, rejectCount and named log entries', async () => {
    const share = await api(owner, 'POST', `/system/defect/${defectId}/shard`, {
      agingHour: '1',
      password: '',
    });
    expect(share.code).toBe(200);
    expect(share.data.agingHour).toBe(1);
    expect(
      (await api(dev, 'POST', `/system/defect/${defectId}/repair`, { receiveBy: [owner.userId] })).code,
    ).toBe(200);
    expect(
      (await api(owner, 'POST', `/system/defect/${defectId}/reject`, { defectLogDescribe: 'Still broken' }))
        .code,
    ).toBe(200);
    const open = await t.call({ method: 'GET', url: `/system/defect/0/shard/${share.data.defectShardId}` });
    const data = open.body.data;
    expect(data.defect).toMatchObject({ defectId, rejectCount: 1 });
    expect(data.defect.projectName).toMatch(/^Project /);
    expect(data.defect.handleStartTime).toBeTruthy();
    expect(data.logs[0]).toMatchObject({ defectLogType: 'REJECTED', defectLogTypeName: 'REJECTED' });
  });
});
