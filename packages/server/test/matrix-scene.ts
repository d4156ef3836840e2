import { STATISTIC_PANELS } from '@buglet/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RouteEntry } from '../src/http/route.ts';
import { insertTestCase, insertTestModule, insertTestProject, insertTestTeam } from './factories.ts';
import { asQuery, type Hint, sample } from './route-samples.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from './test-app.ts';

/*
 * The scene of the generated authorisation tests (http/authorisation-matrix.test.ts,
 * http/rightful-callers.test.ts): team A with its project, a deliverable, a case, a defect with its
 * history, a comment, a share, a tab, a report, a template, a document and an AI setting, all
 * marked; team B beside it; six people with different ties to team A. `hint` fills a route's
 * inputs with team A's ids by field name.
 */

export const PROJECT_MARK = 'Q7SECRET';
export const TEAM_MARK = 'Q7TEAM';

export let t: TestApp;
export let api: ReturnType<typeof apiAs>;
export const who: Record<string, Person> = {};
export const scene = {
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
  planId: '',
  planItemId: '',
};

/** Builds the scene before the file's tests and closes the app after them. */
export function setUpMatrixScene(): void {
  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t);
    for (const name of ['owner', 'otherTeam', 'locked', 'removed', 'projectOutsider', 'noPermission'])
      who[name] = await t.signedIn();
    const id = (name: string) => (who[name] as Person).userId;
    scene.teamA = await insertTestTeam(
      t.db,
      {
        [id('owner')]: [12, 4],
        [id('locked')]: [5],
        [id('projectOutsider')]: [5],
        [id('noPermission')]: [5],
      },
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
    const plan = await api(owner, 'POST', '/system/plan', {
      projectId: scene.projectA,
      planName: `${PROJECT_MARK} plan`,
      sysPlanItemList: [{ caseId: scene.caseId }],
    });
    scene.planId = plan.data?.planId ?? '';
    const planShown = await api(owner, 'GET', `/system/plan/${scene.planId}`);
    scene.planItemId = planShown.data?.sysPlanItemList?.[0]?.planItemId ?? '';
    expect(scene.planItemId).not.toBe('');
    await api(owner, 'PUT', '/system/PlanItem', {
      planItemId: scene.planItemId,
      planItemState: 'not_pass',
      actualResult: `${PROJECT_MARK} result`,
      params: { defectId: scene.defect },
    });
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
}

/** Ids of team A's data by the field or parameter name that carries them. */
export const hint = (caller: Person): Hint => {
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
    planId: scene.planId,
    planIds: [scene.planId],
    planItemId: scene.planItemId,
    planItemIds: [scene.planItemId],
    userId: owner.userId,
    userIds: [owner.userId],
    memberId: owner.userId,
    memberIds: [owner.userId],
    receiveIds: [owner.userId],
    handleBy: [owner.userId],
    defaultHandlerId: owner.userId,
    userName: owner.userName,
    tokenId: scene.tokenId,
    roleId: 2,
    roleIds: [2],
    receiveBy: [owner.userId],
    createByIds: [owner.userId],
    handlerAccountList: [owner.userName],
    handleByList: [owner.userName],
    // A case's key is unique in its project: the sample's one text would clash.
    caseKey: null,
    // Values the schemas check by pattern or by name, which the sample's generic text does not pass.
    from: 'someone@example.com',
    email: 'someone@example.com',
    phoneNumber: '13900139000',
    planStartTime: '2030-01-01 00:00:00',
    planEndTime: '2030-01-02 00:00:00',
    reportTime: '2030-01-01 00:00:00',
    expireTime: '2030-01-01 00:00:00',
    theme: '#409EFF',
    defectType: 'BUG',
    defectLevel: 'middle',
    defectState: 'PROCESSING',
    caseState: 'untested',
    businessTypes: '1',
    cronExpression: '0 0 3 * * ?',
    whiteList: ['127.0.0.1'],
    width: '390',
    height: '844',
    statisticTemplatConfig: JSON.stringify([{ name: STATISTIC_PANELS[0] }]),
    // No uploads: an image or attachment list holds only files the server stored.
    imgUrls: [],
    annexUrls: [],
    imgUrlList: [],
    annexUrlList: [],
  };
  return (key) => (key === 'password' || key === 'oldPassword' ? caller.password : byName[key]);
};

/**
 * A share link's id is the capability it grants: whoever holds it reads the shared defect, by
 * design. Outsiders are given a guessed one; only the owner holds the real id.
 */
const CAPABILITIES = new Set(['defectShardId']);

/** `isMinimal`: only the fields the hint names and the schema requires (no filter narrows a list). */
export function requestOf(route: RouteEntry, caller: Person, given?: Hint, isMinimal = false) {
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

export const key = (name: string, from: Record<string, unknown>) => from[name];

/**
 * The hint asking for a whole page: with the schema's smallest page (one row) a list that leaks
 * could show the caller's own row and hide the rest.
 */
export const wholePage =
  (h: Hint): Hint =>
  (k) =>
    k === 'pageSize' ? 100 : k === 'pageNum' ? 1 : h(k);
