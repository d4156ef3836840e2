import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { TASK_RUNNERS } from '../jobs/job-tasks.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [4], [dev.userId]: [5] });
  // The lead (11) removes anything; the developer (7) may delete only their own documents.
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11], [dev.userId]: [7] });
  moduleId = await insertTestModule(t.db, projectId, 'Checkout');
});
afterAll(async () => t.close());

const bin = async (kind: 'case' | 'document', who = lead) =>
  (await api(who, 'GET', `/system/${kind}/bin`, undefined, { projectId: String(projectId) })).rows as Json[];
const newCase = async (caseName: string, module = moduleId) =>
  (
    await api(lead, 'POST', '/system/case', {
      projectId,
      caseName,
      moduleId: module,
      caseLevel: 2,
      caseExpect: 'Paid',
      caseStep: [{ stepDescribe: 'Press Pay', stepExpect: 'Paid' }],
      caseKey: `pay.${caseName}`,
    })
  ).data as { caseId: number; caseNum: number };

describe('the cases’ recycle bin', () => {
  it('keeps a deleted case with its history, plan items and defects, and brings all of it back', async () => {
    const made = await newCase('Pay with a card');
    await api(lead, 'PUT', '/system/case', { caseId: made.caseId, caseName: 'Pay with a saved card' });
    const plan = await api(lead, 'POST', '/system/plan', {
      projectId,
      planName: 'Release 3',
      sysPlanItemList: [{ caseId: made.caseId }],
    });
    expect(plan.code).toBe(200);
    const found = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectName: 'Card refused',
      handleBy: [dev.userId],
      caseId: made.caseId,
    });
    const defectId = found.data.defectId as number;
    const logsBefore = await t.db
      .selectFrom('sysCaseLog')
      .selectAll()
      .where('caseId', '=', made.caseId)
      .execute();
    expect(logsBefore.length).toBeGreaterThan(0);

    expect((await api(lead, 'DELETE', `/system/case/${made.caseId}`)).code).toBe(200);
    expect(
      await t.db.selectFrom('sysCase').select('caseId').where('caseId', '=', made.caseId).execute(),
    ).toEqual([]);
    const [entry] = await bin('case');
    expect(entry).toMatchObject({
      itemKind: 'case',
      itemId: made.caseId,
      itemNum: made.caseNum,
      itemName: 'Pay with a saved card',
      deletedById: lead.userId,
    });
    expect(
      (
        await t.db
          .selectFrom('sysDefect')
          .select('caseId')
          .where('defectId', '=', defectId)
          .executeTakeFirstOrThrow()
      ).caseId,
    ).toBeNull();

    expect((await api(lead, 'PUT', `/system/case/bin/${entry?.binId}/restore`)).code).toBe(200);
    const back = await api(lead, 'GET', `/system/case/${made.caseId}`);
    expect(back.data).toMatchObject({
      caseId: made.caseId,
      caseNum: made.caseNum,
      caseName: 'Pay with a saved card',
    });
    expect(
      await t.db.selectFrom('sysCaseLog').selectAll().where('caseId', '=', made.caseId).execute(),
    ).toEqual(logsBefore);
    const items = await t.db
      .selectFrom('sysPlanItem')
      .select('caseId')
      .where('caseId', '=', made.caseId)
      .execute();
    expect(items).toHaveLength(1);
    expect(
      (
        await t.db
          .selectFrom('sysDefect')
          .select('caseId')
          .where('defectId', '=', defectId)
          .executeTakeFirstOrThrow()
      ).caseId,
    ).toBe(made.caseId);
    expect(await bin('case')).toEqual([]);
    // Restoring again finds nothing.
    expect((await api(lead, 'PUT', `/system/case/bin/${entry?.binId}/restore`)).code).toBe(403);
  });

  it('says why a case whose deliverable is gone cannot come back, and keeps it in the bin', async () => {
    const other = await insertTestModule(t.db, projectId, 'Doomed');
    const made = await newCase('On a doomed deliverable', other);
    await api(lead, 'DELETE', `/system/case/${made.caseId}`);
    await t.db.deleteFrom('sysModule').where('moduleId', '=', other).execute();
    const [entry] = await bin('case');
    expect(await api(lead, 'PUT', `/system/case/bin/${entry?.binId}/restore`)).toEqual({
      code: 500,
      msg: 'The deliverable this case belonged to has been deleted, so it cannot be restored where it was',
    });
    expect(await bin('case')).toHaveLength(1);
    // Deleted for good by hand.
    expect((await api(lead, 'DELETE', `/system/case/bin/${entry?.binId}`)).data).toEqual({ removed: 1 });
    expect(await bin('case')).toEqual([]);
  });
});

describe('the documents’ recycle bin', () => {
  const folder = async (docName: string, who = lead) =>
    (await api(who, 'POST', '/system/document', { projectId, docName, docType: 0, docPid: 0 })).data
      .docId as number;
  const file = async (docName: string, docPid: number, who = lead) =>
    (
      await api(who, 'POST', '/system/document', {
        projectId,
        docName,
        docType: 1,
        docPid,
        fileUrl: '/profile/upload/2026/11/29/spec.pdf',
      })
    ).data.docId as number;

  it('keeps a deleted folder with everything in it as one entry and restores it whole', async () => {
    const specs = await folder('Specs');
    const inside = await file('checkout.pdf', specs);
    expect(
      (await api(lead, 'DELETE', `/system/document/${specs}`, undefined, { confirm: 'true' })).code,
    ).toBe(200);
    const entries = await bin('document');
    expect(entries.map((e) => [e.itemName, e.itemId])).toEqual([['Specs', specs]]);
    expect((await api(lead, 'PUT', `/system/document/bin/${entries[0]?.binId}/restore`)).code).toBe(200);
    const rows = await t.db
      .selectFrom('sysDocument')
      .select(['docId', 'docPid'])
      .where('docId', 'in', [specs, inside])
      .execute();
    expect(rows.sort((a, b) => a.docId - b.docId)).toEqual([
      { docId: specs, docPid: 0 },
      { docId: inside, docPid: specs },
    ]);
  });

  it('refuses to restore over a document of the same name, and lets people restore only what they may delete', async () => {
    const notes = await folder('Notes');
    const mine = await file('mine.pdf', notes, dev);
    await api(dev, 'DELETE', `/system/document/${mine}`);
    const theirs = await file('theirs.pdf', notes);
    await api(lead, 'DELETE', `/system/document/${theirs}`);
    const entries = await bin('document', dev);
    const entryOf = (name: string) => entries.find((e) => e.itemName === name)?.binId;
    // Someone else's deletion is not the developer's to restore.
    expect((await api(dev, 'PUT', `/system/document/bin/${entryOf('theirs.pdf')}/restore`)).code).toBe(403);
    // A new file took the name meanwhile.
    await file('mine.pdf', notes);
    expect(await api(dev, 'PUT', `/system/document/bin/${entryOf('mine.pdf')}/restore`)).toEqual({
      code: 500,
      msg: 'A document named "mine.pdf" is already in that folder: rename or move it first',
    });
    // Its folder gone too: it comes back at the top.
    await api(lead, 'DELETE', `/system/document/${notes}`, undefined, { confirm: 'true' });
    expect((await api(dev, 'PUT', `/system/document/bin/${entryOf('mine.pdf')}/restore`)).code).toBe(200);
    const row = await t.db
      .selectFrom('sysDocument')
      .select('docPid')
      .where('docId', '=', mine)
      .executeTakeFirstOrThrow();
    expect(row.docPid).toBe(0);
  });
});

describe('the purge job', () => {
  it('removes for good what has been in a bin longer than its days, and nothing newer', async () => {
    const old = await newCase('Long gone');
    const recent = await newCase('Just deleted');
    await api(lead, 'DELETE', `/system/case/${old.caseId},${recent.caseId}`);
    await t.db
      .updateTable('sysRecycleBin')
      .set({ deletedTime: '2026-01-01 00:00:00' })
      .where('itemKind', '=', 'case')
      .where('itemId', '=', old.caseId)
      .execute();
    const defect = async (name: string) =>
      (await api(lead, 'POST', '/system/defect', { projectId, defectName: name, handleBy: [dev.userId] }))
        .data.defectId as number;
    const [oldDefect, newDefect, liveDefect] = [
      await defect('Old'),
      await defect('New'),
      await defect('Live'),
    ];
    const log = await t.db
      .selectFrom('sysDefectLog')
      .select('defectLogId')
      .where('defectId', '=', oldDefect)
      .executeTakeFirstOrThrow();
    await api(lead, 'POST', '/system/comment', {
      commentContent: 'Seen again',
      correlationId: log.defectLogId,
    });
    await api(lead, 'DELETE', `/system/defect/${oldDefect},${newDefect}`);
    await t.db
      .updateTable('sysDefect')
      .set({ updateTime: '2026-01-01 00:00:00' })
      .where('defectId', '=', oldDefect)
      .execute();

    const result = await TASK_RUNNERS.purgeRecycleBin({ db: t.db } as never, [30]);
    expect(result).toMatchObject({ key: 'job.result.purge-bin', args: [1, 1, expect.any(String)] });
    const defects = await t.db
      .selectFrom('sysDefect')
      .select('defectId')
      .where('defectId', 'in', [oldDefect, newDefect, liveDefect])
      .orderBy('defectId')
      .execute();
    expect(defects.map((d) => d.defectId)).toEqual([newDefect, liveDefect]);
    expect(
      await t.db.selectFrom('sysDefectLog').select('defectLogId').where('defectId', '=', oldDefect).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('sysComment')
        .select('commentId')
        .where('correlationId', '=', log.defectLogId)
        .execute(),
    ).toEqual([]);
    expect((await bin('case')).map((e) => e.itemName)).toEqual(['Just deleted']);
    // The job is there from the start, nightly, with 30 days.
    const job = await t.db
      .selectFrom('sysJob')
      .select(['invokeTarget', 'cronExpression', 'status'])
      .where('invokeTarget', 'like', 'purgeRecycleBin%')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ invokeTarget: 'purgeRecycleBin(30)', cronExpression: '0 0 3 * * ?', status: '0' });
  });
});
