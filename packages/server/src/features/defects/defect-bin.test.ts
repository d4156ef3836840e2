import { DefectLogType } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * The recycle bin (1.0, §13.3): a deleted defect leaves the list for the bin, nothing changes it
 * there, and restoring brings it back with a RESTORE entry in its history — any defect for one
 * holding the remove permission, one's own for anyone else. And an edit's entry in the history
 * names the fields it changed, before and after (1.0's UPDATE log).
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let stranger: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, stranger] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  // The developer (7) may add defects but not remove any: theirs only.
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11], [dev.userId]: [7] });
});
afterAll(async () => t.close());

const newDefect = async (who: Person, name: string) => {
  const made = await api(who, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: name,
    defectLevel: 'middle',
    handleBy: [lead.userId],
  });
  expect(made.code, made.msg).toBe(200);
  return made.data.defectId as number;
};
const listed = async (who: Person, query: Record<string, string> = {}) =>
  (
    (await api(who, 'GET', '/system/defect/list', undefined, { projectId: String(projectId), ...query }))
      .rows as Json[]
  ).map((d) => d.defectId as number);
const bin = (who: Person) => listed(who, { 'params[delFlag]': '2' });

describe('the recycle bin', () => {
  it('holds deleted defects, changes none of them, and restores them with their history', async () => {
    const mine = await newDefect(dev, 'Developer’s own');
    const theirs = await newDefect(lead, 'Lead’s');
    expect((await api(lead, 'DELETE', `/system/defect/${mine},${theirs}`)).code).toBe(200);
    expect(await listed(lead)).not.toContain(mine);
    expect((await bin(lead)).slice(0, 2).sort()).toEqual([mine, theirs].sort());
    // Nothing changes a deleted defect.
    expect(
      (await api(lead, 'POST', `/system/defect/${theirs}/close`, { defectLogDescribe: 'x' })).code,
    ).not.toBe(200);
    // The developer, without the remove permission, restores their own defect only.
    expect((await api(dev, 'PUT', `/system/defect/${theirs}/restore`)).code).toBe(403);
    expect((await api(stranger, 'PUT', `/system/defect/${mine}/restore`)).code).toBe(403);
    const back = await api(dev, 'PUT', `/system/defect/${mine}/restore`);
    expect(back.code, back.msg).toBe(200);
    expect(await listed(dev)).toContain(mine);
    expect(await bin(lead)).not.toContain(mine);
    // Restoring a live defect is refused: it is not in the bin.
    expect((await api(lead, 'PUT', `/system/defect/${mine}/restore`)).code).toBe(403);
    const logs = await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogType')
      .where('defectId', '=', mine)
      .orderBy('defectLogId')
      .execute();
    expect(logs.map((l) => l.defectLogType).slice(-2)).toEqual([DefectLogType.DELETE, DefectLogType.RESTORE]);
    // The lead restores anyone's.
    expect((await api(lead, 'PUT', `/system/defect/${theirs}/restore`)).code).toBe(200);
    expect(await bin(lead)).toEqual([]);
  });

  it('finds a deleted defect by words of its title', async () => {
    const gone = await newDefect(lead, 'Cart badge shows 100% off');
    await newDefect(lead, 'Something else');
    await api(lead, 'DELETE', `/system/defect/${gone}`);
    expect(await listed(lead, { 'params[delFlag]': '2', defectName: '100%' })).toEqual([gone]);
    expect(await listed(lead, { 'params[delFlag]': '2', defectName: 'nothing like it' })).toEqual([]);
  });
});

describe('the change log of an edit', () => {
  it('writes the fields changed, before and after, and nothing of what stayed', async () => {
    const defectId = await newDefect(lead, 'Checkout slow');
    const edited = await api(lead, 'PUT', '/system/defect', {
      defectId,
      defectName: 'Checkout very slow',
      defectLevel: 'urgent',
      moduleVersion: '2.1',
      handleBy: [lead.userId, dev.userId],
      defectType: 'BUG',
    });
    expect(edited.code, edited.msg).toBe(200);
    const log = await t.db
      .selectFrom('sysDefectLog')
      .select(['defectLogType', 'defectLogDescribe'])
      .where('defectId', '=', defectId)
      .orderBy('defectLogId', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.defectLogType).toBe(DefectLogType.UPDATE);
    const changes = JSON.parse(log.defectLogDescribe ?? '[]') as Json[];
    expect(changes.map((c) => c.field)).toEqual(['defectName', 'defectLevel', 'moduleVersion', 'handleBy']);
    expect(changes[0]).toMatchObject({ oldValue: 'Checkout slow', newValue: 'Checkout very slow' });
    expect(changes[1]).toMatchObject({ oldValue: 'middle', newValue: 'urgent' });
    expect(changes[3]).toMatchObject({ oldValue: [lead.userId], newValue: [lead.userId, dev.userId] });
  });
});
