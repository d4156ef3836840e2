import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;
let key: string;
const base = () => `/system/project/${projectId}/defect-fields`;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Fields',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
  key = (await api(lead, 'POST', '/system/api', { projectId, apiName: 'reporter' })).data.apiKey;
});
afterAll(async () => t.close());

const addField = (body: Json) => api(lead, 'POST', base(), body);
const create = (body: Json = {}) =>
  api(lead, 'POST', '/system/defect', {
    projectId,
    defectName: 'A defect',
    handleBy: [lead.userId],
    ...body,
  });
const openApi = (method: 'POST' | 'PUT', url: string, payload: Json) =>
  t.call({ method, url, payload, lang: 'en_US', headers: { 'CAT2BUG-API-KEY': key } });
const list = (filters: unknown[]) =>
  api(lead, 'GET', '/system/defect/list', undefined, {
    projectId: String(projectId),
    pageNum: '1',
    pageSize: '100',
    'params[customFieldFilters]': JSON.stringify(filters),
  });

describe('custom defect fields (1.0 §13.2)', () => {
  it('defines fields of every type, with their limits', async () => {
    const made = await addField({
      fieldKey: 'browser',
      fieldLabel: 'Browser',
      fieldType: 'enum',
      required: 1,
      typeConfig: {
        options: [
          { key: 'chrome', label: 'Chrome', color: '#4285f4' },
          { key: 'firefox', label: 'Firefox' },
        ],
      },
    });
    expect(made).toMatchObject({ code: 200, data: { fieldKey: 'browser', fieldType: 'enum', enabled: 1 } });
    for (const field of [
      { fieldKey: 'score', fieldLabel: 'Score', fieldType: 'number' },
      { fieldKey: 'customer', fieldLabel: 'Customer', fieldType: 'string', maxLength: 10 },
      { fieldKey: 'blocker', fieldLabel: 'Blocker', fieldType: 'boolean' },
      { fieldKey: 'seen_at', fieldLabel: 'Seen at', fieldType: 'datetime' },
      { fieldKey: 'meta', fieldLabel: 'Meta', fieldType: 'object' },
      { fieldKey: 'shots', fieldLabel: 'Shots', fieldType: 'image' },
      { fieldKey: 'tags', fieldLabel: 'Tags', fieldType: 'array', typeConfig: { itemType: 'string' } },
    ])
      expect((await addField(field)).code).toBe(200);

    // The limits, each named.
    expect((await addField({ fieldKey: 'Bad-Key', fieldLabel: 'X', fieldType: 'string' })).msg).toMatch(
      /key starts with a lowercase letter/,
    );
    expect((await addField({ fieldKey: 'defectName', fieldLabel: 'X', fieldType: 'string' })).msg).toMatch(
      /key starts with a lowercase|built-in/,
    );
    expect((await addField({ fieldKey: 'sponsor', fieldLabel: 'X', fieldType: 'string' })).msg).toBe(
      '"sponsor" is the key of a built-in attribute',
    );
    expect((await addField({ fieldKey: 'browser', fieldLabel: 'Other', fieldType: 'string' })).msg).toBe(
      'This project has an attribute with the key "browser"',
    );
    expect((await addField({ fieldKey: 'long', fieldLabel: 'Thirteen char', fieldType: 'string' })).msg).toBe(
      'The label is at most 12 letters (6 Chinese characters)',
    );
    expect((await addField({ fieldKey: 'zh', fieldLabel: '七个汉字的名字', fieldType: 'string' })).code).toBe(
      500,
    );
    expect((await addField({ fieldKey: 'zh', fieldLabel: '六个汉字名字', fieldType: 'string' })).code).toBe(
      200,
    );
    expect((await addField({ fieldKey: 'dup', fieldLabel: 'Browser', fieldType: 'string' })).msg).toBe(
      'An attribute named "Browser" exists',
    );
    expect((await addField({ fieldKey: 'e', fieldLabel: 'E', fieldType: 'enum' })).msg).toBe(
      'An enum needs at least one option',
    );
    expect((await addField({ fieldKey: 'a', fieldLabel: 'A', fieldType: 'array' })).msg).toMatch(
      /type of the list's items/,
    );
    expect(
      (await addField({ fieldKey: 'n', fieldLabel: 'N', fieldType: 'number', defaultValue: 'ten' })).msg,
    ).toBe('N must be a number');

    const manage = await api(lead, 'GET', base());
    const keys = manage.data.map((f: { fieldKey: string }) => f.fieldKey);
    expect(keys.slice(0, 4)).toEqual(['projectNum', 'defectType', 'defectName', 'handleBy']);
    expect(keys).toContain('browser');
    expect(manage.data.find((f: { fieldKey: string }) => f.fieldKey === 'defectName')).toMatchObject({
      systemBuiltin: true,
      fieldLabel: 'Title',
    });
    // A developer does not manage the attributes, but the defect pages read them.
    expect((await api(dev, 'GET', base())).code).toBe(403);
    const layout = await api(dev, 'GET', `${base()}/column-layout`);
    expect(layout.data.orderedEnabledFieldKeys).toContain('browser');
    expect(layout.data.customFields.map((f: { fieldKey: string }) => f.fieldKey)).toContain('score');
  });

  it('refuses a defect without a required field on every path, naming the field', async () => {
    expect((await create()).msg).toBe('Browser is required');
    // The Open API and the report push.
    expect((await openApi('POST', '/api/defect', { defectName: 'From CI' })).body.msg).toBe(
      'Browser is required',
    );
    expect(
      (
        await openApi('POST', '/api/report/defect', {
          reportTitle: 'Run',
          reportData: [{ defectName: 'Pushed one', defectDescribe: 'boom' }],
        })
      ).body.msg,
    ).toBe('Browser is required');
    // The Excel import: the row and the field.
    const upload = async (rows: string[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Defects');
      // Headers by label and by key, as 1.0 reads them.
      ws.addRow(['Title', 'Assignee', 'Browser', 'score']);
      for (const row of rows) ws.addRow(row);
      return t.call({
        method: 'POST',
        url: `/system/defect/import?projectId=${projectId}`,
        token: lead.token,
        lang: 'en_US',
        ...multipart('file', 'defects.xlsx', Buffer.from(await wb.xlsx.writeBuffer())),
      });
    };
    const good = ['From a sheet', lead.userName, 'Firefox', '12.5'];
    const refused = await upload([
      good,
      ['Missing browser', lead.userName, '', ''],
      ['Bad score', lead.userName, 'chrome', 'lots'],
    ]);
    expect(refused.body.data.rows).toEqual([
      { rowNum: 3, messages: ['Row 3: Browser is required'] },
      { rowNum: 4, messages: ['Row 4: Score must be a number'] },
    ]);

    // With the values: each path files it, the value in its stored form.
    const made = await create({ customFields: { browser: 'chrome', score: '7', unknown: 'dropped' } });
    expect(made.code).toBe(200);
    const view = await api(lead, 'GET', `/system/defect/${made.data.defectId}`);
    expect(view.data.customFields).toEqual({ browser: 'chrome', score: 7 });
    const viaApi = await openApi('POST', '/api/defect', {
      defectName: 'From CI',
      customFields: { browser: 'firefox' },
    });
    expect(viaApi.body).toMatchObject({ code: 200, data: { customFields: { browser: 'firefox' } } });
    const pushed = await openApi('POST', '/api/report/defect', {
      reportTitle: 'Run',
      reportData: [{ defectName: 'Pushed one', defectDescribe: 'boom', customFields: { browser: 'chrome' } }],
    });
    expect(pushed.body.code).toBe(200);
    expect((await upload([good])).body.code).toBe(200);
    const fromSheet = await list([{ fieldKey: 'score', op: 'eq', value: 12.5 }]);
    expect(fromSheet.rows.map((d: Json) => [d.defectName, d.customFields])).toEqual([
      ['From a sheet', { browser: 'firefox', score: 12.5 }],
    ]);
  });

  it('checks every type of value', async () => {
    const cases: Array<[Record<string, unknown>, string | Record<string, unknown>]> = [
      [{ browser: 'safari' }, 'Browser must be one of: Chrome, Firefox'],
      [{ score: 'ten' }, 'Score must be a number'],
      [{ customer: 'Much too long a name' }, 'Customer is at most 10 characters'],
      [{ blocker: 'maybe' }, 'Blocker must be yes or no'],
      [{ seen_at: '2026-02-30' }, 'Seen at must be a date and time (yyyy-MM-dd HH:mm:ss)'],
      [{ meta: '[1,2]' }, 'Meta must be a JSON object'],
      [{ shots: ['javascript:alert(1)'] }, 'Shots must be uploaded files or http(s) addresses'],
      [{ tags: 'one' }, 'Tags must be a list'],
      [
        {
          score: '3',
          customer: ' ACME ',
          blocker: 'true',
          seen_at: '2026-11-30 9:05'.replace(' 9', ' 09'),
          meta: { build: 12 },
          shots: '/profile/upload/a.png, https://example.com/b.png',
          tags: ['x', '', 'y'],
        },
        {
          browser: 'chrome',
          score: 3,
          customer: 'ACME',
          blocker: true,
          seen_at: '2026-11-30 09:05:00',
          meta: { build: 12 },
          shots: ['/profile/upload/a.png', 'https://example.com/b.png'],
          tags: ['x', 'y'],
        },
      ],
    ];
    for (const [values, outcome] of cases) {
      const res = await create({ customFields: { browser: 'chrome', ...values } });
      if (typeof outcome === 'string') expect(res.msg).toBe(outcome);
      else {
        expect(res.code).toBe(200);
        expect((await api(lead, 'GET', `/system/defect/${res.data.defectId}`)).data.customFields).toEqual(
          outcome,
        );
      }
    }
  });

  it('filters with every operator', async () => {
    const ids: Record<string, number> = {};
    for (const [name, values] of [
      ['f-one', { browser: 'chrome', score: 1, customer: 'Alpha shop', seen_at: '2026-01-05 10:00:00' }],
      ['f-two', { browser: 'firefox', score: 5, customer: 'Beta', seen_at: '2026-02-05 10:00:00' }],
      ['f-three', { browser: 'firefox', score: 9 }],
    ] as const) {
      const res = await create({ defectName: name, customFields: values });
      ids[name] = res.data.defectId;
    }
    const names = async (filters: unknown[]) =>
      ((await list(filters)).rows as Json[])
        .map((d) => d.defectName as string)
        .filter((n) => n.startsWith('f-'))
        .sort();
    expect(await names([{ fieldKey: 'browser', op: 'eq', value: 'firefox' }])).toEqual(['f-three', 'f-two']);
    expect(await names([{ fieldKey: 'score', op: 'in', value: [1, 9] }])).toEqual(['f-one', 'f-three']);
    expect(await names([{ fieldKey: 'score', op: 'between', value: [2, 9] }])).toEqual(['f-three', 'f-two']);
    expect(
      await names([{ fieldKey: 'seen_at', op: 'between', value: ['2026-02-01', '2026-02-05'] }]),
    ).toEqual(['f-two']);
    expect(await names([{ fieldKey: 'customer', op: 'contains', value: 'SHOP' }])).toEqual(['f-one']);
    expect(await names([{ fieldKey: 'customer', op: 'isEmpty' }])).toEqual(['f-three']);
    expect(await names([{ fieldKey: 'customer', op: 'isNotEmpty' }])).toEqual(['f-one', 'f-two']);
    // Two at once; the total counts them too.
    const both = await list([
      { fieldKey: 'browser', op: 'eq', value: 'firefox' },
      { fieldKey: 'score', op: 'between', value: [0, 6] },
    ]);
    expect(both.rows.map((d: Json) => d.defectName)).toEqual(['f-two']);
    expect(both.total).toBe(1);
    // An unknown field is left out (1.0); a malformed filter is refused, naming the problem.
    expect((await list([{ fieldKey: 'nope', op: 'eq', value: 1 }])).total).toBeGreaterThan(3);
    const bad = await api(lead, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      'params[customFieldFilters]': '{not json',
    });
    expect(bad.msg).toMatch(/custom attribute filters are not a JSON list/);
  });

  it('answers a total of more than 1,000 matches as capped, the page still sorted and filtered', async () => {
    // 1,100 that match, and 20 later ones that do not (they would head an unfiltered page).
    const count = 1120;
    const isOther = (k: number) => k >= 1100;
    const now = '2026-11-02 09:00:00';
    const nums = await t.db
      .selectFrom('sysDefect')
      .select((eb) => eb.fn.max('projectNum').as('n'))
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    const first = Number(nums.n) + 1;
    const ids: number[] = [];
    for (let at = 0; at < count; at += 200) {
      const rows = await t.db
        .insertInto('sysDefect')
        .values(
          Array.from({ length: Math.min(200, count - at) }, (_, i) => ({
            projectId,
            projectNum: first + at + i,
            defectType: 0,
            defectName: `many-${at + i}`,
            defectDescribe: null,
            defectLevel: 'middle',
            defectState: 0,
            moduleId: null,
            moduleVersion: null,
            sponsor: null,
            imgUrls: null,
            annexUrls: null,
            caseId: null,
            planStartTime: null,
            planEndTime: null,
            lastFixerId: null,
            isDeleted: 0,
            customFields: isOther(at + i) ? null : '{"browser":"chrome","blocker":true}',
            createBy: 'test',
            createById: lead.userId,
            createTime: now,
            updateBy: 'test',
            // Every third one updated later, so the order is not the insertion's.
            updateTime: isOther(at + i)
              ? '2026-11-05 09:00:00'
              : (at + i) % 3 === 0
                ? '2026-11-03 09:00:00'
                : now,
          })),
        )
        .returning('defectId')
        .execute();
      ids.push(...rows.map((r) => r.defectId));
    }
    // The project's counter past them, so the defects made after this one get the next numbers.
    await t.db
      .updateTable('sysProjectCounter')
      .set({ counter: first + count - 1 })
      .where('projectId', '=', projectId)
      .where('kind', '=', 'defect')
      .execute();
    await t.db
      .insertInto('sysDefectFieldValue')
      .values(
        ids.slice(0, 1100).flatMap((defectId) => [
          {
            defectId,
            fieldKey: 'browser',
            projectId,
            valueKey: 'chrome',
            valueText: 'chrome',
            valueNum: null,
          },
          { defectId, fieldKey: 'blocker', projectId, valueKey: 'true', valueText: 'true', valueNum: null },
        ]),
      )
      .execute();
    const res = await api(lead, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      pageNum: '2',
      pageSize: '10',
      orderByColumn: 'updateTime',
      isAsc: 'desc',
      'params[customFieldFilters]': JSON.stringify([
        { fieldKey: 'browser', op: 'eq', value: 'chrome' },
        { fieldKey: 'blocker', op: 'eq', value: true },
      ]),
    });
    expect(res).toMatchObject({ code: 200, total: 1000, totalCapped: true });
    expect(res.rows).toHaveLength(10);
    for (const d of res.rows as Json[]) {
      expect(d.customFields).toEqual({ browser: 'chrome', blocker: true });
      expect(d.updateTime).toBe('2026-11-03 09:00:00');
    }
  });

  it('edits merge, are checked and logged with old and new values; a used field keeps its type', async () => {
    const made = await create({ customFields: { browser: 'chrome', customer: 'Old' } });
    const defectId = made.data.defectId;
    expect((await api(lead, 'PUT', '/system/defect', { defectId, customFields: { browser: '' } })).msg).toBe(
      'Browser is required',
    );
    const edited = await api(lead, 'PUT', '/system/defect', {
      defectId,
      customFields: { customer: 'New', score: 4 },
    });
    expect(edited.code).toBe(200);
    const view = await api(lead, 'GET', `/system/defect/${defectId}`);
    expect(view.data.customFields).toEqual({ browser: 'chrome', customer: 'New', score: 4 });
    const logs = await api(lead, 'GET', '/system/log/list', undefined, { defectId: String(defectId) });
    const update = (logs.rows as Json[]).find((l) => l.defectLogType === 'UPDATE');
    expect(JSON.parse(update?.defectLogDescribe as string)).toEqual([
      {
        field: 'custom:score',
        type: 'custom',
        label: 'Score',
        oldValue: null,
        newValue: 4,
        oldDisplay: '',
        newDisplay: '4',
      },
      {
        field: 'custom:customer',
        type: 'custom',
        label: 'Customer',
        oldValue: 'Old',
        newValue: 'New',
        oldDisplay: 'Old',
        newDisplay: 'New',
      },
    ]);
    const fields = (await api(lead, 'GET', base())).data as Json[];
    const score = fields.find((f) => f.fieldKey === 'score') as Json;
    expect(score.isUsed).toBe(true);
    expect((await api(lead, 'PUT', `${base()}/${score.fieldId}`, { fieldType: 'string' })).msg).toBe(
      'Defects have values for "Score": its type can no longer change',
    );
    // Switched off: left out of the forms, the values kept and shown again when it is back on.
    expect((await api(lead, 'DELETE', `${base()}/${score.fieldId}`)).code).toBe(200);
    const layout = await api(lead, 'GET', `${base()}/column-layout`);
    expect(layout.data.orderedEnabledFieldKeys).not.toContain('score');
    await api(lead, 'PUT', '/system/defect', { defectId, customFields: { customer: 'Newer' } });
    expect((await api(lead, 'GET', `/system/defect/${defectId}`)).data.customFields.score).toBe(4);
    expect((await api(lead, 'PUT', `${base()}/${score.fieldId}`, { enabled: 1 })).code).toBe(200);
  });

  it('exports the fields as columns, enums by their labels', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/system/defect/export?projectId=${projectId}`,
      headers: { authorization: `Bearer ${lead.token}`, language: 'en_US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? '').replace(/\s*\*$/, ''));
    const browserCol = header.indexOf('Browser');
    expect(browserCol).toBeGreaterThan(0);
    const cells = new Set<string>();
    ws.eachRow((row, n) => {
      if (n > 1) cells.add(String(row.getCell(browserCol).value ?? ''));
    });
    // Blank: the defects written straight into the table above, without a browser.
    expect([...cells].sort()).toEqual(['', 'Chrome', 'Firefox']);
  });

  it("follows the list's visible columns in the export and the template", async () => {
    const headersOf = async (url: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${lead.token}`, language: 'en_US' },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0] as ExcelJS.Worksheet;
      return (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? '').replace(/\s*\*$/, ''));
    };
    const columns = encodeURIComponent('num,title,state,custom:browser');
    // The title, handler and description always: a row cannot come back without them.
    expect(await headersOf(`/system/defect/export?projectId=${projectId}&columns=${columns}`)).toEqual([
      'No.',
      'Title',
      'Status',
      'Assignee',
      'Description',
      'Browser',
    ]);
    expect(
      await headersOf(`/system/defect/importTemplate?projectId=${projectId}&columns=${columns}`),
    ).toEqual(['Title', 'Status', 'Assignee', 'Description', 'Browser']);
  });

  it('keeps the built-in layout, the name and handler always on', async () => {
    const off = await api(lead, 'PUT', `${base()}/builtin-layout`, [
      { fieldKey: 'sponsor', enabled: 0 },
      { fieldKey: 'moduleVersion', sortOrder: 5 },
    ]);
    expect(off.code).toBe(200);
    const layout = (await api(lead, 'GET', `${base()}/column-layout`)).data;
    expect(layout.enabledBuiltinFieldKeys).not.toContain('sponsor');
    expect(layout.orderedEnabledFieldKeys.slice(0, 2)).toEqual(['projectNum', 'moduleVersion']);
    expect(
      (await api(lead, 'PUT', `${base()}/builtin-layout`, [{ fieldKey: 'defectName', enabled: 0 }])).msg,
    ).toBe('"Title" cannot be switched off');
  });
});
