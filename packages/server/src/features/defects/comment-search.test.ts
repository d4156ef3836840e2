import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, isPostgres, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * A comment and its defect's search text change in one transaction: when the search text cannot
 * be written, the comment is not written either (a crash between the two would otherwise leave
 * the index without it; e2e/tests/crash-safety.e2e.ts kills the server mid-stream). To make the
 * index write fail on demand, the FTS table is swapped for a plain table whose check refuses a
 * marker word, and refuses a text without the anchor comment. PostgreSQL searches the tables
 * themselves (pg_trgm), so there is no index of its own to keep in step there.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let owner: Person;
let projectId = 0;
let defectId = 0;
let logId = 0;
let anchorId = 0;

const commentRow = (id: number) =>
  t.db.selectFrom('sysComment').selectAll().where('commentId', '=', id).executeTakeFirst();
const commentsWith = async (text: string) =>
  (await t.db.selectFrom('sysComment').select('commentId').where('commentContent', '=', text).execute())
    .length;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  owner = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [owner.userId]: [12] });
  projectId = await insertTestProject(t.db, teamId, { [owner.userId]: [11, 6, 8] });
  const created = await api(owner, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'Search text of a commented defect',
    defectDescribe: 'Steps',
    defectLevel: 'middle',
    handleBy: [owner.userId],
  });
  defectId = created.data.defectId;
  logId = (
    await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogId')
      .where('defectId', '=', defectId)
      .executeTakeFirstOrThrow()
  ).defectLogId;
  const anchor = await api(owner, 'POST', '/system/comment', {
    correlationId: logId,
    commentContent: 'anchor',
  });
  anchorId = anchor.data.commentId;
  if (isPostgres()) return;
  await sql`drop table sys_defect_search`.execute(t.db);
  await sql`create table sys_defect_search (title text, body text,
    check (instr(body, 'poison') = 0 and instr(body, 'anchor') > 0))`.execute(t.db);
  await sql`insert into sys_defect_search (rowid, title, body)
    values (${defectId}, 'Search text of a commented defect', 'Steps anchor')`.execute(t.db);
});
afterAll(async () => t.close());

describe.skipIf(isPostgres())('a comment and the search text', () => {
  it('are written together: a comment whose text the index refuses is not kept', async () => {
    const res = await api(owner, 'POST', '/system/comment', {
      correlationId: logId,
      commentContent: 'poison',
    });
    expect(res.code).not.toBe(200);
    expect(await commentsWith('poison')).toBe(0);
    const ok = await api(owner, 'POST', '/system/comment', { correlationId: logId, commentContent: 'fine' });
    expect(ok.code).toBe(200);
    expect(await commentsWith('fine')).toBe(1);
  });

  it('are changed together: an edit the index refuses leaves the comment as it was', async () => {
    const res = await api(owner, 'PUT', '/system/comment', { commentId: anchorId, commentContent: 'poison' });
    expect(res.code).not.toBe(200);
    expect((await commentRow(anchorId))?.commentContent).toBe('anchor');
  });

  it('are removed together: a deletion the index refuses keeps the comment', async () => {
    const res = await api(owner, 'DELETE', `/system/comment/${anchorId}`);
    expect(res.code).not.toBe(200);
    expect((await commentRow(anchorId))?.commentContent).toBe('anchor');
  });
});
