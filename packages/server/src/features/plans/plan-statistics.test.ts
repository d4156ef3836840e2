import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { formatDateTime } from '../../lib/time.ts';

/*
 * The plans' statistics of 1.0 (§13.6): the picker, a burndown checked day by day against the
 * passes written, the countdown summary and the radar's metrics of the latest four plans.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let tester: Person;
let outsider: Person;
let projectId: number;
const cases: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, tester, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [tester.userId]: [5] });
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11], [tester.userId]: [8] });
  const moduleId = await insertTestModule(t.db, projectId, 'Shop');
  for (let i = 0; i < 5; i++) cases.push(await insertTestCase(t.db, projectId, moduleId));
});
afterAll(async () => t.close());

const newPlan = async (name: string, extra: Json = {}) => {
  const made = await api(lead, 'POST', '/system/plan', {
    projectId,
    planName: name,
    sysPlanItemList: cases.map((caseId) => ({ caseId })),
    ...extra,
  });
  expect(made.code, made.msg).toBe(200);
  return made.data as Json;
};
const itemIds = async (planId: string) => {
  const list = await api(tester, 'GET', '/system/PlanItem/list', undefined, { planId, pageSize: '50' });
  return (list.rows as Json[]).map((i) => i.planItemId as string);
};
const setItem = (body: Json) => api(tester, 'PUT', '/system/PlanItem', body);
/** The day `back` days before today, as the burndown names it. */
const day = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return formatDateTime(d).slice(0, 10);
};
/** Moves an item's last change to `back` days ago (a result given then). */
const changedDaysAgo = (planItemId: string, back: number) =>
  t.db
    .updateTable('sysPlanItem')
    .set({ updateTime: `${day(back)} 10:00:00` })
    .where('planItemId', '=', planItemId)
    .execute();

describe('plan statistics', () => {
  it('lists the project’s plans for the picker, newest first, and nobody else’s', async () => {
    const first = await newPlan('Picker 1');
    const second = await newPlan('Picker 2');
    const list = await api(tester, 'GET', '/system/defect/statistic/plan/list', undefined, {
      projectId: String(projectId),
    });
    expect(list.code, list.msg).toBe(200);
    const rows = list.data as Json[];
    expect(rows.slice(0, 2)).toEqual([
      { planId: second.planId, planName: 'Picker 2' },
      { planId: first.planId, planName: 'Picker 1' },
    ]);
    const refused = await api(outsider, 'GET', '/system/defect/statistic/plan/list', undefined, {
      projectId: String(projectId),
    });
    expect(refused.code).not.toBe(200);
  });

  it('burns down day by day from the passes, gaps filled, never rising or below zero', async () => {
    const plan = await newPlan('Burndown');
    const [a, b, c, d] = await itemIds(plan.planId);
    for (const id of [a, b, c])
      expect((await setItem({ planItemId: id, planItemState: 'pass' })).code).toBe(200);
    expect((await setItem({ planItemId: d, planItemState: 'not_pass' })).code).toBe(200);
    // a passed 40 days ago (before the chart), b 10 days ago, c today; d failed 5 days ago.
    await changedDaysAgo(a as string, 40);
    await changedDaysAgo(b as string, 10);
    await changedDaysAgo(d as string, 5);
    const res = await api(tester, 'GET', `/system/defect/statistic/plan/${plan.planId}/burndown`);
    expect(res.code, res.msg).toBe(200);
    const points = res.data as { key: string; value: number; passed: number }[];
    expect(points).toHaveLength(31);
    expect(points[0]?.key).toBe(day(30));
    expect(points.at(-1)?.key).toBe(day(0));
    const at = (back: number) => points.find((p) => p.key === day(back));
    // Five items, one passed before the chart: four left on its first day.
    expect(at(30)).toEqual({ key: day(30), value: 4, passed: 0 });
    expect(at(11)?.value).toBe(4);
    expect(at(10)).toEqual({ key: day(10), value: 3, passed: 1 });
    expect(at(5)).toEqual({ key: day(5), value: 3, passed: 0 });
    expect(at(0)).toEqual({ key: day(0), value: 2, passed: 1 });
    for (const [i, p] of points.entries()) {
      expect(p.value).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(p.value).toBeLessThanOrEqual(points[i - 1]?.value ?? 0);
    }
  });

  it('ends a finished plan’s burndown on its last day', async () => {
    const plan = await newPlan('Finished', {
      planEndTime: `${day(20)} 18:00:00`,
      planStartTime: `${day(40)} 09:00:00`,
    });
    const res = await api(tester, 'GET', `/system/defect/statistic/plan/${plan.planId}/burndown`);
    const points = res.data as { key: string; value: number }[];
    expect(points.at(-1)?.key).toBe(day(20));
    expect(points.every((p) => p.value === 5)).toBe(true);
  });

  it('sums a plan up for its countdown', async () => {
    const plan = await newPlan('Countdown', { planEndTime: '2027-01-31 18:00:00' });
    const [a, b] = await itemIds(plan.planId);
    await setItem({ planItemId: a, planItemState: 'pass' });
    const defect = await api(tester, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Total is wrong',
      defectLevel: 'urgent',
      handleBy: [lead.userId],
    });
    await setItem({ planItemId: b, planItemState: 'not_pass', params: { defectId: defect.data.defectId } });
    const res = await api(tester, 'GET', `/system/defect/statistic/plan/${plan.planId}/summary`);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual({
      planId: plan.planId,
      planName: 'Countdown',
      planEndTime: '2027-01-31 18:00:00',
      itemTotal: 5,
      unexecutedCount: 3,
      passCount: 1,
      defectCount: 1,
      defectCloseStateCount: 0,
    });
  });

  it('compares the four most recently changed plans on six metrics from 0 to 100', async () => {
    const plans: Json[] = [];
    for (let i = 0; i < 5; i++) plans.push(await newPlan(`Radar ${i}`));
    // Radar 2 changed last: it comes first; Radar 0 and the older plans drop out.
    const [item] = await itemIds(plans[2]?.planId);
    const defect = await api(tester, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Coupon ignored',
      defectLevel: 'urgent',
      handleBy: [lead.userId],
    });
    await setItem({
      planItemId: item,
      planItemState: 'not_pass',
      params: { defectId: defect.data.defectId },
    });
    await t.db
      .updateTable('sysPlan')
      .set({ updateTime: '2099-01-01 00:00:00' })
      .where('planId', '=', plans[2]?.planId)
      .execute();
    const res = await api(lead, 'GET', `/system/defect/statistic/plan-metrics/${projectId}`);
    expect(res.code, res.msg).toBe(200);
    const rows = res.data as Json[];
    expect(rows.map((r) => r.planName)).toEqual(['Radar 2', 'Radar 4', 'Radar 3', 'Radar 1']);
    // One defect over five items (20 %), urgent (100 %), found by a tester (100 %), none closed.
    expect(rows[0]).toMatchObject({
      discovery: 20,
      repair: 0,
      detection: 100,
      severity: 100,
      restart: 0,
      escape: 0,
    });
    expect(rows[1]).toMatchObject({ discovery: 0, repair: 0, detection: 0, severity: 0 });
  });

  it('writes a plan’s figures and items into a report made from a template, linked to the plan', async () => {
    const plan = await newPlan('Release 5 run', { planVersion: '5.0' });
    const [a] = await itemIds(plan.planId);
    await setItem({ planItemId: a, planItemState: 'pass' });
    const template = [
      '# ${api.plan.planName} (${api.plan.planVersion})',
      '',
      'Passed ${api.plan.passCount} of ${api.plan.itemTotal}: ${api.plan.passRate}',
      '',
      '$table{api.plan.items[caseNum,planItemState]}',
    ].join('\n');
    const made = await api(lead, 'POST', '/system/report', {
      projectId,
      reportTitle: 'Release 5 test report',
      reportType: 'text',
      reportDescription: template,
      planId: plan.planId,
    });
    expect(made.code, made.msg).toBe(200);
    const text = made.data.reportDescription as string;
    expect(text).toContain('# Release 5 run (5\\.0)');
    expect(text).toContain('Passed 1 of 5: 20\\%');
    expect(text).toContain('| Passed |');
    expect(text.match(/\| Not run \|/g)).toHaveLength(4);
    expect((await api(lead, 'GET', `/system/plan/${plan.planId}`)).data.reportId).toBe(made.data.reportId);
    // Another project's plan, or a live report, is refused with the reason.
    const realtime = await api(lead, 'POST', '/system/report', {
      projectId,
      reportTitle: 'Live',
      reportType: 'realtime',
      reportDescription: template,
      planId: plan.planId,
    });
    expect(realtime.msg).toBe(
      "A test plan's report must be a snapshot (the plan's figures are written into it)",
    );
    const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
    const elsewhere = await insertTestProject(t.db, teamId, { [lead.userId]: [11] });
    const foreign = await api(lead, 'POST', '/system/report', {
      projectId: elsewhere,
      reportTitle: 'Borrowed',
      reportType: 'text',
      reportDescription: template,
      planId: plan.planId,
    });
    expect(foreign.msg).toBe('The plan was not found!');
  });
});
