import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * The calls the original's 1.0 web client makes on its test-plan pages (its api/system/plan.js and
 * PlanItem.js, as its list page, plan dialog and run drawer send them: axios leaves null values
 * out, nested objects go as params[...] in a query), answered in the shapes those pages read.
 */

let t: TestApp;
let lead: Person;
let projectId: number;
let moduleId: number;
const caseIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  lead = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11] });
  moduleId = await insertTestModule(t.db, projectId, 'Login');
  for (let i = 0; i < 3; i++) caseIds.push(await insertTestCase(t.db, projectId, moduleId));
});
afterAll(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
  query?: Record<string, string>,
) =>
  (
    await t.call({
      method,
      url: `/prod-api${url}`,
      token: lead.token,
      ...(payload ? { payload } : {}),
      ...(query ? { query } : {}),
    })
  ).body;

describe("the original 1.0 client's plan pages", () => {
  it('make, list, open, run, change, copy and delete a plan in its shapes', async () => {
    // The plan dialog: times as milliseconds, the chosen cases, and params the server ignores.
    const start = new Date(2026, 11, 1, 9, 0, 0).getTime();
    const added = await call('POST', '/system/plan', {
      planName: '回归测试',
      planVersion: 'v1.0',
      planStartTime: start,
      planEndTime: start + 86_400_000,
      remark: '第一轮',
      projectId,
      sysPlanItemList: caseIds.map((caseId) => ({ caseId, moduleId })),
      params: { modules: [moduleId], caseIds },
    });
    expect(added).toMatchObject({ code: 200, msg: '操作成功' });

    // The list page's light list.
    const list = await call('GET', '/system/plan/list', undefined, {
      pageNum: '1',
      pageSize: '10',
      projectId: String(projectId),
      'params[dataType]': 'simple',
    });
    expect(list).toMatchObject({ code: 200, msg: '查询成功', total: 1 });
    const row = list.rows[0];
    expect(row).toMatchObject({
      planNumber: 1,
      planName: '回归测试',
      planVersion: 'v1.0',
      planStartTime: '2026-12-01 09:00:00',
      planEndTime: '2026-12-02 09:00:00',
      updateBy: expect.any(String),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      passCount: 0,
      itemTotal: 3,
      remark: '第一轮',
    });
    expect(row).toHaveProperty('updateByAvatar');
    const planId = row.planId as string;

    // The run drawer: the detail with its metric strings, the deliverable tree, the items.
    const detail = await call('GET', `/system/plan/${planId}`);
    expect(detail.data).toMatchObject({
      planId,
      itemTotal: 3,
      unexecutedCount: 3,
      defectDiscoveryRate: '0.00%',
      defectDensity: '0',
      defectRepairAvgHour: '0',
      sysPlanItemList: expect.any(Array),
    });
    expect(detail.data.sysPlanItemList).toHaveLength(3);
    const tree = await call('GET', '/system/PlanItem/module/list', undefined, {
      projectId: String(projectId),
      planId,
      modulePid: '0',
    });
    expect(tree.data).toEqual([
      expect.objectContaining({ moduleId, moduleName: 'Login', itemCount: 3, passCount: 0, defectCount: 0 }),
    ]);
    const items = await call('GET', '/system/PlanItem/list', undefined, {
      pageNum: '1',
      pageSize: '10',
      planId,
      projectId: String(projectId),
      moduleId: String(moduleId),
      orderByColumn: 'caseNum',
      isAsc: 'ascending',
    });
    expect(items.total).toBe(3);
    const [first, second] = items.rows as Json[];
    expect(first).toMatchObject({
      planItemId: expect.any(String),
      planId,
      caseId: caseIds[0],
      caseNum: expect.any(Number),
      planItemState: 'unexecuted',
      caseName: expect.any(String),
      moduleName: 'Login',
      caseLevel: expect.any(Number),
      caseStep: expect.any(Array),
      caseExpect: expect.any(String),
      defectIds: [],
      moduleId,
    });

    // Pass, cancel the pass, pass several, raise a defect from an item, unlink it.
    const put = (body: Json) => call('PUT', '/system/PlanItem', body);
    expect(await put({ planItemId: first?.planItemId, planItemState: 'pass' })).toMatchObject({ code: 200 });
    expect(await put({ planItemId: first?.planItemId, planItemState: 'unexecuted' })).toMatchObject({
      code: 200,
    });
    expect(
      await put({ planItemState: 'pass', params: { planItemIds: [first?.planItemId, second?.planItemId] } }),
    ).toMatchObject({ code: 200 });
    const defect = await call('POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: '登录失败',
      defectLevel: 'middle',
      handleBy: [lead.userId],
      caseId: caseIds[2],
    });
    const third = (items.rows as Json[])[2];
    expect(
      await put({
        planId,
        planItemId: third?.planItemId,
        planItemState: 'not_pass',
        params: { defectId: defect.data.defectId },
      }),
    ).toMatchObject({ code: 200 });
    const next = await call('GET', `/system/PlanItem/${second?.planItemId}/next`, undefined, {
      planId,
      projectId: String(projectId),
    });
    expect(next.data).toMatchObject({ planItemId: third?.planItemId, defectIds: [defect.data.defectId] });
    const defects = await call('GET', `/system/plan/${planId}/defect/list`, undefined, {
      pageNum: '1',
      pageSize: '10',
      projectId: String(projectId),
    });
    expect(defects.rows).toMatchObject([{ defectId: defect.data.defectId, defectName: '登录失败' }]);
    expect(
      await put({ planItemId: third?.planItemId, params: { deleteDefectId: defect.data.defectId } }),
    ).toMatchObject({
      code: 200,
    });

    // The dialog's case picker, for the plan being edited.
    const picker = await call('GET', '/system/PlanItem/case/list', undefined, {
      pageNum: '1',
      pageSize: '10',
      projectId: String(projectId),
      'params[planId]': planId,
    });
    expect(picker.total).toBe(3);
    expect((picker.rows as Json[]).every((c) => typeof c.planItem?.planItemId === 'string')).toBe(true);
    const forNew = await call('GET', '/system/PlanItem/case/list', undefined, {
      projectId: String(projectId),
      'params[planId]': 'cat2bug-temp-id',
    });
    expect((forNew.rows as Json[]).every((c) => c.planItem === null)).toBe(true);

    // Editing sends the plan back as it came, with the case list.
    const edited = await call('PUT', '/system/plan', {
      ...detail.data,
      planName: '回归测试（二）',
      sysPlanItemList: caseIds.slice(0, 2).map((caseId) => ({ caseId })),
    });
    expect(edited).toMatchObject({ code: 200 });
    const afterEdit = (await call('GET', `/system/plan/${planId}`)).data;
    expect(afterEdit).toMatchObject({ planName: '回归测试（二）', itemTotal: 2, passCount: 2 });

    expect(await call('POST', `/system/plan/${planId}/copy`)).toMatchObject({ code: 200 });
    const both = await call('GET', '/system/plan/list', undefined, { projectId: String(projectId) });
    expect((both.rows as Json[]).map((p) => p.planName)).toEqual(['回归测试（二）-复制', '回归测试（二）']);
    expect(await call('DELETE', `/system/plan/${planId}`)).toMatchObject({ code: 200 });
    expect((await call('GET', '/system/plan/list', undefined, { projectId: String(projectId) })).total).toBe(
      1,
    );
  });
});
