import fs from 'node:fs';
import path from 'node:path';
import { API_CAPABILITIES, defaultImSettings, STATISTIC_PANELS, TOTP } from '@buglet/contracts';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { ROOT_DEPT } from '../src/db/seed/org.ts';
import { codeAt } from '../src/features/totp/totp-codes.ts';
import { insertTestCase, insertTestTeam } from './factories.ts';
import { startHttpPeer } from './http-peer.ts';
import { api, PROJECT_MARK, scene, t, who } from './matrix-scene.ts';
import { multipart } from './multipart.ts';
import { startOllamaPeer } from './ollama-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from './outbound.ts';
import type { Json, Person } from './test-app.ts';
import { until } from './until.ts';

/*
 * What the rightful-caller test (http/rightful-callers.test.ts) needs beyond the matrix scene: the
 * rows a route acts on that the scene lacks, made before the calls, and the values of fields whose
 * format only one route knows. A value applies by field name at any depth (path parameters too);
 * `$body` replaces a body no field name can describe.
 */

/** A route's values; a function is asked just before the call and may read earlier answers. */
export type RouteInput = Record<string, unknown> | ((answered: Answers) => Promise<Record<string, unknown>>);
export type Answers = (label: string) => Json | undefined;

/** Routes a generated request cannot make succeed, and why; each is still called and must not fail. */
export const CANNOT_SUCCEED: Record<string, string> = {};

/**
 * Routes whose declared guard the owner passes but whose permission, checked in the handler once
 * the project is known, no seeded role grants (as in the original): the super administrator's.
 */
export const SUPER_ADMIN_ONLY: Record<string, string> = {
  'POST /system/log/export': 'system:defect:log:export is granted to no role',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MODEL = `${PROJECT_MARK}:7b`;
const MODULE_PATH = `${PROJECT_MARK} module`;

const ok = (res: Json) => {
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res;
};
const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const row = (await rows)[0];
  expect(row).toBeDefined();
  return row as T;
};
const secretOf = (answered: Answers) => answered('POST /system/user/profile/totp')?.data.secret as string;

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Import');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The file an upload route is sent (as a multipart body): a PNG, or a workbook of one row to import. */
export async function uploadOf(label: string, field: string) {
  const sheets: Record<string, string[][]> = {
    'POST /system/user/importData': [
      ['登录名称 *', '用户名称 *', '部门', '用户邮箱', '手机号码 *', '用户性别', '帐号状态'],
      ['rightful_imported', 'Imported', '', '', '13900000001', '', ''],
    ],
    'POST /system/defect/import': [
      [
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
      ],
      [
        'BUG',
        'Imported defect',
        'Middle',
        'Pending',
        '',
        '',
        (who.owner as Person).userName,
        '',
        '',
        'steps',
      ],
    ],
    'POST /system/case/importData': [
      ['用例名称(必填)', '模块', '用例级别', '前置条件', '预期(必填)', '步骤'],
      ['Imported case', MODULE_PATH, '1', '', 'works', ''],
    ],
  };
  const rows = sheets[label];
  return rows ? multipart(field, 'import.xlsx', await workbook(rows)) : multipart(field, 'shot.png', PNG);
}

/** The back office's rows: one of each kind to read, change and delete. */
async function makeBackOfficeRows(admin: Person) {
  const owner = who.owner as Person;
  const made = async (url: string, body: Json) => ok(await api(admin, 'POST', url, body)).data;
  await made('/system/notice', {
    noticeTitle: 'Rightful',
    noticeType: '1',
    noticeContent: 'x',
    receiverIds: [owner.userId],
  });
  await made('/system/menu', {
    menuName: 'Rightful',
    parentId: 0,
    orderNum: 1,
    path: 'rightful',
    isFrame: '1',
    menuType: 'M',
  });
  await made('/system/dict/type', { dictName: 'Rightful', dictType: 'rightful_kind' });
  await made('/system/dict/data', { dictType: 'sys_user_sex', dictLabel: 'Rightful', dictValue: '9' });
  await made('/system/config', {
    configName: 'Rightful',
    configKey: 'rightful.key',
    configValue: '1',
    configType: 'N',
  });
  // Spares to delete: a role and a position nobody holds.
  await made('/system/role', { roleName: 'Spare', roleKey: 'spare', roleSort: 1 });
  await made('/system/post', { postCode: 'spare', postName: 'Spare', postSort: 1 });
  const deptId = (
    await made('/system/dept', { deptName: 'Rightful', parentId: ROOT_DEPT.deptId, orderNum: 1 })
  ).deptId as number;
  const jobId = (
    await made('/monitor/job', {
      jobName: 'Rightful',
      invokeTarget: 'purgeExpired()',
      cronExpression: '0 0 3 * * ?',
    })
  ).jobId as number;
  ok(await api(admin, 'PUT', '/monitor/job/run', { jobId }));
  const jobLog = () => t.db.selectFrom('sysJobLog').select('jobLogId').where('jobId', '=', jobId).execute();
  await until(async () => (await jobLog()).length > 0);
  ok(await api(admin, 'POST', '/tool/gen/importTable', undefined, { tables: 'sys_notice' }));
  const db = t.db;
  return {
    deptId,
    jobId,
    jobLogId: (await first(jobLog())).jobLogId,
    noticeId: (
      await first(db.selectFrom('sysNotice').select('noticeId').orderBy('noticeId', 'desc').execute())
    ).noticeId,
    menuId: (
      await first(db.selectFrom('sysMenu').select('menuId').where('menuName', '=', 'Rightful').execute())
    ).menuId,
    dictId: (
      await first(
        db.selectFrom('sysDictType').select('dictId').where('dictType', '=', 'rightful_kind').execute(),
      )
    ).dictId,
    dictCode: (
      await first(
        db.selectFrom('sysDictData').select('dictCode').where('dictLabel', '=', 'Rightful').execute(),
      )
    ).dictCode,
    configId: (
      await first(
        db.selectFrom('sysConfig').select('configId').where('configKey', '=', 'rightful.key').execute(),
      )
    ).configId,
    roleId: (await first(db.selectFrom('sysRole').select('roleId').where('roleKey', '=', 'spare').execute()))
      .roleId,
    postId: (await first(db.selectFrom('sysPost').select('postId').where('postCode', '=', 'spare').execute()))
      .postId,
    tableId: (await first(db.selectFrom('genTable').select('tableId').execute())).tableId,
  };
}

/** Team A's rows beyond the scene: its API key, an upload, defects in the states the workflow needs, and more. */
async function makeProjectRows(admin: Person, webhookUrl: string) {
  const owner = who.owner as Person;
  const other = who.otherTeam as Person;
  const projectId = scene.projectA;
  const features = Object.fromEntries(
    Object.entries(API_CAPABILITIES).map(([area, acts]) => [area, [...acts]]),
  );
  const key = ok(await api(owner, 'POST', '/system/api', { projectId, apiName: 'A key', features })).data;
  const upload = await t.call({
    method: 'POST',
    url: '/common/upload',
    token: owner.token,
    ...multipart('file', 'a.png', PNG),
  });
  fs.mkdirSync(path.join(t.config.uploadDir, 'download'), { recursive: true });
  fs.writeFileSync(path.join(t.config.uploadDir, 'download', '1_rightful.txt'), 'export');
  // The scene's defect is closed by the time reject and close come: these wait in their states.
  const defectIn = async (state: 'AUDIT' | 'PROCESSING') => {
    const body = {
      projectId,
      defectType: 'BUG',
      defectName: state,
      defectLevel: 'middle',
      handleBy: [owner.userId],
    };
    const defect = ok(await api(owner, 'POST', '/system/defect', body)).data;
    if (state === 'AUDIT')
      ok(await api(owner, 'POST', `/system/defect/${defect.defectId}/repair`, { receiveBy: [owner.userId] }));
    return defect as { defectId: number; projectNum: number };
  };
  const webhook = ok(
    await api(owner, 'POST', '/system/webhook', { projectId, webhookUrl, events: ['defect.created'] }),
  );
  const layout = JSON.stringify([{ name: STATISTIC_PANELS[0] }]);
  ok(await api(owner, 'POST', '/system/statistic', { projectId, statisticTemplatConfig: layout }));
  // Two invitations of the owner to teams of someone else: one to accept, one to decline.
  const teamC = await insertTestTeam(t.db, { [other.userId]: [12, 4] }, 'Team C');
  for (const teamId of [scene.teamB, teamC])
    ok(
      await api(other, 'POST', `/system/team/${teamId}/invite`, { memberIds: [owner.userId], roleIds: [5] }),
    );
  // Only the super administrator writes notes (history the workflow did not write, so it may change).
  ok(
    await api(admin, 'POST', '/system/log', {
      defectId: scene.defect,
      defectLogType: 'NOTE',
      defectLogDescribe: 'n',
    }),
  );
  const db = t.db;
  return {
    apiId: key.apiId as string,
    apiKey: key.apiKey as string,
    uploaded: ok(upload.body).fileName as string,
    toReject: await defectIn('AUDIT'),
    toClose: await defectIn('PROCESSING'),
    toRejectByKey: await defectIn('AUDIT'),
    toCloseByKey: await defectIn('PROCESSING'),
    // In the recycle bin, for the restore.
    deleted: await defectIn('PROCESSING').then(async (d) => {
      ok(await api(owner, 'DELETE', `/system/defect/${d.defectId}`));
      return d;
    }),
    // Two cases and two documents in their recycle bins: one to restore, one to delete for good.
    binned: await (async () => {
      const binIds = async (kind: string) =>
        (
          await db
            .selectFrom('sysRecycleBin')
            .select('binId')
            .where('itemKind', '=', kind)
            .where('projectId', '=', projectId)
            .orderBy('binId')
            .execute()
        ).map((b) => b.binId);
      for (const name of ['bin-a', 'bin-b']) {
        ok(await api(owner, 'DELETE', `/system/case/${await insertTestCase(db, projectId, scene.moduleId)}`));
        const doc = ok(
          await api(owner, 'POST', '/system/document', { projectId, docName: name, docType: 0, docPid: 0 }),
        );
        ok(await api(owner, 'DELETE', `/system/document/${doc.data.docId}`));
      }
      return { case: await binIds('case'), document: await binIds('document') };
    })(),
    webhookId: webhook.data.webhookId as number,
    panelId: (await first(db.selectFrom('sysUserStatisticTemplate').select('statisticTemplateId').execute()))
      .statisticTemplateId,
    invitations: (
      await db.selectFrom('sysTeamInvitation').select('invitationId').orderBy('invitationId').execute()
    ).map((i) => i.invitationId),
    noteId: (
      await first(
        db
          .selectFrom('sysDefectLog')
          .select('defectLogId')
          .where('defectId', '=', scene.defect)
          .orderBy('defectLogId', 'desc')
          .execute(),
      )
    ).defectLogId,
    // A case not in the scene's plan yet, for the one route that adds a case to it.
    spareCaseId: await insertTestCase(db, projectId, scene.moduleId),
    caseNum: (
      await first(db.selectFrom('sysCase').select('caseNum').where('caseId', '=', scene.caseId).execute())
    ).caseNum,
  };
}

/** People's rows: a session to end, a second factor to reset, a failed sign-in in the cache, a user config. */
async function makePeopleRows() {
  const owner = who.owner as Person;
  const spare = who.noPermission as Person;
  const kicked = await t.signedIn();
  const started = ok(await api(spare, 'POST', '/system/user/profile/totp'));
  ok(
    await api(spare, 'POST', '/system/user/profile/totp/confirm', {
      code: codeAt(started.data.secret, Date.now()),
    }),
  );
  await t.call({ method: 'POST', url: '/login', payload: { username: kicked.userName, password: 'wrong1' } });
  const db = t.db;
  return {
    kicked,
    kickedToken: (
      await first(db.selectFrom('sysSession').select('tokenId').where('userId', '=', kicked.userId).execute())
    ).tokenId,
    failedSignIn: (
      await first(db.selectFrom('sysKv').select('k').where('k', 'like', 'pwd_err_cnt:%').execute())
    ).k,
    userConfigId: (
      await first(
        db.selectFrom('sysUserConfig').select('userConfigId').where('userId', '=', owner.userId).execute(),
      )
    ).userConfigId,
  };
}

/**
 * Makes the rows the calls act on, as the super administrator or team A's owner, with the
 * project's AI server and a webhook receiver as protocol peers on loopback; answers the inputs:
 * `everywhere` by field name for every route, `perRoute` for one route each.
 */
export async function setUpRightfulRows(admin: Person) {
  await allowOutbound(t.db, LOOPBACK_RANGES);
  const ollama = await startOllamaPeer({ [MODEL]: 1000, 'spare:1b': 1000 });
  const receiver = await startHttpPeer();
  const owner = who.owner as Person;
  ok(
    await api(owner, 'PUT', '/system/ai', {
      projectId: scene.projectA,
      aiUrl: ollama.url,
      businessModule: MODEL,
    }),
  );
  const office = await makeBackOfficeRows(admin);
  const project = await makeProjectRows(admin, `${receiver.url}/hook`);
  const people = await makePeopleRows();
  // The spare role and position only for their deletes: the other role routes act on the hint's.
  const { roleId: _role, postId: _post, ...rows } = office;
  const everywhere: Record<string, unknown> = {
    ...rows,
    noticeIds: [office.noticeId],
    dictIds: [office.dictId],
    dictCodes: [office.dictCode],
    configIds: [office.configId],
    jobIds: [office.jobId],
    jobLogIds: [office.jobLogId],
    tableIds: [office.tableId],
    apiId: project.apiId,
    apiIds: [project.apiId],
    webhookId: project.webhookId,
    caseNum: project.caseNum,
    userConfigId: people.userConfigId,
    userConfigIds: [people.userConfigId],
    id: project.panelId,
    ids: [project.panelId],
    statisticTemplateId: project.panelId,
    aiUrl: ollama.url,
    businessModule: MODEL,
    imageModule: MODEL,
    tableName: 'sys_notice',
    tables: 'sys_notice',
    // Team A's deliverable by its path (not in the matrix's hint: the path holds the mark it looks for).
    deliverablePath: MODULE_PATH,
    parentDeliverablePath: MODULE_PATH,
    cacheName: 'pwd_err_cnt:',
    cacheKey: people.failedSignIn,
    ...Object.fromEntries(
      ['teamIcon', 'projectIcon', 'templateIconUrl', 'fileUrl', 'resource'].map((k) => [k, project.uploaded]),
    ),
    fileName: '1_rightful.txt',
    // Not in the matrix's hint: anyone signed in may store a screenshot, so outsiders' calls would write.
    fileBody: `data:image/png;base64,${PNG.toString('base64')}`,
    webhookUrl: `${receiver.url}/hook`,
  };
  return {
    keyA: project.apiKey,
    everywhere,
    perRoute: perRouteOf(office, project, people, receiver.url),
    async close() {
      await ollama.close();
      await receiver.close();
    },
  };
}

/** Values one route needs: a format only it checks, a row only it acts on, or a state only it finds. */
function perRouteOf(
  office: Awaited<ReturnType<typeof makeBackOfficeRows>>,
  project: Awaited<ReturnType<typeof makeProjectRows>>,
  people: Awaited<ReturnType<typeof makePeopleRows>>,
  receiverUrl: string,
): Record<string, RouteInput> {
  const owner = who.owner as Person;
  const spare = who.noPermission as Person;
  return {
    'GET /system/config/configKey/:configKey': { configKey: 'sys.account.captchaEnabled' },
    'GET /markdown/:projectId': { need: 'api.defect.list' },
    'GET /system/home/calendar': { from: '2026-01-01', to: '2026-01-31' },
    'GET /system/log/list': { defectLogType: 'NOTE' },
    'GET /tools/browser/proxy': async () => ({
      url: `${receiverUrl}/page`,
      ticket: ok(await api(owner, 'POST', '/tools/browser/ticket')).data.ticket,
    }),
    // `receiver` is both a switch and an address in these settings: the whole body, then.
    'POST /im/config': {
      $body: { projectId: scene.projectA, config: defaultImSettings({ email: 'o@example.com' }) },
    },
    'POST /im/project/ding/config': { configParams: '{}' },
    'POST /im/project/wechat/config': { configParams: '{}' },
    'POST /login': { username: owner.userName },
    'POST /register': async () => ({ confirmPassword: owner.password, phoneNumber: '13900139001' }),
    // Account names, phone numbers and email addresses are each one account's.
    'POST /system/user': { userName: 'rightful_new', deptId: ROOT_DEPT.deptId },
    'PUT /system/user': { deptId: ROOT_DEPT.deptId, phoneNumber: '13900139002', email: 'spare@example.com' },
    'PUT /system/user/profile': { phoneNumber: '13900139003', email: 'owner@example.com' },
    'POST /system/team/:teamId/member': {
      userName: 'rightful_member',
      roleIds: [5],
      phoneNumber: '13900139004',
      email: 'new@example.com',
    },
    // Names are unique: a change must not take the name the create before it gave.
    'POST /system/dept': { parentId: ROOT_DEPT.deptId },
    'PUT /system/dept': { parentId: ROOT_DEPT.deptId, deptName: 'Rightful 2' },
    'POST /system/menu': { isFrame: '1', parentId: 0 },
    'PUT /system/menu': { isFrame: '1', parentId: 0, menuName: 'Rightful 2' },
    'PUT /system/role': {
      roleName: 'Rightful',
      roleKey: 'rightful',
      isTeamRole: false,
      isProjectRole: false,
    },
    'PUT /system/post': { postName: 'Rightful', postCode: 'rightful' },
    'POST /system/dict/type': { dictType: 'rightful_new' },
    'PUT /system/dict/type': { dictType: 'rightful_kind' },
    'POST /system/dict/data': { dictType: 'sys_user_sex' },
    'PUT /system/dict/data': { dictType: 'sys_user_sex', dictValue: 'rightful' },
    'POST /system/config': { configKey: 'rightful.new' },
    'PUT /system/config': { configKey: 'rightful.key', configType: 'N' },
    'PUT /system/team': { teamName: 'Rightful team' },
    // The lock is proven on its own (locks.test.ts): here it unlocks, so the routes after it still write.
    'PUT /admin/team/:teamId/lock': { isLock: 0, lockRemark: 'Rightful' },
    'PUT /system/team/:teamId/lock': { isLock: 0, lockRemark: 'Rightful' },
    'PUT /admin/project/:projectId/lock': { isLock: 0, lockRemark: 'Rightful' },
    'POST /monitor/job': { invokeTarget: 'purgeExpired()' },
    'PUT /monitor/job': { invokeTarget: 'purgeExpired()' },
    'PUT /monitor/job/changeStatus': { status: '1' },
    'POST /tool/gen/importTable': { tables: 'sys_post' },
    'PUT /tool/gen': { className: 'SysNotice', moduleName: 'system', businessName: 'notice', dictType: '' },
    'POST /system/PlanItem': { caseId: project.spareCaseId },
    'POST /system/team/:teamId/invite': { memberIds: [people.kicked.userId], roleIds: [5] },
    'POST /system/team/invitation/:invitationId/accept': { invitationId: project.invitations[0] },
    'POST /system/team/invitation/:invitationId/decline': { invitationId: project.invitations[1] },
    'PUT /system/team/:teamId/member/:memberId/role': { memberId: spare.userId },
    'PUT /system/team/:teamId/member/:memberId/roles': { memberId: spare.userId, $body: [5] },
    'POST /system/project': { roleIds: [6] },
    'POST /system/project/:projectId/member': {
      memberIds: [(who.projectOutsider as Person).userId],
      roleIds: [8],
    },
    'PUT /system/project/:projectId/member/:memberId/role': { memberId: spare.userId, $body: [8] },
    'POST /system/defect/:defectId/reject': { defectId: project.toReject.defectId },
    'POST /system/defect/:defectId/close': { defectId: project.toClose.defectId },
    'PUT /system/defect/:defectId/restore': { defectId: project.deleted.defectId },
    'PUT /system/case/bin/:binId/restore': { binId: project.binned.case[0] },
    'DELETE /system/case/bin/:binIds': { binIds: String(project.binned.case[1]) },
    'PUT /system/document/bin/:binId/restore': { binId: project.binned.document[0] },
    'DELETE /system/document/bin/:binIds': { binIds: String(project.binned.document[1]) },
    'POST /system/defect/:defectId/shard': { password: '1234' },
    'POST /api/defect/:defectNum/reject': { defectNum: project.toRejectByKey.projectNum },
    'POST /api/defect/:defectNum/close': { defectNum: project.toCloseByKey.projectNum },
    'POST /api/deliverable': { deliverablePath: 'Rightful/New' },
    'PUT /system/log': { defectLogId: project.noteId },
    'PUT /system/module': { modulePid: 0, moduleName: MODULE_PATH },
    'PUT /system/document': { docPid: 0 },
    'POST /system/ai/model': { name: 'pulled:1b' },
    // The owner's password changes here; later calls send the new one (the hint reads it then).
    'PUT /system/user/profile/updatePwd': async () => {
      const oldPassword = owner.password;
      owner.password = 'Rightful-2pass';
      return { oldPassword, newPassword: owner.password };
    },
    'POST /system/user/profile/totp/confirm': async (answered) => ({
      code: codeAt(secretOf(answered), Date.now()),
    }),
    // The owner's second factor is on from the confirmation above: the password step gives a ticket.
    'POST /login/totp': async (answered) => {
      const payload = { username: owner.userName, password: owner.password };
      const step = await t.call({ method: 'POST', url: '/login', payload });
      const code = codeAt(secretOf(answered), Date.now() + TOTP.periodSeconds * 1000);
      return { ticket: step.body.ticket, code, recoveryCode: '' };
    },
    'DELETE /system/user/profile/totp': async (answered) => ({
      code: answered('POST /system/user/profile/totp/confirm')?.data.recoveryCodes[0],
    }),
    // Another session of the owner's, made just before it is ended (a password change ends them all).
    'DELETE /system/user/profile/sessions/:sessionId': async () => {
      await t.login(owner.userName, owner.password);
      const sessions = ok(await api(owner, 'GET', '/system/user/profile/sessions')).data as Json[];
      return { sessionId: sessions.find((s) => !s.current)?.sessionId };
    },
    'DELETE /monitor/online/:tokenId': { tokenId: people.kickedToken },
    'DELETE /system/role/:roleIds': { roleIds: [office.roleId] },
    'DELETE /system/post/:postIds': { postIds: [office.postId] },
    'DELETE /system/log/:defectLogIds': { defectLogIds: [project.noteId] },
    'DELETE /api/case/:caseNum': async (answered) => ({ caseNum: answered('POST /api/case')?.data.caseNum }),
    'POST /system/project/:projectId/defect-fields': {
      fieldKey: 'rightful',
      fieldLabel: 'Rightful',
      fieldType: 'string',
      typeConfig: {},
      defaultValue: null,
    },
    'PUT /system/project/:projectId/defect-fields/:fieldId': async (answered) => ({
      fieldId: answered('POST /system/project/:projectId/defect-fields')?.data.fieldId,
      fieldKey: 'rightful',
      fieldLabel: 'Renamed',
      fieldType: 'string',
      typeConfig: {},
      defaultValue: null,
    }),
    'DELETE /system/project/:projectId/defect-fields/:fieldId': async (answered) => ({
      fieldId: answered('POST /system/project/:projectId/defect-fields')?.data.fieldId,
    }),
    'DELETE /system/ai/model': { name: 'spare:1b' },
    'DELETE /system/project/:projectId/member/:memberId': { memberId: spare.userId },
  };
}
