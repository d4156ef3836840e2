import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Docs',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
});
afterAll(async () => t.close());

const list = async (who: Person, query: Record<string, string>) =>
  (await t.call({ method: 'GET', url: '/system/document/list', token: who.token, lang: 'en_US', query }))
    .body;
const folder = (docName: string, docPid = 0, who = lead) =>
  api(who, 'POST', '/system/document', { projectId, docName, docType: 0, docPid });
const file = (docName: string, docPid = 0, who = lead) =>
  api(who, 'POST', '/system/document', {
    projectId,
    docName,
    docType: 1,
    docPid,
    fileUrl: `/profile/upload/2026/11/25/${docName.replace(/\W/g, '')}.pdf`,
  });

describe('documents', () => {
  let specs: number;
  let drafts: number;

  it('makes folders and files, folders first then newest, with who changed them and whether folders hold folders', async () => {
    specs = (await folder('Specs')).data.docId;
    drafts = (await folder('Drafts', specs)).data.docId;
    const pdf = await file('Plan.pdf', specs);
    expect(pdf.data).toMatchObject({ docType: 1, fileExtension: 'pdf', docPid: specs, fileVersion: 1 });
    expect(pdf.data.ancestors).toEqual([{ docId: specs, docName: 'Specs' }]);
    await file('Later.pdf', specs);
    const inside = await list(lead, { projectId: String(projectId), docPid: String(specs) });
    expect(inside.rows.map((d: Json) => d.docName)).toEqual(['Drafts', 'Later.pdf', 'Plan.pdf']);
    expect(inside.rows[0]).toMatchObject({ leaf: true, updateBy: expect.any(String) });
    const top = await list(lead, { projectId: String(projectId) });
    expect(top.rows.map((d: Json) => d.docName)).toEqual(['Specs']);
    expect(top.rows[0].leaf).toBe(false);
    const found = await list(lead, { projectId: String(projectId), docName: 'later' });
    expect(found.rows.map((d: Json) => d.docName)).toEqual(['Later.pdf']);
  });

  it("refuses a sibling with the same name, on create and on rename, but not keeping one's own name", async () => {
    const clash = await file('Plan.pdf', specs);
    expect(clash.code).toBe(500);
    expect(clash.msg).toBe('Names must be unique: this folder already contains "Plan.pdf"');
    expect((await file('Plan.pdf', drafts)).code).toBe(200);
    const later = (await list(lead, { projectId: String(projectId), docName: 'Later' })).rows[0];
    const rename = await api(lead, 'PUT', '/system/document', { docId: later.docId, docName: 'Plan.pdf' });
    expect(rename.msg).toMatch(/already contains "Plan.pdf"/);
    const same = await api(lead, 'PUT', '/system/document', {
      docId: later.docId,
      docName: 'Later.pdf',
      docRemakr: 'x',
    });
    expect(same.code).toBe(200);
  });

  it('moves an item to another folder, never into itself or a folder inside it', async () => {
    const archive = (await folder('Archive')).data.docId;
    const moved = await api(lead, 'PUT', '/system/document', { docId: drafts, docPid: archive });
    expect(moved.data.ancestors).toEqual([{ docId: archive, docName: 'Archive' }]);
    expect((await api(lead, 'PUT', '/system/document', { docId: archive, docPid: archive })).msg).toMatch(
      /cannot be moved into itself/,
    );
    expect((await api(lead, 'PUT', '/system/document', { docId: archive, docPid: drafts })).msg).toMatch(
      /cannot be moved into itself/,
    );
    const plan = (await list(lead, { projectId: String(projectId), docPid: String(specs) })).rows.find(
      (d: Json) => d.docName === 'Plan.pdf',
    );
    expect((await api(lead, 'PUT', '/system/document', { docId: archive, docPid: plan.docId })).msg).toMatch(
      /target folder does not exist/,
    );
    const back = await api(lead, 'PUT', '/system/document', { docId: drafts, docPid: 0 });
    expect(back.data).toMatchObject({ docPid: 0, ancestors: [] });
  });

  it('asks before deleting a folder with content, then deletes its whole subtree', async () => {
    const box = (await folder('Box')).data.docId;
    const inner = (await folder('Inner', box)).data.docId;
    await file('Deep.pdf', inner);
    const asked = await api(lead, 'DELETE', `/system/document/${box}`);
    expect(asked.code).toBe(500);
    expect(asked).toMatchObject({
      msg: 'The folder "Box" is not empty (2 item(s)); confirm to delete everything in it',
      needsConfirm: true,
      impact: { documents: 3, inside: 2 },
    });
    expect((await list(lead, { projectId: String(projectId), docPid: String(inner) })).total).toBe(1);
    const gone = await t.call({
      method: 'DELETE',
      url: `/system/document/${box}`,
      token: lead.token,
      query: { confirm: 'true' },
    });
    expect(gone.body.data).toEqual({ removed: 3 });
    const left = await t.db
      .selectFrom('sysDocument')
      .select('docId')
      .where('docId', 'in', [box, inner])
      .execute();
    expect(left).toEqual([]);
    const orphans = await t.db
      .selectFrom('sysDocument as d')
      .leftJoin('sysDocument as p', 'p.docId', 'd.docPid')
      .select('d.docId')
      .where('d.docPid', '>', 0)
      .where('p.docId', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('lets a member without the remove permission delete only what they created', async () => {
    const mine = (await file('Mine.pdf', 0, dev)).data.docId;
    const theirs = (await file('Theirs.pdf', 0, lead)).data.docId;
    const refused = await api(dev, 'DELETE', `/system/document/${mine},${theirs}`);
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/only documents you created/);
    expect((await api(dev, 'DELETE', `/system/document/${mine}`)).data).toEqual({ removed: 1 });
    expect((await api(lead, 'DELETE', `/system/document/${theirs}`)).data).toEqual({ removed: 1 });
  });

  it('names what is wrong with a bad document', async () => {
    const noFile = await api(lead, 'POST', '/system/document', { projectId, docName: 'x', docType: 1 });
    expect(noFile.msg).toMatch(/^Choose a file$/);
    const outside = await api(lead, 'POST', '/system/document', {
      projectId,
      docName: 'x',
      docType: 1,
      fileUrl: 'https://evil.example/x.pdf',
    });
    expect(outside.msg).toMatch(/must be an uploaded file/);
    expect(
      (await api(lead, 'POST', '/system/document', { projectId, docName: ' ', docType: 0 })).msg,
    ).toMatch(/name cannot be empty/);
    expect(
      (await api(lead, 'POST', '/system/document', { projectId, docName: 'a/b', docType: 0 })).msg,
    ).toMatch(/cannot contain/);
  });
});
