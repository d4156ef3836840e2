import { API_CAPABILITIES } from '@buglet/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertTestCase, insertTestModule, insertTestProject, insertTestTeam } from '../../test/factories.ts';
import {
  api,
  hint,
  key,
  PROJECT_MARK,
  requestOf,
  scene,
  setUpMatrixScene,
  TEAM_MARK,
  t,
  who,
  wholePage,
} from '../../test/matrix-scene.ts';
import { asQuery, type Hint, sample } from '../../test/route-samples.ts';
import { rowFingerprint, TOUCHED_BY_ANY_CALL } from '../../test/row-fingerprint.ts';
import type { Json, Person } from '../../test/test-app.ts';

/*
 * The authorisation matrix, generated from the route table: every route the server serves is
 * called as each identity below with ids of team A's data (the scene: test/matrix-scene.ts), inputs
 * built from the route's own schema. Nobody but team A's owner may read team A's project data or
 * change any of team A's rows, nor anything of the platform; a route that declares no access rule
 * fails the test.
 */

setUpMatrixScene();

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
    defectLevel: 'middle',
    handleBy: [caller.userId],
    moduleId,
    // Raised from the case: a list filtered by any of the ids below still shows it.
    caseId,
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

/** Every cell's text of a workbook an export answered. */
async function workbookText(bytes: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
  return cells.join('\n');
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
    // Rows of a case (its history, its plan items) are its project's.
    if (cols.has('case_id'))
      return sql`${sql.ref('case_id')} in (select case_id from sys_case where project_id = ${scene.projectA})`;
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
        // An export answers a packed workbook, where no mark shows (and the sampled filters may leave
        // it empty): any export is of team A's project (everyone's current one) or the platform's.
        if (/\/export$/.test(route.url) && res.status === 200 && res.body.code === undefined)
          failures.push(`${label}: answered the export's file`);
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
    let workbooks = 0;
    /** Sheets showing the caller's own defect: the cells are really read. */
    let ownDefectSheets = 0;
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
        // An export is read cell by cell: its packed workbook shows no mark as bytes.
        const isWorkbook = res.bytes.subarray(0, 2).toString() === 'PK';
        const text = isWorkbook ? await workbookText(res.bytes) : JSON.stringify(res.body);
        if (isWorkbook) workbooks += 1;
        if (isWorkbook && text.includes('own defect')) ownDefectSheets += 1;
        if (text.includes(PROJECT_MARK))
          failures.push(
            `${identity} ${route.method} ${route.url} for their own project: ${text.slice(0, 160)}`,
          );
        if (!MAY_SEE_TEAM[identity] && text.includes(TEAM_MARK))
          failures.push(`${identity} ${route.method} ${route.url} for their own team: ${text.slice(0, 160)}`);
      }
    }
    console.info(
      `own projects: ${calls} reads (${workbooks} exports read cell by cell), ${reads.length} routes per identity`,
    );
    expect(workbooks).toBeGreaterThan(20);
    expect(ownDefectSheets).toBeGreaterThan(0);
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
});
