import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let outsider: Person;
let projectId: number;
let shop: number;
let cart: number;
let pay: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, {
    [lead.userId]: [12],
    [dev.userId]: [5],
    [outsider.userId]: [12],
  });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Cases',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
  shop = (await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop'] })).data[0]
    .moduleId;
  [cart, pay] = (
    await api(lead, 'POST', '/system/module', {
      projectId,
      modulePid: shop,
      batchModuleNames: ['Cart', 'Pay'],
    })
  ).data.map((m: Json) => m.moduleId);
});
afterAll(async () => t.close());

const newCase = (over: Json = {}) => ({
  projectId,
  caseName: 'Pay with a saved card',
  moduleId: pay,
  caseLevel: 2,
  casePreconditions: 'A saved card',
  caseExpect: 'The order is paid',
  caseStep: [
    { stepDescribe: 'Open the cart', stepExpect: 'Items shown' },
    { stepDescribe: 'Press Pay', stepExpect: 'Card form' },
    { stepDescribe: 'Confirm', stepExpect: 'Paid' },
  ],
  ...over,
});

describe('test cases', () => {
  it('are numbered per project with their steps, deliverable path and an untested state', async () => {
    const first = await api(lead, 'POST', '/system/case', newCase());
    expect(first).toMatchObject({
      code: 200,
      data: {
        caseNum: 1,
        modulePath: 'Shop/Pay',
        caseState: 'untested',
        caseStep: [
          { stepDescribe: 'Open the cart' },
          { stepDescribe: 'Press Pay' },
          { stepDescribe: 'Confirm' },
        ],
        defectProcessingCount: 0,
      },
    });
    const second = await api(
      lead,
      'POST',
      '/system/case',
      newCase({ caseName: 'Add to cart', moduleId: cart }),
    );
    expect(second.data.caseNum).toBe(2);
  });

  it('check every field, naming the problem, and refuse a deliverable of another project', async () => {
    const bad = await api(lead, 'POST', '/system/case', newCase({ caseName: '', caseExpect: 'x' }));
    expect(bad.msg).toBe('Enter the case title');
    expect((await api(lead, 'POST', '/system/case', newCase({ caseExpect: '' }))).msg).toBe(
      'Enter the expected result',
    );
    expect((await api(lead, 'POST', '/system/case', newCase({ moduleId: undefined }))).msg).toBe(
      'Choose the deliverable of the case',
    );
    expect((await api(lead, 'POST', '/system/case', newCase({ caseLevel: 6 }))).msg).toBe(
      'The level must be from 1 to 5',
    );
    expect((await api(lead, 'POST', '/system/case', newCase({ caseName: 'x'.repeat(256) }))).msg).toBe(
      'The case title can have at most 255 characters',
    );
    const otherTeam = await insertTestTeam(t.db, { [outsider.userId]: [12] });
    const other = (
      await api(outsider, 'POST', '/system/project', { teamId: otherTeam, projectName: 'Elsewhere' })
    ).data.projectId;
    const foreign = (
      await api(outsider, 'POST', '/system/module', { projectId: other, batchModuleNames: ['X'] })
    ).data[0].moduleId;
    expect((await api(lead, 'POST', '/system/case', newCase({ moduleId: foreign }))).msg).toBe(
      'The deliverable does not exist in this project',
    );
    expect(
      (await api(outsider, 'GET', '/system/case/list', undefined, { projectId: String(projectId) })).code,
    ).toBe(403);
  });

  it('filter by deliverable subtree, level, state and title or number', async () => {
    const list = async (query: Record<string, string>) =>
      (
        await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId), ...query })
      ).rows.map((r: Json) => r.caseName);
    expect(await list({ 'params[modulePid]': String(shop) })).toHaveLength(2);
    expect(await list({ moduleId: String(cart) })).toEqual(['Add to cart']);
    expect(await list({ caseLevel: '2' })).toHaveLength(2);
    expect(await list({ caseName: '#1' })).toEqual(['Pay with a saved card']);
    expect(await list({ caseName: 'cart' })).toEqual(['Add to cart']);
    expect(await list({ caseState: 'fail' })).toEqual([]);
  });

  it('mark a case failed, link a defect from a step, and count the linked defects by state', async () => {
    const [paid] = (
      await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId), caseName: '#1' })
    ).rows as Json[];
    expect((await api(lead, 'PUT', '/system/case', { caseId: paid?.caseId, caseState: 'fail' })).code).toBe(
      200,
    );
    const defect = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Step 2 of #1: Press Pay',
      defectDescribe: 'Expected: Card form',
      defectLevel: 'height',
      handleBy: [dev.userId],
      moduleId: pay,
      caseId: paid?.caseId,
    });
    expect(defect).toMatchObject({ code: 200, data: { caseId: paid?.caseId } });
    const second = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Another',
      defectDescribe: 'x',
      defectLevel: 'low',
      handleBy: [dev.userId],
      caseId: paid?.caseId,
    });
    await api(lead, 'POST', `/system/defect/${second.data.defectId}/close`, { defectLogDescribe: 'dup' });
    const view = await api(dev, 'GET', `/system/case/${paid?.caseId}`);
    expect(view.data).toMatchObject({
      caseState: 'fail',
      defectProcessingCount: 1,
      defectAuditCount: 0,
      defectCloseCount: 1,
    });
    const defects = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: 'Step 2',
    });
    expect(defects.rows[0].caseId).toBe(paid?.caseId);
  });

  it('import a batch all or nothing, and a deliverable delete names and removes its cases', async () => {
    const batch = await api(lead, 'POST', '/system/case/batch', [
      newCase({ caseName: 'Generated one', moduleId: cart }),
      newCase({ caseName: 'Generated two', moduleId: cart }),
    ]);
    expect(batch.data.map((c: Json) => c.caseNum)).toEqual([3, 4]);
    const before = await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId) });
    const refused = await api(lead, 'POST', '/system/case/batch', [
      newCase({ caseName: 'Fine' }),
      newCase({ caseName: '' }),
    ]);
    expect(refused.code).toBe(500);
    expect(
      (await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId) })).total,
    ).toBe(before.total);

    const node = (await api(lead, 'GET', `/system/module/${cart}`)).data;
    expect(node.caseCount).toBe(3);
    const asked = await api(lead, 'DELETE', `/system/module/${cart}`);
    expect(asked).toMatchObject({ needsConfirm: true, impact: { cases: 3 } });
    expect((await api(lead, 'DELETE', `/system/module/${cart}`, undefined, { confirm: 'true' })).code).toBe(
      200,
    );
    const left = await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId) });
    expect(left.rows.map((r: Json) => r.caseName)).toEqual(['Pay with a saved card']);
  });

  it('delete cases of their own project only, leaving their defects unlinked', async () => {
    const [paid] = (await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId) }))
      .rows as Json[];
    expect((await api(outsider, 'DELETE', `/system/case/${paid?.caseId}`)).code).toBe(403);
    expect((await api(lead, 'DELETE', `/system/case/${paid?.caseId}`)).code).toBe(200);
    const defects = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: 'Step 2',
    });
    expect(defects.rows[0].caseId).toBeNull();
  });

  it('are refused, read or changed, to a teammate outside the project and to a member of another team', async () => {
    const { caseId } = (await api(lead, 'POST', '/system/case', newCase({ caseName: 'Guarded case' }))).data;
    const rowOf = () =>
      t.db.selectFrom('sysCase').selectAll().where('caseId', '=', caseId).executeTakeFirst();
    const before = await rowOf();
    const foreigner = await t.signedIn();
    await insertTestTeam(t.db, { [foreigner.userId]: [12] });
    const expected = { code: 403, msg: 'You do not have permission to access this project' };
    for (const who of [outsider, foreigner]) {
      expect(await api(who, 'GET', `/system/case/${caseId}`)).toEqual(expected);
      expect(await api(who, 'GET', '/system/case/list', undefined, { projectId: String(projectId) })).toEqual(
        expected,
      );
      expect(await api(who, 'PUT', '/system/case', { caseId, caseName: 'Taken', caseState: 'fail' })).toEqual(
        expected,
      );
      expect(await api(who, 'DELETE', `/system/case/${caseId}`)).toEqual(expected);
      expect(await api(who, 'POST', '/system/case', newCase({ caseName: 'Planted' }))).toEqual(expected);
    }
    expect(await rowOf()).toEqual(before);
    const planted = await t.db
      .selectFrom('sysCase')
      .select('caseId')
      .where('caseName', '=', 'Planted')
      .execute();
    expect(planted).toEqual([]);
  });

  it('take LIKE wildcards in a title search literally', async () => {
    await api(lead, 'POST', '/system/case', newCase({ caseName: 'Coupon 50% off' }));
    const list = async (caseName: string) =>
      (
        await api(dev, 'GET', '/system/case/list', undefined, { projectId: String(projectId), caseName })
      ).rows.map((r: Json) => r.caseName);
    expect(await list('50%')).toEqual(['Coupon 50% off']);
    expect(await list('5_%')).toEqual([]);
  });
});
