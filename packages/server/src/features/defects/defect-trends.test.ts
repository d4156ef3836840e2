import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { formatDateTime } from '../../lib/time.ts';
import { periodsOf } from './defect-trends.routes.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let tester: Person;
let dev: Person;
let outsider: Person;
let projectId: number;
const today = formatDateTime().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [tester, dev, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const team = await insertTestTeam(t.db, {
    [tester.userId]: [5],
    [dev.userId]: [5],
    [outsider.userId]: [5],
  });
  projectId = await insertTestProject(t.db, team, { [tester.userId]: [8], [dev.userId]: [7] });
  const create = async (defectName: string) =>
    (await api(tester, 'POST', '/system/defect', { projectId, defectName, handleBy: [dev.userId] })).data
      .defectId as number;
  // Four for the developer: one fixed (waiting for the tester's review), one closed.
  const ids = [await create('A'), await create('B'), await create('C'), await create('D')];
  await api(dev, 'POST', `/system/defect/${ids[0]}/repair`, { receiveBy: [tester.userId] });
  await api(tester, 'POST', `/system/defect/${ids[1]}/close`, { defectLogDescribe: 'duplicate' });
});
afterAll(async () => t.close());

const path = (p: string) => `/system/defect/statistic/${p}`;
const get = (who: Person, p: string, query?: Record<string, string>) =>
  api(who, 'GET', path(p), undefined, query);

describe('open workload', () => {
  it('counts each member’s open defects by state, the busiest first, and the caller’s own', async () => {
    const all = (await get(tester, `open-workload/${projectId}`)).data as Json[];
    expect(all.map((m) => [m.userId, m.processing, m.audit, m.rejected, m.total])).toEqual([
      [dev.userId, 2, 0, 0, 2],
      [tester.userId, 0, 1, 0, 1],
    ]);
    expect((await get(dev, `open-workload/${projectId}/my`)).data).toEqual({
      processing: 2,
      audit: 0,
      rejected: 0,
      total: 2,
    });
    expect((await get(outsider, `open-workload/${projectId}`)).code).toBe(403);
  });
});

describe('participation', () => {
  it('counts the caller’s history entries per day, zero-filled, 14 to 90 days', async () => {
    const short = (await get(tester, `participation/${projectId}/my`, { days: '5' })).data as Json[];
    expect(short).toHaveLength(14);
    expect(short.at(-1)).toEqual({ date: today, count: 5 });
    expect(short.slice(0, -1).every((d) => d.count === 0)).toBe(true);
    expect((await get(tester, `participation/${projectId}/my`, { days: '500' })).data).toHaveLength(90);
    expect((await get(dev, `participation/${projectId}/my`)).data).toHaveLength(30);
  });
});

describe('the lines', () => {
  it('count defects by state per day and per month, by their last change', async () => {
    const day = (await get(tester, `defect-state-line/${projectId}`)).data;
    expect(day.times).toEqual(periodsOf('day'));
    expect(day.times.at(-1)).toBe(today);
    const todayOf = (line: Json) =>
      Object.fromEntries(line.states.map((s: Json) => [s.defectStateName, s.counts.at(-1)]));
    expect(todayOf(day)).toEqual({ PROCESSING: 2, AUDIT: 1, REJECTED: 0, CLOSED: 1 });
    const month = (await get(tester, `defect-state-line/${projectId}`, { timeType: 'month' })).data;
    expect(month.times).toHaveLength(12);
    expect(todayOf(month)).toEqual({ PROCESSING: 2, AUDIT: 1, REJECTED: 0, CLOSED: 1 });
    expect((await get(tester, `defect-state-line/${projectId}`, { timeType: 'week' })).msg).toBe(
      'The period must be day or month',
    );
  });

  it('count the distinct defects each member acted on, and export both lines as sheets', async () => {
    const line = (await get(tester, `member-defect-line/${projectId}`)).data;
    const countOf = (userId: number) => line.members.find((m: Json) => m.userId === userId)?.counts.at(-1);
    // The tester created four and closed one of them; the developer fixed one.
    expect([countOf(tester.userId), countOf(dev.userId)]).toEqual([4, 1]);
    const res = await t.call({
      method: 'POST',
      url: path(`defect-state-line/${projectId}/export`),
      token: tester.token,
      lang: 'en_US',
      payload: { timeType: 'day' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as never);
    const ws = wb.getWorksheet('Defect states over time') as ExcelJS.Worksheet;
    expect((ws.getRow(1).values as unknown[]).filter(Boolean)).toEqual([
      'Day',
      'Pending',
      'In review',
      'Rejected',
      'Closed',
    ]);
    expect(ws.rowCount).toBe(31);
    expect((ws.getRow(31).values as unknown[]).filter((v) => v !== undefined)).toEqual([today, 2, 1, 0, 1]);
  });
});
