import { PUSH_DESCRIBE_MAX } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { failureFingerprint, traceSignature } from './fingerprint.ts';

/*
 * What reporters push is never lost (issue 26): test runners (Cat2Bug-JUnit, `POST /api/defect`)
 * and log reporters (Cat2Bug-JLog, `POST /api/report/defect`) push unattended, so nothing they send
 * for a failure may be refused for a handler, a long trace or a double slash, and one failure stays
 * one defect however it was launched.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;
let key = '';
let apiId = '';

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId,
      projectName: 'Reported',
      members: [{ userId: dev.userId, roleIds: [7] }],
    })
  ).data.projectId;
  const made = await api(lead, 'POST', '/system/api', { projectId, apiName: 'CI runner' });
  key = made.data.apiKey;
  apiId = made.data.apiId;
});
afterAll(async () => t.close());

const call = (url: string, payload: unknown, method: 'POST' | 'GET' = 'POST') =>
  t
    .call({
      method,
      url,
      ...(method === 'POST' ? { payload: payload as Json } : {}),
      lang: 'en_US',
      headers: { 'CAT2BUG-API-KEY': key },
    })
    .then((r) => r.body);
const handlersOfNamed = async (name: string) => {
  const rows = await t.db
    .selectFrom('sysDefect as d')
    .leftJoin('sysDefectHandler as h', 'h.defectId', 'd.defectId')
    .select(['d.defectId', 'h.userId'])
    .where('d.projectId', '=', projectId)
    .where('d.defectName', '=', name)
    .execute();
  return {
    count: new Set(rows.map((r) => r.defectId)).size,
    handlers: rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  };
};
const noticesTo = (userId: number) =>
  t.db
    .selectFrom('sysNotice')
    .select(['noticeId', 'noticeArgs'])
    .where('receiverId', '=', userId)
    .where('noticeKey', '=', 'message')
    .execute();

describe('handlers a reporter names', () => {
  it('files the defects of a report whose handler is no member unassigned, says so, and tells the admins once', async () => {
    const before = (await noticesTo(lead.userId)).length;
    const report = (name: string) => ({
      reportTitle: 'Log errors',
      handler: 'typo-user',
      reportData: [{ defectName: name, defectDescribe: 'boom' }],
    });
    const first = await call('/api/report/defect', report('Unassigned one'));
    expect(first).toMatchObject({
      code: 200,
      msg: "Filed; the assignee typo-user is not a member of the project, so the defect went to the key's default assignee or is unassigned",
      data: { created: 1, unknownHandlers: ['typo-user'] },
    });
    expect(await handlersOfNamed('Unassigned one')).toEqual({ count: 1, handlers: [] });
    // Pushed again with the same handler: filed, and the administrators are not told again.
    expect((await call('/api/report/defect', report('Unassigned two'))).code).toBe(200);
    expect(await handlersOfNamed('Unassigned two')).toEqual({ count: 1, handlers: [] });
    const told = (await noticesTo(lead.userId)).slice(before);
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]?.noticeArgs ?? '{}').args).toEqual(['typo-user', 'CI runner']);
    // Someone who exists but is no member of the project is no different.
    const outsider = await t.signedIn();
    const res = await call('/api/report/defect', {
      ...report('Unassigned three'),
      handler: outsider.userName,
    });
    expect(res.data.unknownHandlers).toEqual([outsider.userName]);
    expect(await handlersOfNamed('Unassigned three')).toEqual({ count: 1, handlers: [] });
  });

  it('takes [null], [""] and a missing list as no handler, filing to the key’s default handler when it has one', async () => {
    for (const [i, handleByList] of [[null], [''], undefined].entries()) {
      const res = await call('/api/defect', {
        defectName: `No handler ${i}`,
        defectDescribe: 'x',
        ...(handleByList === undefined ? {} : { handleByList }),
      });
      expect(res.code, String(i)).toBe(200);
      expect((await handlersOfNamed(`No handler ${i}`)).handlers).toEqual([]);
    }
    // A default handler must be a member; then it takes what comes without one.
    expect((await api(lead, 'PUT', '/system/api', { apiId, defaultHandlerId: 999_999 })).msg).toBe(
      'The default assignee must be a member of the project',
    );
    expect(
      (await api(lead, 'PUT', '/system/api', { apiId, defaultHandlerId: dev.userId })).data,
    ).toMatchObject({
      defaultHandlerId: dev.userId,
    });
    expect((await call('/api/defect', { defectName: 'Defaulted', handleByList: [null] })).code).toBe(200);
    expect((await handlersOfNamed('Defaulted')).handlers).toEqual([dev.userId]);
    expect((await call('/api/defect', { defectName: 'Named', handleByList: [lead.userName] })).code).toBe(
      200,
    );
    expect((await handlersOfNamed('Named')).handlers).toEqual([lead.userId]);
    await api(lead, 'PUT', '/system/api', { apiId, defaultHandlerId: null });
  });

  it('honours each item’s own handlers when the report names none, the report’s first', async () => {
    const res = await call('/api/report/defect', {
      reportTitle: 'JLog 0.9',
      reportData: [
        { defectName: 'Item one', defectKey: 'k1', handleByList: [dev.userName] },
        { defectName: 'Item two', defectKey: 'k2', handleByList: [lead.userName, null] },
      ],
    });
    expect(res.code).toBe(200);
    expect((await handlersOfNamed('Item one')).handlers).toEqual([dev.userId]);
    expect((await handlersOfNamed('Item two')).handlers).toEqual([lead.userId]);
    await call('/api/report/defect', {
      reportTitle: 'JLog 1.0',
      handler: lead.userName,
      reportData: [{ defectName: 'Item three', defectKey: 'k3', handleByList: [dev.userName] }],
    });
    expect((await handlersOfNamed('Item three')).handlers).toEqual([lead.userId]);
  });
});

/** A JUnit failure as Cat2Bug-JUnit describes it: the environment, then the trace, launched by `launcher`. */
function junitDescribe(launcher: 'ide' | 'maven' | 'gradle', jvmFlags: string, expected = 1) {
  const launcherFrames = {
    ide: [
      'at com.intellij.junit5.JUnit5IdeaTestRunner.startRunnerWithArgs(JUnit5IdeaTestRunner.java:57)',
      'at com.intellij.rt.junit.JUnitStarter.main(JUnitStarter.java:54)',
    ],
    maven: [
      'at org.apache.maven.surefire.junitplatform.JUnitPlatformProvider.invoke(JUnitPlatformProvider.java:128)',
      'at org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:507)',
    ],
    gradle: [
      'at org.gradle.api.internal.tasks.testing.junitplatform.JUnitPlatformTestClassProcessor.stop(JUnitPlatformTestClassProcessor.java:99)',
      'at worker.org.gradle.process.internal.worker.GradleWorkerMain.main(GradleWorkerMain.java:74)',
    ],
  }[launcher];
  return [
    '## Environment',
    `- JVM arguments: ${jvmFlags}`,
    `- OS: Linux 6.${launcher.length}.0 amd64`,
    `- Launched by: ${launcher}`,
    '',
    '```',
    `org.opentest4j.AssertionFailedError: expected: <${expected}> but was: <2>`,
    '\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)',
    '\tat org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:150)',
    '\tat com.shop.cart.CartTotals.sum(CartTotals.java:42)',
    '\tat com.shop.cart.CartTest.addsTwoItems(CartTest.java:31)',
    '\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)',
    '\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)',
    '\tat org.junit.platform.commons.util.ReflectionUtils.invokeMethod(ReflectionUtils.java:727)',
    ...launcherFrames.map((f) => `\t${f}`),
    '```',
  ].join('\n');
}

describe('one failure, one defect', () => {
  it('folds one failing test run from three launchers with other JVM flags into one defect, counted three times', async () => {
    const title = '[addsTwoItems()] expected: <1> but was: <2>';
    for (const [launcher, flags] of [
      ['ide', '-ea -Didea.test.cyclic.buffer.size=1048576'],
      ['maven', '-Xmx512m -Dsurefire.fork=1'],
      ['gradle', '-Xmx1g -Dorg.gradle.native=false -XX:+UseG1GC'],
    ] as const)
      expect(
        (await call('/api/defect', { defectName: title, defectDescribe: junitDescribe(launcher, flags) }))
          .code,
      ).toBe(200);
    const rows = await t.db
      .selectFrom('sysDefect as d')
      .innerJoin('sysDefectPush as p', 'p.defectId', 'd.defectId')
      .select(['d.defectId', 'p.occurrences', 'd.updateTime', 'p.lastSeen'])
      .where('d.defectName', '=', title)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.occurrences).toBe(3);
    // Another failure of the same test (another expected value, another frame) stays apart.
    const other = junitDescribe('maven', '-Xmx512m', 5).replace(
      'CartTotals.java:42',
      'CartTotals.java:42)\n\tat com.shop.cart.Prices.round(Prices.java:9',
    );
    await call('/api/defect', {
      defectName: '[addsTwoItems()] expected: <5> but was: <2>',
      defectDescribe: other,
    });
    expect(failureFingerprint(title, junitDescribe('ide', 'a'))).toBe(
      failureFingerprint(title, junitDescribe('gradle', 'b')),
    );
    expect(failureFingerprint(title, junitDescribe('ide', 'a'))).not.toBe(failureFingerprint(title, other));
  });

  it('reads a trace down to the first frame of the framework, the throwable lines kept', () => {
    // The assertion library's frames lead the trace and are passed over; the launcher's are cut.
    expect(traceSignature(junitDescribe('ide', '-ea'))).toBe(
      [
        'org.opentest4j.AssertionFailedError: expected: <1> but was: <2>',
        'at com.shop.cart.CartTotals.sum',
        'at com.shop.cart.CartTest.addsTwoItems',
      ].join('\n'),
    );
    const app =
      'java.lang.IllegalStateException: empty cart\n\tat com.shop.Cart.total(Cart.java:10)\n\tat com.shop.CartTest.t(CartTest.java:5)\n\tat org.junit.Runner.run(Runner.java:1)\nCaused by: java.io.IOException: gone\n\tat com.shop.Db.read(Db.java:3)\n\tat sun.reflect.X.y(X.java:1)';
    expect(traceSignature(app)).toBe(
      'java.lang.IllegalStateException: empty cart\nat com.shop.Cart.total\nat com.shop.CartTest.t\nCaused by: java.io.IOException: gone\nat com.shop.Db.read',
    );
    expect(traceSignature('no trace here')).toBeUndefined();
  });
});

describe('long traces and odd addresses', () => {
  it('files a 90,000-character trace with its middle cut and the cut said', async () => {
    const frame = '\tat com.shop.Recursion.down(Recursion.java:7)\n';
    const trace = `java.lang.StackOverflowError\n${frame.repeat(Math.ceil(90_000 / frame.length))}`.slice(
      0,
      90_000,
    );
    const res = await call('/api/defect', { defectName: 'Stack overflow', defectDescribe: `${trace}END` });
    expect(res.code).toBe(200);
    const row = await t.db
      .selectFrom('sysDefect')
      .select('defectDescribe')
      .where('defectName', '=', 'Stack overflow')
      .executeTakeFirstOrThrow();
    const text = row.defectDescribe ?? '';
    expect(text.length).toBeLessThanOrEqual(PUSH_DESCRIBE_MAX);
    expect(text.startsWith('java.lang.StackOverflowError')).toBe(true);
    expect(text.endsWith('END')).toBe(true);
    expect(text).toMatch(/…… \d+ characters cut from the middle of an over-long description ……/);
    const cut = Number(/(\d+) characters cut/.exec(text)?.[1]);
    const marker = /\n\n…… .* ……\n\n/.exec(text)?.[0] ?? '';
    // What is left and what was cut make the whole pushed text.
    expect(text.length - marker.length + cut).toBe(90_003);
    // The web form still refuses over-long text with its message.
    const form = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Too long',
      defectDescribe: 'x'.repeat(PUSH_DESCRIBE_MAX + 1),
      defectLevel: 'low',
      handleBy: [lead.userId],
    });
    expect(form.code).toBe(500);
  });

  it('answers //api/report/defect and //system/defect/list as with one slash', async () => {
    const pushed = await call('//api/report/defect', { reportTitle: 'Double', reportData: [] });
    expect(pushed.code).toBe(200);
    const prefixed = await call('//prod-api//api/report/defect', { reportTitle: 'Double', reportData: [] });
    expect(prefixed.code).toBe(200);
    const list = await t.call({
      method: 'GET',
      url: '//system/defect/list',
      query: { projectId: String(projectId) },
      token: lead.token,
    });
    expect(list.body).toMatchObject({ code: 200 });
    expect(list.body.total).toBeGreaterThan(0);
  });
});

describe('what was pushed, seen', () => {
  it('shows how often, when and in which version a folded failure was seen, without touching its update time', async () => {
    const push = (version: string) =>
      call('/api/report/defect', {
        reportTitle: 'Nightly',
        reportData: [
          {
            defectName: 'Flaky checkout',
            defectDescribe: 'java.lang.Error: x\n\tat com.shop.Checkout.pay(Checkout.java:3)',
            moduleVersion: version,
          },
        ],
      });
    await push('1.4.0');
    const { defectId, updateTime } = await t.db
      .selectFrom('sysDefect')
      .select(['defectId', 'updateTime'])
      .where('defectName', '=', 'Flaky checkout')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sysDefect')
      .set({ updateTime: '2026-01-01 00:00:00' })
      .where('defectId', '=', defectId)
      .execute();
    await push('1.4.1');
    await push('1.4.1');
    const view = await api(lead, 'GET', `/system/defect/${defectId}`);
    expect(view.data.seen).toMatchObject({ occurrences: 3, lastVersion: '1.4.1' });
    expect(view.data.seen.firstSeenTime <= view.data.seen.lastSeenTime).toBe(true);
    expect(view.data.updateTime).toBe('2026-01-01 00:00:00');
    expect(updateTime).not.toBe('2026-01-01 00:00:00');
    const list = await api(lead, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      defectName: 'Flaky',
    });
    expect(list.rows[0].seen).toMatchObject({ occurrences: 3 });
    // The reporter is the key, by its name, in the view and the list alike.
    const byKey = { nickName: 'CI runner', isApiKey: true, avatar: null };
    expect(view.data.creator).toMatchObject(byKey);
    expect(list.rows[0].creator).toMatchObject(byKey);
    // A defect made in the app was never pushed.
    const made = list.rows.find((d: Json) => d.defectName === 'Flaky checkout');
    expect(made).toBeTruthy();
  });

  it('lists a key’s refused calls on its page and marks a key that keeps failing', async () => {
    for (let i = 0; i < 5; i++) await call('/api/report/defect', { reportTitle: '' });
    const isListed = async () => {
      for (let i = 0; i < 50; i++) {
        const res = await api(lead, 'GET', `/system/api/${apiId}/refusals`);
        if (res.rows?.length >= 5) return res;
        await new Promise((r) => setTimeout(r, 10));
      }
      return api(lead, 'GET', `/system/api/${apiId}/refusals`);
    };
    const refusals = await isListed();
    expect(refusals.rows[0]).toMatchObject({
      method: 'POST',
      url: '/api/report/defect',
      code: 500,
      reason: 'The report title cannot be empty',
    });
    expect((await api(lead, 'GET', `/system/api/${apiId}`)).data.refusedInRow).toBe(5);
    // An accepted call ends the run; the list stays.
    await call('/api/report/defect', { reportTitle: 'Fine' });
    await new Promise((r) => setTimeout(r, 50));
    expect((await api(lead, 'GET', `/system/api/${apiId}`)).data.refusedInRow).toBe(0);
    expect((await api(lead, 'GET', `/system/api/${apiId}/refusals`)).rows.length).toBeGreaterThanOrEqual(5);
    expect((await api(dev, 'GET', `/system/api/${apiId}/refusals`)).code).toBe(403);
  });
});
