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
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  lead = await t.signedIn();
  projectId = await insertTestProject(t.db, await insertTestTeam(t.db, { [lead.userId]: [12] }), {
    [lead.userId]: [11],
  });
});
afterAll(async () => t.close());

describe('case id lists', () => {
  it("answer a deliverable's cases with those below it, and a level's cases, of the project only", async () => {
    const shop = await insertTestModule(t.db, projectId, 'Shop');
    const now = '2026-01-01 00:00:00';
    const cart = (
      await t.db
        .insertInto('sysModule')
        .values({
          modulePid: shop,
          moduleName: 'Cart',
          remark: null,
          projectId,
          createTime: now,
          updateTime: now,
        })
        .returning('moduleId')
        .executeTakeFirstOrThrow()
    ).moduleId;
    const other = await insertTestModule(t.db, projectId, 'Other');
    const [a, b, c] = [
      await insertTestCase(t.db, projectId, shop),
      await insertTestCase(t.db, projectId, cart),
      await insertTestCase(t.db, projectId, other),
    ];
    await t.db.updateTable('sysCase').set({ caseLevel: 1 }).where('caseId', 'in', [a, c]).execute();
    expect((await api(lead, 'GET', `/system/case/module/${shop}/ids`)).data).toEqual([a, b]);
    expect((await api(lead, 'GET', `/system/case/module/${cart}/ids`)).data).toEqual([b]);
    expect(
      (await api(lead, 'GET', '/system/case/level/1/ids', undefined, { projectId: String(projectId) })).data,
    ).toEqual([a, c]);
    const stranger = await t.signedIn();
    expect((await api(stranger, 'GET', `/system/case/module/${shop}/ids`)).code).toBe(403);
    expect(
      (await api(lead, 'GET', '/system/case/level/6/ids', undefined, { projectId: String(projectId) })).code,
    ).toBe(500);
  });

  it('keeps a case key unique in its project, optional and cleared by an empty text', async () => {
    const moduleId = await insertTestModule(t.db, projectId, 'Keys');
    const body = {
      projectId,
      moduleId,
      caseName: 'Pays by card',
      caseLevel: 2,
      caseExpect: 'Paid',
      caseStep: [],
    };
    const first = await api(lead, 'POST', '/system/case', { ...body, caseKey: ' shop.PayTest.card ' });
    expect(first.data.caseKey).toBe('shop.PayTest.card');
    const clash = await api(lead, 'POST', '/system/case', { ...body, caseKey: 'shop.PayTest.card' });
    expect(clash.msg).toMatch(/case_key/);
    const none = await api(lead, 'POST', '/system/case', { ...body, caseKey: '' });
    expect(none.data.caseKey).toBeNull();
    const cleared = await api(lead, 'PUT', '/system/case', { caseId: first.data.caseId, caseKey: '' });
    expect(cleared.code).toBe(200);
    expect((await api(lead, 'GET', `/system/case/${first.data.caseId}`)).data.caseKey).toBeNull();
  });

  it('steps to the previous and next case of the list as filtered, in number order, to neither past the ends', async () => {
    const area = await insertTestModule(t.db, projectId, 'Walk');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await insertTestCase(t.db, projectId, area));
    // The second is of another level: a level filter skips it.
    await t.db
      .updateTable('sysCase')
      .set({ caseLevel: 5 })
      .where('caseId', '=', ids[1] as number)
      .execute();
    await t.db
      .updateTable('sysCase')
      .set({ caseLevel: 2 })
      .where('caseId', 'in', [ids[0], ids[2], ids[3]] as number[])
      .execute();
    const step = async (id: number | undefined, way: 'prev' | 'next', query: Record<string, string> = {}) => {
      const res = await api(lead, 'GET', `/system/case/${id}/${way}`, undefined, {
        moduleId: String(area),
        ...query,
      });
      expect(res.code, res.msg).toBe(200);
      return (res.data as { caseId: number } | undefined)?.caseId;
    };
    expect(await step(ids[0], 'next')).toBe(ids[1]);
    expect(await step(ids[1], 'prev')).toBe(ids[0]);
    expect(await step(ids[0], 'next', { caseLevel: '2' })).toBe(ids[2]);
    expect(await step(ids[3], 'next')).toBeUndefined();
    expect(await step(ids[0], 'prev')).toBeUndefined();
    expect(await step(ids[2], 'next', { isAsc: 'desc' })).toBe(ids[1]);
    const stranger = await t.signedIn();
    expect((await api(stranger, 'GET', `/system/case/${ids[0]}/next`)).code).toBe(403);
  });
});
