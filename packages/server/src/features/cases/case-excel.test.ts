import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  lead = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
  projectId = (await api(lead, 'POST', '/system/project', { teamId, projectName: 'Case sheets' })).data
    .projectId;
  const shop = (await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop'] })).data[0]
    .moduleId;
  await api(lead, 'POST', '/system/module', {
    projectId,
    modulePid: shop,
    batchModuleNames: ['Cart', '支付'],
  });
});
afterAll(async () => t.close());

/** The original's headers by default: still read, as aliases of the template's. */
async function sheet(
  rows: string[][],
  header = ['用例名称(必填)', '模块', '用例级别', '前置条件', '预期(必填)', '步骤'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用例');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (bytes: Buffer) =>
  t.call({
    method: 'POST',
    url: `/system/case/importData?projectId=${projectId}`,
    token: lead.token,
    lang: 'en_US',
    ...multipart('file', 'cases.xlsx', bytes),
  });
const caseCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysCase')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('case import and export', () => {
  it('imports 1,000 cases, and nothing when one row among them is bad, naming it', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `Case ${i + 1}`,
      i % 2 ? 'Shop/Cart' : 'Shop/支付',
      String(1 + (i % 5)),
      'Logged in',
      'It works',
      'Open the page---Page shown\nPress the button---Saved',
    ]);
    (rows[641] as string[])[4] = '';
    const refused = await upload(await sheet(rows));
    expect(refused.body).toMatchObject({
      code: 500,
      msg: 'Nothing was imported: 1 row(s) have errors.\nRow 643: Expected result cannot be empty',
      data: { rows: [{ rowNum: 643 }] },
    });
    expect(await caseCount()).toBe(0);
    (rows[641] as string[])[4] = 'It works';
    const done = await upload(await sheet(rows));
    expect(done.body).toMatchObject({ code: 200, data: { count: 1000 } });
    const first = await api(lead, 'GET', '/system/case/list', undefined, {
      projectId: String(projectId),
      caseName: '#1',
    });
    expect(first.rows[0]).toMatchObject({
      caseName: 'Case 1',
      modulePath: 'Shop/支付',
      caseLevel: 1,
      caseStep: [
        { stepDescribe: 'Open the page', stepExpect: 'Page shown' },
        { stepDescribe: 'Press the button', stepExpect: 'Saved' },
      ],
    });
  });

  it('reports unknown deliverables, bad levels and long titles by row', async () => {
    const res = await upload(
      await sheet([
        ['Fine', 'Shop/Nope', '9', '', 'x', ''],
        ['x'.repeat(256), 'Shop', '1', '', 'x', ''],
      ]),
    );
    expect(res.body.data.rows).toEqual([
      {
        rowNum: 2,
        messages: ['Row 2: Deliverable "Shop/Nope" is not valid', 'Row 2: Level "9" is not valid'],
      },
      { rowNum: 3, messages: ['Row 3: Title can have at most 255 characters'] },
    ]);
  });

  it('exports the filtered list with the template columns, and the export imports back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/system/case/export?projectId=${projectId}&caseName=${encodeURIComponent('Case 99')}`,
      headers: { authorization: `Bearer ${lead.token}`, language: 'en_US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Title *',
      'Deliverable *',
      'Level',
      'Preconditions',
      'Expected result *',
      'Steps',
      'Case key',
    ]);
    expect(ws.actualRowCount - 1).toBe(11);
    const before = await caseCount();
    const again = await upload(res.rawPayload);
    expect(again.body).toMatchObject({ code: 200, data: { count: 11 } });
    expect(await caseCount()).toBe(before + 11);
    const template = await t.app.inject({
      method: 'POST',
      url: `/system/case/importTemplate?projectId=${projectId}`,
      headers: { authorization: `Bearer ${lead.token}` },
    });
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    // In the words of the import dialog and the case form.
    expect(((twb.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as unknown[]).slice(1)).toEqual([
      '标题 *',
      '交付物 *',
      '级别',
      '前置条件',
      '预期结果 *',
      '步骤',
      '用例键',
    ]);
    const lists = twb.getWorksheet('lists') as ExcelJS.Worksheet;
    expect((lists.getColumn(1).values as unknown[]).filter(Boolean)).toEqual([
      'Shop',
      'Shop/Cart',
      'Shop/支付',
    ]);
  });
});
