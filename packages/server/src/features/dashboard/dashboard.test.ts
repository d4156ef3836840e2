import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { formatDateTime } from '../../lib/time.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let tester: Person;
let dev: Person;
let outsider: Person;
let stranger: Person;
let projectId: number;
const base = () => `/system/dashboard/${projectId}`;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, tester, dev, outsider, stranger] = await Promise.all([
    t.signedIn(),
    t.signedIn(),
    t.signedIn(),
    t.signedIn(),
    t.signedIn(),
  ]);
  const team = await insertTestTeam(t.db, {
    [lead.userId]: [5],
    [tester.userId]: [5],
    [dev.userId]: [5],
    [outsider.userId]: [5],
  });
  projectId = await insertTestProject(t.db, team, {
    [lead.userId]: [11],
    [tester.userId]: [8],
    [dev.userId]: [7],
    [outsider.userId]: [9],
  });
  await insertTestTeam(t.db, { [stranger.userId]: [12] });
  const moduleId = await insertTestModule(t.db, projectId, 'Checkout');
  await insertTestModule(t.db, projectId, 'Search');
  for (let i = 0; i < 3; i++) await insertTestCase(t.db, projectId, moduleId);
  // Four defects: one left pending, one sent for review, one closed, one rejected back.
  const ids: number[] = [];
  for (const name of ['Pending', 'In review', 'Closed', 'Rejected']) {
    const res = await api(tester, 'POST', '/system/defect', {
      projectId,
      defectName: name,
      handleBy: [dev.userId],
    });
    ids.push(res.data.defectId);
  }
  const [, review, closed, rejected] = ids as [number, number, number, number];
  await api(dev, 'POST', `/system/defect/${review}/repair`, {
    receiveBy: [tester.userId],
    defectLogDescribe: 'Fixed',
  });
  await api(lead, 'POST', `/system/defect/${closed}/close`, {
    receiveBy: [],
    defectLogDescribe: 'Duplicate',
  });
  await api(dev, 'POST', `/system/defect/${rejected}/repair`, {
    receiveBy: [tester.userId],
    defectLogDescribe: 'Fixed',
  });
  const back = await api(tester, 'POST', `/system/defect/${rejected}/reject`, {
    defectLogDescribe: 'Still fails',
  });
  expect(back.code).toBe(200);
});
afterAll(async () => t.close());

describe('project dashboard (1.0 §13.6)', () => {
  it('sums the project up, each figure as counted', async () => {
    expect((await api(lead, 'GET', `${base()}/case`)).data).toEqual({ total: 3 });
    expect((await api(lead, 'GET', `${base()}/module`)).data).toEqual({ total: 2 });
    expect((await api(lead, 'GET', `${base()}/report`)).data).toEqual({ total: 0 });
    expect((await api(lead, 'GET', `${base()}/document`)).data).toEqual({ total: 0 });
    expect((await api(lead, 'GET', `${base()}/defect`)).data).toEqual({
      total: 4,
      pendingCount: 2,
      verifyCount: 1,
      closedCount: 1,
    });
    expect((await api(lead, 'GET', `${base()}/member`)).data).toEqual({
      total: 4,
      adminCount: 1,
      testCount: 1,
      developmentCount: 1,
      outsideCount: 1,
    });
    // A deleted defect leaves every figure.
    const gone = await api(tester, 'POST', '/system/defect', {
      projectId,
      defectName: 'Gone',
      handleBy: [dev.userId],
    });
    await api(tester, 'DELETE', `/system/defect/${gone.data.defectId}`);
    expect((await api(lead, 'GET', `${base()}/defect`)).data.total).toBe(4);
  });

  it('draws the state and member lines of today, and ranks who handled most', async () => {
    const today = formatDateTime().slice(0, 10);
    const line = (await api(lead, 'GET', `${base()}/defect-line`, undefined, { timeType: 'day' })).data;
    expect(line.times).toHaveLength(30);
    expect(line.times.at(-1)).toBe(today);
    expect(line.types).toEqual(['PROCESSING', 'AUDIT', 'RESOLVED', 'REJECTED', 'CLOSED']);
    expect({
      processing: line.data.PROCESSING.at(-1),
      audit: line.data.AUDIT.at(-1),
      rejected: line.data.REJECTED.at(-1),
      closed: line.data.CLOSED.at(-1),
    }).toEqual({ processing: 1, audit: 1, rejected: 1, closed: 1 });
    const month = (await api(lead, 'GET', `${base()}/defect-line`, undefined, { timeType: 'month' })).data;
    expect(month.times).toHaveLength(12);

    const members = (await api(lead, 'GET', `${base()}/member-defect-line`, undefined, { timeType: 'day' }))
      .data;
    const handled = (userId: number) =>
      (members.data as Json[]).find((m) => m.userId === userId && m.createTime === today)?.defectTodayCount;
    // The tester made five (one since deleted, still in the history); the developer acted on two; the lead on one.
    expect([handled(tester.userId), handled(dev.userId), handled(lead.userId)]).toEqual([5, 2, 1]);

    const ranking = (await api(lead, 'GET', `${base()}/member-defect`)).data as Json[];
    expect(ranking.map((m) => [m.userId, m.defectTodayCount, m.defectTotal])).toEqual([
      [tester.userId, 5, 5],
      [dev.userId, 2, 2],
      [lead.userId, 1, 1],
    ]);
    expect((await api(lead, 'GET', `${base()}/defect-line`, undefined, { timeType: 'week' })).msg).toBe(
      'The period must be day or month',
    );
  });

  it('lists what happened lately, grouped by day, and filters it by kind', async () => {
    const all = (await api(lead, 'GET', `${base()}/actions`, undefined, { type: 'all' })).data.actions;
    const days = Object.keys(all);
    expect(days).toHaveLength(1);
    const entries = all[days[0] as string] as Json[];
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['defect', 'case']));
    const closed = entries.find(
      (e) => e.type === 'defect' && String(e.title).endsWith('Closed') && e.state === 'CLOSED',
    );
    expect(closed).toMatchObject({ userName: lead.userName });
    const cases = (await api(lead, 'GET', `${base()}/actions`, undefined, { type: 'case' })).data.actions;
    expect(Object.values(cases).flat()).toHaveLength(3);
  });

  it('exports the lines, and keeps other projects and other roles out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/defect-line/export?timeType=day`,
      headers: { authorization: `Bearer ${lead.token}`, language: 'en_US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.name).toBe('Defect states, 30 days');
    expect(ws.rowCount).toBe(31);
    expect((await api(stranger, 'GET', `${base()}/case`)).code).toBe(403);
    // The outsider (role 9) has no dashboard, as in 1.0.
    expect((await api(outsider, 'GET', `${base()}/case`)).code).toBe(403);
  });
});
