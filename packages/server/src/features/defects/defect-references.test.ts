import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

// Every reference a write names must be of the caller's own project, and a list acts on all or none.
let t: TestApp;
let api: ReturnType<typeof apiAs>;
let owner: Person;
let stranger: Person;
let projectId: number;
let foreignProject: number;
let ownCase: number;
let foreignCase: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [owner, stranger] = [await t.signedIn(), await t.signedIn()];
  projectId = await insertTestProject(t.db, await insertTestTeam(t.db, { [owner.userId]: [5] }), {
    [owner.userId]: [8, 9],
  });
  foreignProject = await insertTestProject(t.db, await insertTestTeam(t.db, { [stranger.userId]: [5] }), {
    [stranger.userId]: [8, 9],
  });
  ownCase = await insertTestCase(t.db, projectId, await insertTestModule(t.db, projectId));
  foreignCase = await insertTestCase(t.db, foreignProject, await insertTestModule(t.db, foreignProject));
});
afterAll(async () => t.close());

const create = async (who: Person, project: number, over: Json = {}) => {
  const res = await api(who, 'POST', '/system/defect', {
    projectId: project,
    defectType: 'BUG',
    defectName: 'Broken',
    defectDescribe: 'Steps',
    defectLevel: 'middle',
    handleBy: [who.userId],
    ...over,
  });
  expect(res.code).toBe(200);
  return res.data.defectId as number;
};
const live = async (ids: number[]) =>
  (
    await t.db
      .selectFrom('sysDefect')
      .select('defectId')
      .where('defectId', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute()
  ).map((r) => r.defectId);

describe('references on every write path', () => {
  it('refuses linking a defect to another team’s test case on update, as on create', async () => {
    const id = await create(owner, projectId, { caseId: ownCase });
    expect(
      await api(owner, 'PUT', '/system/defect', { defectId: id, caseId: foreignCase, defectName: 'Moved' }),
    ).toEqual({ code: 500, msg: 'The test case does not exist in this project' });
    expect(
      await t.db
        .selectFrom('sysDefect')
        .select(['caseId', 'defectName'])
        .where('defectId', '=', id)
        .execute(),
    ).toEqual([{ caseId: ownCase, defectName: 'Broken' }]);
    expect((await api(owner, 'PUT', '/system/defect', { defectId: id, caseId: ownCase })).code).toBe(200);
  });

  it('refuses a reply to a comment on another defect', async () => {
    const mine = await create(owner, projectId);
    const theirs = await create(stranger, foreignProject);
    const logOf = async (defectId: number) =>
      (
        await t.db
          .selectFrom('sysDefectLog')
          .select('defectLogId')
          .where('defectId', '=', defectId)
          .executeTakeFirstOrThrow()
      ).defectLogId;
    const foreignComment = await api(stranger, 'POST', '/system/comment', {
      correlationId: await logOf(theirs),
      commentContent: 'theirs',
    });
    expect(foreignComment.code).toBe(200);
    const reply = await api(owner, 'POST', '/system/comment', {
      correlationId: await logOf(mine),
      commentContent: 'answer',
      parentId: foreignComment.data.commentId,
    });
    expect(reply).toEqual({
      code: 500,
      msg: `The comment being replied to (${foreignComment.data.commentId}) is not on this defect`,
    });
    const own = await api(owner, 'POST', '/system/comment', {
      correlationId: await logOf(mine),
      commentContent: 'first',
    });
    expect(
      (
        await api(owner, 'POST', '/system/comment', {
          correlationId: await logOf(mine),
          commentContent: 'answer',
          parentId: own.data.commentId,
        })
      ).code,
    ).toBe(200);
    const texts = await t.db.selectFrom('sysComment').select('commentContent').execute();
    expect(texts.map((c) => c.commentContent).sort()).toEqual(['answer', 'first', 'theirs']);
  });
});

describe('comma lists act on all or none', () => {
  it('deletes none of the caller’s defects when one id in the list is foreign', async () => {
    const mine = await create(owner, projectId);
    const theirs = await create(stranger, foreignProject);
    const res = await api(owner, 'DELETE', `/system/defect/${mine},${theirs}`);
    expect(res.code).toBe(403);
    expect(await live([mine, theirs])).toEqual([mine, theirs]);
    const reversed = await api(owner, 'DELETE', `/system/defect/${theirs},${mine}`);
    expect(reversed.code).toBe(403);
    expect(await live([mine, theirs])).toEqual([mine, theirs]);
  });

  it('deletes every listed defect of the project at once, and refuses an unknown id without acting', async () => {
    const [a, b] = [await create(owner, projectId), await create(owner, projectId)];
    expect((await api(owner, 'DELETE', `/system/defect/${a},${b},999999`)).code).toBe(403);
    expect(await live([a, b])).toEqual([a, b]);
    expect((await api(owner, 'DELETE', `/system/defect/${a},${b}`)).code).toBe(200);
    expect(await live([a, b])).toEqual([]);
  });

  it('refuses a list longer than a thousand ids by name', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect(await api(owner, 'DELETE', `/system/defect/${ids}`)).toEqual({
      code: 500,
      msg: 'An ID list can contain at most 1000 IDs',
    });
  });
});
