import { DefectState } from '@buglet/contracts';
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
 * The retest loop: a defect raised from a plan's item and sent for review as fixed puts the item
 * back to "to retest" and tells its tester; failing the retest rejects the defect with the failed
 * step and what happened, passing it passes the review.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let tester: Person;
let developer: Person;
let lead: Person;
let projectId: number;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [tester, developer, lead] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, {
    [tester.userId]: [5],
    [developer.userId]: [5],
    [lead.userId]: [12],
  });
  // Testers (8) may run plans and review defects; developers (7) repair them; the lead (11) makes
  // the CI's key.
  projectId = await insertTestProject(t.db, teamId, {
    [tester.userId]: [8],
    [developer.userId]: [7],
    [lead.userId]: [11],
  });
  moduleId = await insertTestModule(t.db, projectId);
});
afterAll(async () => t.close());

/** A plan of one new case, its item failed by the tester. */
async function failedItem() {
  const caseId = await insertTestCase(t.db, projectId, moduleId);
  const plan = await api(tester, 'POST', '/system/plan', {
    projectId,
    planName: 'Retest loop',
    sysPlanItemList: [{ caseId }],
  });
  const items = await api(tester, 'GET', '/system/PlanItem/list', undefined, { planId: plan.data.planId });
  const item = (items.rows as Json[])[0] as Json;
  await api(tester, 'PUT', '/system/PlanItem', { planItemId: item.planItemId, planItemState: 'not_pass' });
  return { caseId, planId: plan.data.planId as string, planItemId: item.planItemId as string };
}

const raise = async (caseId: number) =>
  (
    await api(tester, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Checkout fails',
      defectLevel: 'middle',
      handleBy: [developer.userId],
      caseId,
    })
  ).data.defectId as number;
const repair = async (defectId: number) => {
  const done = await api(developer, 'POST', `/system/defect/${defectId}/repair`, {
    receiveBy: [tester.userId],
  });
  expect(done.code, done.msg).toBe(200);
};
const itemNow = async (planItemId: string) =>
  (await api(tester, 'GET', `/system/PlanItem/${planItemId}`)).data;
const stateOf = async (defectId: number) =>
  (
    await t.db
      .selectFrom('sysDefect')
      .select('defectState')
      .where('defectId', '=', defectId)
      .executeTakeFirstOrThrow()
  ).defectState;

describe('the retest loop', () => {
  it('puts the item back to retest when its defect is fixed, and tells its tester', async () => {
    const { caseId, planId, planItemId } = await failedItem();
    const defectId = await raise(caseId);
    await api(tester, 'PUT', '/system/PlanItem', { planId, planItemId, params: { defectId } });
    // The tester wants e-mail too: the retest reaches them by their notice settings.
    const settings = (await api(tester, 'GET', '/im/config', undefined, { projectId: String(projectId) }))
      .data.config;
    settings.platforms.bmail = { switch: true, receiver: 'tester@example.test' };
    expect((await api(tester, 'POST', '/im/config', { projectId, config: settings })).code).toBe(200);
    await repair(defectId);
    await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');
    expect(await itemNow(planItemId)).toMatchObject({
      planItemState: 'unexecuted',
      planItemResult: 'retest',
    });
    await until(async () =>
      (
        await t.db.selectFrom('sysNotice').select('src').where('receiverId', '=', tester.userId).execute()
      ).some((n) => n.src === `/project/plan?run=${planId}&projectId=${projectId}`),
    );
    await until(async () =>
      (
        await t.db
          .selectFrom('sysNoticeOutbox')
          .select('payload')
          .where('receiverId', '=', tester.userId)
          .where('channel', '=', 'mail')
          .execute()
      ).some((m) => m.payload.includes('tester@example.test') && m.payload.includes('Please retest it')),
    );
    // The plan lists what is to retest.
    const toRetest = await api(tester, 'GET', '/system/PlanItem/list', undefined, {
      planId,
      planItemResult: 'retest',
    });
    expect((toRetest.rows as Json[]).map((i) => i.planItemId)).toEqual([planItemId]);
  });

  it('rejects the defect with the failed step when the retest fails, and passes its review when it passes', async () => {
    const { caseId, planId, planItemId } = await failedItem();
    const defectId = await raise(caseId);
    await api(tester, 'PUT', '/system/PlanItem', { planId, planItemId, params: { defectId } });
    await repair(defectId);
    await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');

    const failed = await api(tester, 'PUT', '/system/PlanItem', {
      planItemId,
      planItemState: 'not_pass',
      failedStep: 2,
      actualResult: 'Still a blank page',
    });
    expect(failed.data).toEqual({ updated: 1, defects: [{ defectId, action: 'reject', isDone: true }] });
    expect(await stateOf(defectId)).toBe(DefectState.REJECTED);
    const log = await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogDescribe')
      .where('defectId', '=', defectId)
      .orderBy('defectLogId', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.defectLogDescribe).toBe('The retest failed at step 2\nStill a blank page');

    // Fixed again, retested, passed: the review passes (closed).
    await repair(defectId);
    await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');
    const passed = await api(tester, 'PUT', '/system/PlanItem', { planItemId, planItemState: 'pass' });
    expect(passed.data.defects).toEqual([{ defectId, action: 'pass', isDone: true }]);
    expect(await stateOf(defectId)).toBe(DefectState.CLOSED);
    expect(await itemNow(planItemId)).toMatchObject({ planItemState: 'pass', planItemResult: null });
  });

  it('also retests a case a plan failed when a defect found with that case is fixed', async () => {
    const { caseId, planItemId } = await failedItem();
    const defectId = await raise(caseId);
    await repair(defectId);
    await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');
  });

  it('leaves a review alone when the tester is not its reviewer, and says why', async () => {
    const { caseId, planId, planItemId } = await failedItem();
    const defectId = await raise(caseId);
    await api(tester, 'PUT', '/system/PlanItem', { planId, planItemId, params: { defectId } });
    // Sent for review to the developer: not the tester's to review.
    const done = await api(developer, 'POST', `/system/defect/${defectId}/repair`, {
      receiveBy: [developer.userId],
    });
    expect(done.code, done.msg).toBe(200);
    await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');
    const passed = await api(tester, 'PUT', '/system/PlanItem', { planItemId, planItemState: 'pass' });
    expect(passed.data.defects).toMatchObject([
      { defectId, action: 'pass', isDone: false, msg: expect.any(String) },
    ]);
    expect(await stateOf(defectId)).toBe(DefectState.AUDIT);
  });

  it('lets a passing CI result pass the retest only when the run asks it to', async () => {
    const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'CI' });
    expect(made.code, made.msg).toBe(200);
    const key = made.data.apiKey as string;
    const send = async (caseKey: string, planId: string, passRetest?: 'true') =>
      (
        await t.call({
          method: 'POST',
          url: '/api/plan/results',
          query: { planId, ...(passRetest ? { passRetest } : {}) },
          headers: { 'CAT2BUG-API-KEY': key },
          payload: { results: [{ name: caseKey, status: 'pass' }] },
        })
      ).body;
    for (const passRetest of [undefined, 'true'] as const) {
      const { caseId, planId, planItemId } = await failedItem();
      const caseKey = `ci.retest.${passRetest ?? 'off'}`;
      await t.db.updateTable('sysCase').set({ caseKey }).where('caseId', '=', caseId).execute();
      const defectId = await raise(caseId);
      await repair(defectId);
      await until(async () => (await itemNow(planItemId)).planItemResult === 'retest');
      const answer = await send(caseKey, planId, passRetest);
      expect(answer.code, answer.msg).toBe(200);
      expect(await itemNow(planItemId)).toMatchObject({ planItemState: 'pass', planItemResult: null });
      if (passRetest) {
        expect(answer.data.defects).toEqual([{ defectId, action: 'pass', isDone: true }]);
        expect(await stateOf(defectId)).toBe(DefectState.CLOSED);
      } else {
        expect(answer.data.defects).toBeUndefined();
        expect(await stateOf(defectId)).toBe(DefectState.AUDIT);
      }
    }
  });
});
