import { DefectState } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let stranger: Person;
let projectId: number;
let theirs: number;

const defect = async (who: Person, name: string, extra: Record<string, unknown> = {}, project = projectId) =>
  (
    await api(who, 'POST', '/system/defect', {
      projectId: project,
      defectType: 'BUG',
      defectName: name,
      defectDescribe: 'x',
      defectLevel: 'middle',
      handleBy: [dev.userId],
      ...extra,
    })
  ).data.defectId as number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, stranger] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  projectId = await insertTestProject(
    t.db,
    teamId,
    { [lead.userId]: [6], [dev.userId]: [8] },
    { name: 'Shop' },
  );
  const otherTeam = await insertTestTeam(t.db, { [stranger.userId]: [12] });
  theirs = await insertTestProject(t.db, otherTeam, { [stranger.userId]: [6] }, { name: 'Secret shop' });
});
afterAll(async () => t.close());

describe('the home dashboard', () => {
  it('lists what waits for me, overdue first, then the most urgent, with counts', async () => {
    const late = await defect(lead, 'Late low one', {
      defectLevel: 'low',
      planEndTime: '2020-01-01 00:00:00',
    });
    const urgent = await defect(lead, 'Urgent one', { defectLevel: 'urgent' });
    const review = await defect(lead, 'To review', { defectLevel: 'height' });
    await t.db
      .updateTable('sysDefect')
      .set({ defectState: DefectState.AUDIT })
      .where('defectId', '=', review)
      .execute();
    const closed = await defect(lead, 'Closed one');
    await t.db
      .updateTable('sysDefect')
      .set({ defectState: DefectState.CLOSED })
      .where('defectId', '=', closed)
      .execute();
    // A defect of another team's project that names dev as handler: never on dev's page.
    const foreign = await defect(stranger, 'Foreign', { handleBy: [stranger.userId] }, theirs);
    await t.db
      .insertInto('sysDefectHandler')
      .values({ defectId: foreign, userId: dev.userId, position: 1 })
      .execute();

    const home = (await api(dev, 'GET', '/system/home/dashboard')).data;
    expect(home.waiting).toMatchObject({ total: 3, toFix: 2, toReview: 1, overdue: 1 });
    expect(home.waiting.byLevel).toEqual({ low: 1, urgent: 1, height: 1 });
    expect(home.waiting.items.map((d: { defectId: number }) => d.defectId)).toEqual([late, urgent, review]);
    expect(home.waiting.items[0]).toMatchObject({ isOverdue: true, projectName: 'Shop' });
    expect(JSON.stringify(home)).not.toContain('Secret shop');
    expect(JSON.stringify(home)).not.toContain('Foreign');
  });

  it('shows what I created that someone else moved, my failed cases, my notices and followed trends', async () => {
    const mine = await defect(dev, 'Mine, then renamed', { handleBy: [lead.userId] });
    await api(lead, 'PUT', '/system/defect', { defectId: mine, defectName: 'Mine, renamed by the lead' });
    const untouched = await defect(dev, 'Mine, untouched', { handleBy: [lead.userId] });
    const moduleId = await insertTestModule(t.db, projectId, 'Cart');
    const caseId = await insertTestCase(t.db, projectId, moduleId);
    await t.db
      .updateTable('sysCase')
      .set({ caseState: 'fail', createById: dev.userId, caseName: 'Pay fails' })
      .where('caseId', '=', caseId)
      .execute();
    await t.db
      .updateTable('sysUserProject')
      .set({ collect: 1 })
      .where('userId', '=', dev.userId)
      .where('projectId', '=', projectId)
      .execute();

    // Notices are written in batches a moment after the change (notices.service.ts): the page is
    // asked again until the lead's assignments have reached it.
    const dashboard = async () => (await api(dev, 'GET', '/system/home/dashboard')).data;
    await expect.poll(async () => (await dashboard()).notices.length, { timeout: 5000 }).toBeGreaterThan(0);
    const home = await dashboard();
    const moved = home.moved.map((d: { defectId: number }) => d.defectId);
    expect(moved).toContain(mine);
    expect(moved).not.toContain(untouched);
    expect(home.failedCases).toMatchObject([{ caseName: 'Pay fails', projectName: 'Shop' }]);
    // The lead's assignments told dev: the newest notices are there, in dev's language.
    expect(home.notices[0].noticeTitle).toMatch(/Shop|#/);
    const [followed] = home.followed;
    expect(followed).toMatchObject({ projectName: 'Shop', openTotal: 5 });
    expect(followed.trend).toHaveLength(30);
    const today = followed.trend.at(-1);
    // Today: six made (four by the lead, two by dev), one of them closed: five open; none before.
    expect(today).toMatchObject({ open: 5, created: 6, closed: 1 });
    expect(followed.trend[0].open).toBe(0);
    expect(home.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists the plan items I ran that wait for my retest, and nobody else’s', async () => {
    const caseId = await insertTestCase(t.db, projectId, await insertTestModule(t.db, projectId, 'Plans'));
    const plan = await api(lead, 'POST', '/system/plan', {
      projectId,
      planName: 'Release 4',
      sysPlanItemList: [{ caseId }],
    });
    expect(plan.code, plan.msg).toBe(200);
    const items = await api(dev, 'GET', '/system/PlanItem/list', undefined, { planId: plan.data.planId });
    const { planItemId } = (items.rows as { planItemId: string }[])[0] ?? { planItemId: '' };
    expect((await api(dev, 'PUT', '/system/PlanItem', { planItemId, planItemState: 'not_pass' })).code).toBe(
      200,
    );
    expect((await api(dev, 'GET', '/system/home/dashboard')).data.toRetest).toEqual([]);
    // Its defect fixed (the retest loop's own tests show how), the item waits for a retest.
    await t.db
      .updateTable('sysPlanItem')
      .set({ planItemResult: 'retest' })
      .where('planItemId', '=', planItemId)
      .execute();
    const mine = (await api(dev, 'GET', '/system/home/dashboard')).data.toRetest;
    expect(mine).toEqual([
      expect.objectContaining({
        planItemId,
        planId: plan.data.planId,
        planName: 'Release 4',
        projectName: 'Shop',
      }),
    ]);
    expect((await api(lead, 'GET', '/system/home/dashboard')).data.toRetest).toEqual([]);
  });

  it('is empty, not an error, for someone with no project', async () => {
    // The stranger handles only their own project's defect.
    const home = (await api(stranger, 'GET', '/system/home/dashboard')).data;
    expect(home.waiting.items.map((d: { defectName: string }) => d.defectName)).toEqual(['Foreign']);
    const loner = await t.signedIn();
    expect((await api(loner, 'GET', '/system/home/dashboard')).data).toMatchObject({
      waiting: { total: 0, items: [] },
      followed: [],
    });
  });
});
