import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * A case's files, test data and history (1.0, §13.8): who changed what, each change once, a
 * change that changes nothing not recorded, the history read only by the project.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let projectId: number;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  lead = await t.signedIn();
  projectId = await insertTestProject(t.db, await insertTestTeam(t.db, { [lead.userId]: [12] }), {
    [lead.userId]: [11],
  });
  moduleId = await insertTestModule(t.db, projectId, 'Checkout');
});
afterAll(async () => t.close());

describe('a case’s history', () => {
  it('keeps its files and test data, and records each change with who made it', async () => {
    const made = await api(lead, 'POST', '/system/case', {
      projectId,
      moduleId,
      caseName: 'Pay with a coupon',
      caseLevel: 2,
      caseExpect: 'The total drops by **10 %**',
      caseData: '| coupon | total |\n|---|---|\n| SAVE10 | 90 |',
      annexUrls: '/profile/upload/2026/11/29/coupons.csv',
      caseStep: [{ stepDescribe: 'Add an item', stepExpect: 'It is in the cart' }],
    });
    expect(made.code, made.msg).toBe(200);
    const caseId = made.data.caseId as number;
    const shown = (await api(lead, 'GET', `/system/case/${caseId}`)).data;
    expect(shown).toMatchObject({
      caseData: '| coupon | total |\n|---|---|\n| SAVE10 | 90 |',
      annexUrls: '/profile/upload/2026/11/29/coupons.csv',
    });

    const change = async (body: Json) => {
      const res = await api(lead, 'PUT', '/system/case', { caseId, ...body });
      expect(res.code, res.msg).toBe(200);
    };
    await change({ caseLevel: 1, caseExpect: 'The total drops by **10 %**' });
    await change({ caseStep: [{ stepDescribe: 'Add two items', stepExpect: 'Both are in the cart' }] });
    // Nothing changes: nothing recorded.
    await change({ caseLevel: 1 });
    const history = await api(lead, 'GET', `/system/case/${caseId}/history`);
    expect(history.code, history.msg).toBe(200);
    const entries = history.data as Json[];
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[1]).toMatchObject({
      createById: lead.userId,
      changes: [{ field: 'caseLevel', oldValue: 2, newValue: 1 }],
    });
    expect(entries[0]?.changes).toEqual([
      {
        field: 'caseStep',
        oldValue: [{ stepDescribe: 'Add an item', stepExpect: 'It is in the cart' }],
        newValue: [{ stepDescribe: 'Add two items', stepExpect: 'Both are in the cart' }],
      },
    ]);
    const stranger = await t.signedIn();
    expect((await api(stranger, 'GET', `/system/case/${caseId}/history`)).code).toBe(403);
  });

  it('refuses test data that is too long and an attachment that is not an upload, naming each', async () => {
    const res = await api(lead, 'POST', '/system/case', {
      projectId,
      moduleId,
      caseName: 'Too much data',
      caseLevel: 2,
      caseExpect: 'Refused',
      caseData: 'x'.repeat(2001),
    });
    expect(res.msg).toBe('The test data is too long (at most 2,000 characters)');
    const made = await api(lead, 'POST', '/system/case', {
      projectId,
      moduleId,
      caseName: 'A foreign link',
      caseLevel: 2,
      caseExpect: 'Refused',
      annexUrls: 'https://evil.example/x.exe',
    });
    expect(made.msg).toBe('An attachment must be a file uploaded here');
  });
});
