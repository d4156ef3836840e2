import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { SHOP_TEMPLATE_COUNT } from '../../db/seed/template-shop.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;
let moduleId: number;

const XSS = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Reports',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
  moduleId = (await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Checkout'] }))
    .data[0].moduleId;
  for (const name of ['Pay button dead', XSS]) {
    const made = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: name,
      defectDescribe: 'Steps',
      defectLevel: 'urgent',
      moduleId,
      handleBy: [dev.userId],
    });
    expect(made.code).toBe(200);
  }
  const testCase = await api(lead, 'POST', '/system/case', {
    projectId,
    caseName: 'Pay with a card',
    moduleId,
    caseLevel: 2,
    caseExpect: 'Paid',
    caseStep: [{ stepDescribe: 'Press Pay', stepExpect: 'Card form' }],
  });
  expect(testCase.code).toBe(200);
});
afterAll(async () => t.close());

const SOURCE = [
  '# ${api.project.projectName}',
  'Open: ${api.defect.openTotal}',
  '$table{api.defect.list[projectNum,defectName,defectStateName]}',
  '$table{api.defect.byState}',
  '$card{api.case.list}',
].join('\n');

/** A GET with a query string, in the given language. */
const get = async (who: Person, url: string, query: Record<string, string> = {}, lang = 'en_US') =>
  (await t.call({ method: 'GET', url, token: who.token, lang, query })).body;
const nick = async (who: Person) =>
  (
    await t.db
      .selectFrom('sysUser')
      .select('nickName')
      .where('userId', '=', who.userId)
      .executeTakeFirstOrThrow()
  ).nickName;

const createReport = (body: Json, who = lead) =>
  api(who, 'POST', '/system/report', {
    projectId,
    reportTitle: 'Weekly',
    reportDescription: SOURCE,
    ...body,
  });

describe('reports', () => {
  it('writes a text report out at creation, escaped, and keeps it when the data changes', async () => {
    const created = await createReport({ reportTitle: 'Snapshot' }, lead);
    expect(created.code).toBe(200);
    const report = created.data;
    expect(report).toMatchObject({ reportType: 'text', projectId, createById: lead.userId });
    expect(report.reportDescription).toContain('# Reports');
    expect(report.reportDescription).toContain('Open: 2');
    expect(report.reportDescription).toContain('| No\\. | Defect title | Defect status |');
    expect(report.reportDescription).toContain('| 1 | Pay button dead | Pending |');
    expect(report.reportDescription).toContain('| Status | Count | Share |');
    expect(report.reportDescription).toContain('\\<img src\\=x onerror\\=alert\\(1\\)\\>');
    expect(report.reportDescription).toContain('#### 1 Pay with a card');
    expect(report.reportDescription).not.toContain('$table{');

    const [first] = (await get(lead, '/system/defect/list', { projectId: String(projectId) })).rows.filter(
      (d: Json) => d.defectName === 'Pay button dead',
    );
    await api(lead, 'PUT', '/system/defect', { defectId: first.defectId, defectName: 'Pay button fixed' });
    const again = await api(lead, 'GET', `/system/report/${report.reportId}`);
    expect(again.data.reportDescription).toBe(report.reportDescription);
    expect(again.data.reportDescription).not.toContain('Pay button fixed');
  });

  it("keeps a realtime report's directives, for live data each time it is read", async () => {
    const created = (await createReport({ reportTitle: 'Live', reportType: 'realtime' })).data;
    expect(created.reportDescription).toBe(SOURCE);
    const data = await get(lead, `/markdown/${projectId}`, {
      need: 'api.defect.list,api.defect.byState,api.case.list',
    });
    expect(data.data.defect).toMatchObject({ total: 2, openTotal: 2 });
    expect(data.data.defect.list.map((d: Json) => d.defectName)).toContain('Pay button fixed');
    expect(data.data.stats['api.defect.byState']).toEqual([{ key: '0', name: null, count: 2 }]);
    expect(data.data.case.list[0]).toMatchObject({ caseName: 'Pay with a card', moduleName: 'Checkout' });
    expect(data.data.member.all).toBeUndefined();
  });

  it("answers the original's three parts without need, and refuses an unknown source by name", async () => {
    const plain = (await api(lead, 'GET', `/markdown/${projectId}`)).data;
    expect(plain.defect.list).toHaveLength(2);
    expect(plain.case.list).toHaveLength(1);
    expect(plain.member.all.map((m: Json) => m.userId).sort()).toEqual([lead.userId, dev.userId].sort());
    const bad = await get(lead, `/markdown/${projectId}`, { need: 'api.secret.list' });
    expect(bad.code).toBe(500);
    expect(bad.msg).toMatch(/Unknown report data source/);
  });

  it('computes every aggregate the directives name', async () => {
    const need =
      'api.defect.byType,api.defect.byLevel,api.defect.byHandler,api.defect.byModule,api.defect.trend,api.case.byState,api.case.byModule,api.defect.open';
    const { stats, defect } = (await get(lead, `/markdown/${projectId}`, { need })).data;
    expect(stats['api.defect.byType']).toEqual([{ key: 'BUG', name: null, count: 2 }]);
    expect(stats['api.defect.byLevel']).toEqual([{ key: 'urgent', name: null, count: 2 }]);
    expect(stats['api.defect.byHandler']).toEqual([
      { key: String(dev.userId), name: await nick(dev), count: 2 },
    ]);
    expect(stats['api.defect.byModule']).toEqual([{ key: String(moduleId), name: 'Checkout', count: 2 }]);
    expect(stats['api.defect.trend']).toHaveLength(14);
    expect(stats['api.defect.trend'].at(-1)).toMatchObject({ created: 2, closed: 0 });
    expect(stats['api.case.byState']).toEqual([{ key: 'untested', name: null, count: 1 }]);
    expect(stats['api.case.byModule']).toEqual([
      { key: String(moduleId), name: 'Checkout', total: 1, pass: 0, fail: 0, untested: 1 },
    ]);
    expect(defect.open).toHaveLength(2);
  });

  it("tells the project's members of a new report, not its author", async () => {
    const before = await t.db
      .selectFrom('sysNotice')
      .select('receiverId')
      .where('groupName', '=', 'report')
      .execute();
    await createReport({ reportTitle: 'Announced' });
    await until(async () => {
      const after = await t.db
        .selectFrom('sysNotice')
        .selectAll()
        .where('groupName', '=', 'report')
        .execute();
      return after.length > before.length;
    });
    const notices = await t.db
      .selectFrom('sysNotice')
      .selectAll()
      .where('groupName', '=', 'report')
      .where('noticeTitle', 'like', '%Announced%')
      .execute();
    expect(notices.map((n) => n.receiverId)).toEqual([dev.userId]);
    expect(notices[0]?.src).toMatch(/^\/project\/report\?projectId=\d+&reportId=\d+$/);
  });

  it('lists by title, time and author, newest first', async () => {
    await createReport({ reportTitle: 'Old one', reportTime: '2020-01-02 03:04:05' });
    const all = await get(lead, '/system/report/list', { projectId: String(projectId) });
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.rows.map((r: Json) => r.reportTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.rows[0].createBy).toBe(await nick(lead));
    const titled = await get(lead, '/system/report/list', {
      projectId: String(projectId),
      reportTitle: 'old',
    });
    expect(titled.rows.map((r: Json) => r.reportTitle)).toEqual(['Old one']);
    const ranged = await get(lead, '/system/report/list', {
      projectId: String(projectId),
      'params[beginReportTime]': '2020-01-01',
      'params[endReportTime]': '2020-01-02',
    });
    expect(ranged.rows.map((r: Json) => r.reportTitle)).toEqual(['Old one']);
    const byDev = await get(lead, '/system/report/list', {
      projectId: String(projectId),
      'params[createByIds]': String(dev.userId),
    });
    expect(byDev.total).toBe(0);
  });

  it('updates without writing out again, and deletes all named or none', async () => {
    const made = (await createReport({ reportTitle: 'Edit me' })).data;
    const edited = await api(lead, 'PUT', '/system/report', {
      reportId: made.reportId,
      reportTitle: 'Edited',
      reportDescription: '$table{api.defect.list}',
    });
    expect(edited.data).toMatchObject({
      reportTitle: 'Edited',
      reportDescription: '$table{api.defect.list}',
    });
    const other = (await createReport({ reportTitle: 'Other' })).data;
    const half = await api(lead, 'DELETE', `/system/report/${made.reportId},999999`);
    expect(half.code).toBe(403);
    expect((await api(lead, 'GET', `/system/report/${made.reportId}`)).code).toBe(200);
    const both = await api(lead, 'DELETE', `/system/report/${made.reportId},${other.reportId}`);
    expect(both.data).toEqual({ removed: 2 });
  });

  it('refuses an empty title by name', async () => {
    const res = await createReport({ reportTitle: '  ' });
    expect(res.code).toBe(500);
    expect(res.msg).toMatch(/The report title cannot be empty/);
  });

  it('exports the list to Excel', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/system/report/export?projectId=${projectId}`,
      headers: { authorization: `Bearer ${lead.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('report templates', () => {
  it("lists the shop in the reader's language, and a project's own apart from it", async () => {
    const zh = await get(
      lead,
      '/system/report/template/list',
      { projectId: String(projectId), isShop: 'true' },
      'zh_CN',
    );
    expect(zh.total).toBe(SHOP_TEMPLATE_COUNT);
    expect(zh.rows.map((r: Json) => r.templateTitle)).toContain('测试总结报告');
    expect(zh.rows.every((r: Json) => r.isShop && r.projectId === null)).toBe(true);
    const en = await get(lead, '/system/report/template/list', {
      projectId: String(projectId),
      isShop: 'true',
    });
    expect(en.rows.map((r: Json) => r.templateTitle)).toContain('Test summary');
    // The shop's English uses the app's words: assignee, status, priority (not handler, state, level).
    expect(en.rows.map((r: Json) => r.templateTitle)).toContain('Open defects by assignee');
    const enText = en.rows.map((r: Json) => `${r.templateTitle}\n${r.templateContent}`).join('\n');
    expect(enText).toContain('## Defects by status');
    expect(enText).toContain('## Defects by priority');
    expect(enText.match(/\b(handlers?|state|level)\b/gi)).toBeNull();
    const own = await get(lead, '/system/report/template/list', { projectId: String(projectId) });
    expect(own.rows.every((r: Json) => !r.isShop)).toBe(true);
    // The shop's rows are no project's: not reachable, changeable or deletable by id.
    const shopId = zh.rows[0].templateId;
    expect((await api(lead, 'GET', `/system/report/template/${shopId}`)).code).toBe(403);
    expect(
      (await api(lead, 'PUT', '/system/report/template', { templateId: shopId, templateTitle: 'x' })).code,
    ).toBe(403);
    expect((await api(lead, 'DELETE', `/system/report/template/${shopId}`)).code).toBe(403);
  });

  it('adds a shop template to the project, edits it and makes a report from it', async () => {
    const [shop] = (
      await get(lead, '/system/report/template/list', { projectId: String(projectId), isShop: 'true' })
    ).rows;
    const added = await api(lead, 'POST', '/system/report/template', {
      projectId,
      templateTitle: shop.templateTitle,
      templateContent: shop.templateContent,
      moduleType: shop.moduleType,
    });
    expect(added.data).toMatchObject({ projectId, isShop: false, majorVersion: 1, minorVersion: 0 });
    expect(added.data.templateKey).toMatch(/^[0-9a-f-]{36}$/);
    const edited = await api(lead, 'PUT', '/system/report/template', {
      templateId: added.data.templateId,
      templateTitle: 'Our summary',
    });
    expect(edited.data).toMatchObject({ templateTitle: 'Our summary', updateBy: await nick(lead) });
    const report = await createReport({
      reportTitle: 'From template',
      reportDescription: edited.data.templateContent,
    });
    expect(report.data.reportDescription).toContain('# Reports test summary');
  });

  it('writes a template to a file and reads it back into another project', async () => {
    const made = (
      await api(lead, 'POST', '/system/report/template', {
        projectId,
        templateTitle: 'Shared',
        templateContent: '$table{api.member.all}',
      })
    ).data;
    const file = await t.app.inject({
      method: 'GET',
      url: `/system/report/template/${made.templateId}/file`,
      headers: { authorization: `Bearer ${lead.token}` },
    });
    expect(file.headers['content-disposition']).toContain('buglet-template.json');
    const parsed = JSON.parse(file.body);
    expect(parsed).toMatchObject({ format: 'buglet-report-template/1', templateTitle: 'Shared' });
    const imported = await api(lead, 'POST', '/system/report/template/import', { projectId, file: parsed });
    expect(imported.data).toMatchObject({
      templateTitle: 'Shared',
      templateContent: '$table{api.member.all}',
    });
    expect(imported.data.templateId).not.toBe(made.templateId);
    const bad = await api(lead, 'POST', '/system/report/template/import', {
      projectId,
      file: { format: 'x' },
    });
    expect(bad.msg).toMatch(/not a Buglet report template file/);
  });
});
