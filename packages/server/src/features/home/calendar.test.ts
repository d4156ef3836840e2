import { DefectLogType } from '@buglet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import {
  apiAs,
  createTestApp,
  isPostgres,
  type Json,
  type Person,
  type TestApp,
} from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let watcher: Person;
let stranger: Person;
let projectId: number;
let theirs: number;

const defect = async (
  who: Person,
  name: string,
  extra: Record<string, unknown> = {},
  project = projectId,
) => {
  const res = await api(who, 'POST', '/system/defect', {
    projectId: project,
    defectType: 'BUG',
    defectName: name,
    defectDescribe: 'x',
    defectLevel: 'middle',
    handleBy: [dev.userId],
    ...extra,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.defectId as number;
};

const calendar = async (who: Person, from: string, to: string, range?: 'mine' | 'projects') =>
  api(who, 'GET', '/system/home/calendar', undefined, { from, to, ...(range ? { range } : {}) });
const names = (res: Json) => res.data.items.map((d: { defectName: string }) => d.defectName);

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, watcher, stranger] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  const teamId = await insertTestTeam(t.db, {
    [lead.userId]: [12],
    [dev.userId]: [5],
    [watcher.userId]: [5],
  });
  // The watcher is in the project without a role: no defect list, no editing.
  projectId = await insertTestProject(
    t.db,
    teamId,
    { [lead.userId]: [6], [dev.userId]: [8], [watcher.userId]: [] },
    { name: 'Shop' },
  );
  const otherTeam = await insertTestTeam(t.db, { [stranger.userId]: [12] });
  theirs = await insertTestProject(t.db, otherTeam, { [stranger.userId]: [6] }, { name: 'Secret shop' });

  await defect(lead, 'Handled by dev', {
    planStartTime: '2030-03-03 09:00:00',
    planEndTime: '2030-03-05 18:00:00',
  });
  await defect(dev, 'Made by dev', {
    handleBy: [lead.userId],
    planStartTime: '2030-03-20 00:00:00',
    planEndTime: '2030-03-20 23:59:59',
  });
  await defect(lead, 'Lead alone', {
    handleBy: [lead.userId],
    planStartTime: '2030-03-10 00:00:00',
    planEndTime: '2030-03-11 00:00:00',
  });
  await defect(lead, 'Spans the month', {
    planStartTime: '2030-01-15 00:00:00',
    planEndTime: '2030-05-01 00:00:00',
  });
  await defect(lead, 'Only an end', { planEndTime: '2030-03-31 12:00:00' });
  await defect(lead, 'Only a start', { planStartTime: '2030-03-01' });
  await defect(lead, 'Before the window', {
    planStartTime: '2030-02-01 00:00:00',
    planEndTime: '2030-02-28 23:59:59',
  });
  await defect(lead, 'After the window', { planStartTime: '2030-04-01 00:00:00' });
  await defect(lead, 'No plan');
  const deleted = await defect(lead, 'Deleted', { planStartTime: '2030-03-04 00:00:00' });
  expect((await api(lead, 'DELETE', `/system/defect/${deleted}`)).code).toBe(200);
  // Another team's defect that names dev as handler: never on dev's calendar.
  const foreign = await defect(
    stranger,
    'Foreign',
    { handleBy: [stranger.userId], planStartTime: '2030-03-04 00:00:00' },
    theirs,
  );
  await t.db
    .insertInto('sysDefectHandler')
    .values({ defectId: foreign, userId: dev.userId, position: 1 })
    .execute();
});
afterAll(async () => t.close());

describe('the personal calendar', () => {
  it('shows the defects I handle or made whose plan meets the window, earliest first', async () => {
    const res = await calendar(dev, '2030-03-01', '2030-03-31');
    expect(res.code).toBe(200);
    expect(names(res)).toEqual([
      'Spans the month',
      'Only a start',
      'Handled by dev',
      'Made by dev',
      'Only an end',
    ]);
    expect(res.data.isTruncated).toBe(false);
    const handled = res.data.items.find((d: Json) => d.defectName === 'Handled by dev');
    expect(handled).toMatchObject({
      projectName: 'Shop',
      planStartTime: '2030-03-03 09:00:00',
      planEndTime: '2030-03-05 18:00:00',
      isHandler: true,
      isCreator: false,
      isEditable: true,
    });
    const made = res.data.items.find((d: Json) => d.defectName === 'Made by dev');
    expect(made).toMatchObject({ isHandler: false, isCreator: true, isEditable: true });
    // The window's last day counts whole; its first day counts from midnight.
    expect(names(await calendar(dev, '2030-03-05', '2030-03-05'))).toContain('Handled by dev');
    expect(names(await calendar(dev, '2030-03-06', '2030-03-06'))).not.toContain('Handled by dev');
    expect(names(await calendar(dev, '2030-03-01', '2030-03-01'))).toEqual([
      'Spans the month',
      'Only a start',
    ]);
  });

  it("adds my projects' other defects on request, never another team's", async () => {
    const res = await calendar(dev, '2030-03-01', '2030-03-31', 'projects');
    expect(names(res)).toContain('Lead alone');
    expect(names(res)).toHaveLength(6);
    expect(res.data.items.find((d: Json) => d.defectName === 'Lead alone')).toMatchObject({
      isHandler: false,
      isCreator: false,
      isEditable: true,
    });
    for (const who of [dev, lead]) {
      const text = JSON.stringify(await calendar(who, '2030-03-01', '2030-03-31', 'projects'));
      expect(text).not.toContain('Foreign');
      expect(text).not.toContain('Secret shop');
      expect(text).not.toContain('"Deleted"');
    }
    expect(names(await calendar(stranger, '2030-03-01', '2030-03-31', 'projects'))).toEqual(['Foreign']);
    expect(names(await calendar(await t.signedIn(), '2030-03-01', '2030-03-31', 'projects'))).toEqual([]);
  });

  it('shows a member without the defect list only their own, and not as movable', async () => {
    const mine = await defect(lead, 'For the watcher', {
      handleBy: [watcher.userId],
      planStartTime: '2030-03-12 00:00:00',
    });
    for (const range of ['mine', 'projects'] as const) {
      const res = await calendar(watcher, '2030-03-01', '2030-03-31', range);
      expect(names(res)).toEqual(['For the watcher']);
      expect(res.data.items[0]).toMatchObject({ defectId: mine, isHandler: true, isEditable: false });
    }
    // The calendar's word is the server's: the same move is refused by PUT /system/defect.
    const moved = await api(watcher, 'PUT', '/system/defect', {
      defectId: mine,
      planStartTime: '2030-03-13 00:00:00',
    });
    expect(moved.code).toBe(403);
  });

  it("marks an archived project's defects as not movable", async () => {
    await t.db.updateTable('sysProject').set({ isArchived: 1 }).where('projectId', '=', projectId).execute();
    try {
      const res = await calendar(dev, '2030-03-01', '2030-03-31');
      expect(res.data.items.length).toBeGreaterThan(0);
      expect(res.data.items.every((d: Json) => d.isEditable === false)).toBe(true);
    } finally {
      await t.db
        .updateTable('sysProject')
        .set({ isArchived: 0 })
        .where('projectId', '=', projectId)
        .execute();
    }
  });

  it('refuses a window that is malformed, backwards or longer than 62 days, in the caller’s language', async () => {
    const cases: [string, string, string][] = [
      ['2030-03-31', '2030-03-01', "The calendar's end date cannot be before its start date"],
      ['2030-03-01', '2030-05-02', 'The calendar shows at most 62 days at a time'],
      ['2030-02-30', '2030-03-01', 'Calendar dates must be in the format yyyy-MM-dd'],
      ['2030-03-01 00:00:00', '2030-03-02', 'Calendar dates must be in the format yyyy-MM-dd'],
    ];
    for (const [from, to, msg] of cases) {
      const res = await calendar(dev, from, to);
      expect(res).toMatchObject({ code: 500, msg });
    }
    // 62 days, both ends counted, is the most.
    expect((await calendar(dev, '2030-03-01', '2030-05-01')).code).toBe(200);
    const zh = await t.call({
      method: 'GET',
      url: '/system/home/calendar',
      query: { from: '2030-03-01', to: '2030-06-01' },
      token: dev.token,
      lang: 'zh_CN',
    });
    expect(zh.body).toMatchObject({ code: 500, msg: '日历一次最多显示 62 天' });
    const missing = await api(dev, 'GET', '/system/home/calendar');
    expect(missing).toMatchObject({ code: 500, msg: 'Calendar dates must be in the format yyyy-MM-dd' });
    const anonymous = await t.call({
      method: 'GET',
      url: '/system/home/calendar',
      query: { from: '2030-03-01', to: '2030-03-02' },
    });
    expect(anonymous.body.code).toBe(401);
  });
});

describe('moving a plan (a drag on the calendar sends PUT /system/defect)', () => {
  it('moves both ends, records the change, and the calendar shows the new days', async () => {
    const id = await defect(lead, 'To drag', {
      planStartTime: '2030-07-01 09:00:00',
      planEndTime: '2030-07-03 18:00:00',
    });
    const res = await api(dev, 'PUT', '/system/defect', {
      defectId: id,
      planStartTime: '2030-07-05 09:00:00',
      planEndTime: '2030-07-07 18:00:00',
    });
    expect(res.code, res.msg).toBe(200);
    const row = await t.db
      .selectFrom('sysDefect')
      .select(['planStartTime', 'planEndTime', 'updateBy', 'defectName'])
      .where('defectId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      planStartTime: '2030-07-05 09:00:00',
      planEndTime: '2030-07-07 18:00:00',
      updateBy: dev.userName,
      defectName: 'To drag',
    });
    const logs = await t.db
      .selectFrom('sysDefectLog')
      .select(['defectLogType', 'createById'])
      .where('defectId', '=', id)
      .orderBy('defectLogId')
      .execute();
    expect(logs.at(-1)).toEqual({ defectLogType: DefectLogType.UPDATE, createById: dev.userId });
    const shown = await calendar(dev, '2030-07-01', '2030-07-31');
    expect(shown.data.items).toMatchObject([{ defectId: id, planStartTime: '2030-07-05 09:00:00' }]);
  });

  it('refuses an end before the start with a clear message, whole or one end at a time', async () => {
    const id = await defect(lead, 'Ordered', {
      planStartTime: '2030-08-10 09:00:00',
      planEndTime: '2030-08-12 18:00:00',
    });
    const backwards = await api(dev, 'PUT', '/system/defect', {
      defectId: id,
      planStartTime: '2030-08-12 09:00:00',
      planEndTime: '2030-08-11 18:00:00',
    });
    expect(backwards).toMatchObject({ code: 500, msg: 'The planned end cannot be before the planned start' });
    // Moving one end past the other, with the other end left as it is.
    const endOnly = await api(dev, 'PUT', '/system/defect', {
      defectId: id,
      planEndTime: '2030-08-09 00:00:00',
    });
    expect(endOnly).toMatchObject({ code: 500, msg: 'The planned end cannot be before the planned start' });
    const startOnly = await api(dev, 'PUT', '/system/defect', { defectId: id, planStartTime: '2030-08-13' });
    expect(startOnly.code).toBe(500);
    const row = await t.db
      .selectFrom('sysDefect')
      .select(['planStartTime', 'planEndTime'])
      .where('defectId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ planStartTime: '2030-08-10 09:00:00', planEndTime: '2030-08-12 18:00:00' });
    // A start on the same day as a date-only end is fine once the end is later; clearing one end is fine.
    expect(
      (await api(dev, 'PUT', '/system/defect', { defectId: id, planEndTime: '2030-08-10 09:00' })).code,
    ).toBe(200);
    expect((await api(dev, 'PUT', '/system/defect', { defectId: id, planStartTime: null })).code).toBe(200);
    const zh = await t.call({
      method: 'POST',
      url: '/system/defect',
      token: lead.token,
      lang: 'zh_CN',
      payload: {
        projectId,
        defectType: 'BUG',
        defectName: 'Backwards',
        defectDescribe: 'x',
        defectLevel: 'low',
        handleBy: [dev.userId],
        planStartTime: '2030-08-02 00:00:00',
        planEndTime: '2030-08-01 00:00:00',
      },
    });
    expect(zh.body).toMatchObject({ code: 500, msg: '计划结束时间不能早于计划开始时间' });
  });

  it('finds a window through the plan index (SQLite plan)', async () => {
    // The repository's expression must be the index's, or the index is never used.
    if (isPostgres()) return;
    const { rows } = await sql<{ detail: string }>`explain query plan
      select d.defect_id from sys_defect as d
      where d.project_id in (${projectId}) and d.is_deleted = 0
        and coalesce(d.plan_end_time, d.plan_start_time) >= ${'2030-03-01'}
        and coalesce(d.plan_start_time, d.plan_end_time) <= ${'2030-03-31 23:59:59'}`.execute(t.db);
    expect(rows.map((r) => r.detail).join('\n')).toContain('sys_defect_plan_idx');
  });
});
