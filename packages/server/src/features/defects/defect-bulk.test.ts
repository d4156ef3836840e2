import { DEFECT_BULK_MAX } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import type { DefectEvent } from '../../lib/events.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let tester: Person;
let dev: Person;
let viewer: Person;
let stranger: Person;
let projectId: number;
let otherProject: number;
const events: DefectEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  t.events.onDefect((e) => events.push(e));
  [lead, tester, dev, viewer, stranger] = await Promise.all([
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
    [viewer.userId]: [5],
    [stranger.userId]: [5],
  });
  projectId = await insertTestProject(t.db, team, {
    [lead.userId]: [11],
    [tester.userId]: [8],
    [dev.userId]: [7],
    [viewer.userId]: [10],
  });
  otherProject = await insertTestProject(t.db, team, { [stranger.userId]: [11] });
});
afterAll(async () => t.close());

let nextNum = 1;
/** Defects written straight into the tables (a thousand through the API would only slow the test). */
async function insertDefects(
  count: number,
  over: { createById?: number; handler?: number; state?: number; isDeleted?: number; project?: number } = {},
): Promise<number[]> {
  const now = '2026-11-01 09:00:00';
  const ids: number[] = [];
  for (let at = 0; at < count; at += 200) {
    const rows = await t.db
      .insertInto('sysDefect')
      .values(
        Array.from({ length: Math.min(200, count - at) }, (_, i) => ({
          projectId: over.project ?? projectId,
          projectNum: nextNum++,
          defectType: 0,
          defectName: `Bulk ${at + i}`,
          defectDescribe: null,
          defectLevel: 'middle',
          defectState: over.state ?? 0,
          moduleId: null,
          moduleVersion: '1.0',
          imgUrls: null,
          annexUrls: null,
          caseId: null,
          planStartTime: null,
          planEndTime: null,
          lastFixerId: null,
          isDeleted: over.isDeleted ?? 0,
          sponsor: null,
          createBy: 'x',
          createById: over.createById ?? tester.userId,
          createTime: now,
          updateBy: 'x',
          updateTime: now,
        })),
      )
      .returning('defectId')
      .execute();
    ids.push(...rows.map((r) => r.defectId));
  }
  const handler = over.handler ?? dev.userId;
  for (let at = 0; at < ids.length; at += 300)
    await t.db
      .insertInto('sysDefectHandler')
      .values(ids.slice(at, at + 300).map((defectId) => ({ defectId, userId: handler, position: 0 })))
      .execute();
  return ids;
}

const bulk = (who: Person, body: Json) => api(who, 'POST', '/system/defect/bulk', { projectId, ...body });
const logsOf = async (ids: number[], type: number) =>
  t.db
    .selectFrom('sysDefectLog')
    .select(['defectId', 'defectLogDescribe', 'createById'])
    .where('defectId', 'in', ids)
    .where('defectLogType', '=', type)
    .execute();
const rowsOf = (ids: number[]) =>
  t.db.selectFrom('sysDefect').selectAll().where('defectId', 'in', ids).orderBy('defectId').execute();

describe('bulk close', () => {
  it('closes a thousand defects in one request and names each refused one with its reason', async () => {
    const mine = await insertDefects(996);
    const [closed] = await insertDefects(1, { state: 4 });
    const [binned] = await insertDefects(1, { isDeleted: 1 });
    // Made by the lead, handled by the developer: the tester has nothing to do with it.
    const [notMine] = await insertDefects(1, { createById: lead.userId });
    const [theirs] = await insertDefects(1, { project: otherProject, createById: stranger.userId });
    const ids = [...mine, closed, binned, notMine, theirs] as number[];
    expect(ids).toHaveLength(DEFECT_BULK_MAX);
    events.length = 0;

    const res = await bulk(tester, {
      action: 'close',
      defectIds: ids,
      defectLogDescribe: 'Won’t fix in 1.0',
    });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('996 changed, 4 refused');
    expect(res.data).toMatchObject({ succeeded: 996, failed: 4 });
    expect(res.data.results).toHaveLength(1000);
    const refused = res.data.results.filter((r: Json) => !r.ok);
    expect(refused).toEqual([
      {
        defectId: closed,
        projectNum: expect.any(Number),
        ok: false,
        msg: 'You cannot close a defect whose status is Closed',
      },
      {
        defectId: binned,
        projectNum: expect.any(Number),
        ok: false,
        msg: 'The defect is in the recycle bin; restore it first',
      },
      {
        defectId: notMine,
        projectNum: expect.any(Number),
        ok: false,
        msg: "Only the defect's creator, an assignee or a project admin can close it",
      },
      // Another project's defect is not named by its number here.
      { defectId: theirs, projectNum: null, ok: false, msg: `Defect ${theirs} is not in this project` },
    ]);

    const after = await rowsOf(ids);
    expect(after.filter((r) => r.defectState === 4).map((r) => r.defectId)).toEqual(
      [...mine, closed].sort((a, b) => (a as number) - (b as number)),
    );
    expect(after.find((r) => r.defectId === notMine)?.defectState).toBe(0);
    expect(after.find((r) => r.defectId === theirs)?.defectState).toBe(0);
    // One CLOSED entry for each closed one, with the reason; none for the refused.
    const logs = await logsOf(ids as number[], 6);
    expect(logs).toHaveLength(996);
    expect(new Set(logs.map((l) => l.defectLogDescribe))).toEqual(new Set(['Won’t fix in 1.0']));
    expect(new Set(logs.map((l) => l.createById))).toEqual(new Set([tester.userId]));
    // Handlers are kept, as a single close keeps them.
    const handlers = await t.db
      .selectFrom('sysDefectHandler')
      .selectAll()
      .where('defectId', 'in', mine)
      .execute();
    expect(handlers).toHaveLength(996);
    expect(new Set(handlers.map((h) => h.userId))).toEqual(new Set([dev.userId]));
    // Everyone else hears of each change.
    const closedEvents = events.filter((e) => e.type === 'closed');
    expect(closedEvents).toHaveLength(996);
    expect(closedEvents[0]).toMatchObject({ projectId, actorId: tester.userId, reason: 'Won’t fix in 1.0' });
  });

  it('asks for what the action needs, and no more than a thousand at once, before changing anything', async () => {
    const [id] = (await insertDefects(1)) as [number];
    const cases: Array<[Json, string]> = [
      [{ action: 'close', defectIds: [] }, 'Choose at least one defect'],
      [
        { action: 'close', defectIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
        'At most 1,000 defects can be changed at a time',
      ],
      [{ action: 'explode', defectIds: [id] }, 'This bulk action is not supported'],
      [{ action: 'level', defectIds: [id] }, 'Choose the priority'],
      [{ action: 'assign', defectIds: [id], handleBy: [] }, 'Choose the new assignees'],
      [{ action: 'module', defectIds: [id] }, 'Choose the deliverable'],
      [{ action: 'version', defectIds: [id] }, 'Give the version (leave it empty to clear it)'],
      [
        { action: 'level', defectIds: [id], defectLevel: 'severe' },
        'The priority must be Urgent, High, Medium or Low',
      ],
    ];
    for (const [body, msg] of cases) expect(await bulk(tester, body)).toEqual({ code: 500, msg });
    // A close without its reason: refused per defect, by the workflow's own words.
    const res = await bulk(tester, { action: 'close', defectIds: [id] });
    expect(res.data.results).toEqual([
      { defectId: id, projectNum: expect.any(Number), ok: false, msg: 'A reason is required to close' },
    ]);
    expect((await rowsOf([id]))[0]?.defectState).toBe(0);
    // Outside the project, the request is refused whole.
    expect(
      (
        await api(stranger, 'POST', '/system/defect/bulk', {
          projectId,
          action: 'close',
          defectIds: [id],
          defectLogDescribe: 'x',
        })
      ).code,
    ).toBe(403);
  });
});

describe('bulk edits', () => {
  it('sets priority, version and deliverable with a change log each, on what the caller may edit', async () => {
    const ids = await insertDefects(3);
    const [viewersOwn] = await insertDefects(1, { createById: viewer.userId });
    const moduleId = await insertTestModule(t.db, projectId, 'Checkout');

    const level = await bulk(dev, { action: 'level', defectIds: ids, defectLevel: 'urgent' });
    expect(level.data).toMatchObject({ succeeded: 3, failed: 0 });
    const version = await bulk(dev, { action: 'version', defectIds: ids, moduleVersion: ' 2.1 ' });
    expect(version.data.succeeded).toBe(3);
    const module = await bulk(dev, { action: 'module', defectIds: ids, moduleId });
    expect(module.data.succeeded).toBe(3);
    expect((await rowsOf(ids)).map((r) => [r.defectLevel, r.moduleVersion, r.moduleId])).toEqual([
      ['urgent', '2.1', moduleId],
      ['urgent', '2.1', moduleId],
      ['urgent', '2.1', moduleId],
    ]);
    const logs = await logsOf(ids, 8);
    expect(logs).toHaveLength(9);
    const changes = logs
      .filter((l) => l.defectId === ids[0])
      .flatMap((l) => JSON.parse(l.defectLogDescribe ?? '[]'));
    expect(changes).toEqual([
      expect.objectContaining({ field: 'defectLevel', oldValue: 'middle', newValue: 'urgent' }),
      expect.objectContaining({ field: 'moduleVersion', oldValue: '1.0', newValue: '2.1' }),
      expect.objectContaining({
        field: 'moduleId',
        oldValue: null,
        newValue: moduleId,
        newDisplay: 'Checkout',
      }),
    ]);
    // The same again changes nothing and writes no entry.
    expect((await bulk(dev, { action: 'level', defectIds: ids, defectLevel: 'urgent' })).data.succeeded).toBe(
      3,
    );
    expect(await logsOf(ids, 8)).toHaveLength(9);

    // A member who may not edit others' defects changes only their own.
    const mixed = await bulk(viewer, {
      action: 'level',
      defectIds: [viewersOwn, ids[0]],
      defectLevel: 'low',
    });
    expect(mixed.data.results).toEqual([
      { defectId: viewersOwn, projectNum: expect.any(Number), ok: true, msg: null },
      {
        defectId: ids[0],
        projectNum: expect.any(Number),
        ok: false,
        msg: 'Only its creator, or someone allowed to edit any defect, can do this',
      },
    ]);
    // Another project's deliverable is refused whole.
    const foreign = await insertTestModule(t.db, otherProject, 'Theirs');
    expect((await bulk(dev, { action: 'module', defectIds: ids, moduleId: foreign })).code).toBe(500);
  });

  it('assigns through the workflow: a stranger as assignee refused for every defect, a member accepted', async () => {
    const ids = await insertDefects(2);
    const refused = await bulk(tester, { action: 'assign', defectIds: ids, handleBy: [stranger.userId] });
    expect(refused.data.failed).toBe(2);
    expect(refused.data.results[0].msg).toBe(`The user "${stranger.userId}" is not a member of this project`);
    const done = await bulk(tester, {
      action: 'assign',
      defectIds: ids,
      handleBy: [lead.userId, dev.userId],
    });
    expect(done.data.succeeded).toBe(2);
    const handlers = await t.db
      .selectFrom('sysDefectHandler')
      .select(['defectId', 'userId', 'position'])
      .where('defectId', 'in', ids)
      .orderBy('defectId')
      .orderBy('position')
      .execute();
    expect(handlers.map((h) => h.userId)).toEqual([lead.userId, dev.userId, lead.userId, dev.userId]);
    expect(await logsOf(ids, 1)).toHaveLength(2);
  });
});

describe('bulk delete and restore', () => {
  it('deletes and restores what the caller may, with a history entry each, and keeps the list and search true', async () => {
    const own = await insertDefects(2, { createById: dev.userId });
    const others = await insertDefects(1);
    const all = [...own, ...others];
    const del = await bulk(dev, { action: 'delete', defectIds: all });
    expect(del.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(del.data.results[2].msg).toBe(
      'Only its creator, or someone allowed to delete any defect, can do this',
    );
    expect((await rowsOf(all)).map((r) => r.isDeleted)).toEqual([1, 1, 0]);
    expect(await logsOf(all, 10)).toHaveLength(2);
    // Gone from the list, there in the bin; deleting again is refused per defect.
    const list = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      pageSize: '100',
    });
    expect(list.rows.map((d: Json) => d.defectId)).not.toContain(own[0]);
    const again = await bulk(dev, { action: 'delete', defectIds: own });
    expect(again.data.results[0].msg).toBe('The defect is in the recycle bin; restore it first');

    const restore = await bulk(dev, { action: 'restore', defectIds: all });
    expect(restore.data.results.map((r: Json) => [r.ok, r.msg])).toEqual([
      [true, null],
      [true, null],
      [false, 'The defect is not in the recycle bin'],
    ]);
    expect((await rowsOf(all)).map((r) => r.isDeleted)).toEqual([0, 0, 0]);
    expect(await logsOf(all, 11)).toHaveLength(2);
    const found = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      'params[keyword]': 'Bulk',
      pageSize: '500',
    });
    expect(found.rows.map((d: Json) => d.defectId)).toEqual(expect.arrayContaining(own));
  });
});
