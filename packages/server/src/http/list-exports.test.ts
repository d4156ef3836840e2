import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../test/test-app.ts';

/*
 * The original's `/export` endpoints of teams, projects, deliverables, statistics layouts, roles,
 * dictionaries and settings: the list's filters (sent as the original's client sends them, a form
 * body) give the rows of one sheet; each export asks the list's export permission.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let owner: Person;
let member: Person;
let teamId = 0;
let projectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  owner = await t.signedIn();
  member = await t.signedIn();
  teamId = await insertTestTeam(t.db, { [owner.userId]: [12], [member.userId]: [5] }, 'Export team Alpha');
  await insertTestTeam(t.db, { [owner.userId]: [12] }, 'Export team Beta');
  projectId = await insertTestProject(
    t.db,
    teamId,
    { [owner.userId]: [11, 6], [member.userId]: [9] },
    { name: 'Shop' },
  );
  await insertTestProject(t.db, teamId, { [owner.userId]: [11] }, { name: 'Blog' });
  const root = await insertTestModule(t.db, projectId, 'Web');
  await api(owner, 'POST', '/system/module', { projectId, modulePid: root, moduleName: 'Cart' });
  await api(owner, 'PUT', '/system/user-config', { currentProjectId: projectId });
});
afterAll(async () => t.close());

/** Posts the filters as a form and reads the sheet back: its name and its rows (header first). */
async function exported(who: Person, url: string, form = '') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${who.token}`,
      'content-type': 'application/x-www-form-urlencoded',
      language: 'en_US',
    },
    payload: form,
  });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) return { refused: res.json() };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws?.eachRow((row) => {
    rows.push(
      Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return { name: ws?.name, rows, file: decodeURIComponent(String(res.headers['download-filename'])) };
}

describe('list exports', () => {
  it('teams: the filtered list, for whoever holds system:team:export (the administrator)', async () => {
    const sheet = await exported(admin, '/system/team/export', 'teamName=Alpha');
    expect(sheet).toMatchObject({ name: 'Teams', file: 'Teams.xlsx' });
    expect(sheet.rows?.[0]).toEqual([
      'Team ID',
      'Team name',
      'Introduction',
      'Created by',
      'Created',
      'Updated',
    ]);
    expect(sheet.rows?.slice(1).map((r) => r[1])).toEqual(['Export team Alpha']);
    expect((await exported(owner, '/system/team/export')).refused?.code).toBe(403);
  });

  it('projects: the team’s list (the current team when none is named), with the team’s export right', async () => {
    const named = await exported(owner, '/system/project/export', `teamId=${teamId}&projectName=Sh`);
    expect(named.rows?.slice(1).map((r) => [r[1], r[3]])).toEqual([['Shop', '2']]);
    const current = await exported(owner, '/system/project/export');
    expect(
      current.rows
        ?.slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Blog', 'Shop']);
    // An ordinary team member (role 5) holds no export right in the team.
    expect((await exported(member, '/system/project/export', `teamId=${teamId}`)).refused?.code).toBe(403);
  });

  it('deliverables: paths of the named or current project', async () => {
    const sheet = await exported(owner, '/system/module/export', `projectId=${projectId}`);
    expect(sheet.name).toBe('Deliverables');
    expect(sheet.rows?.slice(1).map((r) => r[0])).toEqual(['Web', 'Web/Cart']);
    const current = await exported(owner, '/system/module/export', 'moduleName=cart');
    expect(current.rows?.slice(1).map((r) => r[0])).toEqual(['Web/Cart']);
    expect((await exported(member, '/system/module/export', `projectId=${projectId}`)).refused?.code).toBe(
      403,
    );
  });

  it('statistics layouts: the caller’s own, for the holder of system:statistic:export only', async () => {
    await t.call({
      method: 'POST',
      url: '/system/statistic',
      token: admin.token,
      payload: { projectId, moduleType: 1, statisticTemplatConfig: '[{"name":"DefectType"}]' },
    });
    const sheet = await exported(admin, '/system/statistic/export', `projectId=${projectId}`);
    expect(sheet.rows?.slice(1)).toEqual([[expect.any(String), 'Shop', '1', '', '[{"name":"DefectType"}]']]);
    expect((await exported(owner, '/system/statistic/export')).refused?.code).toBe(403);
  });

  it('roles, dictionaries and settings: the back office’s filtered lists', async () => {
    const roles = await exported(admin, '/system/role/export', 'roleName=%E9%A1%B9%E7%9B%AE');
    expect(roles.rows?.slice(1).every((r) => r[4] === 'Project')).toBe(true);
    expect(roles.rows?.length).toBeGreaterThan(2);
    const types = await exported(admin, '/system/dict/type/export', 'dictType=defect_level');
    expect(types.rows?.slice(1).map((r) => [r[2], r[3]])).toEqual([['defect_level', 'Normal']]);
    const data = await exported(admin, '/system/dict/data/export', 'dictType=defect_level');
    expect(data.rows?.slice(1).map((r) => r[3])).toEqual(['urgent', 'height', 'middle', 'low']);
    const configs = await exported(admin, '/system/config/export', 'configKey=sys.account.captchaEnabled');
    expect(configs.rows?.slice(1).map((r) => [r[2], r[4]])).toEqual([['sys.account.captchaEnabled', 'Yes']]);
    for (const url of [
      '/system/role/export',
      '/system/dict/type/export',
      '/system/dict/data/export',
      '/system/config/export',
    ])
      expect((await exported(owner, url)).refused?.code, url).toBe(403);
  });
});

describe('English export headers', () => {
  const headersOf = async (who: Person, url: string, form = '') => {
    const sheet = await exported(who, url, form);
    expect(sheet.refused, url).toBeUndefined();
    return sheet.rows?.[0] ?? [];
  };

  it("use the app's words (notes, updated, expires, sender) in sentence case", async () => {
    const project = `projectId=${projectId}`;
    const lists = {
      reports: await headersOf(owner, '/system/report/export', project),
      templates: await headersOf(owner, '/system/report/template/export', project),
      documents: await headersOf(owner, '/system/document/export', project),
      keys: await headersOf(owner, '/system/api/export', project),
      deliverables: await headersOf(owner, '/system/module/export', project),
      dictTypes: await headersOf(admin, '/system/dict/type/export'),
      dictData: await headersOf(admin, '/system/dict/data/export'),
      settings: await headersOf(admin, '/system/config/export'),
      positions: await headersOf(admin, '/system/post/export'),
      screenSizes: await headersOf(admin, '/system/ScreenSize/export'),
      jobs: await headersOf(admin, '/monitor/job/export'),
      jobLogs: await headersOf(admin, '/monitor/jobLog/export'),
      operationLog: await headersOf(admin, '/monitor/operlog/export'),
    };
    expect(lists.reports).toEqual(['Report title', 'Report type', 'Report time', 'Report source', 'Sender']);
    expect(lists.templates).toEqual(['Template title', 'Template type', 'Version', 'Updated by', 'Updated']);
    expect(lists.documents).toEqual(['Name', 'Type', 'Updated by', 'Updated']);
    expect(lists.keys).toEqual(['Name', 'Key', 'Expires', 'IP whitelist', 'Last used', 'Notes']);
    expect(lists.operationLog).toContain('Duration (ms)');
    const all = Object.values(lists).flat();
    expect(all.filter((h) => h === 'Notes')).toHaveLength(8);
    // After the first word only acronyms (ID, IP) start with a capital; no word of the older English.
    expect(all.filter((h) => /\s[A-Z][a-z]/.test(h))).toEqual([]);
    expect(
      all.filter((h) => /\b(remark|handlers?|state|level|pusher|(create|update|expire) time)\b/i.test(h)),
    ).toEqual([]);
  });
});

describe('DELETE /system/team/{teamIds}', () => {
  it('deletes several teams of the caller’s at once, or none when one is not theirs', async () => {
    const mine = [
      await insertTestTeam(t.db, { [owner.userId]: [12] }, 'Doomed one'),
      await insertTestTeam(t.db, { [owner.userId]: [12] }, 'Doomed two'),
    ];
    const foreign = await insertTestTeam(t.db, { [member.userId]: [12] }, 'Not the owner’s');
    const alive = async () =>
      (
        await t.db
          .selectFrom('sysTeam')
          .select('teamId')
          .where('teamId', 'in', [...mine, foreign])
          .where('isDel', '=', 0)
          .execute()
      ).map((r) => r.teamId);
    const payload = { password: owner.password };
    expect((await api(owner, 'DELETE', `/system/team/${[...mine, foreign].join(',')}`, payload)).code).toBe(
      403,
    );
    // A team where the caller is a member without the right to delete: none goes either.
    expect(
      (await api(member, 'DELETE', `/system/team/${foreign},${teamId}`, { password: member.password })).code,
    ).toBe(403);
    expect((await alive()).sort()).toEqual([...mine, foreign].sort());
    expect((await api(owner, 'DELETE', `/system/team/${mine.join(',')}`, payload)).code).toBe(200);
    expect(await alive()).toEqual([foreign]);
  });
});
