import { randomUUID } from 'node:crypto';
import type { PlanItemResult, PlanItemState } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { insertCases } from '../cases/cases.service.ts';
import { allocateNumber } from '../defects/defects.repository.ts';
import type { TestResult, TestStatus } from './junit.ts';
import { recordOccurrences } from './plan-occurrences.ts';
import { chunks } from './plans.service.ts';

/** Where the results go and what to do with tests no case matches. */
export interface ResultsTarget {
  planId?: string;
  runName?: string;
  /** Make a case of each test no case matches, in this deliverable. */
  createIn?: number;
}

export interface ResultsOutcome {
  planId: string;
  planName: string;
  matched: number;
  created: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Open defects a failed test was seen again in (each one more occurrence, linked to its item). */
  seenAgain: number[];
  /** Tests no case matched (and none was made for). */
  unmatched: { name: string; classname: string }[];
}

const OUTCOME_OF: Record<
  TestStatus,
  { planItemState: PlanItemState; planItemResult: PlanItemResult | null }
> = {
  pass: { planItemState: 'pass', planItemResult: null },
  fail: { planItemState: 'not_pass', planItemResult: null },
  skipped: { planItemState: 'unexecuted', planItemResult: 'skipped' },
};

/** The key a test is known by: its class and name, as runners print them. */
export const testKey = (t: Pick<TestResult, 'name' | 'classname'>) =>
  t.classname ? `${t.classname}.${t.name}` : t.name;

/**
 * The run's plan: the one named, else the project's plan of that CI run, else a new one for it
 * (numbered as any plan), so the same run sent again lands in the same plan.
 */
async function planOf(trx: Db, projectId: number, userId: number, target: ResultsTarget, now: string) {
  if (target.planId) {
    const plan = await trx
      .selectFrom('sysPlan')
      .select(['planId', 'planName', 'planVersion'])
      .where('planId', '=', target.planId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    if (!plan) throw new AppError('plan.not-found');
    return plan;
  }
  const runName = target.runName?.trim();
  if (!runName) throw new AppError('plan.results.run-required');
  const held = await trx
    .selectFrom('sysPlan')
    .select(['planId', 'planName', 'planVersion'])
    .where('projectId', '=', projectId)
    .where('ciRun', '=', runName)
    .executeTakeFirst();
  if (held) return held;
  const planId = randomUUID();
  await trx
    .insertInto('sysPlan')
    .values({
      planId,
      planNumber: await allocateNumber(trx, projectId, 'plan'),
      planName: runName,
      planVersion: null,
      planStartTime: now,
      planEndTime: null,
      projectId,
      reportId: null,
      remark: null,
      createById: userId,
      createTime: now,
      updateById: userId,
      updateTime: now,
      ciRun: runName,
    })
    .execute();
  return { planId, planName: runName, planVersion: null };
}

/** Each test's case: by its key (class and name, or name), else by a case of exactly its name. */
async function matchCases(trx: Db, projectId: number, tests: readonly TestResult[]) {
  const cases = await trx
    .selectFrom('sysCase')
    .select(['caseId', 'caseKey', 'caseName', 'moduleId'])
    .where('projectId', '=', projectId)
    .execute();
  const moduleOf = new Map(cases.map((c) => [c.caseId, c.moduleId]));
  const byKey = new Map(cases.flatMap((c) => (c.caseKey ? [[c.caseKey, c.caseId] as const] : [])));
  const byName = new Map<string, number | null>();
  // A name two cases share matches neither.
  for (const c of cases) byName.set(c.caseName, byName.has(c.caseName) ? null : c.caseId);
  const caseOf = tests.map(
    (t) => byKey.get(testKey(t)) ?? byKey.get(t.name) ?? byName.get(t.name) ?? undefined,
  );
  return { caseOf, moduleOf };
}

/**
 * A CI run's results into a plan, in one transaction: tests matched to cases (unmatched ones made
 * cases when asked), an item per case the plan lacks, each item's state set to its test's and the
 * change kept in its history (a test sent again with the same result adds nothing). The last of a
 * case's tests in the report wins.
 */
export async function importResults(
  db: Db,
  caller: Principal,
  projectId: number,
  target: ResultsTarget,
  tests: readonly TestResult[],
): Promise<ResultsOutcome & { retestPassedIds: string[] }> {
  if (tests.length === 0) throw new AppError('plan.results.empty');
  return db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    const plan = await planOf(trx, projectId, caller.userId, target, now);
    const { caseOf, moduleOf } = await matchCases(trx, projectId, tests);
    const unmatched = tests.filter((_, i) => caseOf[i] === undefined);
    let created = 0;
    if (target.createIn && unmatched.length > 0) {
      const fresh = [...new Map(unmatched.map((t) => [testKey(t), t])).values()];
      const ids = await insertCases(
        trx,
        caller,
        projectId,
        fresh.map((t) => ({
          caseName: t.name.slice(0, 255),
          caseKey: testKey(t).slice(0, 255),
          moduleId: target.createIn as number,
          caseLevel: 3,
          caseExpect: t.name.slice(0, 255),
          caseStep: [],
        })),
      );
      const idOf = new Map(fresh.map((t, i) => [testKey(t), ids[i]]));
      tests.forEach((t, i) => {
        if (caseOf[i] === undefined) caseOf[i] = idOf.get(testKey(t));
      });
      created = ids.length;
    }
    // The last result of each case.
    const resultOf = new Map<number, TestResult>();
    tests.forEach((t, i) => {
      const caseId = caseOf[i];
      if (caseId !== undefined) resultOf.set(caseId, t);
    });
    const caseIds = [...resultOf.keys()];
    const items = new Map<
      number,
      { planItemId: string; planItemState: string; planItemResult: string | null }
    >();
    for (const part of chunks(caseIds)) {
      const rows = await trx
        .selectFrom('sysPlanItem')
        .select(['planItemId', 'caseId', 'planItemState', 'planItemResult'])
        .where('planId', '=', plan.planId)
        .where('caseId', 'in', part)
        .execute();
      for (const r of rows) items.set(r.caseId, r);
    }
    const missing = caseIds.filter((id) => !items.has(id));
    const newItems = missing.map((caseId) => ({
      planItemId: randomUUID(),
      planId: plan.planId,
      caseId,
      // A case made for this run is in the deliverable asked for.
      moduleId: moduleOf.has(caseId) ? (moduleOf.get(caseId) ?? null) : (target.createIn ?? null),
      planItemState: 'unexecuted',
      planItemResult: null,
      testerId: null,
      updateById: caller.userId,
      updateTime: now,
    }));
    for (const part of chunks(newItems)) await trx.insertInto('sysPlanItem').values(part).execute();
    for (const item of newItems) items.set(item.caseId, item);

    const changed = caseIds.flatMap((caseId) => {
      const item = items.get(caseId);
      const test = resultOf.get(caseId) as TestResult;
      const outcome = OUTCOME_OF[test.status];
      if (!item) return [];
      const isSame =
        item.planItemState === outcome.planItemState && item.planItemResult === outcome.planItemResult;
      return isSame ? [] : [{ item, caseId, test, outcome }];
    });
    for (const status of ['pass', 'fail', 'skipped'] as const) {
      const ids = changed.filter((c) => c.test.status === status).map((c) => c.item.planItemId);
      for (const part of chunks(ids))
        await trx
          .updateTable('sysPlanItem')
          .set({ ...OUTCOME_OF[status], testerId: caller.userId, updateById: caller.userId, updateTime: now })
          .where('planItemId', 'in', part)
          .execute();
    }
    const history = changed.map(({ item, test, outcome }) => ({
      planItemId: item.planItemId,
      ...outcome,
      actualResult: test.message || null,
      failedStep: null,
      imgUrls: null,
      annexUrls: null,
      createById: caller.userId,
      createTime: now,
    }));
    for (const part of chunks(history)) await trx.insertInto('sysPlanItemResult').values(part).execute();
    const seenAgain = await recordOccurrences(
      trx,
      projectId,
      changed
        .filter((c) => c.test.status === 'fail')
        .map(({ item, caseId, test }) => ({ planItemId: item.planItemId, caseId, test, key: testKey(test) })),
      plan.planVersion,
      now,
    );
    await trx
      .updateTable('sysPlan')
      .set({ updateById: caller.userId, updateTime: now })
      .where('planId', '=', plan.planId)
      .execute();
    const count = (status: TestStatus) => [...resultOf.values()].filter((t) => t.status === status).length;
    return {
      planId: plan.planId,
      planName: plan.planName,
      matched: tests.length - unmatched.length,
      created,
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skipped'),
      seenAgain,
      // Items waiting for a retest that this run passed (the route may pass their defects' review).
      retestPassedIds: changed
        .filter((c) => c.item.planItemResult === 'retest' && c.test.status === 'pass')
        .map((c) => c.item.planItemId),
      unmatched: tests
        .filter((_, i) => caseOf[i] === undefined)
        .map((t) => ({ name: t.name, classname: t.classname })),
    };
  });
}
