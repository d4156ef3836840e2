import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { type OllamaPeer, startOllamaPeer } from '../../test/ollama-peer.ts';
import { asQuery, type Hint, sample } from '../../test/route-samples.ts';
import { rowFingerprint, TOUCHED_BY_ANY_CALL } from '../../test/row-fingerprint.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../test/test-app.ts';

/*
 * The identity the second probe used: someone who registered and made a team and a project of
 * their own, so holds every right *there* (team creator, project creator and administrator).
 * Every route of the route table is called as them with their own ids, and with another
 * person's where a route names a person: nothing outside their own team and project may change
 * (platform records, other accounts, roles, menus), no answer may carry a platform secret or
 * another team's data, and the shared AI server (a peer on loopback that logs what it is asked)
 * is never asked to pull or delete a model.
 */

const SECRET = 'Q7INITPW';
const OTHERS = 'Q7OTHERS';

let t: TestApp;
let peer: OllamaPeer;
let api: ReturnType<typeof apiAs>;
let me: Person;
let other: Person;
const mine = { teamId: 0, projectId: 0, defectId: 0, moduleId: 0, caseId: 0, logId: 0 };

beforeAll(async () => {
  peer = await startOllamaPeer({ 'llama3:8b': 4_661_224_676 });
  t = await createTestApp({ AI_URL: peer.url, AI_TIMEOUT_SECONDS: '1' });
  api = apiAs(t);
  await t.db
    .updateTable('sysConfig')
    .set({ configValue: SECRET })
    .where('configKey', '=', 'sys.member.initPassword')
    .execute();
  // Someone else, in a team and project of theirs.
  other = await t.signedIn();
  const otherTeam = await insertTestTeam(t.db, { [other.userId]: [12, 4] }, `${OTHERS} team`);
  await insertTestProject(t.db, otherTeam, { [other.userId]: [11, 6] }, { name: `${OTHERS} project` });
  await t.db.updateTable('sysUser').set({ remark: OTHERS }).where('userId', '=', other.userId).execute();

  // The probe's identity: registered, then a team and a project made through the API.
  const registered = await t.call({
    method: 'POST',
    url: '/register',
    payload: {
      username: 'selfmade',
      password: 'selfmade1',
      confirmPassword: 'selfmade1',
      phoneNumber: '13912345678',
    },
  });
  expect(registered.body.code).toBe(200);
  const token = await t.login('selfmade', 'selfmade1');
  const row = await t.db
    .selectFrom('sysUser')
    .select('userId')
    .where('userName', '=', 'selfmade')
    .executeTakeFirstOrThrow();
  me = { userId: row.userId, userName: 'selfmade', password: 'selfmade1', token };
  const team = await api(me, 'POST', '/system/team', {
    teamName: 'Mine',
    teamIcon: '/profile/upload/2026/01/01/icon.png',
  });
  mine.teamId = team.data.teamId;
  const project = await api(me, 'POST', '/system/project', { teamId: mine.teamId, projectName: 'Mine too' });
  mine.projectId = project.data.projectId;
  const module = await api(me, 'POST', '/system/module', {
    projectId: mine.projectId,
    batchModuleNames: ['Shop'],
  });
  mine.moduleId = module.data[0].moduleId;
  const defect = await api(me, 'POST', '/system/defect', {
    projectId: mine.projectId,
    defectType: 'BUG',
    defectName: 'Mine',
    defectDescribe: 'x',
    defectLevel: 'low',
    handleBy: [me.userId],
  });
  mine.defectId = defect.data.defectId;
  expect(mine.teamId * mine.projectId * mine.moduleId * mine.defectId).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** Their own ids by name; a person named anywhere is the other person. */
const hint: Hint = (key) =>
  ({
    projectId: mine.projectId,
    currentProjectId: mine.projectId,
    teamId: mine.teamId,
    currentTeamId: mine.teamId,
    defectId: mine.defectId,
    defectIds: [mine.defectId],
    moduleId: mine.moduleId,
    moduleIds: [mine.moduleId],
    userId: other.userId,
    userIds: [other.userId],
    memberId: other.userId,
    memberIds: [other.userId],
    userName: other.userName,
    roleId: 1,
    roleIds: [1],
    menuIds: [1],
    password: me.password,
    oldPassword: me.password,
    name: 'huge:70b',
    configKey: 'sys.member.initPassword',
  })[key];

/**
 * Everything but their own team's and project's rows and their own account's.
 */
function outsideMine(columns: ReadonlySet<string>): RawBuilder<unknown> | undefined {
  const own = sql`select defect_id from sys_defect where project_id = ${mine.projectId}`;
  const conditions: RawBuilder<unknown>[] = [];
  if (columns.has('project_id'))
    conditions.push(sql`(${sql.ref('project_id')} is null or ${sql.ref('project_id')} <> ${mine.projectId})`);
  if (columns.has('team_id'))
    conditions.push(sql`(${sql.ref('team_id')} is null or ${sql.ref('team_id')} <> ${mine.teamId})`);
  if (columns.has('defect_id'))
    conditions.push(sql`(${sql.ref('defect_id')} is null or ${sql.ref('defect_id')} not in (${own}))`);
  if (columns.has('correlation_id'))
    conditions.push(
      sql`${sql.ref('correlation_id')} not in (select defect_log_id from sys_defect_log where defect_id in (${own}))`,
    );
  // Their own account's rows (profile, password, settings, two-factor), but not the grants of
  // platform roles and posts: none may be given to them by themselves.
  if (columns.has('user_id') && !columns.has('role_id') && !columns.has('post_id'))
    conditions.push(sql`${sql.ref('user_id')} <> ${me.userId}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}

/** The tables whose rows differ between two fingerprints. */
function changedTables(before: string, after: string): string {
  const byTable = (f: string) => {
    const m = new Map<string, string>();
    for (const part of f.split(/\n(?=[a-z_]+:)/)) m.set(part.slice(0, part.indexOf(':')), part);
    return m;
  };
  const [a, b] = [byTable(before), byTable(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).join(', ');
}

/** Besides what any call touches: notices (their own project's), and the search index, which mirrors the watched defects. */
const UNWATCHED = new Set([
  ...TOUCHED_BY_ANY_CALL,
  'buglet_migration',
  'sys_notice',
  ...['', '_content', '_data', '_docsize', '_idx', '_config'].map((s) => `sys_defect_search${s}`),
]);

describe('someone who registered and made a project of their own', () => {
  it('changes nothing outside it, reads no platform secret nor other people’s data, and asks the shared AI server nothing', {
    timeout: 180_000,
  }, async () => {
    const failures: string[] = [];
    const routes = [...t.app.routeTable.routes].sort(
      (a, b) => Number(a.url === '/logout') - Number(b.url === '/logout'),
    );
    let before = await rowFingerprint(t.db, UNWATCHED, outsideMine);
    let batch: string[] = [];
    const compare = async () => {
      const after = await rowFingerprint(t.db, UNWATCHED, outsideMine);
      if (after !== before)
        failures.push(
          `one of these changed ${changedTables(before, after)} outside their project: ${batch.join('; ')}`,
        );
      before = after;
      batch = [];
    };
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
        const value = hint(name);
        return encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value ?? '1'));
      });
      const res = await t.call({
        method: route.method,
        url,
        ...(route.method === 'GET' ? {} : { payload: (sample(route.body, hint) as Json | undefined) ?? {} }),
        query: asQuery(sample(route.query, hint)),
        ...(route.guard.kind === 'apiKey' ? {} : { token: me.token }),
        lang: 'en_US',
      });
      const text = JSON.stringify(res.body);
      const label = `${route.method} ${route.url}`;
      if (text.includes(SECRET)) failures.push(`${label}: read the initial password`);
      if (text.includes(OTHERS))
        failures.push(`${label}: read another team's or person's data ${text.slice(0, 160)}`);
      if (res.status >= 500 || /internal error/i.test(text)) failures.push(`${label}: ${text.slice(0, 160)}`);
      batch.push(`${label} (answered ${res.body.code})`);
      if (batch.length === 20) await compare();
    }
    await compare();
    const asked = peer.requests.filter((r) => r.path === '/api/pull' || r.path === '/api/delete');
    expect(asked.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(failures).toEqual([]);
    console.info(`self-made identity: ${routes.length} routes`);
  });
});
