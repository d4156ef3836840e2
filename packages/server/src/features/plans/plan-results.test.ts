import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { JUNIT_MAX_BYTES } from './junit.ts';

/*
 * Results from CI: a JUnit report (or a JSON list) sent with the project's API key lands in the
 * run's plan, matched to cases by key or name; the same run again updates it; hostile XML is
 * refused with its reason and nothing written.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let projectId: number;
let key: string;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  lead = await t.signedIn();
  projectId = await insertTestProject(t.db, await insertTestTeam(t.db, { [lead.userId]: [12] }), {
    [lead.userId]: [11],
  });
  moduleId = await insertTestModule(t.db, projectId, 'Suite');
  const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'CI' });
  key = made.data.apiKey;
  // 150 cases a runner knows by key, 20 by name alone (numbered as the app numbers them).
  const made2 = await api(
    lead,
    'POST',
    '/system/case/batch',
    Array.from({ length: 170 }, (_, i) => ({
      projectId,
      moduleId,
      caseName: i < 150 ? `keyed case ${i}` : `named case ${i}`,
      caseKey: i < 150 ? `shop.CheckoutTest.case${i}` : null,
      caseLevel: 3,
      caseExpect: 'Passes',
      caseStep: [],
    })),
  );
  expect(made2.code, made2.msg).toBe(200);
});
afterAll(async () => t.close());

interface Test {
  name: string;
  classname?: string;
  status: 'pass' | 'fail' | 'skipped';
}

/** 150 by key, 20 by name, 30 no case knows; every seventh fails, every eleventh is skipped. */
const tests = (): Test[] =>
  Array.from({ length: 200 }, (_, i) => ({
    ...(i < 150
      ? { name: `case${i}`, classname: 'shop.CheckoutTest' }
      : i < 170
        ? { name: `named case ${i}` }
        : { name: `newcase${i}`, classname: 'shop.NewTest' }),
    status: i % 7 === 0 ? 'fail' : i % 11 === 0 ? 'skipped' : 'pass',
  }));

const junit = (list: Test[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="shop" tests="${list.length}">${list
    .map(
      (c) =>
        `<testcase name="${c.name}" classname="${c.classname ?? ''}" time="0.01">${
          c.status === 'fail'
            ? '<failure message="expected 200">AssertionError: expected 200 but was 500</failure>'
            : c.status === 'skipped'
              ? '<skipped/>'
              : ''
        }</testcase>`,
    )
    .join('')}</testsuite></testsuites>`;

const send = async (body: string | Json, query: Record<string, string> = {}, withKey = key) =>
  (
    await t.call({
      method: 'POST',
      url: '/api/plan/results',
      query,
      lang: 'en_US',
      headers: {
        'CAT2BUG-API-KEY': withKey,
        ...(typeof body === 'string' ? { 'content-type': 'application/xml' } : {}),
      },
      payload: body as string,
    })
  ).body;

const counts = async () => ({
  plans: (await t.db.selectFrom('sysPlan').select('planId').where('projectId', '=', projectId).execute())
    .length,
  items: (await t.db.selectFrom('sysPlanItem').select('planItemId').execute()).length,
  results: (await t.db.selectFrom('sysPlanItemResult').select('resultId').execute()).length,
  cases: (await t.db.selectFrom('sysCase').select('caseId').where('projectId', '=', projectId).execute())
    .length,
});

describe('results from CI', () => {
  it('puts a JUnit report of 200 tests into the run’s plan, matching cases by key or name', async () => {
    const list = tests();
    const answer = await send(junit(list), { runName: 'nightly 2026-11-29' });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ planName: 'nightly 2026-11-29', matched: 170, created: 0 });
    expect(answer.data.unmatched).toHaveLength(30);
    expect(answer.data.unmatched[0]).toEqual({ name: 'newcase170', classname: 'shop.NewTest' });
    const matched = list.slice(0, 170);
    expect(answer.data).toMatchObject({
      failed: matched.filter((c) => c.status === 'fail').length,
      skipped: matched.filter((c) => c.status === 'skipped').length,
      passed: matched.filter((c) => c.status === 'pass').length,
    });
    const plan = await api(lead, 'GET', `/system/plan/${answer.data.planId}`);
    expect(plan.data).toMatchObject({
      itemTotal: 170,
      passCount: answer.data.passed,
      failCount: answer.data.failed,
      skippedCount: answer.data.skipped,
    });
    // A failure keeps its message in the item's history.
    const failedItem = (plan.data.sysPlanItemList as Json[]).find((i) => i.planItemState === 'not_pass');
    const history = await api(lead, 'GET', `/system/PlanItem/${failedItem?.planItemId}/results`);
    expect(history.data[0].actualResult).toContain('expected 200');
  });

  it('updates the same run sent again, never duplicating, and keeps only changes in the history', async () => {
    const list = tests();
    const first = await send(junit(list), { runName: 'release check' });
    const before = await counts();
    const again = await send(junit(list), { runName: 'release check' });
    expect(again.data.planId).toBe(first.data.planId);
    expect(await counts()).toEqual(before);
    // One test turns green: one item and one history entry change.
    const fixed = list.map((c, i) => (i === 0 ? { ...c, status: 'pass' as const } : c));
    await send(junit(fixed), { runName: 'release check' });
    expect(await counts()).toEqual({ ...before, results: before.results + 1 });
  });

  it('makes cases of the tests no case matches when asked, keyed so the next run matches them', async () => {
    const made = await send(junit(tests()), {
      runName: 'with new cases',
      createMissing: 'true',
      deliverablePath: 'Suite',
    });
    expect(made.code, made.msg).toBe(200);
    expect(made.data).toMatchObject({ matched: 170, created: 30, unmatched: [] });
    const newCase = await t.db
      .selectFrom('sysCase')
      .select(['caseName', 'caseKey'])
      .where('caseKey', '=', 'shop.NewTest.newcase170')
      .executeTakeFirstOrThrow();
    expect(newCase.caseName).toBe('newcase170');
    const next = await send(junit(tests()), { runName: 'with new cases' });
    expect(next.data).toMatchObject({ matched: 200, created: 0, unmatched: [] });
    const refused = await send(junit(tests()), { runName: 'x', createMissing: 'true' });
    expect(refused.msg).toBe('To make cases of unmatched tests, give a deliverable path (deliverablePath)');
  });

  it('takes a JSON list as well', async () => {
    const answer = await send(
      { results: [{ name: 'case1', classname: 'shop.CheckoutTest', status: 'failed', message: 'boom' }] },
      { runName: 'json run' },
    );
    expect(answer.data).toMatchObject({ matched: 1, failed: 1 });
  });

  it('refuses hostile or broken XML with the reason, writing nothing', async () => {
    const before = await counts();
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><testsuites><testsuite><testcase name="&lol2;"/></testsuite></testsuites>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><testsuite><testcase name="&xxe;"/></testsuite>`;
    const deep = `<testsuites>${'<testsuite>'.repeat(100)}<testcase name="deep"/>${'</testsuite>'.repeat(100)}</testsuites>`;
    const cases: [string, RegExp][] = [
      [laughs, /document type declaration/],
      [xxe, /document type declaration/],
      [deep, /nests elements more than 64 deep/],
      ['this is not xml', /not well-formed XML/],
      ['<testsuites><testsuite><testcase name="a"></testsuites>', /not well-formed XML/],
      ['<testsuite><testcase name="&unknown;"/></testsuite>', /not well-formed XML/],
      ['<html><body/></html>', /root element is <html>/],
      [`<testsuites>${' '.repeat(JUNIT_MAX_BYTES)}</testsuites>`, /larger than 20 MB/],
    ];
    for (const [xml, reason] of cases) {
      const answer = await send(xml, { runName: 'hostile' });
      expect(answer.code, xml.slice(0, 60)).toBe(500);
      expect(answer.msg).toMatch(reason);
    }
    expect(await counts()).toEqual(before);
  });

  it('needs a key with the plan capability, and a plan or run name', async () => {
    const limited = await api(lead, 'POST', '/system/api', {
      projectId,
      apiName: 'cases only',
      features: { case: ['list'] },
    });
    expect((await send(junit(tests()), { runName: 'x' }, limited.data.apiKey)).code).toBe(403);
    expect((await send(junit(tests()))).msg).toBe('Give the plan (planId) or a run name (runName)');
    const other = await insertTestProject(t.db, await insertTestTeam(t.db, { [lead.userId]: [12] }), {
      [lead.userId]: [11],
    });
    const foreignPlan = await api(lead, 'POST', '/system/plan', { projectId: other, planName: 'Elsewhere' });
    const refused = await send(junit(tests()), { planId: foreignPlan.data.planId });
    expect(refused.msg).toBe('The plan was not found!');
  });

  it('counts a failure with an open defect as one more occurrence of it, not a new defect', async () => {
    const caseIdOf = async (caseKey: string) =>
      (
        await t.db
          .selectFrom('sysCase')
          .select('caseId')
          .where('projectId', '=', projectId)
          .where('caseKey', '=', caseKey)
          .executeTakeFirstOrThrow()
      ).caseId;
    // case1 has an open defect raised from it; case2 a closed one.
    const raise = async (caseKey: string) => {
      const made = await api(lead, 'POST', '/system/defect', {
        projectId,
        defectType: 'BUG',
        defectName: `${caseKey} fails`,
        defectLevel: 'middle',
        caseId: await caseIdOf(caseKey),
        handleBy: [lead.userId],
      });
      expect(made.code, made.msg).toBe(200);
      return made.data.defectId as number;
    };
    const open = await raise('shop.CheckoutTest.case1');
    const closed = await raise('shop.CheckoutTest.case2');
    await t.db.updateTable('sysDefect').set({ defectState: 4 }).where('defectId', '=', closed).execute();
    const failing: Test[] = [1, 2, 3].map((i) => ({
      name: `case${i}`,
      classname: 'shop.CheckoutTest',
      status: 'fail',
    }));
    const defectsBefore = (await t.db.selectFrom('sysDefect').select('defectId').execute()).length;

    const first = await send(junit(failing), { runName: 'occurrences 1' });
    expect(first.code, first.msg).toBe(200);
    expect(first.data.seenAgain).toEqual([open]);
    const pushed = () =>
      t.db.selectFrom('sysDefectPush').selectAll().where('defectId', '=', open).executeTakeFirst();
    expect(await pushed()).toMatchObject({ occurrences: 2 });
    const items = await api(lead, 'GET', '/system/PlanItem/list', undefined, {
      planId: first.data.planId,
      pageSize: '10',
    });
    const byCase = new Map((items.rows as Json[]).map((i) => [i.caseName, i.defectIds]));
    expect(byCase.get('keyed case 1')).toEqual([open]);
    expect(byCase.get('keyed case 2')).toEqual([]);

    // The same run again changes nothing; the next run's failure is one more occurrence.
    expect((await send(junit(failing), { runName: 'occurrences 1' })).data.seenAgain).toEqual([]);
    expect((await send(junit(failing), { runName: 'occurrences 2' })).data.seenAgain).toEqual([open]);
    expect(await pushed()).toMatchObject({ occurrences: 3 });
    expect((await t.db.selectFrom('sysDefect').select('defectId').execute()).length).toBe(defectsBefore);
    // Fixed and closed, it is not seen again: a failure then needs a defect of its own.
    await t.db.updateTable('sysDefect').set({ defectState: 4 }).where('defectId', '=', open).execute();
    expect((await send(junit(failing), { runName: 'occurrences 3' })).data.seenAgain).toEqual([]);
  });
});
