import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import type { DefectEvent } from '../../lib/events.ts';

let t: TestApp;
let tester: Person;
let dev: Person;
let outsider: Person;
let foreigner: Person;
let projectId: number;
let otherProject: number;
const events: DefectEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  t.events.onDefect((e) => events.push(e));
  [tester, dev, outsider, foreigner] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  const team = await insertTestTeam(t.db, {
    [tester.userId]: [5],
    [dev.userId]: [5],
    [outsider.userId]: [5],
  });
  projectId = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
  otherProject = await insertTestProject(t.db, team, { [outsider.userId]: [11] });
  // Someone of another team, who leads a project there.
  const theirs = await insertTestTeam(t.db, { [foreigner.userId]: [12] });
  await insertTestProject(t.db, theirs, { [foreigner.userId]: [11] });
});
afterAll(async () => t.close());

let api: ReturnType<typeof apiAs>;

const newDefect = (over: Json = {}) => ({
  projectId,
  defectType: 'BUG',
  defectName: 'Checkout button does nothing',
  defectDescribe: '### Steps\n1. Click **Pay**',
  defectLevel: 'height',
  handleBy: [dev.userId],
  ...over,
});
const create = async (who: Person = tester, over: Json = {}) => {
  const res = await api(who, 'POST', '/system/defect', newDefect(over));
  expect(res.code).toBe(200);
  return res.data.defectId as number;
};
const row = (defectId: number) =>
  t.db.selectFrom('sysDefect').selectAll().where('defectId', '=', defectId).executeTakeFirstOrThrow();
const handlers = async (defectId: number) =>
  (
    await t.db
      .selectFrom('sysDefectHandler')
      .select('userId')
      .where('defectId', '=', defectId)
      .orderBy('position')
      .execute()
  ).map((h) => h.userId);
const logTypes = async (defectId: number) =>
  (
    await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogType')
      .where('defectId', '=', defectId)
      .orderBy('defectLogId')
      .execute()
  ).map((l) => l.defectLogType);
async function snapshot(defectId: number) {
  return { defect: await row(defectId), handlers: await handlers(defectId), logs: await logTypes(defectId) };
}

describe('creating', () => {
  it('numbers defects per project, starts them Pending with their handlers and a CREATE entry', async () => {
    const first = await create();
    const second = await create();
    expect([(await row(first)).projectNum, (await row(second)).projectNum]).toEqual([1, 2]);
    expect(await row(first)).toMatchObject({
      defectState: 0,
      defectType: 0,
      defectLevel: 'height',
      createById: tester.userId,
    });
    expect(await handlers(first)).toEqual([dev.userId]);
    expect(await logTypes(first)).toEqual([0]);
    expect(
      events.some((e) => e.type === 'created' && e.defectId === first && e.receivers.includes(dev.userId)),
    ).toBe(true);
    const view = await api(dev, 'GET', `/system/defect/${first}`);
    expect(view.data).toMatchObject({
      projectNum: 1,
      defectType: 'BUG',
      defectStateName: 'PROCESSING',
      handleBy: [dev.userId],
    });
    expect(view.data.handleByList[0]).toMatchObject({ userId: dev.userId });
    // Its reporter, named as people are named everywhere (nickname, then account).
    expect(view.data.creator).toEqual({
      userId: tester.userId,
      userName: tester.userName,
      nickName: expect.any(String),
      avatar: null,
      isApiKey: false,
    });
    const listed = await api(dev, 'GET', '/system/defect/list', undefined, { projectId: String(projectId) });
    expect(listed.rows.find((d: Json) => d.defectId === first).creator).toEqual(view.data.creator);
    // Two handlers, in the order given, with their names.
    const both = await create(tester, { handleBy: [tester.userId, dev.userId] });
    const shown = (await api(dev, 'GET', `/system/defect/${both}`)).data;
    expect(shown.handleBy).toEqual([tester.userId, dev.userId]);
    expect(shown.handleByList.map((u: Json) => u.userName)).toEqual([tester.userName, dev.userName]);
    // A developer may assign and repair; closing needs a tester's or admin's permission.
    expect(view.data.actions.sort()).toEqual(['assign', 'repair']);
  });

  it('checks every required field and the handlers, naming the problem', async () => {
    const cases: Array<[Json, string]> = [
      [{ defectName: '  ' }, 'The defect title cannot be empty'],
      [{ defectDescribe: 'x'.repeat(65_537) }, 'The defect description is too long'],
      [{ defectLevel: 'severe' }, 'The priority must be Urgent, High, Medium or Low'],
      [{ defectType: 'EPIC' }, 'The type must be Bug, Task or Request'],
      [{ sponsor: 'x'.repeat(129) }, 'The requester may be at most 128 characters long'],
      [{ handleBy: [] }, 'Choose at least one assignee'],
      [{ handleBy: [outsider.userId] }, `The user "${outsider.userId}" is not a member of this project`],
      [{ imgUrls: '/etc/passwd' }, 'Images and attachments must be uploaded files'],
    ];
    const before = await t.db.selectFrom('sysDefect').select('defectId').execute();
    for (const [over, msg] of cases)
      expect(await api(tester, 'POST', '/system/defect', newDefect(over))).toEqual({ code: 500, msg });
    expect(await t.db.selectFrom('sysDefect').select('defectId').execute()).toEqual(before);
  });

  it("fills 1.0's defaults (a middle BUG) for a type or level left out or blank, keeps them on an edit that leaves them out, and keeps who asked for it", async () => {
    const bare = await create(tester, {
      defectType: undefined,
      defectLevel: undefined,
      sponsor: ' Sales desk ',
    });
    const blank = await create(tester, { defectType: '', defectLevel: ' ', sponsor: null });
    for (const id of [bare, blank])
      expect(await row(id)).toMatchObject({ defectType: 0, defectLevel: 'middle', defectState: 0 });
    expect((await row(bare)).sponsor).toBe('Sales desk');
    expect((await row(blank)).sponsor).toBeNull();
    await create(tester, { defectType: 'TASK', defectLevel: 'low' }).then(async (id) => {
      // An edit leaving type and level out, or blank, keeps them.
      const edit = await api(tester, 'PUT', '/system/defect', {
        defectId: id,
        defectType: '',
        sponsor: 'QA lead',
      });
      expect(edit.code).toBe(200);
      expect(await row(id)).toMatchObject({ defectType: 1, defectLevel: 'low', sponsor: 'QA lead' });
      const shown = (await api(dev, 'GET', `/system/defect/${id}`)).data;
      expect(shown.sponsor).toBe('QA lead');
      const log = await t.db
        .selectFrom('sysDefectLog')
        .select('defectLogDescribe')
        .where('defectId', '=', id)
        .where('defectLogType', '=', 8)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(log.defectLogDescribe ?? '[]')).toEqual([
        expect.objectContaining({ field: 'sponsor', oldValue: null, newValue: 'QA lead' }),
      ]);
    });
  });

  it("lists the states with their numbers and the caller's words", async () => {
    const query = { projectId: String(projectId) };
    const en = await api(tester, 'GET', '/system/defect/state', undefined, query);
    expect(en.data.map((s: Json) => [s.value, s.name])).toEqual([
      [0, 'PROCESSING'],
      [1, 'AUDIT'],
      [2, 'RESOLVED'],
      [3, 'REJECTED'],
      [4, 'CLOSED'],
    ]);
    expect(en.data.map((s: Json) => s.label)).toEqual([
      'Pending',
      'In review',
      'Resolved',
      'Rejected',
      'Closed',
    ]);
    const zh = await t.call({
      method: 'GET',
      url: '/system/defect/state',
      token: tester.token,
      lang: 'zh_CN',
      query,
    });
    expect(zh.body.data.map((s: Json) => s.label)).toEqual([
      '待处理',
      '待审核',
      '已解决',
      '已驳回',
      '已关闭',
    ]);
  });

  it('gives 50 concurrent creates the numbers that follow, without gap or duplicate', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5] });
    const fresh = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(tester, 'POST', '/system/defect', newDefect({ projectId: fresh })),
      ),
    );
    expect(results.every((r) => r.code === 200)).toBe(true);
    const numbers = (
      await t.db.selectFrom('sysDefect').select('projectNum').where('projectId', '=', fresh).execute()
    ).map((r) => r.projectNum);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('the review workflow', () => {
  it('runs repair → reject → repair → pass → reopen, with the timeline in order', async () => {
    const id = await create();
    const act = (who: Person, action: string, payload: Json = {}) =>
      api(who, 'POST', `/system/defect/${id}/${action}`, payload);
    expect(
      await act(dev, 'repair', { receiveBy: [tester.userId], defectLogDescribe: 'null check added' }),
    ).toMatchObject({ code: 200, msg: 'Fix submitted for review' });
    expect(await row(id)).toMatchObject({ defectState: 1, lastFixerId: dev.userId });
    expect(await handlers(id)).toEqual([tester.userId]);
    expect(await act(tester, 'reject', { defectLogDescribe: 'still crashes' })).toMatchObject({
      code: 200,
      msg: 'Sent back',
    });
    expect(await row(id)).toMatchObject({ defectState: 3 });
    expect(await handlers(id)).toEqual([dev.userId]);
    expect((await act(dev, 'repair', { receiveBy: [tester.userId] })).code).toBe(200);
    expect(await act(tester, 'pass')).toMatchObject({ code: 200, msg: 'Approved: the defect is closed' });
    expect((await row(id)).defectState).toBe(4);
    expect(await act(tester, 'open', { defectLogDescribe: 'seen again on mobile' })).toMatchObject({
      code: 200,
      msg: 'Reopened',
    });
    expect((await row(id)).defectState).toBe(0);
    const timeline = await api(dev, 'GET', '/system/log/list', undefined, { defectId: String(id) });
    expect(timeline.rows.map((l: Json) => l.defectLogType)).toEqual([
      'OPEN',
      'PASS',
      'REPAIR',
      'REJECTED',
      'REPAIR',
      'CREATE',
    ]);
    expect(timeline.rows[3]).toMatchObject({
      defectLogDescribe: 'still crashes',
      receiveBy: [dev.userId],
      createByName: expect.any(String),
    });
  });

  it('refuses every illegal step with its reason and changes nothing', async () => {
    const id = await create();
    const act = (who: Person, action: string, payload: Json = {}) =>
      api(who, 'POST', `/system/defect/${id}/${action}`, payload);
    const refusals: Array<[Person, string, Json, string]> = [
      [tester, 'pass', {}, 'You cannot approve a defect whose status is Pending'],
      [tester, 'reject', { defectLogDescribe: 'no' }, 'You cannot reject a defect whose status is Pending'],
      [tester, 'repair', { receiveBy: [tester.userId] }, 'Only an assignee of the defect can fix it'],
      [
        dev,
        'repair',
        { receiveBy: [outsider.userId] },
        `The user "${outsider.userId}" is not a member of this project`,
      ],
      [dev, 'repair', {}, 'Choose one reviewer'],
      [tester, 'close', { defectLogDescribe: '  ' }, 'A reason is required to close'],
      [tester, 'open', { defectLogDescribe: 'x' }, 'You cannot reopen a defect whose status is Pending'],
      [
        dev,
        'assign',
        { receiveBy: [outsider.userId] },
        `The user "${outsider.userId}" is not a member of this project`,
      ],
    ];
    const before = await snapshot(id);
    for (const [who, action, payload, msg] of refusals)
      expect(await act(who, action, payload)).toEqual({ code: 500, msg });
    // Developers hold no pass permission at all.
    expect((await act(dev, 'repair', { receiveBy: [tester.userId] })).code).toBe(200);
    const inReview = await snapshot(id);
    expect((await act(dev, 'pass')).code).toBe(403);
    expect(await act(tester, 'reject', {})).toEqual({ code: 500, msg: 'A reason is required to reject' });
    expect(await snapshot(id)).toEqual(inReview);
    expect(before.logs).toEqual([0]);
  });
});

describe('isolation and ownership', () => {
  it('answers 403 the same way for another project’s defect and for one that does not exist', async () => {
    const id = await create();
    const expected = { code: 403, msg: 'You do not have permission to access this project' };
    for (const url of [`/system/defect/${id}`, '/system/defect/987654'])
      expect(await api(outsider, 'GET', url)).toEqual(expected);
    expect(await api(outsider, 'POST', `/system/defect/${id}/close`, { defectLogDescribe: 'x' })).toEqual(
      expected,
    );
    expect(
      await api(outsider, 'GET', '/system/defect/list', undefined, { projectId: String(projectId) }),
    ).toEqual(expected);
    expect(await api(outsider, 'POST', '/system/defect', newDefect())).toEqual(expected);
    expect(
      await api(
        outsider,
        'POST',
        '/system/defect',
        newDefect({ projectId: otherProject, handleBy: [outsider.userId] }),
      ),
    ).toMatchObject({ code: 200 });
  });

  it('refuses a teammate outside the project and a member of another team on update, delete, log and share', async () => {
    const id = await create(tester);
    const before = await snapshot(id);
    const expected = { code: 403, msg: 'You do not have permission to access this project' };
    for (const who of [outsider, foreigner]) {
      const calls: [string, string, Json?, Record<string, string>?][] = [
        ['PUT', '/system/defect', { defectId: id, defectName: 'Taken over', handleBy: [who.userId] }],
        ['DELETE', `/system/defect/${id}`],
        ['POST', '/system/log', { defectId: id, defectLogDescribe: 'I was here' }],
        ['GET', '/system/log/list', undefined, { defectId: String(id) }],
        ['POST', `/system/defect/${id}/shard`, { agingHour: 1 }],
        ['GET', `/system/defect/${id}/shard`],
      ];
      for (const [method, url, body, query] of calls)
        expect(await api(who, method as 'GET', url, body, query), `${method} ${url}`).toEqual(expected);
    }
    expect(await snapshot(id)).toEqual(before);
    const shares = await t.db
      .selectFrom('sysDefectShard')
      .select('defectId')
      .where('defectId', '=', id)
      .execute();
    expect(shares).toEqual([]);
  });

  it('keeps deleting to its creator and the roles that may remove any; a developer may edit, as the original grants', async () => {
    const id = await create(tester);
    const before = await snapshot(id);
    // A developer (7) lacks system:defect:remove: not theirs, not removed.
    expect(await api(dev, 'DELETE', `/system/defect/${id}`)).toEqual({
      code: 403,
      msg: 'You do not have permission to do this; ask an administrator to grant it',
    });
    expect(await snapshot(id)).toEqual(before);
    // Roles 6 to 9 hold system:defect:edit (the original's grants): the developer's edit is taken.
    expect((await api(dev, 'PUT', '/system/defect', { defectId: id, defectName: 'Clarified' })).code).toBe(
      200,
    );
    expect(await row(id)).toMatchObject({ defectName: 'Clarified' });
  });

  it('lets the creator edit and delete, records both, and hides deleted defects', async () => {
    const id = await create(tester);
    expect(
      (
        await api(tester, 'PUT', '/system/defect', {
          defectId: id,
          defectName: 'Renamed',
          handleBy: [dev.userId, tester.userId],
        })
      ).code,
    ).toBe(200);
    expect(await row(id)).toMatchObject({ defectName: 'Renamed' });
    expect(await handlers(id)).toEqual([dev.userId, tester.userId]);
    expect((await api(tester, 'DELETE', `/system/defect/${id}`)).code).toBe(200);
    expect(await logTypes(id)).toEqual([0, 8, 10]);
    expect(await api(dev, 'GET', `/system/defect/${id}`)).toEqual({
      code: 403,
      msg: 'You do not have permission to access this project',
    });
  });
});

describe('the list', () => {
  it('filters by state, handler, number, involvement and follow, and pages', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5], [dev.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const a = await create(tester, { projectId: p, defectName: 'Login fails' });
    const b = await create(tester, { projectId: p, defectName: 'Logout slow', handleBy: [tester.userId] });
    await api(tester, 'POST', `/system/defect/${b}/close`, { defectLogDescribe: 'dup' });
    await api(dev, 'PUT', `/system/defect/${a}`, { collect: 1 });
    const list = (query: Record<string, string>, who = dev) =>
      api(who, 'GET', '/system/defect/list', undefined, { projectId: String(p), ...query });
    const all = await list({});
    expect(all).toMatchObject({ code: 200, total: 2 });
    expect((await list({ 'params[defectStates]': '4' })).rows.map((r: Json) => r.defectId)).toEqual([b]);
    expect((await list({ defectState: 'PROCESSING' })).rows.map((r: Json) => r.defectId)).toEqual([a]);
    expect((await list({ handleBy: String(tester.userId) })).rows.map((r: Json) => r.defectId)).toEqual([b]);
    expect((await list({ defectName: '#2' })).rows.map((r: Json) => r.defectId)).toEqual([b]);
    expect((await list({ defectName: 'Login' })).rows.map((r: Json) => r.defectId)).toEqual([a]);
    expect((await list({ 'params[userId]': String(dev.userId) })).rows.map((r: Json) => r.defectId)).toEqual([
      a,
    ]);
    expect((await list({ 'params[collect]': '1' })).rows.map((r: Json) => r.defectId)).toEqual([a]);
    const page = await list({ pageSize: '1', pageNum: '2', orderByColumn: 'projectNum', isAsc: 'asc' });
    expect(page).toMatchObject({ total: 2, rows: [{ defectId: b, collect: false }] });
    // The view carries the reader's own star only.
    expect((await api(dev, 'GET', `/system/defect/${a}`)).data.collect).toBe(true);
    expect((await api(tester, 'GET', `/system/defect/${a}`)).data.collect).toBe(false);
  });

  it('finds, for the calendar, defects planned or updated inside a window', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5], [dev.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const march = await create(tester, {
      projectId: p,
      planStartTime: '2030-03-02 09:00:00',
      planEndTime: '2030-03-04 18:00:00',
    });
    const spanning = await create(tester, {
      projectId: p,
      planStartTime: '2030-01-01 09:00:00',
      planEndTime: '2030-12-31 18:00:00',
    });
    await create(tester, {
      projectId: p,
      planStartTime: '2030-05-01 09:00:00',
      planEndTime: '2030-05-02 09:00:00',
    });
    const res = await api(tester, 'GET', '/system/defect/list', undefined, {
      projectId: String(p),
      'params[calendarStartDate]': '2030-03-01',
      'params[calendarEndDate]': '2030-03-31',
      orderByColumn: 'projectNum',
      isAsc: 'asc',
    });
    expect(res.rows.map((r: Json) => r.defectId)).toEqual([march, spanning]);
  });
});

describe('keyword search', () => {
  it('finds words in titles, descriptions and comments, in Chinese and English, long and short', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5], [dev.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const title = await create(tester, {
      projectId: p,
      defectName: '支付页面白屏',
      defectDescribe: 'Blank page after paying',
    });
    const body = await create(tester, {
      projectId: p,
      defectName: 'Crash',
      defectDescribe: '点击登录按钮后应用崩溃',
    });
    const commented = await create(tester, {
      projectId: p,
      defectName: 'Slow',
      defectDescribe: 'It is slow',
    });
    const timeline = await api(tester, 'GET', '/system/log/list', undefined, { defectId: String(commented) });
    const logId = timeline.rows[0].defectLogId;
    expect(
      (
        await api(dev, 'POST', '/system/comment', {
          commentContent: 'Reproduced with the checkout flow',
          correlationId: logId,
        })
      ).code,
    ).toBe(200);
    const search = async (keyword: string) =>
      (
        await api(dev, 'GET', '/system/defect/list', undefined, {
          projectId: String(p),
          'params[keyword]': keyword,
        })
      ).rows
        .map((r: Json) => r.defectId)
        .sort();
    expect(await search('白屏')).toEqual([title]);
    expect(await search('支付页面')).toEqual([title]);
    expect(await search('登录按钮')).toEqual([body]);
    expect(await search('after pay')).toEqual([title]);
    expect(await search('checkout flow')).toEqual([commented]);
    expect(await search('nothing like this')).toEqual([]);
    expect(await search('100%')).toEqual([]);
    // Deleted defects leave the index.
    expect((await api(tester, 'DELETE', `/system/defect/${title}`)).code).toBe(200);
    expect(await search('白屏')).toEqual([]);
  });
});

describe('large lists', () => {
  it('keeps the state tally exact through creates, actions, deletes and imports of SQL', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5], [dev.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const a = await create(tester, { projectId: p });
    const b = await create(tester, { projectId: p, defectType: 'TASK' });
    await create(tester, { projectId: p });
    await api(tester, 'POST', `/system/defect/${a}/close`, { defectLogDescribe: 'dup' });
    await api(tester, 'POST', `/system/defect/${a}/open`, { receiveBy: [dev.userId] });
    await api(tester, 'POST', `/system/defect/${b}/close`, { defectLogDescribe: 'done' });
    await api(tester, 'DELETE', `/system/defect/${a}`);
    // A change made outside the service is counted too (the tally is kept by triggers).
    await t.db.updateTable('sysDefect').set({ defectState: 1 }).where('defectId', '=', b).execute();
    const counted = async (query: Record<string, string>) => {
      const res = await api(dev, 'GET', '/system/defect/list', undefined, { projectId: String(p), ...query });
      return res.total as number;
    };
    const exact = async (states: number[], type?: number) => {
      let q = t.db
        .selectFrom('sysDefect')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', p)
        .where('isDeleted', '=', 0)
        .where('defectState', 'in', states);
      if (type !== undefined) q = q.where('defectType', '=', type);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    for (const states of [[0], [1], [4], [0, 1, 3]]) {
      expect(await counted({ 'params[defectStates]': states.join(',') })).toBe(await exact(states));
    }
    expect(await counted({ 'params[defectStates]': '1', defectType: 'TASK' })).toBe(1);
    expect(await counted({})).toBe(2);
    const tally = await t.db.selectFrom('sysDefectTally').selectAll().where('projectId', '=', p).execute();
    expect(tally.filter((r) => r.n !== 0).sort((x, y) => x.defectType - y.defectType)).toEqual([
      { projectId: p, defectType: 0, defectState: 0, n: 1 },
      { projectId: p, defectType: 1, defectState: 1, n: 1 },
    ]);
  });

  it('finds "#12" by number only, and answers a common keyword newest first with a capped total', async () => {
    const team = await insertTestTeam(t.db, { [tester.userId]: [5], [dev.userId]: [5] });
    const p = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
    const twelve = await create(tester, { projectId: p, defectName: 'Number twelve' });
    await t.db.updateTable('sysDefect').set({ projectNum: 12 }).where('defectId', '=', twelve).execute();
    await create(tester, { projectId: p, defectName: 'Mentions #12 in its title' });
    const list = (query: Record<string, string>) =>
      api(dev, 'GET', '/system/defect/list', undefined, { projectId: String(p), ...query });
    expect((await list({ defectName: '#12' })).rows.map((r: Json) => r.defectId)).toEqual([twelve]);
    expect((await list({ defectName: '12' })).total).toBe(2);
    expect((await list({ defectName: 'Mentions' })).total).toBe(1);

    const now = '2030-01-01 00:00:00';
    const many = Array.from({ length: 1005 }, (_, i) => ({
      projectId: p,
      projectNum: 100 + i,
      defectType: 0,
      defectName: `Bulk checkout ${i}`,
      defectDescribe: 'made in bulk',
      defectLevel: 'low',
      defectState: 0,
      isDeleted: 0,
      createById: tester.userId,
      createTime: now,
      // Older rows updated later: the keyword order (newest first) differs from the update order.
      updateTime: `2030-01-01 00:${String(Math.floor((1004 - i) / 60)).padStart(2, '0')}:${String((1004 - i) % 60).padStart(2, '0')}`,
    }));
    const ids: number[] = [];
    for (let at = 0; at < many.length; at += 200) {
      const rows = await t.db
        .insertInto('sysDefect')
        .values(many.slice(at, at + 200))
        .returning('defectId')
        .execute();
      ids.push(...rows.map((r) => r.defectId));
    }
    const { indexNewDefects } = await import('./defect-search.ts');
    await indexNewDefects(t.db, ids);
    const found = await list({ 'params[keyword]': 'checkout', pageSize: '3' });
    expect(found).toMatchObject({ code: 200, total: 1000, totalCapped: true });
    expect(found.rows.map((r: Json) => r.defectName)).toEqual([
      'Bulk checkout 1004',
      'Bulk checkout 1003',
      'Bulk checkout 1002',
    ]);
    // An explicit sort is honoured.
    const byUpdate = await list({
      'params[keyword]': 'checkout',
      pageSize: '1',
      orderByColumn: 'updateTime',
      isAsc: 'desc',
    });
    expect(byUpdate.rows[0].defectName).toBe('Bulk checkout 0');
    const few = await list({ 'params[keyword]': 'checkout 100' });
    expect(few.total).toBe(6);
    expect(few.totalCapped).toBeUndefined();
  });
});
