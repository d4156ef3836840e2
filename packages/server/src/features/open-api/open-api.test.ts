import { API_KEY_PATTERN, DefectState } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { isAllowedAddress } from './api-key.ts';
import { failureFingerprint, normaliseFailure } from './fingerprint.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let stranger: Person;
let projectId: number;
let key = '';
let apiId = '';

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev, stranger] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  await insertTestTeam(t.db, { [stranger.userId]: [12] });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Pushed',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
  const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'JLog on shop' });
  key = made.data.apiKey;
  apiId = made.data.apiId;
});
afterAll(async () => t.close());

const push = (body: unknown, opts: { key?: string | null; ip?: string; header?: string } = {}) =>
  t.call({
    method: 'POST',
    url: '/api/report/defect',
    payload: body as Json,
    lang: 'en_US',
    headers: opts.key === null ? {} : { [opts.header ?? 'CAT2BUG-API-KEY']: opts.key ?? key },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });

const count = async (table: 'sysReport' | 'sysDefect') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const defectsNamed = (name: string) =>
  t.db
    .selectFrom('sysDefect as d')
    .innerJoin('sysDefectPush as p', 'p.defectId', 'd.defectId')
    .select([
      'd.defectId',
      'd.defectState',
      'd.defectName',
      'd.defectDescribe',
      'p.occurrences',
      'p.versions',
    ])
    .where('d.projectId', '=', projectId)
    .where('d.defectName', '=', name)
    .execute();

/** A report as Cat2Bug-JLog's appender builds it (original-backend §7.5): one defect per distinct exception. */
function jlogReport(reportKey: string, exceptions: { cls: string; message: string; at: number }[]) {
  return {
    reportKey,
    reportTitle: '日志异常监控报告:\nshop-service\n[thread:12]',
    reportTime: Date.now(),
    reportDescription: '| 环境 | 值 |\n| --- | --- |\n| JDK | 17 |',
    reportData: exceptions.map((e) => ({
      defectName: '日志异常:com.shop.OrderService',
      defectDescribe: `\`\`\`\n${e.cls}: ${e.message}\n\tat com.shop.OrderService.pay(OrderService.java:${e.at})\n\tat com.shop.Api.call(Api.java:88)\n\`\`\``,
      defectState: 'PROCESSING',
      defectType: 'BUG',
      defectGroupKey: e.cls,
      defectKey: `${e.cls}.${e.message}`,
      handleByList: ['someone'],
      moduleVersion: '1.4.0',
    })),
  };
}

describe('project API keys', () => {
  it('shows the key whole until its first call, in the original format, then only its public id', async () => {
    expect(key).toMatch(API_KEY_PATTERN);
    // The original's client copies a new key from its list, where the id column is the key.
    expect(apiId).toBe(key);
    const listed = async () =>
      api(lead, 'GET', '/system/api/list', undefined, { projectId: String(projectId) });
    expect((await listed()).rows[0]).toMatchObject({ apiId: key, apiName: 'JLog on shop', whiteList: [] });
    // Stored as a hash, and sealed while it is shown.
    const stored = await t.db.selectFrom('sysProjectApi').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    const kept = await t.db.selectFrom('sysKv').select('v').where('k', 'like', 'api-key-shown:%').execute();
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(key);
    const first = await t.call({ method: 'GET', url: '/api/case', headers: { 'CAT2BUG-API-KEY': key } });
    expect(first.body.code).toBe(200);
    const list = await listed();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ apiId: key.slice(0, 18), enabled: true, keyShownUntil: null });
    expect(JSON.stringify(list)).not.toContain(key);
    apiId = key.slice(0, 18);
  });

  it('checks what the form checks: a name, addresses and ranges, known capabilities', async () => {
    const refused = async (body: Json) =>
      (await api(lead, 'POST', '/system/api', { projectId, ...body })).msg;
    expect(await refused({ apiName: ' ' })).toBe('The key name cannot be empty');
    expect(await refused({ apiName: 'x', whiteList: ['10.0.0.0/33'] })).toContain('IP addresses and CIDR');
    expect(await refused({ apiName: 'x', features: { defect: ['fly'] } })).toContain('Unknown capability');
    expect(await count('sysReport')).toBe(0);
  });

  it('refuses a member of another team every key route', async () => {
    const calls: ['GET' | 'PUT' | 'DELETE' | 'POST', string, Json?][] = [
      ['GET', `/system/api/${apiId}`],
      ['PUT', '/system/api', { apiId, remark: 'mine' }],
      ['DELETE', `/system/api/${apiId}`],
      ['POST', '/system/api', { projectId, apiName: 'sneaky' }],
    ];
    for (const [method, url, body] of calls) expect((await api(stranger, method, url, body)).code).toBe(403);
    const listed = await api(stranger, 'GET', '/system/api/list', undefined, {
      projectId: String(projectId),
    });
    expect(listed.code).toBe(403);
  });
});

describe('POST /api/report/defect', () => {
  it('takes what Cat2Bug-JLog sends: pushed twice, one report and one defect per exception, updated', async () => {
    const first = jlogReport('6f1c1f4e-jlog', [
      { cls: 'java.lang.NullPointerException', message: 'cart is null', at: 41 },
      { cls: 'java.lang.IllegalStateException', message: '库存不足', at: 97 },
    ]);
    const res = await push(first);
    expect(res.body).toMatchObject({ code: 200, data: { created: 2, updated: 0, isNewReport: true } });
    const again = await push(
      jlogReport('6f1c1f4e-jlog', [
        { cls: 'java.lang.NullPointerException', message: 'cart is null', at: 42 },
        { cls: 'java.lang.IllegalStateException', message: '库存不足', at: 97 },
      ]),
    );
    expect(again.body).toMatchObject({ code: 200, data: { created: 0, updated: 2, isNewReport: false } });
    expect(await count('sysReport')).toBe(1);
    const defects = await defectsNamed('日志异常:com.shop.OrderService');
    expect(defects).toHaveLength(2);
    expect(defects.map((d) => d.occurrences)).toEqual([2, 2]);
    // The second push's text replaced the first's.
    expect(defects.some((d) => d.defectDescribe?.includes('OrderService.java:42'))).toBe(true);
    const creator = await t.db
      .selectFrom('sysDefect as d')
      .innerJoin('sysUser as u', 'u.userId', 'd.createById')
      .select('u.nickName')
      .where('d.defectId', '=', defects[0]?.defectId ?? 0)
      .executeTakeFirstOrThrow();
    expect(creator.nickName).toBe('JLog on shop');
    // The key was seen, from the loopback address the test comes from.
    const used = await api(lead, 'GET', `/system/api/${apiId}`);
    expect(used.data.lastUsedTime).toMatch(/^\d{4}-/);
    expect(used.data.lastUsedIp).toBe('127.0.0.1');
  });

  it('closes a keyed defect pushed as CLOSED, and accepts groupKey/key, an ordinal state and "height"', async () => {
    const item = {
      defectName: 'Checkout test',
      defectDescribe: 'fails',
      groupKey: 'CheckoutTest',
      key: 'pay',
    };
    await push({ reportTitle: 'JUnit run 1', reportData: [{ ...item, defectLevel: 'HEIGHT' }] });
    const res = await push({ reportTitle: 'JUnit run 2', reportData: [{ ...item, defectState: 4 }] });
    expect(res.body.data).toMatchObject({ created: 0, updated: 1 });
    const [defect] = await defectsNamed('Checkout test');
    expect(defect?.defectState).toBe(DefectState.CLOSED);
    const row = await t.db
      .selectFrom('sysDefect')
      .select('defectLevel')
      .where('defectId', '=', defect?.defectId ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.defectLevel).toBe('height');
  });

  it('creates defects for keyless items, numbered after the project’s others, with the report’s handler', async () => {
    const res = await push({
      reportTitle: 'Smoke run',
      handler: dev.userName,
      reportData: [
        { defectName: 'Login page blank', defectDescribe: 'white screen' },
        { defectName: 'Search slow', defectDescribe: 'takes 9 s', defectType: 'task', defectLevel: 'low' },
      ],
    });
    expect(res.body.data).toMatchObject({ created: 2 });
    const rows = await t.db
      .selectFrom('sysDefect as d')
      .innerJoin('sysDefectHandler as h', 'h.defectId', 'd.defectId')
      .select(['d.defectName', 'd.defectType', 'd.projectNum', 'h.userId'])
      .where('d.projectId', '=', projectId)
      .where('d.defectName', 'in', ['Login page blank', 'Search slow'])
      .orderBy('d.projectNum')
      .execute();
    expect(rows.map((r) => [r.defectName, r.defectType, r.userId])).toEqual([
      ['Login page blank', 0, dev.userId],
      ['Search slow', 1, dev.userId],
    ]);
    expect(new Set(rows.map((r) => r.projectNum)).size).toBe(2);
    // The handler hears of it through the usual notices.
    await expect
      .poll(async () =>
        (
          await t.db
            .selectFrom('sysNotice')
            .select('noticeTitle')
            .where('receiverId', '=', dev.userId)
            .execute()
        ).some((n) => n.noticeTitle.includes('Login page blank')),
      )
      .toBe(true);
  });

  it('folds 1,000 pushes of one failure (other lines, times, ids) into one defect counted 1,000 times', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 1000; i++) {
      const at = new Date(Date.UTC(2026, 10, 25, 8, 0, i % 60)).toISOString();
      const res = await push({
        reportTitle: `Nightly ${i}`,
        reportData: [
          {
            defectName: 'TimeoutError in sync job',
            defectDescribe: `${at} request 0x${(4096 + i).toString(16)} id=${90_000 + i} timed out\n  at sync (jobs/sync.ts:${100 + (i % 7)}:${i % 13})`,
            moduleVersion: `2.0.${i % 3}`,
          },
        ],
      });
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    }
    const [defect, ...others] = await defectsNamed('TimeoutError in sync job');
    expect(others).toEqual([]);
    expect(defect?.occurrences).toBe(1000);
    expect(JSON.parse(defect?.versions ?? '[]')).toEqual(['2.0.0', '2.0.1', '2.0.2']);
  });

  it('reopens a closed defect pushed again, saying which version it regressed in', async () => {
    const failure = {
      defectName: 'Cart total wrong',
      defectDescribe: 'at cart.ts:10',
      moduleVersion: '3.0.0',
    };
    await push({ reportTitle: 'Run A', reportData: [failure] });
    const [defect] = await defectsNamed('Cart total wrong');
    await t.db
      .updateTable('sysDefect')
      .set({ defectState: DefectState.CLOSED })
      .where('defectId', '=', defect?.defectId ?? 0)
      .execute();
    const res = await push({
      reportTitle: 'Run B',
      reportData: [{ ...failure, defectDescribe: 'at cart.ts:12', moduleVersion: '3.1.0' }],
    });
    expect(res.body.data).toMatchObject({ created: 0, updated: 1, reopened: 1 });
    const [after] = await defectsNamed('Cart total wrong');
    expect(after?.defectState).toBe(DefectState.PROCESSING);
    const log = await t.db
      .selectFrom('sysDefectLog')
      .select(['defectLogType', 'defectLogDescribe'])
      .where('defectId', '=', defect?.defectId ?? 0)
      .orderBy('defectLogId', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ defectLogType: 7, defectLogDescribe: 'Regressed in version 3.1.0' });
  });

  it('refuses a bad, expired or disabled key, a refused address or a missing capability, writing nothing', async () => {
    const body = {
      reportTitle: 'Should not land',
      reportData: [{ defectName: 'Nope', defectDescribe: 'x' }],
    };
    const [reportsBefore, defectsBefore] = [await count('sysReport'), await count('sysDefect')];
    const make = async (extra: Json) => {
      const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'probe', ...extra });
      return made.data.apiKey as string;
    };
    const expired = await make({ expireTime: '2020-01-01' });
    const disabled = await make({ enabled: false });
    const fenced = await make({ whiteList: ['10.1.0.0/16', '2001:db8::1'] });
    const readOnly = await make({ features: { defect: ['list'] } });
    const cases: [string, { key?: string | null; ip?: string }, number, RegExp][] = [
      ['no key', { key: null }, 401, /CAT2BUG-API-KEY/],
      ['wrong key', { key: `${key.slice(0, 29)}${key.endsWith('X') ? 'Y' : 'X'}` }, 401, /does not exist/],
      ['expired', { key: expired }, 401, /expired at 2020-01-01 23:59:59/],
      ['disabled', { key: disabled }, 401, /disabled/],
      ['outside the white list', { key: fenced, ip: '10.2.0.9' }, 401, /10\.2\.0\.9 is not on/],
      ['missing capability', { key: readOnly }, 403, /may not report:push/],
    ];
    for (const [label, opts, code, msg] of cases) {
      const res = await push(body, opts);
      expect({ label, code: res.body.code }).toEqual({ label, code });
      expect(String(res.body.msg)).toMatch(msg);
    }
    // Inside the range, and with "Bearer " in front, the fenced key works.
    const ok = await push(
      { reportTitle: 'Fenced', reportData: [] },
      { key: `Bearer ${fenced}`, ip: '10.1.200.3' },
    );
    expect(ok.body.code).toBe(200);
    expect([await count('sysReport'), await count('sysDefect')]).toEqual([reportsBefore + 1, defectsBefore]);
  });

  it('stops a disabled or deleted key at once', async () => {
    const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'short-lived' });
    const temp = made.data.apiKey as string;
    expect((await push({ reportTitle: 'a' }, { key: temp })).body.code).toBe(200);
    await api(lead, 'PUT', '/system/api', { apiId: made.data.apiId, enabled: false });
    expect((await push({ reportTitle: 'b' }, { key: temp })).body.code).toBe(401);
    await api(lead, 'PUT', '/system/api', { apiId: made.data.apiId, enabled: true });
    expect((await push({ reportTitle: 'c' }, { key: temp })).body.code).toBe(200);
    await api(lead, 'DELETE', `/system/api/${made.data.apiId}`);
    expect((await push({ reportTitle: 'd' }, { key: temp })).body.code).toBe(401);
    // The key's hidden user is no person of the user list.
    const people = await t.call({
      method: 'GET',
      url: '/system/user/list',
      token: await t.login(),
      query: { userName: 'api-' },
    });
    expect(people.body).toMatchObject({ code: 200, total: 0 });
  });
});

describe('failure fingerprints and address rules', () => {
  it('ignore what changes from run to run, and keep what tells failures apart', () => {
    const a = failureFingerprint('E', '2026-11-25T08:00:01Z id=123 at a.ts:10:4 0xdeadbeef');
    const b = failureFingerprint('E', '2026-11-26 09:10:11 id=987 at a.ts:99:1 0x1f');
    expect(a).toBe(b);
    expect(failureFingerprint('E', 'at a.ts:10')).not.toBe(failureFingerprint('E', 'at b.ts:10'));
    expect(normaliseFailure('Obj@5f3a2b1c', 'uuid 0b9e5f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(
      'Obj@<addr>\nuuid <uuid>',
    );
  });

  it('match addresses and CIDR ranges of both families, an IPv4 written as IPv6 included', () => {
    expect(isAllowedAddress('10.1.2.3', [])).toBe(true);
    expect(isAllowedAddress('10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(isAllowedAddress('::ffff:10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(isAllowedAddress('10.2.0.1', ['10.1.0.0/16', '192.168.1.5'])).toBe(false);
    expect(isAllowedAddress('2001:db8::7', ['2001:db8::/32'])).toBe(true);
    expect(isAllowedAddress('not-an-ip', ['0.0.0.0/0'])).toBe(false);
  });
});

describe('the 1.0 Open API (names, not ids)', () => {
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Json,
    query?: Record<string, string>,
  ) =>
    t
      .call({
        method,
        url,
        lang: 'en_US',
        headers: { 'CAT2BUG-API-KEY': key },
        ...(payload === undefined ? {} : { payload }),
        ...(query ? { query } : {}),
      })
      .then((res) => res.body);

  it('creates a defect as Cat2Bug-JUnit does, and folds the same failure pushed again into it', async () => {
    const failure = {
      defectName: '[testPay]expected 200 but was 500',
      defectDescribe: '```\nAssertionError at PayTest.java:31\n```',
      defectLevel: 'middle',
      handleByList: [dev.userName],
    };
    const first = await call('POST', '/api/defect', failure);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({
      defectName: failure.defectName,
      defectState: 'PROCESSING',
      defectLevel: 'MIDDLE',
      defectType: 'BUG',
      handlerList: [{ memberAccount: dev.userName }],
      creator: { memberName: 'JLog on shop' },
    });
    expect(JSON.stringify(first.data)).not.toMatch(/"\w*Id"/);
    const again = await call('POST', '/api/defect', {
      ...failure,
      defectDescribe: '```\nAssertionError at PayTest.java:35\n```',
    });
    expect(again.data).toMatchObject({ defectNum: first.data.defectNum, occurrences: 2 });
  });

  it('lists, reads, updates by number and path, and never reaches another project', async () => {
    // Type and priority blank: 1.0's defaults, as on every path.
    const created = await call('POST', '/api/defect', {
      defectName: 'Coupon ignored',
      defectDescribe: 'x',
      defectType: '',
      defectLevel: ' ',
    });
    expect(created.data).toMatchObject({
      defectType: 'BUG',
      defectLevel: 'MIDDLE',
      defectState: 'PROCESSING',
    });
    const num = created.data.defectNum as number;
    const listed = await call('GET', '/api/defect', undefined, { defectName: 'Coupon', pageSize: '5' });
    expect(listed.rows.map((d: { defectNum: number }) => d.defectNum)).toEqual([num]);
    expect((await call('GET', `/api/defect/${num}`)).data.defectName).toBe('Coupon ignored');

    const made = await call('POST', '/api/deliverable', {
      deliverablePath: 'Web / Checkout',
      remark: 'pay flow',
    });
    expect(made.data).toMatchObject({ deliverableName: 'Checkout', deliverablePath: 'Web/Checkout' });
    const updated = await call('PUT', '/api/defect', {
      defectNum: num,
      defectLevel: 'URGENT',
      deliverablePath: 'Web/Checkout',
      handlerAccountList: [lead.userName],
    });
    expect(updated.data).toMatchObject({
      defectLevel: 'URGENT',
      deliverablePath: 'Web/Checkout',
      handlerList: [{ memberAccount: lead.userName }],
    });
    const mine = await call('GET', '/api/defect', undefined, { handlerAccountList: lead.userName });
    expect(mine.rows.map((d: { defectNum: number }) => d.defectNum)).toContain(num);
    expect((await call('PUT', '/api/defect', { defectNum: num, deliverablePath: 'Nowhere' })).msg).toBe(
      'The project has no deliverable Nowhere',
    );

    // Another project's defect, by its number: not found here, and untouched.
    const otherTeam = await insertTestTeam(t.db, { [stranger.userId]: [12] });
    const otherProject = (
      await api(stranger, 'POST', '/system/project', {
        teamId: otherTeam,
        projectName: 'Theirs',
        members: [],
      })
    ).data.projectId;
    await api(stranger, 'POST', '/system/defect', {
      projectId: otherProject,
      defectType: 'BUG',
      defectName: 'Their defect',
      defectDescribe: 'theirs',
      defectLevel: 'low',
      handleBy: [stranger.userId],
    });
    // Their defect gets a number no defect of ours has.
    await t.db
      .updateTable('sysDefect')
      .set({ projectNum: 7777 })
      .where('projectId', '=', otherProject)
      .execute();
    const theirs = await call('PUT', '/api/defect', { defectNum: 7777, defectName: 'Hijacked' });
    expect(theirs).toMatchObject({ code: 500, msg: 'The project has no defect #7777' });
    const untouched = await t.db
      .selectFrom('sysDefect')
      .select('defectName')
      .where('projectId', '=', otherProject)
      .executeTakeFirstOrThrow();
    expect(untouched.defectName).toBe('Their defect');
    expect((await call('GET', '/api/defect/999999')).msg).toBe('The project has no defect #999999');
  });

  it('closes and reopens through the workflow rules, which still ask for a reason', async () => {
    const created = await call('POST', '/api/defect', { defectName: 'Slow search', defectDescribe: 'y' });
    const num = created.data.defectNum as number;
    const refused = await call('POST', `/api/defect/${num}/close`, {});
    expect(refused.code).toBe(500);
    expect((await call('GET', `/api/defect/${num}`)).data.defectState).toBe('PROCESSING');
    const closed = await call('POST', `/api/defect/${num}/close`, { describe: 'passes in CI now' });
    expect(closed.data).toMatchObject({
      defectState: 'CLOSED',
      currentLog: { defectLogState: 'CLOSED', defectLogDescribe: 'passes in CI now' },
    });
    const reopened = await call('POST', `/api/defect/${num}/open`, {
      describe: 'failed again',
      handlerAccountList: [dev.userName],
    });
    expect(reopened.data).toMatchObject({
      defectState: 'PROCESSING',
      handlerList: [{ memberAccount: dev.userName }],
    });
    // Passing needs the defect in review first.
    expect((await call('POST', `/api/defect/${num}/pass`, {})).code).toBe(500);
  });

  it('answers the project, its members by account, its deliverable tree and uploads', async () => {
    const project = await call('GET', '/api/project');
    expect(project.data).toMatchObject({ projectName: 'Pushed', memberTotal: 2 });
    const members = await call('GET', '/api/member');
    expect(members.rows.map((m: { memberAccount: string }) => m.memberAccount).sort()).toEqual(
      [lead.userName, dev.userName].sort(),
    );
    const tree = await call('GET', '/api/deliverable/tree');
    expect(tree.data).toMatchObject([
      { deliverablePath: 'Web', children: [{ deliverablePath: 'Web/Checkout' }] },
    ]);
    const info = await call('GET', '/api/deliverable/info', undefined, { deliverablePath: 'Web/Checkout' });
    expect(info.data).toMatchObject({ remark: 'pay flow', defectCount: 1 });
    const upload = await t.call({
      method: 'POST',
      url: '/api/file/upload',
      headers: { 'CAT2BUG-API-KEY': key, ...multipart('file', 'log.txt', Buffer.from('trace')).headers },
      payload: multipart('file', 'log.txt', Buffer.from('trace')).payload,
    });
    expect(upload.body.data.fileUrl).toMatch(/^\/profile\/upload\/.+\.txt$/);
  });

  it('writes, reads, finds by deliverable and deletes test cases by number', async () => {
    const made = await call('POST', '/api/case', {
      caseName: 'Pay with a saved card',
      deliverablePath: 'Web/Checkout',
      caseLevel: 2,
      caseExpect: 'The order is paid',
      caseStep: [{ stepDescribe: 'Open the cart', stepExpect: 'The cart shows' }],
    });
    expect(made.data).toMatchObject({ deliverablePath: 'Web/Checkout', caseState: 'UNTESTED', caseLevel: 2 });
    const num = made.data.caseNum as number;
    const updated = await call('PUT', '/api/case', { caseNum: num, caseState: 'PASS' });
    expect(updated.data.caseState).toBe('PASS');
    const under = await call('GET', '/api/case', undefined, { deliverablePath: 'Web' });
    expect(under.rows.map((c: { caseNum: number }) => c.caseNum)).toEqual([num]);
    expect((await call('GET', `/api/case/${num}`)).data.caseStep).toEqual([
      { stepDescribe: 'Open the cart', stepExpect: 'The cart shows' },
    ]);
    const nowhere = await call('POST', '/api/case', { ...made.data, deliverablePath: 'Mobile' });
    expect(nowhere.msg).toBe('The project has no deliverable Mobile');
    await t.call({ method: 'DELETE', url: `/api/case/${num}`, headers: { 'CAT2BUG-API-KEY': key } });
    expect((await call('GET', `/api/case/${num}`)).msg).toBe(`The project has no test case #${num}`);
  });

  it('refuses what a key may not do, with 403, and writes nothing', async () => {
    const made = await api(lead, 'POST', '/system/api', {
      projectId,
      apiName: 'reader',
      features: { defect: ['list', 'query'] },
    });
    const reader = made.data.apiKey as string;
    const as = (method: 'GET' | 'POST', url: string, payload?: Json) =>
      t.call({
        method,
        url,
        headers: { 'CAT2BUG-API-KEY': reader },
        lang: 'en_US',
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', '/api/defect')).body.code).toBe(200);
    const before = await count('sysDefect');
    const refused = await as('POST', '/api/defect', { defectName: 'Nope', defectDescribe: 'x' });
    expect(refused.body).toMatchObject({
      code: 403,
      msg: 'No permission: this API key may not defect:create',
    });
    expect((await as('POST', '/api/defect/1/close', { describe: 'x' })).body.code).toBe(403);
    expect((await as('GET', '/api/member')).body.code).toBe(403);
    expect(await count('sysDefect')).toBe(before);
  });
});
