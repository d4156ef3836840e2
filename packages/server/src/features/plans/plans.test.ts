import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

/*
 * Test plans through the API, as the original's 1.0 client calls them: made from a project's
 * cases, listed with their metrics (checked against counts of what was done), changed with their
 * items diffed by case, copied, run item by item, deleted.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let tester: Person;
let projectId: number;
let otherProjectId: number;
let shop: number;
let cart: number;
let payments: number;
const cases: number[] = [];
let foreignCase: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, tester] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [tester.userId]: [5] });
  // The lead created the project (11); the tester tests in it (8).
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11], [tester.userId]: [8] });
  otherProjectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11] });
  shop = await insertTestModule(t.db, projectId, 'Shop');
  cart = await t.db
    .insertInto('sysModule')
    .values({
      modulePid: shop,
      moduleName: 'Cart',
      remark: null,
      projectId,
      createTime: '2026-01-01 00:00:00',
      updateTime: '2026-01-01 00:00:00',
    })
    .returning('moduleId')
    .executeTakeFirstOrThrow()
    .then((m) => m.moduleId);
  payments = await insertTestModule(t.db, projectId, 'Payments');
  for (const moduleId of [shop, cart, cart, payments, payments])
    cases.push(await insertTestCase(t.db, projectId, moduleId));
  foreignCase = await insertTestCase(t.db, otherProjectId, await insertTestModule(t.db, otherProjectId));
});
afterAll(async () => t.close());

const newPlan = async (caseIds: number[], extra: Json = {}) => {
  const made = await api(lead, 'POST', '/system/plan', {
    projectId,
    planName: 'Release 2.1',
    planVersion: '2.1.0',
    planStartTime: '2026-12-01 09:00:00',
    planEndTime: '2026-12-10 18:00:00',
    sysPlanItemList: caseIds.map((caseId) => ({ caseId })),
    ...extra,
  });
  expect(made.code, made.msg).toBe(200);
  return made.data as Json;
};
const itemsOf = async (planId: string, query: Record<string, string> = {}) => {
  const list = await api(tester, 'GET', '/system/PlanItem/list', undefined, {
    planId,
    projectId: String(projectId),
    pageSize: '50',
    ...query,
  });
  expect(list.code, list.msg).toBe(200);
  return list.rows as Json[];
};
const newDefect = async (extra: Json = {}) => {
  const made = await api(tester, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'Checkout fails',
    defectLevel: 'middle',
    handleBy: [lead.userId],
    ...extra,
  });
  expect(made.code, made.msg).toBe(200);
  return made.data.defectId as number;
};
const setItem = async (body: Json, who = tester) => api(who, 'PUT', '/system/PlanItem', body);

describe('making a plan', () => {
  it('numbers plans in their project and gives each case an item not run yet', async () => {
    const first = await newPlan(cases);
    const second = await newPlan(cases.slice(0, 2), { planName: 'Smoke' });
    expect(first.planId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.planNumber).toBe((first.planNumber as number) + 1);
    expect(first).toMatchObject({
      itemTotal: 5,
      unexecutedCount: 5,
      passCount: 0,
      projectId,
      planVersion: '2.1.0',
    });
    const items = await itemsOf(first.planId);
    expect(items.map((i) => i.planItemState)).toEqual(Array(5).fill('unexecuted'));
    // The original's list order: newest case first.
    expect(items.map((i) => i.caseId)).toEqual([...cases].reverse());
  });

  it('refuses a case of another project by its id, writing nothing', async () => {
    const before = await t.db.selectFrom('sysPlan').select('planId').execute();
    const refused = await api(lead, 'POST', '/system/plan', {
      projectId,
      planName: 'Mixed',
      sysPlanItemList: [{ caseId: cases[0] }, { caseId: foreignCase }],
    });
    expect(refused).toMatchObject({
      code: 500,
      msg: `Case ${foreignCase} is not a case of the plan's project`,
    });
    expect(await t.db.selectFrom('sysPlan').select('planId').execute()).toHaveLength(before.length);
  });

  it('names what is wrong with a plan: no name, times the wrong way round, a bad time', async () => {
    const post = (body: Json) => api(lead, 'POST', '/system/plan', { projectId, ...body });
    expect((await post({ planName: '  ' })).msg).toBe('The test plan name cannot be empty!');
    expect((await post({ planName: 'x', planStartTime: '2026-12-10', planEndTime: '2026-12-01' })).msg).toBe(
      'The plan cannot end before it starts',
    );
    expect((await post({ planName: 'x', planStartTime: 'soon' })).msg).toContain(
      'The plan time is not valid',
    );
  });

  it('takes the times the original dialog sends as milliseconds', async () => {
    const at = new Date(2026, 11, 1, 9, 30, 0).getTime();
    const made = await newPlan([], { planStartTime: at, planEndTime: at + 3_600_000 });
    expect(made).toMatchObject({ planStartTime: '2026-12-01 09:30:00', planEndTime: '2026-12-01 10:30:00' });
  });
});

describe('running a plan', () => {
  it('keeps every result in the item’s history, with who, the failed step and what happened', async () => {
    const plan = await newPlan(cases.slice(0, 2));
    const [item] = await itemsOf(plan.planId);
    const id = item?.planItemId as string;
    expect(
      (await setItem({ planItemId: id, planItemState: 'not_pass', actualResult: 'Error 500', failedStep: 2 }))
        .code,
    ).toBe(200);
    expect((await setItem({ planItemId: id, planItemState: 'pass' })).code).toBe(200);
    const history = await api(tester, 'GET', `/system/PlanItem/${id}/results`);
    expect(history.data).toMatchObject([
      { planItemState: 'pass', createById: tester.userId, failedStep: null },
      { planItemState: 'not_pass', actualResult: 'Error 500', failedStep: 2, createBy: expect.any(String) },
    ]);
    const shown = await api(tester, 'GET', `/system/PlanItem/${id}`);
    expect(shown.data).toMatchObject({
      planItemState: 'pass',
      planItemResult: null,
      testerId: tester.userId,
    });
  });

  it('says blocked or skipped in a field of its own, the item still not run for the original', async () => {
    const plan = await newPlan(cases.slice(0, 1));
    const [item] = await itemsOf(plan.planId);
    await setItem({ planItemId: item?.planItemId, planItemResult: 'blocked', actualResult: 'No test data' });
    const shown = (await api(tester, 'GET', `/system/PlanItem/${item?.planItemId}`)).data;
    expect(shown).toMatchObject({ planItemState: 'unexecuted', planItemResult: 'blocked' });
    const listed = await api(lead, 'GET', `/system/plan/${plan.planId}`);
    expect(listed.data).toMatchObject({ unexecutedCount: 1, blockedCount: 1, executedCount: 0 });
  });

  it('keeps both of two results given to one item at the same moment, the later one its state', async () => {
    const plan = await newPlan(cases.slice(0, 1));
    const [item] = await itemsOf(plan.planId);
    const id = item?.planItemId as string;
    const [passed, failed] = await Promise.all([
      setItem({ planId: plan.planId, planItemId: id, planItemState: 'pass', actualResult: 'Fine here' }),
      setItem({
        planId: plan.planId,
        planItemId: id,
        planItemState: 'not_pass',
        actualResult: 'Broken there',
      }),
    ]);
    expect([passed.code, failed.code]).toEqual([200, 200]);
    const history = (await api(tester, 'GET', `/system/PlanItem/${id}/results`)).data as Json[];
    expect(history.map((r) => r.actualResult).sort()).toEqual(['Broken there', 'Fine here']);
    // The newest entry of the history is the item's state.
    const latest = history[0];
    expect((await api(tester, 'GET', `/system/PlanItem/${id}`)).data.planItemState).toBe(
      latest?.planItemState,
    );
  });

  it('passes several items at once, and refuses an item of another plan named with its plan', async () => {
    const plan = await newPlan(cases);
    const other = await newPlan(cases.slice(0, 1));
    const ids = (await itemsOf(plan.planId)).slice(0, 3).map((i) => i.planItemId as string);
    expect((await setItem({ planItemState: 'pass', params: { planItemIds: ids } })).data).toEqual({
      updated: 3,
    });
    expect((await api(lead, 'GET', `/system/plan/${plan.planId}`)).data).toMatchObject({
      passCount: 3,
      unexecutedCount: 2,
    });
    const [foreign] = await itemsOf(other.planId);
    const refused = await setItem({
      planId: plan.planId,
      planItemId: foreign?.planItemId,
      planItemState: 'pass',
    });
    expect(refused.code).toBe(500);
    expect((await setItem({ planItemState: 'pass', params: { planItemIds: [] } })).msg).toBe(
      'Name the plan items to change',
    );
  });

  it('links defects to an item (added at the end, taken away, replaced), only the project’s live ones', async () => {
    const plan = await newPlan(cases.slice(0, 1));
    const [item] = await itemsOf(plan.planId);
    const id = item?.planItemId as string;
    const [a, b] = [await newDefect(), await newDefect()];
    await setItem({
      planId: plan.planId,
      planItemId: id,
      planItemState: 'not_pass',
      params: { defectId: a },
    });
    await setItem({ planItemId: id, params: { defectId: b } });
    expect((await api(tester, 'GET', `/system/PlanItem/${id}`)).data.defectIds).toEqual([a, b]);
    await setItem({ planItemId: id, params: { deleteDefectId: a } });
    expect((await api(tester, 'GET', `/system/PlanItem/${id}`)).data.defectIds).toEqual([b]);
    await setItem({ planItemId: id, defectIds: [a, b] });
    expect((await api(tester, 'GET', `/system/PlanItem/${id}`)).data.defectIds).toEqual([a, b]);
    const foreign = await api(lead, 'POST', '/system/defect', {
      projectId: otherProjectId,
      defectType: 'BUG',
      defectName: 'Elsewhere',
      defectLevel: 'low',
      handleBy: [lead.userId],
    });
    const refused = await setItem({ planItemId: id, params: { defectId: foreign.data.defectId } });
    expect(refused.msg).toBe(`Defect ${foreign.data.defectId} is not a live defect of the plan's project`);
    // The plan's defect list shows the item's defects.
    const listed = await api(lead, 'GET', `/system/plan/${plan.planId}/defect/list`, undefined, {
      pageSize: '50',
    });
    expect((listed.rows as Json[]).map((d) => d.defectId).sort()).toEqual([a, b].sort());
  });

  it('walks to the previous and next item in the run view’s order and filters', async () => {
    const plan = await newPlan(cases);
    const ascending = await itemsOf(plan.planId, { orderByColumn: 'caseNum', isAsc: 'asc' });
    const ids = ascending.map((i) => i.planItemId as string);
    const step = async (id: string, way: 'prev' | 'next', query: Record<string, string> = {}) =>
      (await api(tester, 'GET', `/system/PlanItem/${id}/${way}`, undefined, query)).data?.planItemId;
    expect(await step(ids[0] as string, 'next')).toBe(ids[1]);
    expect(await step(ids[1] as string, 'prev')).toBe(ids[0]);
    expect(await step(ids[0] as string, 'prev')).toBeUndefined();
    expect(await step(ids[4] as string, 'next')).toBeUndefined();
    // Within a deliverable and its subtree (Shop holds Cart): the payments cases are passed over.
    expect(
      await step(ids[2] as string, 'next', { moduleId: String(shop), projectId: String(projectId) }),
    ).toBeUndefined();
    // Newest first, as the original's list: next goes down.
    expect(await step(ids[2] as string, 'next', { isAsc: 'desc' })).toBe(ids[1]);
    // Only what is not run yet.
    await setItem({ planItemId: ids[1], planItemState: 'pass' });
    expect(await step(ids[0] as string, 'next', { planItemState: 'unexecuted' })).toBe(ids[2]);
  });

  it('counts a plan’s items per deliverable over each subtree', async () => {
    const plan = await newPlan(cases);
    const [one] = await itemsOf(plan.planId, { moduleId: String(cart), projectId: String(projectId) });
    await setItem({
      planItemId: one?.planItemId,
      planItemState: 'pass',
      params: { defectId: await newDefect() },
    });
    const roots = await api(tester, 'GET', '/system/PlanItem/module/list', undefined, {
      planId: plan.planId,
      projectId: String(projectId),
    });
    expect(roots.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          moduleId: shop,
          itemCount: 3,
          passCount: 1,
          defectCount: 1,
          childrenCount: 1,
        }),
        expect.objectContaining({ moduleId: payments, itemCount: 2, passCount: 0, defectCount: 0 }),
      ]),
    );
    const below = await api(tester, 'GET', '/system/PlanItem/module/list', undefined, {
      planId: plan.planId,
      modulePid: String(shop),
    });
    expect(below.data).toEqual([expect.objectContaining({ moduleId: cart, itemCount: 2, passCount: 1 })]);
  });
});

describe('the plan list', () => {
  it('counts every metric in the database, as the counts of what was done', async () => {
    const plan = await newPlan(cases);
    const items = await itemsOf(plan.planId, { orderByColumn: 'caseNum', isAsc: 'asc' });
    const id = (i: number) => items[i]?.planItemId as string;
    const urgent = await newDefect({ defectLevel: 'urgent' });
    const low = await newDefect({ defectLevel: 'low' });
    await setItem({
      planId: plan.planId,
      planItemId: id(0),
      planItemState: 'not_pass',
      params: { defectId: urgent },
    });
    await setItem({
      planId: plan.planId,
      planItemId: id(1),
      planItemState: 'not_pass',
      params: { defectId: low },
    });
    // The same defect from two items counts once.
    await setItem({
      planId: plan.planId,
      planItemId: id(2),
      planItemState: 'pass',
      params: { defectId: low },
    });
    // The low one is fixed, closed and opened again; its history counts it.
    for (const [who, action, body] of [
      [lead, 'repair', { receiveBy: [tester.userId] }],
      [tester, 'close', { defectLogDescribe: 'Fixed in 2.1.1' }],
      [tester, 'open', { receiveBy: [lead.userId], defectLogDescribe: 'Back in 2.1.2' }],
    ] as const) {
      const done = await api(who, 'POST', `/system/defect/${low}/${action}`, body);
      expect(done.code, `${action}: ${done.msg}`).toBe(200);
    }
    // Sent for review as fixed, the low one's failed item waits for a retest (not run again yet).
    await until(
      async () => (await api(tester, 'GET', `/system/PlanItem/${id(1)}`)).data.planItemResult === 'retest',
    );
    const listed = await api(lead, 'GET', '/system/plan/list', undefined, {
      projectId: String(projectId),
      pageSize: '50',
    });
    const row = (listed.rows as Json[]).find((p) => p.planId === plan.planId);
    const states = await t.db
      .selectFrom('sysDefect')
      .select(['defectState'])
      .where('defectId', 'in', [urgent, low])
      .execute();
    expect(row).toMatchObject({
      itemTotal: 5,
      passCount: 1,
      failCount: 1,
      unexecutedCount: 3,
      retestCount: 1,
      executedCount: 2,
      defectCount: 2,
      defectProcessingStateCount: states.filter((s) => s.defectState === 0).length,
      defectLevelUrgentCount: 1,
      defectLevelLowCount: 1,
      // Both found by the tester (a project tester).
      createDefectCountByTester: 2,
      createDefectCountByOutsider: 0,
      defectDetectionRate: '100.00%',
      defectDiscoveryRate: '40.00%',
      defectSeverityRate: '50.00%',
      defectRestartCount: 1,
      defectHistoryPassCount: 1,
      defectRestartRate: '100.00%',
      // Two deliverables' cases among the items (Shop, Cart, Payments: three).
      moduleCount: 3,
    });
    expect(listed.total).toBeGreaterThan(0);
    // The list page's light list counts the items only.
    const simple = await api(lead, 'GET', '/system/plan/list', undefined, {
      projectId: String(projectId),
      planName: 'Release',
      'params[dataType]': 'simple',
      pageSize: '50',
    });
    const light = (simple.rows as Json[]).find((p) => p.planId === plan.planId);
    expect(light).toMatchObject({ itemTotal: 5, passCount: 1, defectCount: 0 });
  });

  it('filters by name, version and number, and finds nothing of another project', async () => {
    const plan = await newPlan([], { planName: 'Nightly regression', planVersion: '9.9' });
    const find = async (query: Record<string, string>) =>
      (
        (await api(lead, 'GET', '/system/plan/list', undefined, { projectId: String(projectId), ...query }))
          .rows as Json[]
      ).map((p) => p.planId);
    expect(await find({ planName: 'nightly' })).toEqual([plan.planId]);
    expect(await find({ planVersion: '9.9' })).toEqual([plan.planId]);
    expect(await find({ planNumber: String(plan.planNumber) })).toEqual([plan.planId]);
    const elsewhere = await api(lead, 'GET', '/system/plan/list', undefined, {
      projectId: String(otherProjectId),
    });
    expect(elsewhere.rows).toEqual([]);
  });
});

describe('changing a plan', () => {
  it('diffs its items by case: those staying keep their results, new ones come in not run', async () => {
    const plan = await newPlan(cases.slice(0, 3));
    const before = await itemsOf(plan.planId);
    const kept = before.find((i) => i.caseId === cases[1]);
    await setItem({ planItemId: kept?.planItemId, planItemState: 'pass' });
    const changed = await api(lead, 'PUT', '/system/plan', {
      planId: plan.planId,
      planName: 'Release 2.1 (final)',
      sysPlanItemList: [cases[1], cases[3]].map((caseId) => ({ caseId })),
    });
    expect(changed.code, changed.msg).toBe(200);
    const after = await itemsOf(plan.planId);
    expect(after.map((i) => i.caseId).sort()).toEqual([cases[1], cases[3]].sort());
    expect(after.find((i) => i.caseId === cases[1])).toMatchObject({
      planItemId: kept?.planItemId,
      planItemState: 'pass',
    });
    expect(after.find((i) => i.caseId === cases[3])).toMatchObject({ planItemState: 'unexecuted' });
    // Left out, the list stays (the original emptied the plan); an empty list empties it.
    await api(lead, 'PUT', '/system/plan', { planId: plan.planId, remark: 'Ready' });
    expect(await itemsOf(plan.planId)).toHaveLength(2);
    await api(lead, 'PUT', '/system/plan', { planId: plan.planId, sysPlanItemList: [] });
    expect(await itemsOf(plan.planId)).toHaveLength(0);
  });

  it('copies a plan under a new number, its cases not run yet', async () => {
    const plan = await newPlan(cases.slice(0, 2));
    const [item] = await itemsOf(plan.planId);
    await setItem({ planItemId: item?.planItemId, planItemState: 'pass' });
    const copy = await api(lead, 'POST', `/system/plan/${plan.planId}/copy`);
    expect(copy.data).toMatchObject({
      planName: 'Release 2.1-copy',
      itemTotal: 2,
      passCount: 0,
      planVersion: '2.1.0',
    });
    expect(copy.data.planNumber).toBeGreaterThan(plan.planNumber as number);
    const inChinese = await t.call({
      method: 'POST',
      url: `/system/plan/${plan.planId}/copy`,
      token: lead.token,
      lang: 'zh_CN',
    });
    expect(inChinese.body.data.planName).toBe('Release 2.1-复制');
  });

  it('deletes plans with their items and results, leaving the defects', async () => {
    const plan = await newPlan(cases.slice(0, 1));
    const [item] = await itemsOf(plan.planId);
    const defectId = await newDefect();
    await setItem({ planItemId: item?.planItemId, planItemState: 'not_pass', params: { defectId } });
    expect((await api(lead, 'DELETE', `/system/plan/${plan.planId}`)).data).toEqual({ removed: 1 });
    for (const table of ['sysPlanItem', 'sysPlanItemResult', 'sysPlanItemDefect'] as const)
      expect(
        await t.db
          .selectFrom(table)
          .selectAll()
          .where('planItemId', '=', item?.planItemId as string)
          .execute(),
      ).toEqual([]);
    expect(
      await t.db.selectFrom('sysDefect').select('defectId').where('defectId', '=', defectId).execute(),
    ).toHaveLength(1);
  });

  it('is read-only in an archived project', async () => {
    const plan = await newPlan(cases.slice(0, 1));
    const [item] = await itemsOf(plan.planId);
    await t.db.updateTable('sysProject').set({ isArchived: 1 }).where('projectId', '=', projectId).execute();
    try {
      expect((await api(lead, 'PUT', '/system/plan', { planId: plan.planId, remark: 'x' })).code).toBe(500);
      expect((await setItem({ planItemId: item?.planItemId, planItemState: 'pass' })).code).toBe(500);
      expect((await api(lead, 'GET', `/system/plan/${plan.planId}`)).code).toBe(200);
    } finally {
      await t.db
        .updateTable('sysProject')
        .set({ isArchived: 0 })
        .where('projectId', '=', projectId)
        .execute();
    }
  });

  it('refuses a result on an item whose case was deleted', async () => {
    const doomed = await insertTestCase(t.db, projectId, payments);
    const plan = await newPlan([doomed]);
    const [item] = await itemsOf(plan.planId);
    expect((await api(lead, 'DELETE', `/system/case/${doomed}`)).code).toBe(200);
    // Named with its plan (as the run view sends it), the reason is given; alone, it is unknown.
    const refused = await setItem({
      planId: plan.planId,
      planItemId: item?.planItemId,
      planItemState: 'pass',
    });
    expect(refused.code).toBe(500);
    expect(refused.msg).toBe(
      'The plan item does not exist, or its case was deleted or taken out of the plan',
    );
    expect((await setItem({ planItemId: item?.planItemId, planItemState: 'pass' })).code).toBe(403);
    // So is an item taken out of the plan, and another plan's item named with this plan.
    const kept = await insertTestCase(t.db, projectId, payments);
    const other = await newPlan([kept]);
    const [otherItem] = await itemsOf(other.planId);
    const wrongPlan = await setItem({
      planId: plan.planId,
      planItemId: otherItem?.planItemId,
      planItemState: 'pass',
    });
    expect(wrongPlan.msg).toBe(
      'The plan item does not exist, or its case was deleted or taken out of the plan',
    );
    expect((await api(lead, 'PUT', '/system/plan', { planId: other.planId, sysPlanItemList: [] })).code).toBe(
      200,
    );
    const removed = await setItem({
      planId: other.planId,
      planItemId: otherItem?.planItemId,
      planItemState: 'pass',
    });
    expect(removed.msg).toBe(
      'The plan item does not exist, or its case was deleted or taken out of the plan',
    );
    expect((await api(lead, 'GET', `/system/plan/${plan.planId}`)).data.itemTotal).toBe(0);
  });
});

describe('exports', () => {
  it('writes the plans and a plan’s items to Excel', async () => {
    const plan = await newPlan(cases.slice(0, 2), { planName: 'Exported plan' });
    const read = async (url: string, form: Record<string, string>) => {
      const res = await t.call({ method: 'POST', url, token: lead.token, lang: 'en_US', query: form });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      const rows: string[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };
    const plans = await read('/system/plan/export', { projectId: String(projectId), planName: 'Exported' });
    expect(plans[0]).toContain('Plan name');
    expect(plans[1]).toContain('Exported plan');
    const items = await read('/system/PlanItem/export', { planId: plan.planId as string });
    expect(items).toHaveLength(3);
    expect(items[1]).toContain('Not run');
  });
});
