import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let qa: Person;
let projectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, qa] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const team = await insertTestTeam(t.db, { [lead.userId]: [5], [dev.userId]: [5], [qa.userId]: [5] });
  projectId = await insertTestProject(t.db, team, {
    [lead.userId]: [8],
    [dev.userId]: [7],
    [qa.userId]: [8],
  });
});
afterAll(async () => t.close());

const create = async (handleBy: number[], over: Json = {}) => {
  const res = await api(lead, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'Tallied',
    defectDescribe: 'x',
    defectLevel: 'middle',
    handleBy,
    ...over,
  });
  expect(res.code).toBe(200);
  return res.data.defectId as number;
};

/** The tally as stored, and as counted from the rows: they must always be equal. */
async function compare() {
  const stored = await t.db
    .selectFrom('sysDefectHandlerTally')
    .select(['userId', 'defectState', 'n'])
    .where('projectId', '=', projectId)
    .where('n', '<>', 0)
    .orderBy('userId')
    .orderBy('defectState')
    .execute();
  const counted = await t.db
    .selectFrom('sysDefectHandler as h')
    .innerJoin('sysDefect as d', 'd.defectId', 'h.defectId')
    .select(['h.userId', 'd.defectState', (eb) => eb.fn.countAll<number>().as('n')])
    .where('d.projectId', '=', projectId)
    .where('d.isDeleted', '=', 0)
    .groupBy(['h.userId', 'd.defectState'])
    .orderBy('h.userId')
    .orderBy('d.defectState')
    .execute();
  expect(stored).toEqual(counted.map((r) => ({ ...r, n: Number(r.n) })));
  return stored;
}

describe('the handler tally (migration 036)', () => {
  it('stays equal to the counted rows through creates, handler changes, actions and deletes', async () => {
    const a = await create([dev.userId]);
    const b = await create([dev.userId, qa.userId]);
    const c = await create([qa.userId], { defectType: 'TASK' });
    expect(await compare()).toEqual([
      { userId: dev.userId, defectState: 0, n: 2 },
      { userId: qa.userId, defectState: 0, n: 2 },
    ]);
    // Handlers replaced on an update, a state moved by the workflow, a defect deleted.
    const shown = (await api(lead, 'GET', `/system/defect/${b}`)).data as Json;
    expect(
      (await api(lead, 'PUT', '/system/defect', { ...shown, defectId: b, handleBy: [lead.userId] })).code,
    ).toBe(200);
    expect((await api(lead, 'POST', `/system/defect/${a}/close`, { defectLogDescribe: 'dup' })).code).toBe(
      200,
    );
    expect((await api(lead, 'DELETE', `/system/defect/${c}`)).code).toBe(200);
    expect(await compare()).toEqual([
      { userId: lead.userId, defectState: 0, n: 1 },
      { userId: dev.userId, defectState: 4, n: 1 },
    ]);
    // Changes made outside the service, a bulk one and a deletion outright (its handler rows go
    // with it by the cascade), are counted too.
    await t.db.updateTable('sysDefect').set({ defectState: 1 }).where('projectId', '=', projectId).execute();
    await compare();
    await t.db.deleteFrom('sysDefect').where('defectId', '=', a).execute();
    await compare();
    await t.db.updateTable('sysDefect').set({ isDeleted: 0 }).where('defectId', '=', c).execute();
    await sql`insert into sys_defect_handler (defect_id, user_id, position) values (${c}, ${dev.userId}, 9)`.execute(
      t.db,
    );
    expect(await compare()).toEqual([
      { userId: lead.userId, defectState: 1, n: 1 },
      { userId: dev.userId, defectState: 1, n: 1 },
      { userId: qa.userId, defectState: 1, n: 1 },
    ]);
    // A reassignment made in place by hand.
    await t.db
      .updateTable('sysDefectHandler')
      .set({ userId: lead.userId })
      .where('defectId', '=', c)
      .where('userId', '=', qa.userId)
      .execute();
    expect(await compare()).toEqual([
      { userId: lead.userId, defectState: 1, n: 2 },
      { userId: dev.userId, defectState: 1, n: 1 },
    ]);
  });

  it('answers the member statistics from it', async () => {
    const res = await api(lead, 'GET', `/system/defect/statistic/member/${projectId}`);
    const byUser = new Map((res.data as Json[]).map((m) => [m.userId, m]));
    expect(byUser.get(dev.userId)).toMatchObject({ audit: 1, open: 1, processing: 0 });
    expect(byUser.get(qa.userId)).toMatchObject({ audit: 0, open: 0 });
    expect(byUser.get(lead.userId)).toMatchObject({ audit: 2, open: 2 });
  });
});
