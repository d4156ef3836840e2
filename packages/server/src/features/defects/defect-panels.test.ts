import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { periodStarts } from './defect-statistics.routes.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let lead: Person;
let dev: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
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

async function api(
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
  query?: Record<string, string>,
) {
  return (
    await t.call({
      method,
      url,
      token: who.token,
      lang: 'en_US',
      ...(payload ? { payload } : {}),
      ...(query ? { query } : {}),
    })
  ).body;
}

describe('defect tabs', () => {
  it('start with a "My" tab for every member, shown in the reader’s language', async () => {
    const config = await api(dev, 'GET', '/system/defect/config', undefined, {
      projectId: String(projectId),
    });
    expect(config.data.tabs).toMatchObject([{ tabName: 'My', config: { handleBy: [dev.userId] } }]);
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
});
