import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { periodStarts } from './defect-statistics.routes.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  const res = await api(lead, 'POST', '/system/project', {
    teamId,
    projectName: 'Panels',
    members: [{ userId: dev.userId, roleIds: [8] }],
  });
  projectId = res.data.projectId;
});
afterAll(async () => t.close());

describe('defect tabs', () => {
  it('start with a "Mine" tab for every member, shown in the reader’s language', async () => {
    const config = await api(dev, 'GET', '/system/defect/config', undefined, {
      projectId: String(projectId),
    });
    expect(config.data.tabs).toMatchObject([{ tabName: 'Mine', config: { handleBy: [dev.userId] } }]);
    expect(config.data.states.map((s: Json) => s.value)).toEqual([
      'PROCESSING',
      'AUDIT',
      'REJECTED',
      'CLOSED',
    ]);
    const zh = await t.call({
      method: 'GET',
      url: '/system/tabs/list',
      token: lead.token,
      query: { projectId: String(projectId) },
    });
    expect(zh.body.rows[0].tabName).toBe('我的');
  });

  it('keep the default tab following the language when it is updated under its shown name', async () => {
    const [my] = (await api(dev, 'GET', '/system/defect/config', undefined, { projectId: String(projectId) }))
      .data.tabs as Json[];
    const put = (tabName: string) =>
      api(dev, 'PUT', '/system/tabs', {
        tabId: my?.tabId,
        tabName,
        projectId,
        config: { defectLevel: 'low' },
      });
    expect((await put('Mine')).code).toBe(200);
    const zh = await t.call({
      method: 'GET',
      url: '/system/tabs/list',
      token: dev.token,
      query: { projectId: String(projectId) },
    });
    expect(zh.body.rows[0]).toMatchObject({ tabName: '我的', config: { defectLevel: 'low' } });
    expect((await put('Low ones')).code).toBe(200);
    const renamed = await api(dev, 'GET', '/system/tabs/list', undefined, { projectId: String(projectId) });
    expect(renamed.rows[0].tabName).toBe('Low ones');
  });

  it('belong to their owner only', async () => {
    const created = await api(lead, 'POST', '/system/tabs', {
      tabName: 'Urgent',
      projectId,
      config: { defectLevel: 'urgent' },
    });
    expect(created.data).toMatchObject({
      tabName: 'Urgent',
      userId: lead.userId,
      config: { defectLevel: 'urgent' },
    });
    const tabId = created.data.tabId as number;
    expect(await api(dev, 'DELETE', `/system/tabs/${tabId}`)).toEqual({
      code: 500,
      msg: 'The tab does not exist',
    });
    expect(await api(dev, 'PUT', '/system/tabs', { tabId, tabName: 'Mine now', projectId })).toEqual({
      code: 500,
      msg: 'The tab does not exist',
    });
    expect((await api(lead, 'DELETE', `/system/tabs/${tabId}`)).code).toBe(200);
    expect(
      await t.db.selectFrom('sysProjectDefectTabs').select('tabId').where('tabId', '=', tabId).execute(),
    ).toEqual([]);
  });

  it("take 1.0's new order after a drag, the caller's own only", async () => {
    const make = async (tabName: string) =>
      (await api(lead, 'POST', '/system/tabs', { tabName, projectId, config: {} })).data.tabId as number;
    const [a, b] = [await make('First'), await make('Second')];
    const names = async () =>
      (
        (await api(lead, 'GET', '/system/tabs/list', undefined, { projectId: String(projectId) }))
          .rows as Json[]
      )
        .map((x) => x.tabName)
        .filter((n) => n === 'First' || n === 'Second');
    expect(await names()).toEqual(['First', 'Second']);
    expect(
      (
        await api(lead, 'PUT', '/system/tabs/sort', [
          { tabId: b, tabSort: 1 },
          { tabId: a, tabSort: 2 },
        ] as never)
      ).code,
    ).toBe(200);
    expect(await names()).toEqual(['Second', 'First']);
    // Someone else's tab is not theirs to order; nothing moves.
    expect(await api(dev, 'PUT', '/system/tabs/sort', [{ tabId: a, tabSort: 0 }] as never)).toEqual({
      code: 500,
      msg: 'The tab does not exist',
    });
    expect((await api(lead, 'PUT', '/system/tabs/sort', [] as never)).msg).toBe(
      'Give the tabs with their places in order',
    );
    expect(await names()).toEqual(['Second', 'First']);
  });
});

describe('statistics', () => {
  it('count by type and by state with today’s and this week’s changes, all and mine', async () => {
    const create = (who: Person, defectType: string) =>
      api(who, 'POST', '/system/defect', {
        projectId,
        defectType,
        defectName: `A ${defectType}`,
        defectDescribe: 'd',
        defectLevel: 'middle',
        handleBy: [dev.userId],
      });
    const a = (await create(lead, 'BUG')).data.defectId;
    await create(lead, 'BUG');
    await create(dev, 'TASK');
    expect((await api(lead, 'POST', `/system/defect/${a}/close`, { defectLogDescribe: 'dup' })).code).toBe(
      200,
    );
    // One closed long ago: counted, but not as changed today or this week.
    await t.db
      .updateTable('sysDefect')
      .set({ updateTime: '2020-01-01 00:00:00' })
      .where('defectId', '=', a)
      .execute();

    const types = await api(lead, 'GET', `/system/defect/statistic/type/${projectId}`);
    expect(types.data).toEqual([
      { k: 'BUG', v: 2 },
      { k: 'TASK', v: 1 },
      { k: 'DEMAND', v: 0 },
    ]);
    const states = await api(lead, 'GET', `/system/defect/statistic/state/${projectId}`);
    expect(states.data.find((s: Json) => s.k === 'PROCESSING')).toEqual({
      id: 0,
      k: 'PROCESSING',
      a: 2,
      d: 2,
      w: 2,
    });
    expect(states.data.find((s: Json) => s.k === 'CLOSED')).toEqual({ id: 4, k: 'CLOSED', a: 1, d: 0, w: 0 });
    const mine = await api(dev, 'GET', `/system/defect/statistic/type/${projectId}/my`);
    expect(mine.data).toEqual([
      { k: 'BUG', v: 0 },
      { k: 'TASK', v: 1 },
      { k: 'DEMAND', v: 0 },
    ]);
  });

  it('start the week on Monday', () => {
    expect(periodStarts(new Date(2026, 10, 18, 15, 30))).toEqual({
      today: '2026-11-18 00:00:00',
      week: '2026-11-16 00:00:00',
    });
    expect(periodStarts(new Date(2026, 10, 22, 9, 0))).toEqual({
      today: '2026-11-22 00:00:00',
      week: '2026-11-16 00:00:00',
    });
  });

  it('rank deliverables least finished first and count each member’s defects by state', async () => {
    const [shop, blog] = (
      await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop', 'Blog'] })
    ).data as Json[];
    const make = async (moduleId: number | null, close: boolean) => {
      const res = await api(lead, 'POST', '/system/defect', {
        projectId,
        defectType: 'BUG',
        defectName: 'Ranked',
        defectDescribe: 'd',
        defectLevel: 'low',
        handleBy: [dev.userId],
        moduleId,
      });
      if (close)
        await api(lead, 'POST', `/system/defect/${res.data.defectId}/close`, { defectLogDescribe: 'ok' });
    };
    await make(shop?.moduleId, false);
    await make(shop?.moduleId, false);
    await make(blog?.moduleId, true);
    await make(blog?.moduleId, false);
    const ranking = await api(lead, 'GET', `/system/defect/statistic/module/${projectId}`);
    // Shop 0/2 finished, then the defects without a deliverable (1/3 from the test above), then Blog 1/2.
    expect(ranking.rows).toEqual([
      { id: shop?.moduleId, k: 'Shop', a: 2, f: 0 },
      { id: 0, k: 'No deliverable', a: 3, f: 1 },
      { id: blog?.moduleId, k: 'Blog', a: 2, f: 1 },
    ]);
    expect(ranking.total).toBe(3);
    const page = await api(lead, 'GET', `/system/defect/statistic/module/${projectId}`, undefined, {
      pageSize: '1',
      pageNum: '3',
    });
    expect(page.rows.map((x: Json) => x.k)).toEqual(['Blog']);

    const members = await api(lead, 'GET', `/system/defect/statistic/member/${projectId}`);
    expect(members.data[0]).toMatchObject({ userId: dev.userId, processing: 5, closed: 2, open: 5 });
    expect(members.data[1]).toMatchObject({ userId: lead.userId, processing: 0, closed: 0, open: 0 });
  });
});

describe('panel layouts', () => {
  it('keep one layout per user and project, checked, and only for their owner', async () => {
    const save = (who: Person, config: string) =>
      api(who, 'POST', '/system/statistic', { moduleType: 1, projectId, statisticTemplatConfig: config });
    const first = await save(lead, JSON.stringify([{ name: 'DefectState' }, { name: 'MyLife' }]));
    expect(first.code).toBe(200);
    const second = await save(lead, JSON.stringify([{ name: 'DefectType' }]));
    expect(second.data.statisticTemplateId).toBe(first.data.statisticTemplateId);
    const list = await api(lead, 'GET', '/system/statistic/list', undefined, {
      projectId: String(projectId),
    });
    expect(list.rows).toHaveLength(1);
    expect(JSON.parse(list.rows[0].statisticTemplatConfig)).toEqual([{ name: 'DefectType' }]);
    expect((await save(lead, '[{"name":"Nope"}]')).msg).toBe('The panel layout is not valid');
    expect((await save(lead, '{not json')).msg).toBe('The panel layout is not valid');
    // Another member sees only their own (none yet) and cannot read or delete the lead's.
    expect(
      (await api(dev, 'GET', '/system/statistic/list', undefined, { projectId: String(projectId) })).rows,
    ).toEqual([]);
    const id = first.data.statisticTemplateId;
    expect((await api(dev, 'GET', `/system/statistic/${id}`)).msg).toBe('The panel layout does not exist');
    await api(dev, 'DELETE', `/system/statistic/${id}`);
    expect((await api(lead, 'GET', `/system/statistic/${id}`)).code).toBe(200);
  });
});
