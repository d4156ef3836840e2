import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestCase,
  insertTestModule,
  insertTestProject,
  insertTestTeam,
} from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * What the original's web client sends to the project pages, and what it reads back
 * (original-backend §1.5, §5.4, §5.10, original-ui §3.7, §5.8): calls without a projectId on the
 * caller's current project, "all" pages of 99999, the member list's "All" tab (roleId=0), the
 * role flags its dialogs choose defaults by, its cover addresses, numbers sent as text, and a
 * deliverable created with a name beside an empty batch.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let owner: Person;
let dev: Person;
let tester: Person;
let outsider: Person;
let teamId = 0;
let projectId = 0;
let otherProjectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  owner = await t.signedIn();
  dev = await t.signedIn();
  tester = await t.signedIn();
  outsider = await t.signedIn();
  teamId = await insertTestTeam(t.db, {
    [owner.userId]: [12],
    [dev.userId]: [5],
    [tester.userId]: [5],
    [outsider.userId]: [5],
  });
  projectId = await insertTestProject(t.db, teamId, {
    [owner.userId]: [11, 6],
    [dev.userId]: [7],
    [tester.userId]: [8],
  });
  otherProjectId = await insertTestProject(t.db, teamId, { [owner.userId]: [11] });
  await api(owner, 'PUT', '/system/user-config', { currentProjectId: projectId });
});
afterAll(async () => t.close());

const ids = (rows: Json[]) => rows.map((r) => r.userId).sort((a, b) => a - b);

describe('member and selector lists', () => {
  it('read roleId=0, or none, as every role', async () => {
    const url = `/system/project/${projectId}/member`;
    const everyone = ids([owner, dev, tester]);
    expect(ids((await api(owner, 'GET', url, undefined, { roleId: '0' })).rows)).toEqual(everyone);
    expect(ids((await api(owner, 'GET', url)).rows)).toEqual(everyone);
    expect(ids((await api(owner, 'GET', url, undefined, { roleId: '8' })).rows)).toEqual([tester.userId]);
  });

  it('answer all rows for pageSize=99999 (up to 10,000) instead of refusing', async () => {
    const all = { pageNum: '1', pageSize: '99999' };
    const members = await api(owner, 'GET', `/system/project/${projectId}/member`, undefined, all);
    expect(members).toMatchObject({ code: 200, total: 3 });
    expect(members.rows).toHaveLength(3);
    const team = await api(owner, 'GET', `/system/team/${teamId}/member`, undefined, all);
    expect(team.rows).toHaveLength(4);
    const candidates = await api(owner, 'GET', `/system/project/${projectId}/not-member`, undefined, all);
    expect(ids(candidates.rows)).toEqual([outsider.userId]);
    // Other lists answer a page of at most 1,000 rows, not a refusal.
    const projects = await api(owner, 'GET', '/system/project/list', undefined, {
      teamId: String(teamId),
      ...all,
    });
    expect(projects.code).toBe(200);
    expect(projects.rows.length).toBe(projects.total);
  });
});

describe('role objects', () => {
  it('carry admin, projectAdmin, projectCreateBy, teamCreateBy and flag', async () => {
    const projectRoles = (await api(owner, 'GET', '/system/project/0/role')).rows as Json[];
    const byId = new Map(projectRoles.map((r) => [r.roleId, r]));
    expect(byId.get(6)).toMatchObject({
      projectAdmin: true,
      projectCreateBy: false,
      admin: false,
      flag: false,
    });
    expect(byId.get(11)).toMatchObject({ projectAdmin: false, projectCreateBy: true, teamCreateBy: false });
    expect(byId.get(7)).toMatchObject({ projectAdmin: false, projectCreateBy: false, teamCreateBy: false });
    const teamRoles = (await api(owner, 'GET', `/system/team/${teamId}/role`)).data as Json[];
    expect(teamRoles.find((r) => r.roleId === 12)).toMatchObject({ teamCreateBy: true, flag: false });
    // A member's own roles are the ones they hold.
    const members = (await api(owner, 'GET', `/system/project/${projectId}/member`)).rows as Json[];
    const ownerRoles = members.find((m) => m.userId === owner.userId)?.roles as Json[];
    expect(ownerRoles.map((r) => [r.roleId, r.flag, r.projectCreateBy])).toContainEqual([11, true, true]);
  });
});

describe('the current project from the user config', () => {
  it('serves the case list and the document list without a projectId', async () => {
    const moduleId = await insertTestModule(t.db, projectId, 'Checkout');
    const caseId = await insertTestCase(t.db, projectId, moduleId);
    await insertTestCase(t.db, otherProjectId, await insertTestModule(t.db, otherProjectId, 'Elsewhere'));
    // The original's case picker: params[modulePid] and params[pageSize], no projectId.
    const cases = await api(owner, 'GET', '/system/case/list', undefined, {
      'params[modulePid]': String(moduleId),
      'params[pageSize]': '999',
    });
    expect(cases.rows.map((c: Json) => c.caseId)).toEqual([caseId]);
    const folder = await api(owner, 'POST', '/system/document', { projectId, docName: 'Specs', docType: 0 });
    expect(folder.code).toBe(200);
    // The original's move dialog: docType=0, pageSize=9999, no projectId.
    const folders = await api(owner, 'GET', '/system/document/list', undefined, {
      docType: '0',
      pageSize: '9999',
    });
    expect(folders.rows.map((d: Json) => d.docName)).toEqual(['Specs']);
    // Someone whose current project is not theirs to enter is refused, not answered another's.
    await t.db
      .updateTable('sysUserConfig')
      .set({ currentProjectId: projectId })
      .where('userId', '=', outsider.userId)
      .execute();
    expect((await api(outsider, 'GET', '/system/case/list')).code).toBe(403);
  });
});

describe('project covers', () => {
  const create = (projectIcon: string) =>
    api(owner, 'POST', '/system/project', {
      teamId,
      projectName: `Cover ${projectIcon.length}${Math.random()}`,
      projectIcon,
    });

  it('take a key, the original client’s address of a bundled cover, or an uploaded image, and answer them as sent', async () => {
    for (const icon of [
      'project-icon-4',
      '/static/img/project_icon4.5f1c2a3b.svg',
      '/profile/upload/2026/01/01/cover_x.png',
    ]) {
      const res = await create(icon);
      expect(res.code, icon).toBe(200);
      const shown = await api(owner, 'GET', `/system/project/${res.data.projectId}`);
      expect(shown.data.projectIcon, icon).toBe(icon);
    }
    const changed = await api(owner, 'PUT', '/system/project', {
      projectId,
      projectIcon: '/static/project-icon/7.png',
    });
    expect(changed.code).toBe(200);
  });

  it('refuse anything else', async () => {
    for (const icon of [
      'https://tracker.example/project_icon1.svg',
      '/static/img/project_icon0.svg',
      'javascript:alert(1)',
    ])
      expect((await create(icon)).msg, icon).toBe(
        'The cover must be one of the 10 built-in covers, or an uploaded png or jpg image',
      );
  });
});

describe('numbers sent as text, and deliverables', () => {
  it('creates one deliverable from moduleName beside an empty batchModuleNames, with ids as text', async () => {
    const res = await api(owner, 'POST', '/system/module', {
      projectId: String(projectId),
      modulePid: '0',
      moduleName: 'Payments',
      batchModuleNames: [],
    });
    expect(res.code).toBe(200);
    expect(res.data.map((m: Json) => m.moduleName)).toEqual(['Payments']);
    // Text that is not a number is still refused by name.
    const wrong = await api(owner, 'POST', '/system/module', { projectId: 'five', moduleName: 'X' });
    expect(wrong.code).toBe(500);
  });
});

describe('GET /getRouters', () => {
  it('names each menu so the original client can show it: its own keys, else the title', async () => {
    const admin = { token: await t.login() } as Person;
    const routers = (await api(admin, 'GET', '/getRouters')).data as Json[];
    const flat: Json[] = [];
    const walk = (list: Json[]) => {
      for (const r of list) {
        flat.push(r);
        walk(r.children ?? []);
      }
    };
    walk(routers);
    const byName = (name: string) => flat.find((r) => r.name === name);
    // A menu the original seeds with a key keeps it; Buglet's own keys travel as i18nKey.
    expect(byName('Defect')?.meta).toMatchObject({ titleI18nKey: 'defect.manage', i18nKey: 'defect.manage' });
    expect(byName('User')?.meta).toMatchObject({
      title: '用户管理',
      titleI18nKey: null,
      i18nKey: 'system.user',
    });
    const originalKeys = new Set(flat.map((r) => r.meta.titleI18nKey).filter(Boolean));
    expect([...originalKeys].every((k) => /^[a-z.-]+$/.test(k))).toBe(true);
    expect(flat.every((r) => r.meta.title)).toBe(true);
  });
});
