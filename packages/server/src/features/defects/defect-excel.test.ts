import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { normalizeTime } from './defect-excel.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let outsider: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, {
    [lead.userId]: [12],
    [dev.userId]: [5],
    [outsider.userId]: [5],
  });
  const res = await api(lead, 'POST', '/system/project', {
    teamId,
    projectName: 'Excel',
    members: [{ userId: dev.userId, roleIds: [7] }],
  });
  projectId = res.data.projectId;
  const shop = (await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop'] })).data[0];
  await api(lead, 'POST', '/system/module', {
    projectId,
    modulePid: shop.moduleId,
    batchModuleNames: ['Cart', '支付'],
  });
  // One defect made by hand first: imported numbers follow it.
  await api(lead, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'Made by hand',
    defectDescribe: 'x',
    defectLevel: 'low',
    handleBy: [dev.userId],
  });
});
afterAll(async () => t.close());

const nickOf = async (p: Person) =>
  (
    await t.db
      .selectFrom('sysUser')
      .select('nickName')
      .where('userId', '=', p.userId)
      .executeTakeFirstOrThrow()
  ).nickName;

async function download(url: string, lang = 'en_US', who = lead) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${who.token}`, language: lang },
  });
  return { res, wb: await readBook(res.rawPayload) };
}
async function readBook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}
const rowsOf = (ws: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return out;
};

const HEADER = [
  'Type',
  'Title',
  'Priority',
  'Status',
  'Deliverable',
  'Version',
  'Assignee',
  'Planned start',
  'Planned end',
  'Description',
];
/** The English headers of templates made before the wording review (issue 27). */
const OLD_HEADER = [
  'Type',
  'Title',
  'Level',
  'State',
  'Deliverable',
  'Version',
  'Handler',
  'Plan start',
  'Plan end',
  'Description',
];
async function sheet(rows: (string | Date)[][], header = HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Defects');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (bytes: Buffer, who = lead, lang = 'en_US') =>
  t.call({
    method: 'POST',
    url: `/system/defect/import?projectId=${projectId}`,
    token: who.token,
    lang,
    ...multipart('file', 'defects.xlsx', bytes),
  });
const defectCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sysDefect')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the import template', () => {
  it('has the columns in the reader’s language and drop-downs for type, level, state, deliverables and members', async () => {
    const { res, wb } = await download(`/system/defect/importTemplate?projectId=${projectId}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = wb.getWorksheet('Defects') as ExcelJS.Worksheet;
    expect(rowsOf(ws)[0]).toEqual([
      'Type',
      'Title *',
      'Priority',
      'Status',
      'Deliverable',
      'Version',
      'Assignee *',
      'Planned start',
      'Planned end',
      'Description',
      'Requested by',
    ]);
    const lists = wb.getWorksheet('lists') as ExcelJS.Worksheet;
    expect(lists.state).toBe('veryHidden');
    const columns = [1, 2, 3, 4, 5].map((c) =>
      (lists.getColumn(c).values as unknown[]).filter((v) => v !== undefined && v !== null),
    );
    expect(columns).toEqual([
      ['Bug', 'Task', 'Request'],
      ['Urgent', 'High', 'Medium', 'Low'],
      ['Pending', 'In review', 'Resolved', 'Rejected', 'Closed'],
      ['Shop', 'Shop/Cart', 'Shop/支付'],
      [await nickOf(lead), await nickOf(dev)].sort(),
    ]);
    const validations = (ws as unknown as { dataValidations: { model: Record<string, Json> } })
      .dataValidations.model;
    // exceljs reads a range's validation back cell by cell.
    for (const cell of ['A2', 'A10000']) {
      expect(validations[cell]).toMatchObject({ type: 'list', formulae: ['lists!$A$1:$A$3'] });
    }
    expect(validations.E500).toMatchObject({ type: 'list', formulae: ['lists!$D$1:$D$3'] });
    expect(validations.G2).toMatchObject({ type: 'list', formulae: ['lists!$E$1:$E$2'] });
    expect(validations.B2).toBeUndefined();

    const zh = await download(`/system/defect/importTemplate?projectId=${projectId}`, 'zh_CN');
    expect(rowsOf(zh.wb.getWorksheet('缺陷数据') as ExcelJS.Worksheet)[0]?.slice(0, 4)).toEqual([
      '类型',
      '标题 *',
      '严重程度',
      '缺陷状态',
    ]);
  });

  it('is refused to someone outside the project', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/system/defect/importTemplate?projectId=${projectId}`,
      token: outsider.token,
    });
    expect(res.body.code).toBe(403);
  });
});

describe('importing', () => {
  it('imports nothing when one row of 1,000 is bad, and names that row', async () => {
    const devName = await nickOf(dev);
    const rows = Array.from({ length: 1000 }, (_, i) => [
      ['BUG', 'Task', 'Demand'][i % 3] as string,
      `Imported ${i + 1} 导入`,
      'High',
      'Pending',
      i % 2 ? 'Shop/Cart' : 'Shop / 支付',
      '1.0',
      i === 499 ? 'nobody-here' : devName,
      '2030-01-02',
      '2030-01-05 18:00',
      `Steps ${i + 1}`,
    ]);
    const before = await defectCount();
    const refused = await upload(await sheet(rows));
    expect(refused.body).toMatchObject({
      code: 500,
      msg: 'Nothing was imported: 1 row(s) have errors.\nRow 501: Assignee "nobody-here" is not valid',
      data: { rows: [{ rowNum: 501, messages: ['Row 501: Assignee "nobody-here" is not valid'] }] },
    });
    expect(await defectCount()).toBe(before);

    (rows[499] as string[])[6] = devName;
    const done = await upload(await sheet(rows));
    expect(done.body).toMatchObject({
      code: 200,
      msg: 'Import succeeded; defects imported: 1000',
      data: { count: 1000 },
    });
    expect(await defectCount()).toBe(before + 1000);
    const numbers = await t.db
      .selectFrom('sysDefect')
      .select('projectNum')
      .where('projectId', '=', projectId)
      .orderBy('projectNum')
      .execute();
    expect(numbers.map((n) => n.projectNum)).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1));

    const list = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: '#501',
    });
    expect(list.rows[0]).toMatchObject({
      projectNum: 501,
      defectName: 'Imported 500 导入',
      defectType: 'TASK',
      defectLevel: 'height',
      defectState: 0,
      moduleName: 'Cart',
      moduleVersion: '1.0',
      handleBy: [dev.userId],
      planStartTime: '2030-01-02 00:00:00',
      planEndTime: '2030-01-05 18:00:00',
      defectDescribe: 'Steps 500',
    });
    const logs = await api(dev, 'GET', '/system/log/list', undefined, {
      defectId: String(list.rows[0].defectId),
    });
    expect(logs.rows.map((l: Json) => l.defectLogType)).toEqual(['IMPORT']);
    // Imported text is searchable at once.
    const found = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      'params[keyword]': 'Steps 999',
    });
    expect(found.rows.map((r: Json) => r.projectNum)).toEqual([1000]);
    // A next defect made by hand continues the numbering.
    const next = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'After import',
      defectDescribe: 'x',
      defectLevel: 'low',
      handleBy: [dev.userId],
    });
    expect(next.data.projectNum).toBe(1002);
  });

  it('reports every problem of every row, in the reader’s language', async () => {
    const devName = await nickOf(dev);
    const rows = [
      ['', '', 'High', 'Pending', '', '', devName, '', '', ''],
      ['Bogus', 'Typo', 'Severe', 'Done', 'Shop/Nope', '', devName, '2030-02-30', '', ''],
      ['BUG', 'Order', 'Low', 'Closed', '', '', devName, '2030-03-05', '2030-03-01', ''],
      ['BUG', 'x'.repeat(1025), 'Low', '已关闭', '', '', `${devName}/${await nickOf(outsider)}`, '', '', ''],
      ['任务', 'Fine', '中', '处理中', 'Shop', '', devName, '', '', ''],
    ];
    const before = await defectCount();
    const res = await upload(await sheet(rows));
    expect(res.body.code).toBe(500);
    expect(res.body.data.rows).toEqual([
      { rowNum: 2, messages: ['Row 2: Title cannot be empty'] },
      {
        rowNum: 3,
        messages: [
          'Row 3: Type "Bogus" is not valid',
          'Row 3: Priority "Severe" is not valid',
          'Row 3: Status "Done" is not valid',
          'Row 3: Deliverable "Shop/Nope" is not valid',
          'Row 3: Planned start "2030-02-30" is not valid',
        ],
      },
      { rowNum: 4, messages: ['Row 4: the planned end is before the planned start'] },
      {
        rowNum: 5,
        messages: [
          'Row 5: Title can have at most 1024 characters',
          `Row 5: Assignee "${await nickOf(outsider)}" is not valid`,
        ],
      },
    ]);
    expect(await defectCount()).toBe(before);
    const zh = await upload(await sheet(rows.slice(0, 1)), lead, 'zh_CN');
    expect(zh.body.msg).toBe('未导入任何数据：1行有错误。\n第2行 标题 数据不能为空');
  });

  it('refuses a file that is not a workbook, a sheet without the required columns, and an empty sheet', async () => {
    expect((await upload(Buffer.from('not a zip'))).body.msg).toBe(
      'The file is not an Excel workbook (.xlsx)',
    );
    expect((await upload(await sheet([['BUG']], ['Type', 'Something']))).body.msg).toBe(
      'The sheet has no column Title、Assignee; start from the import template',
    );
    expect((await upload(await sheet([]))).body.msg).toBe('The sheet has no rows to import');
    expect((await upload(await sheet([]), outsider)).body.code).toBe(403);
  });

  it('reads the English headers of templates before the wording review as well as today’s', async () => {
    const devName = await nickOf(dev);
    const row = (title: string) => [
      'Task',
      title,
      'Low',
      'In review',
      'Shop/Cart',
      '2.0',
      devName,
      '2031-04-01',
      '2031-04-03',
      'Kept',
    ];
    for (const [header, title] of [
      [OLD_HEADER, 'Headed the old way'],
      [HEADER, 'Headed the new way'],
    ] as const) {
      const res = await upload(await sheet([row(title)], [...header]));
      expect(res.body, title).toMatchObject({ code: 200, data: { count: 1 } });
      const list = await api(dev, 'GET', '/system/defect/list', undefined, {
        projectId: String(projectId),
        defectName: title,
      });
      expect(list.rows, title).toMatchObject([
        {
          defectName: title,
          defectType: 'TASK',
          defectLevel: 'low',
          defectState: 1,
          moduleName: 'Cart',
          moduleVersion: '2.0',
          handleBy: [dev.userId],
          planStartTime: '2031-04-01 00:00:00',
          planEndTime: '2031-04-03 00:00:00',
          defectDescribe: 'Kept',
        },
      ]);
    }
  });

  it("files a row without type, priority or status as 1.0's default (a pending, middle bug), with who asked for it", async () => {
    const devName = await nickOf(dev);
    const header = [...HEADER, 'Requested by'];
    const res = await upload(
      await sheet([['', 'Defaults filled', '', '', '', '', devName, '', '', '', 'Front desk']], header),
    );
    expect(res.body).toMatchObject({ code: 200, data: { count: 1 } });
    const list = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: 'Defaults filled',
    });
    expect(list.rows).toMatchObject([
      { defectType: 'BUG', defectLevel: 'middle', defectState: 0, sponsor: 'Front desk' },
    ]);
    // The Chinese header reads as well.
    const zh = await upload(
      await sheet(
        [['', '中文表头', '', '', '', '', devName, '', '', '', '客服部']],
        [...HEADER.slice(0, 10), '发起人'],
      ),
    );
    expect(zh.body).toMatchObject({ code: 200 });
    const zhList = await api(dev, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: '中文表头',
    });
    expect(zhList.rows[0].sponsor).toBe('客服部');
  });

  it('reads times written every usual way', () => {
    expect(normalizeTime('2030/3/1 9:05')).toBe('2030-03-01 09:05:00');
    expect(normalizeTime('2030-03-01')).toBe('2030-03-01 00:00:00');
    expect(normalizeTime('2030-13-01')).toBeUndefined();
    expect(normalizeTime('yesterday')).toBeUndefined();
  });
});

describe('exporting', () => {
  it('exports the filtered list, and the export imports back', async () => {
    const { res, wb } = await download(
      `/system/defect/export?projectId=${projectId}&defectName=${encodeURIComponent('Imported 1')}`,
    );
    expect(res.headers['content-disposition']).toContain('defects.xlsx');
    const ws = wb.getWorksheet('Defects') as ExcelJS.Worksheet;
    const rows = rowsOf(ws);
    expect(rows[0]?.slice(0, 3)).toEqual(['No.', 'Type', 'Title *']);
    // "Imported 1" also matches 10…19, 100…199 and 1000 by LIKE: 112 rows.
    expect(rows.length - 1).toBe(112);
    const first = rows.find((r) => r[2] === 'Imported 1 导入');
    expect(first?.slice(0, 8)).toEqual([
      '2',
      'Bug',
      'Imported 1 导入',
      'High',
      'Pending',
      'Shop/支付',
      '1.0',
      await nickOf(dev),
    ]);

    const form = await t.app.inject({
      method: 'POST',
      url: '/system/defect/export',
      headers: {
        authorization: `Bearer ${lead.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `projectId=${projectId}&params%5BdefectStates%5D=0&defectName=%23501`,
    });
    const formRows = rowsOf((await readBook(form.rawPayload)).worksheets[0] as ExcelJS.Worksheet);
    expect(formRows.map((r) => r[0])).toEqual(['编号', '501']);
    expect(formRows[1]?.[1]).toBe('任务');
    // A bug in the word the page shows (缺陷, not the wire name BUG).
    const bug = await download(`/system/defect/export?projectId=${projectId}&defectName=%232`, 'zh_CN');
    expect(rowsOf(bug.wb.worksheets[0] as ExcelJS.Worksheet)[1]?.slice(0, 2)).toEqual(['2', '缺陷']);

    const before = await defectCount();
    const again = await upload(res.rawPayload);
    expect(again.body).toMatchObject({ code: 200, data: { count: 112 } });
    expect(await defectCount()).toBe(before + 112);
  });
});
