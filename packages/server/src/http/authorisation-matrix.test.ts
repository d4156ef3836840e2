import { API_CAPABILITIES } from '@buglet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCase, insertTestModule, insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { asQuery, type Hint, sample } from '../../test/route-samples.ts';
import { rowFingerprint, TOUCHED_BY_ANY_CALL } from '../../test/row-fingerprint.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../test/test-app.ts';
import type { RouteEntry } from './route.ts';

/*
 * The authorisation matrix, generated from the route table: every route the server serves is
 * called as each identity below with ids of team A's data, inputs built from the route's own
 * schema. Nobody but team A's owner may read team A's project data or change any of team A's
 * rows, nor anything of the platform; a route that declares no access rule fails the test.
 */

const PROJECT_MARK = 'Q7SECRET';
const TEAM_MARK = 'Q7TEAM';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
const who: Record<string, Person> = {};
const scene = {
  teamA: 0,
  projectA: 0,
  teamB: 0,
  projectB: 0,
  defect: 0,
  caseId: 0,
  moduleId: 0,
  logId: 0,
  shareId: '',
  tabId: 0,
  tokenId: '',
  reportId: 0,
  templateId: 0,
  docId: 0,
  aiId: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  for (const name of ['owner', 'otherTeam', 'locked', 'removed', 'projectOutsider', 'noPermission'])
    who[name] = await t.signedIn();
  const id = (name: string) => (who[name] as Person).userId;
  scene.teamA = await insertTestTeam(
    t.db,
    { [id('owner')]: [12, 4], [id('locked')]: [5], [id('projectOutsider')]: [5], [id('noPermission')]: [5] },
    `${TEAM_MARK} team A`,
  );
  await t.db
    .updateTable('sysUserTeam')
    .set({ isLock: 1 })
    .where('teamId', '=', scene.teamA)
    .where('userId', '=', id('locked'))
    .execute();
  scene.projectA = await insertTestProject(
    t.db,
    scene.teamA,
    { [id('owner')]: [11, 6], [id('locked')]: [8], [id('noPermission')]: [] },
    { name: `${TEAM_MARK} project A` },
  );
  scene.teamB = await insertTestTeam(t.db, { [id('otherTeam')]: [12, 4] }, 'Team B');
  scene.projectB = await insertTestProject(
    t.db,
    scene.teamB,
    { [id('otherTeam')]: [11, 6] },
    { name: 'Project B' },
  );
  // Everyone's current team and project is A's: a context alone must open nothing.
  for (const person of Object.values(who)) {
    await t.db.deleteFrom('sysUserConfig').where('userId', '=', person.userId).execute();
    await t.db
      .insertInto('sysUserConfig')
      .values({
        userId: person.userId,
        currentTeamId: scene.teamA,
        currentProjectId: scene.projectA,
        lifeContent: null,
      })
      .execute();
  }

  const owner = who.owner as Person;
  scene.moduleId = await insertTestModule(t.db, scene.projectA, `${PROJECT_MARK} module`);
  scene.caseId = await insertTestCase(t.db, scene.projectA, scene.moduleId);
  await t.db
    .updateTable('sysCase')
    .set({ caseName: `${PROJECT_MARK} case` })
    .where('caseId', '=', scene.caseId)
    .execute();
  const defect = await api(owner, 'POST', '/system/defect', {
    projectId: scene.projectA,
    defectType: 'BUG',
    defectName: `${PROJECT_MARK} defect`,
    defectDescribe: `${PROJECT_MARK} steps`,
    defectLevel: 'middle',
    handleBy: [owner.userId],
    moduleId: scene.moduleId,
    caseId: scene.caseId,
  });
  scene.defect = defect.data.defectId;
  const log = await t.db
    .selectFrom('sysDefectLog')
    .select('defectLogId')
    .where('defectId', '=', scene.defect)
    .executeTakeFirstOrThrow();
  scene.logId = log.defectLogId;
  await api(owner, 'POST', '/system/comment', {
    correlationId: scene.logId,
    commentContent: `${PROJECT_MARK} comment`,
  });
  const share = await api(owner, 'POST', `/system/defect/${scene.defect}/shard`, { agingHour: 24 });
  scene.shareId = String(share.data?.defectShardId ?? share.data?.shardId ?? '');
  const tab = await api(owner, 'POST', '/system/tabs', {
    tabName: `${PROJECT_MARK} tab`,
    projectId: scene.projectA,
  });
  scene.tabId = tab.data?.tabId ?? 0;
  const report = await api(owner, 'POST', '/system/report', {
    projectId: scene.projectA,
    reportTitle: `${PROJECT_MARK} report`,
    reportDescription: `${PROJECT_MARK}\n$table{api.defect.list}`,
  });
  scene.reportId = report.data?.reportId ?? 0;
  const template = await api(owner, 'POST', '/system/report/template', {
    projectId: scene.projectA,
    templateTitle: `${PROJECT_MARK} template`,
    templateContent: `${PROJECT_MARK} $card{api.case.list}`,
  });
  scene.templateId = template.data?.templateId ?? 0;
  const doc = await api(owner, 'POST', '/system/document', {
    projectId: scene.projectA,
    docName: `${PROJECT_MARK} folder`,
    docType: 0,
  });
  scene.docId = doc.data?.docId ?? 0;
  expect(scene.reportId * scene.templateId * scene.docId).toBeGreaterThan(0);
  const ai = await api(owner, 'PUT', '/system/ai', {
    projectId: scene.projectA,
    businessModule: `${PROJECT_MARK}:7b`,
  });
  scene.aiId = ai.data?.aiId ?? 0;
  expect(scene.aiId).toBeGreaterThan(0);
  const session = await t.db
    .selectFrom('sysSession')
    .select('tokenId')
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  scene.tokenId = session.tokenId;
  // The removed member was in team A and project A until now.
  expect(scene.defect).toBeGreaterThan(0);
});
afterAll(async () => t.close());

/** Ids of team A's data by the field or parameter name that carries them. */
const hint = (caller: Person): Hint => {
  const owner = who.owner as Person;
  const byName: Record<string, unknown> = {
    projectId: scene.projectA,
    currentProjectId: scene.projectA,
    teamId: scene.teamA,
    currentTeamId: scene.teamA,
    defectId: scene.defect,
    defectIds: [scene.defect],
    caseId: scene.caseId,
    caseIds: [scene.caseId],
    moduleId: scene.moduleId,
    moduleIds: [scene.moduleId],
    correlationId: scene.logId,
    defectLogId: scene.logId,
    defectShardId: scene.shareId,
    tabId: scene.tabId,
    tabIds: [scene.tabId],
    reportId: scene.reportId,
    reportIds: [scene.reportId],
    templateId: scene.templateId,
    templateIds: [scene.templateId],
    docId: scene.docId,
    aiId: scene.aiId,
    aiIds: [scene.aiId],
    docIds: [scene.docId],
    userId: owner.userId,
    userIds: [owner.userId],
    memberId: owner.userId,
    memberIds: [owner.userId],
    receiveIds: [owner.userId],
    handleBy: [owner.userId],
    userName: owner.userName,
    tokenId: scene.tokenId,
    roleId: 2,
    roleIds: [2],
    // Values the schemas check by pattern, which the sample's generic text does not pass.
    from: 'someone@example.com',
    email: 'someone@example.com',
    phoneNumber: '13900139000',
  };
  return (key) => (key === 'password' || key === 'oldPassword' ? caller.password : byName[key]);
};

/**
 * A share link's id is the capability it grants: whoever holds it reads the shared defect, by
 * design. Outsiders are given a guessed one; only the owner holds the real id.
 */
const CAPABILITIES = new Set(['defectShardId']);

/** `isMinimal`: only the fields the hint names and the schema requires (no filter narrows a list). */
function requestOf(route: RouteEntry, caller: Person, given?: Hint, isMinimal = false) {
  const owns = caller.userId === (who.owner as Person).userId;
  const inner = given ?? hint(caller);
  const h: Hint = (key) => (CAPABILITIES.has(key) && !owns ? '0'.repeat(32) : inner(key));
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = h(name);
    return encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value ?? '1'));
  });
  const body =
    route.method === 'GET' ? undefined : ((sample(route.body, h, '', isMinimal) as Json | undefined) ?? {});
  const query = asQuery(sample(route.query, h, '', isMinimal));
  return { method: route.method, url, ...(body ? { payload: body } : {}), query };
}

const key = (name: string, from: Record<string, unknown>) => from[name];

/**
 * The hint asking for a whole page: with the schema's smallest page (one row) a list that leaks
 * could show the caller's own row and hide the rest.
 */
const wholePage =
  (h: Hint): Hint =>
  (k) =>
    k === 'pageSize' ? 100 : k === 'pageNum' ? 1 : h(k);

/** A team and a project of the caller's own, with a deliverable, a case and a defect: ids by field name. */
async function ownScene(caller: Person): Promise<Record<string, unknown>> {
  const teamId = await insertTestTeam(t.db, { [caller.userId]: [12, 4] }, `Own team ${caller.userId}`);
  const projectId = await insertTestProject(t.db, teamId, { [caller.userId]: [11, 6] });
  const moduleId = await insertTestModule(t.db, projectId, 'own module');
  const caseId = await insertTestCase(t.db, projectId, moduleId);
  const defect = await api(caller, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'own defect',
    defectLevel: 'low',
    handleBy: [caller.userId],
    moduleId,
  });
  const defectId = defect.data?.defectId as number;
  expect(defectId).toBeGreaterThan(0);
  return {
    projectId,
    currentProjectId: projectId,
    teamId,
    currentTeamId: teamId,
    moduleId,
    moduleIds: [moduleId],
    caseId,
    caseIds: [caseId],
    defectId,
    defectIds: [defectId],
    userId: caller.userId,
    userIds: [caller.userId],
    memberId: caller.userId,
    memberIds: [caller.userId],
    handleBy: [caller.userId],
  };
}

/**
 * Rows any call may touch, and the caller's own settings and the migrations' record. Of the
 * key-value rows (counters, captchas, tickets) the settings are watched all the same: the mail
 * server's, kept for good (KV_FOREVER_MS), no outsider's call may write.
 */
const UNWATCHED = new Set(
  [...TOUCHED_BY_ANY_CALL, 'sys_user_config', 'buglet_migration'].filter((name) => name !== 'sys_kv'),
);
/** Key-value rows that expire later than this are settings, not counters or caches. */
const SETTING_EXPIRY = Date.now() + 50 * 365 * 24 * 3600 * 1000;

/** Team A's rows and the platform's, in a stable form: what no outsider's call may change. */
async function snapshot(caller: Person, alsoUnwatched: string[] = []): Promise<string> {
  const others = Object.values(who)
    .filter((p) => p.userId !== caller.userId)
    .map((p) => p.userId);
  return rowFingerprint(t.db, new Set([...UNWATCHED, ...alsoUnwatched]), (cols) => {
    if (cols.has('k') && cols.has('expire_at')) return sql`${sql.ref('expire_at')} > ${SETTING_EXPIRY}`;
    if (cols.has('project_id')) return sql`${sql.ref('project_id')} = ${scene.projectA}`;
    if (cols.has('team_id')) return sql`${sql.ref('team_id')} = ${scene.teamA}`;
    if (cols.has('defect_id')) return sql`${sql.ref('defect_id')} = ${scene.defect}`;
    if (cols.has('user_id')) return sql`${sql.ref('user_id')} in (${sql.join(others)})`;
    return undefined;
  });
}

/**
 * Calls between two snapshots of the rows. A snapshot reads every table, which costs more than a
 * call; a change is pinned to the calls of one batch, named with their answers (the allowed one
 * among refusals is the suspect).
 */
const SNAPSHOT_EVERY = 20;

const IDENTITIES = [
  'anonymous',
  'otherTeam',
  'locked',
  'removed',
  'projectOutsider',
  'noPermission',
] as const;
/** What each identity may see of team A: nothing, or the team's and project's names. */
const MAY_SEE_TEAM: Record<(typeof IDENTITIES)[number], boolean> = {
  anonymous: false,
  otherTeam: false,
  locked: false,
  removed: false,
  projectOutsider: true,
  noPermission: true,
};

describe('the authorisation matrix', () => {
  it('knows the access rule of every route the server serves', () => {
    const { routes, rawRoutes } = t.app.routeTable;
    const declared = new Set([...routes, ...rawRoutes].map((r) => `${r.method} ${r.url}`));
    const undeclared = t.app.servedRoutes
      .filter((r) => !(r.method === 'HEAD' && declared.has(`GET ${r.url}`)))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('lets no identity but the owner read team A’s data or change a row of it', {
    timeout: 180_000,
  }, async () => {
    const { routes } = t.app.routeTable;
    const failures: string[] = [];
    let calls = 0;
    const histogram = new Map<string, number>();
    for (const identity of IDENTITIES) {
      // Routes that end a session run last, so the identity is signed in for the others.
      const ordered = [...routes].sort((a, b) => Number(a.url === '/logout') - Number(b.url === '/logout'));
      // The anonymous caller sends no token; the inputs are built as for another team's member.
      const caller = identity === 'anonymous' ? (who.otherTeam as Person) : (who[identity] as Person);
      let before = await snapshot(caller);
      let batch: string[] = [];
      const compare = async () => {
        const after = await snapshot(caller);
        if (after !== before) failures.push(`one of these calls changed rows: ${batch.join('; ')}`);
        before = after;
        batch = [];
      };
      for (const route of ordered) {
        const req = requestOf(route, caller);
        const res = await t.call({
          ...req,
          ...(identity === 'anonymous' ? {} : { token: caller.token }),
          lang: 'en_US',
        });
        calls += 1;
        histogram.set(String(res.body.code), (histogram.get(String(res.body.code)) ?? 0) + 1);
        const text = JSON.stringify(res.body);
        const label = `${identity} ${route.method} ${route.url}`;
        if (res.status >= 500 || /internal error/i.test(text))
          failures.push(`${label}: server error ${text.slice(0, 160)}`);
        if (identity === 'anonymous' && route.guard.kind !== 'anon' && res.body.code !== 401)
          failures.push(`${label}: answered ${res.body.code} without a session`);
        if (text.includes(PROJECT_MARK)) failures.push(`${label}: read project data ${text.slice(0, 160)}`);
        if (!MAY_SEE_TEAM[identity] && text.includes(TEAM_MARK))
          failures.push(`${label}: read team data ${text.slice(0, 160)}`);
        batch.push(`${label} (answered ${res.body.code})`);
        if (batch.length === SNAPSHOT_EVERY) await compare();
      }
      await compare();
      // A session ended by /logout is renewed for the next identity's calls.
      if (identity !== 'anonymous') {
        const person = who[identity] as Person;
        person.token = await t.login(person.userName, person.password);
      }
    }
    console.info(
      `authorisation matrix: ${routes.length} routes × ${IDENTITIES.length} identities = ${calls} calls`,
    );
    // 401/403: refused by the access rule; 500: refused by a check of the input; 200: allowed.
    console.info(`answers by code: ${JSON.stringify(Object.fromEntries(histogram))}`);
    expect(failures).toEqual([]);
  });

  it('shows each identity its own project, and not one row of team A’s in it', {
    timeout: 180_000,
  }, async () => {
    // Every list, read and export asked for the caller's own team and project (each identity has
    // one, with a deliverable, a case and a defect): a list that forgets its project or team answers
    // with team A's rows too, which the calls above, refused at team A's door, cannot show.
    const failures: string[] = [];
    let calls = 0;
    const reads = t.app.routeTable.routes.filter(
      (r) => r.url !== '/logout' && (r.method === 'GET' || /\/(list|export)$/.test(r.url)),
    );
    for (const identity of IDENTITIES.filter((i) => i !== 'anonymous')) {
      const caller = who[identity] as Person;
      const mine = await ownScene(caller);
      const base = hint(caller);
      const h = wholePage((key) => (key in mine ? mine[key] : base(key)));
      for (const route of reads) {
        const res = await t.call({
          ...requestOf(route, caller, h, true),
          token: caller.token,
          lang: 'en_US',
        });
        calls += 1;
        const text = JSON.stringify(res.body);
        if (text.includes(PROJECT_MARK))
          failures.push(
            `${identity} ${route.method} ${route.url} for their own project: ${text.slice(0, 160)}`,
          );
        if (!MAY_SEE_TEAM[identity] && text.includes(TEAM_MARK))
          failures.push(`${identity} ${route.method} ${route.url} for their own team: ${text.slice(0, 160)}`);
      }
    }
    console.info(`own projects: ${calls} reads, ${reads.length} routes per identity`);
    expect(failures).toEqual([]);
  });

  it('lets a key of another project read or change nothing of team A’s on the Open API', {
    timeout: 60_000,
  }, async () => {
    // Team B's key, with every capability, sent to every Open API route with team A's ids.
    const caller = who.otherTeam as Person;
    const projectB = scene.projectB;
    const made = await api(caller, 'POST', '/system/api', {
      projectId: projectB,
      apiName: 'B key',
      features: Object.fromEntries(Object.entries(API_CAPABILITIES).map(([area, acts]) => [area, [...acts]])),
    });
    const keyB = made.data?.apiKey as string;
    expect(keyB).toBeTruthy();
    const routes = t.app.routeTable.routes.filter((r) => r.guard.kind === 'apiKey');
    const failures: string[] = [];
    // The key's own record of its refused calls is team B's; the full-text index on SQLite (one
    // table of words for every project) changes with team B's own defects.
    const ownRecord = [
      'sys_project_api_refusal',
      ...['', '_data', '_idx', '_content', '_docsize', '_config'].map((part) => `sys_defect_search${part}`),
    ];
    let before = await snapshot(caller, ownRecord);
    // No sampled filter either: a list that forgets the key's project shows team A's rows.
    const h = wholePage(hint(caller));
    for (const route of routes) {
      const res = await t.call({
        ...requestOf(route, caller, h, true),
        headers: { 'CAT2BUG-API-KEY': keyB },
        lang: 'en_US',
      });
      const text = JSON.stringify(res.body);
      const label = `${route.method} ${route.url} with team B's key (answered ${res.body.code})`;
      if (text.includes(PROJECT_MARK)) failures.push(`${label}: read ${text.slice(0, 160)}`);
      const after = await snapshot(caller, ownRecord);
      if (after !== before) failures.push(`${label}: changed team A's rows`);
      before = after;
    }
    console.info(`Open API: ${routes.length} routes with another project's key`);
    expect(routes.length).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('lets no one link team A’s items into their own project, on any write', {
    timeout: 180_000,
  }, async () => {
    // Team B's own project, with one of everything, in the hands of team B's owner.
    const caller = who.otherTeam as Person;
    const owner = who.owner as Person;
    const projectB = scene.projectB;
    const moduleB = await insertTestModule(t.db, projectB, 'B module');
    const caseB = await insertTestCase(t.db, projectB, moduleB);
    const defectB = (
      await api(caller, 'POST', '/system/defect', {
        projectId: projectB,
        defectType: 'BUG',
        defectName: 'B defect',
        defectDescribe: 'x',
        defectLevel: 'low',
        handleBy: [caller.userId],
      })
    ).data.defectId as number;
    const logB = (
      await t.db
        .selectFrom('sysDefectLog')
        .select('defectLogId')
        .where('defectId', '=', defectB)
        .executeTakeFirstOrThrow()
    ).defectLogId;
    const commentA = (
      await t.db
        .selectFrom('sysComment')
        .select('commentId')
        .where('correlationId', '=', scene.logId)
        .executeTakeFirstOrThrow()
    ).commentId;
    const own: Record<string, unknown> = {
      projectId: projectB,
      currentProjectId: projectB,
      teamId: scene.teamB,
      currentTeamId: scene.teamB,
      defectId: defectB,
      defectIds: [defectB],
      caseId: caseB,
      caseIds: [caseB],
      moduleId: moduleB,
      moduleIds: [moduleB],
      correlationId: logB,
      defectLogId: logB,
      userId: caller.userId,
      userIds: [caller.userId],
      memberId: caller.userId,
      memberIds: [caller.userId],
      receiveIds: [caller.userId],
      receiveBy: [caller.userId],
      handleBy: [caller.userId],
    };
    // One reference at a time points into team A; everything else is the caller's own.
    const foreign: Record<string, unknown> = {
      caseId: scene.caseId,
      moduleId: scene.moduleId,
      modulePid: scene.moduleId,
      parentId: commentA,
      defectId: scene.defect,
      correlationId: scene.logId,
      handleBy: [owner.userId],
      receiveBy: [owner.userId],
      receiveIds: [owner.userId],
      memberIds: [owner.userId],
    };
    const leaks = async () => {
      const rows = await Promise.all([
        t.db
          .selectFrom('sysDefect')
          .select('defectId')
          .where('projectId', '=', projectB)
          .where((eb) => eb.or([eb('caseId', '=', scene.caseId), eb('moduleId', '=', scene.moduleId)]))
          .execute(),
        t.db
          .selectFrom('sysCase')
          .select('caseId')
          .where('projectId', '=', projectB)
          .where('moduleId', '=', scene.moduleId)
          .execute(),
        t.db
          .selectFrom('sysModule')
          .select('moduleId')
          .where('projectId', '=', projectB)
          .where('modulePid', '=', scene.moduleId)
          .execute(),
        t.db
          .selectFrom('sysDefectHandler as h')
          .innerJoin('sysDefect as d', 'd.defectId', 'h.defectId')
          .select('h.defectId')
          .where('d.projectId', '=', projectB)
          .where('h.userId', '=', owner.userId)
          .execute(),
        t.db.selectFrom('sysComment').select('commentId').where('parentId', '=', commentA).execute(),
        t.db
          .selectFrom('sysNotice')
          .select('noticeId')
          .where('receiverId', '=', owner.userId)
          .where('projectId', '=', projectB)
          .execute(),
      ]);
      return rows.reduce((n, r) => n + r.length, 0);
    };
    const failures: string[] = [];
    let calls = 0;
    let before = await leaks();
    for (const route of t.app.routeTable.routes.filter((r) => r.method !== 'GET' && r.url !== '/logout')) {
      const fields = new Set(
        [sample(route.body, () => undefined), sample(route.query, () => undefined)].flatMap((v) =>
          v && typeof v === 'object' ? Object.keys(v) : [],
        ),
      );
      for (const field of [...fields].filter((f) => f in foreign)) {
        const base = hint(caller);
        const h: Hint = (key) => (key === field ? foreign[key] : key in own ? own[key] : base(key));
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
          const value = key(name, own) ?? base(name);
          return encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value ?? '1'));
        });
        const res = await t.call({
          method: route.method,
          url,
          payload: (sample(route.body, h, '', true) as Json | undefined) ?? {},
          query: asQuery(sample(route.query, h, '', true)),
          token: caller.token,
          lang: 'en_US',
        });
        calls += 1;
        const after = await leaks();
        if (after !== before)
          failures.push(
            `${route.method} ${route.url} with team A's ${field}: linked (answered ${res.body.code})`,
          );
        before = after;
      }
    }
    console.info(`cross-team references: ${calls} writes, each with one reference into team A`);
    expect(calls).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('answers the owner on every route without a server error', { timeout: 60_000 }, async () => {
    const failures: string[] = [];
    const owner = who.owner as Person;
    for (const route of t.app.routeTable.routes) {
      if (route.url === '/logout') continue;
      const res = await t.call({ ...requestOf(route, owner), token: owner.token, lang: 'en_US' });
      const text = JSON.stringify(res.body);
      if (res.status >= 500 || /internal error/i.test(text))
        failures.push(`${route.method} ${route.url}: ${text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
