import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_ENDED_CODE } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertTestTeam } from '../../../test/factories.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { startSmtpPeer } from '../../../test/smtp-peer.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { chatPlatformPlace } from '../../db/sealed-places.ts';
import { tokenIdOf } from '../../http/auth.ts';
import { loadSecretKey, SecretBox } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let base: string;
let tester: Person;
let dev: Person;
let follower: Person;
let stranger: Person;
let projectId: number;
let strangerTeam: number;

beforeAll(async () => {
  t = await createTestApp({ NOTICE_RETRY_SECONDS: '0.05,0.05', PUBLIC_URL: 'http://buglet.test' });
  // The DingTalk robot below listens on loopback: the outbound guard must let it through.
  await allowOutbound(t.db, LOOPBACK_RANGES);
  api = apiAs(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [tester, dev, follower, stranger] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  const teamId = await insertTestTeam(t.db, {
    [tester.userId]: [12],
    [dev.userId]: [5],
    [follower.userId]: [5],
  });
  strangerTeam = await insertTestTeam(t.db, { [stranger.userId]: [12] });
  const res = await api(tester, 'POST', '/system/project', {
    teamId,
    projectName: 'Notices',
    members: [
      { userId: dev.userId, roleIds: [7] },
      { userId: follower.userId, roleIds: [8] },
    ],
  });
  projectId = res.data.projectId;
});
afterAll(async () => t.close());

/** A socket that collects its frames; resolves once open, rejects when the handshake is refused. */
async function connect(
  who: Person,
  how: 'query' | 'cookie' | 'none' = 'query',
  asUser = who.userId,
  origin?: string,
) {
  const frames: Json[] = [];
  const url = `ws://${base}/ws/websocket/${asUser}/message${how === 'query' ? `?token=${who.token}` : ''}`;
  const ws = new WebSocket(url, {
    headers: {
      ...(how === 'cookie' ? { cookie: `Admin-Token=${who.token}` } : {}),
      ...(origin ? { origin } : {}),
    },
  });
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const waitFor = async (action: string, match: (data: Json) => boolean = () => true, ms = 2000) => {
    const start = Date.now();
    for (;;) {
      const found = frames.find((f) => f.action === action && match(f.data));
      if (found) return found;
      if (Date.now() - start > ms) throw new Error(`no ${action} frame within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, frames, waitFor, close: () => ws.close() };
}

/** Someone new in the project's team, added to the project as a developer by its lead. */
async function newMember(): Promise<Person> {
  const person = await t.signedIn();
  const { teamId } = await t.db
    .selectFrom('sysProject')
    .select('teamId')
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  await t.db.insertInto('sysUserTeam').values({ userId: person.userId, teamId, isLock: 0 }).execute();
  const added = await api(tester, 'POST', `/system/project/${projectId}/member`, {
    memberIds: [person.userId],
    roleIds: [7],
  });
  expect(added.code).toBe(200);
  return person;
}

const newDefect = async (handleBy: number[]) =>
  (
    await api(tester, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Pay button dead',
      defectDescribe: 'Nothing happens',
      defectLevel: 'urgent',
      handleBy,
    })
  ).data.defectId as number;

describe('the socket', () => {
  it('is refused without a token, with a wrong one, or for another user’s id', async () => {
    await expect(connect(dev, 'none')).rejects.toThrow('refused 401');
    await expect(connect({ ...dev, token: 'forged' })).rejects.toThrow('refused 401');
    await expect(connect(dev, 'query', tester.userId)).rejects.toThrow('refused 401');
    const viaCookie = await connect(dev, 'cookie');
    viaCookie.close();
  });

  it('takes the session cookie only from a page of ours: another site’s page is refused', async () => {
    await expect(connect(dev, 'cookie', dev.userId, 'https://evil.example')).rejects.toThrow('refused 403');
    await expect(connect(dev, 'cookie', dev.userId, 'null')).rejects.toThrow('refused 403');
    (await connect(dev, 'cookie', dev.userId, `http://${base}`)).close();
    // PUBLIC_URL is ours too (behind a proxy the Host may differ).
    (await connect(dev, 'cookie', dev.userId, t.config.publicUrl)).close();
    // A token the client sends itself (the original's mobile app) needs no origin of ours.
    (await connect(dev, 'query', dev.userId, 'https://app.example')).close();
  });

  it('tells teammates, and only them, when a member comes and goes', async () => {
    const watcher = await connect(tester);
    const outsider = await connect(stranger);
    const devSocket = await connect(dev);
    await watcher.waitFor('memberOnline', (id) => (id as unknown) === dev.userId);
    devSocket.close();
    await watcher.waitFor('memberOffline', (id) => (id as unknown) === dev.userId);
    // The outsider's own teammate comes online after: once the outsider hears of that, on the
    // same socket, anything sent to them about the developer would have come before it.
    const mate = await t.signedIn();
    await t.db
      .insertInto('sysUserTeam')
      .values({ userId: mate.userId, teamId: strangerTeam, isLock: 0 })
      .execute();
    const mateSocket = await connect(mate);
    await outsider.waitFor('memberOnline', (id) => (id as unknown) === mate.userId);
    expect(outsider.frames.filter((f) => f.data === dev.userId)).toEqual([]);
    for (const s of [watcher, outsider, mateSocket]) s.close();
  });
});

describe('a socket whose session ends', () => {
  it('closes (signed out, forced out by an administrator, expired) while another session’s stays', async () => {
    const person = await t.signedIn();
    const again = async () => ({ ...person, token: await t.login(person.userName, person.password) });
    const [kept, forced, expiring] = [await again(), await again(), await again()];
    const sockets = await Promise.all([person, kept, forced, expiring].map((who) => connect(who)));
    const closes = sockets.map((s) => new Promise<number>((resolve) => s.ws.once('close', resolve)));
    expect(await t.app.hub.closeEndedSessions()).toBe(0);

    expect((await api(person, 'POST', '/logout')).code).toBe(200);
    const forcedOut = await t.call({
      method: 'DELETE',
      url: `/monitor/online/${tokenIdOf(forced.token)}`,
      token: await t.login(),
    });
    expect(forcedOut.body.code).toBe(200);
    await t.db
      .updateTable('sysSession')
      .set({ expireAt: Date.now() - 1000 })
      .where('tokenId', '=', tokenIdOf(expiring.token))
      .execute();

    expect(await t.app.hub.closeEndedSessions()).toBe(3);
    expect(await Promise.all([closes[0], closes[2], closes[3]])).toEqual([
      SESSION_ENDED_CODE,
      SESSION_ENDED_CODE,
      SESSION_ENDED_CODE,
    ]);
    expect(sockets[1]?.ws.readyState).toBe(WebSocket.OPEN);
    sockets[1]?.close();
  });
});

describe('who is looking', () => {
  it('tells the project’s members who opened a defect and when they leave it', async () => {
    // Handled by its creator: no notice is sent, so the notice tests below start clean.
    const defectId = await newDefect([tester.userId]);
    const devSocket = await connect(dev);
    const outsider = await connect(stranger);
    await api(tester, 'GET', `/system/defect/${defectId}`);
    const looking = await devSocket.waitFor('memberFocus', (d) => d.dataId === defectId);
    expect(looking.data).toMatchObject({
      moduleName: 'defect',
      user: { userId: tester.userId, userName: tester.userName, nickName: expect.any(String) },
    });
    const view = await api(dev, 'GET', `/system/defect/${defectId}`);
    expect(view.data.focusList.map((u: Json) => u.userId).sort()).toEqual([tester.userId, dev.userId].sort());
    await api(tester, 'POST', '/system/defect/close-edit-window', {});
    await devSocket.waitFor('memberFocus', (d) => d.dataId === null && d.user.userId === tester.userId);
    const again = await api(dev, 'GET', `/system/defect/${defectId}`);
    expect(again.data.focusList.map((u: Json) => u.userId)).toEqual([dev.userId]);
    expect(outsider.frames.filter((f) => f.action === 'memberFocus')).toEqual([]);
    // The reader's last socket closing takes their markers away too.
    devSocket.close();
    await until(async () => {
      const v = await api(tester, 'GET', `/system/defect/${defectId}`);
      return !v.data.focusList.some((u: Json) => u.userId === dev.userId);
    });
    await api(tester, 'POST', '/system/defect/close-edit-window', {});
    outsider.close();
  });
});

describe('defect notices in the app', () => {
  it('reach the handler at once with the pop-up, never the actor, and reading one clears the other tab', async () => {
    const devTab1 = await connect(dev);
    const devTab2 = await connect(dev);
    const testerSocket = await connect(tester);
    const defectId = await newDefect([dev.userId]);
    const frame = await devTab1.waitFor('notice', (d) => d.noticeId !== undefined && d.isRead === false);
    expect(frame).toMatchObject({ code: 200, action: 'notice' });
    expect(frame.data.noticeTitle).toMatch(/^\[待处理\]缺陷:#\d+ Pay button dead$/);
    expect(frame.data.src).toBe(`/project/defect?defectId=${defectId}&projectId=${projectId}`);
    expect(frame.data).toMatchObject({ backgroundMusic: true, backgroundMusicUrl: 'default.mp3' });
    const panel = await devTab2.waitFor('panel_notice');
    expect(panel.data).toMatchObject({
      panel: true,
      backgroundMusic: true,
      backgroundMusicUrl: 'default.mp3',
    });
    // The tester created it: no notice. The developer's repair then tells the tester, its creator,
    // on the same socket: once that has come, a notice of the creation would have come before.
    await api(dev, 'POST', `/system/defect/${defectId}/repair`, { receiveBy: [follower.userId] });
    const repaired = await testerSocket.waitFor(
      'notice',
      (d) => d.isRead === false && !d.noticeTitle.startsWith('[待处理]'),
    );
    expect(testerSocket.frames.filter((f) => f.action === 'notice')).toEqual([repaired]);

    const stats = await api(dev, 'GET', '/system/notice/statistics/group');
    expect(stats.rows.find((g: Json) => g.groupName === 'defect')).toMatchObject({
      notReadCount: 1,
      readCount: 0,
    });
    const list = await api(dev, 'GET', '/system/notice/list');
    // Written again in the reader's language.
    expect(list.rows[0]).toMatchObject({ groupName: 'defect', isRead: false, projectName: 'Notices' });
    expect(list.rows[0].noticeTitle).toMatch(/^\[Pending\] Defect #\d+ Pay button dead$/);
    expect(list.rows[0].noticeContent).toContain('created a defect and assigned it to you');

    const opened = await api(dev, 'GET', `/system/notice/${frame.data.noticeId}`);
    expect(opened.data.isRead).toBe(true);
    await devTab2.waitFor('notice', (d) => d.noticeId === frame.data.noticeId && d.isRead === true);
    const after = await api(dev, 'GET', '/system/notice/statistics/group');
    expect(after.rows.find((g: Json) => g.groupName === 'defect')).toMatchObject({
      notReadCount: 0,
      readCount: 1,
    });
    // Another user can neither open nor delete it.
    expect((await api(tester, 'GET', `/system/notice/${frame.data.noticeId}`)).msg).toBe(
      'The notice does not exist',
    );
    await api(tester, 'DELETE', `/system/notice/${frame.data.noticeId}`);
    expect((await api(dev, 'GET', '/system/notice/list')).total).toBe(1);
    for (const s of [devTab1, devTab2, testerSocket]) s.close();
  });

  it('go to followers and the creator through the workflow, each by their own settings', async () => {
    const countOf = async (who: Person) => (await api(who, 'GET', '/system/notice/list')).total as number;
    const devBefore = await countOf(dev);
    const defectId = await newDefect([dev.userId]);
    // Notices are written just after the request (defect events are taken in short batches):
    // the creation's is written before the follower follows, so it is not theirs.
    await until(async () => (await countOf(dev)) === devBefore + 1);
    await api(follower, 'PUT', `/system/defect/${defectId}`, { collect: 1 });
    const [testerBefore, followerBefore] = [await countOf(tester), await countOf(follower)];
    const fix = await api(dev, 'POST', `/system/defect/${defectId}/repair`, { receiveBy: [follower.userId] });
    expect(fix.code).toBe(200);
    // The reviewer (follower) and the creator (tester) hear of it; the actor (dev) does not.
    await until(
      async () =>
        (await countOf(follower)) === followerBefore + 1 && (await countOf(tester)) === testerBefore + 1,
    );

    // The follower turns off "defects I follow" and in-app notices stop for them.
    const settings = (await api(follower, 'GET', '/im/config', undefined, { projectId: String(projectId) }))
      .data;
    expect(settings.imConfigId).toBeNull();
    settings.config.modules.defect.event.collect = false;
    settings.config.modules.defect.event.receiver = false;
    expect((await api(follower, 'POST', '/im/config', { projectId, config: settings.config })).code).toBe(
      200,
    );
    // The follower sends it back, and the developer sends it to them for review again: as its
    // reviewer and follower they would hear of that, as the creator does.
    const devBeforeReject = await countOf(dev);
    await api(follower, 'POST', `/system/defect/${defectId}/reject`, { defectLogDescribe: 'still broken' });
    await until(async () => (await countOf(dev)) === devBeforeReject + 1);
    const testerBeforeAgain = await countOf(tester);
    const again = await api(dev, 'POST', `/system/defect/${defectId}/repair`, {
      receiveBy: [follower.userId],
    });
    expect(again.code).toBe(200);
    // An event's notices are written in one INSERT: once the creator's is there, the follower's
    // would be too.
    await until(async () => (await countOf(tester)) === testerBeforeAgain + 1);
    expect(await countOf(follower)).toBe(followerBefore + 1);
  });

  it('never reach someone who left the project, though they still follow or handle its defects', async () => {
    // Added and removed by the project's lead, as the members page does.
    const leaver = await newMember();
    const countOf = async () => (await api(leaver, 'GET', '/system/notice/list')).total as number;
    const defectId = await newDefect([dev.userId, leaver.userId]);
    await until(async () => (await countOf()) === 1);
    await api(leaver, 'PUT', `/system/defect/${defectId}`, { collect: 1 });

    expect((await api(tester, 'DELETE', `/system/project/${projectId}/member/${leaver.userId}`)).code).toBe(
      200,
    );
    const creatorBefore = (await api(tester, 'GET', '/system/notice/list')).total as number;
    const fix = await api(dev, 'POST', `/system/defect/${defectId}/repair`, { receiveBy: [follower.userId] });
    expect(fix.code).toBe(200);
    // The action's notices are written in one INSERT: once the creator's is there, a notice to
    // the leaver would be too.
    await until(async () => (await api(tester, 'GET', '/system/notice/list')).total === creatorBefore + 1);
    expect(await countOf()).toBe(1);
  });
});

describe('the reader’s language', () => {
  it('writes what is pushed in the language the receiver reads the app in, whoever caused it', async () => {
    const reader = await newMember();
    // The reader chose English in the app (saved with their preferences); the tester reads Chinese.
    expect((await api(reader, 'PUT', '/system/user-config', { lang: 'en_US' })).code).toBe(200);
    const socket = await connect(reader);
    try {
      await newDefect([reader.userId]);
      const frame = await socket.waitFor('notice', (d) => d.isRead === false);
      expect(frame.data.noticeTitle).toMatch(/^\[Pending\] Defect #\d+ Pay button dead$/);
      const panel = await socket.waitFor('panel_notice');
      expect(panel.data.noticeTitle).toMatch(/^\[Pending\] Defect/);
    } finally {
      socket.close();
    }
  });
});

describe('settings', () => {
  it('default to the user’s own address and refuse malformed ones', async () => {
    await t.db
      .updateTable('sysUser')
      .set({ email: 'dev@example.test' })
      .where('userId', '=', dev.userId)
      .execute();
    const mine = await api(dev, 'GET', '/im/config', undefined, { projectId: String(projectId) });
    expect(mine.data.config.platforms.bmail).toEqual({ switch: false, receiver: 'dev@example.test' });
    const other = await api(tester, 'GET', '/im/config', undefined, { projectId: String(projectId) });
    expect(other.data.config.platforms.bmail.receiver).toBe('');
    const bad = structuredClone(mine.data.config);
    bad.platforms.bmail = { switch: true, receiver: 'not-an-address' };
    const refused = await api(dev, 'POST', '/im/config', { projectId, config: bad });
    expect(refused).toMatchObject({ code: 500 });
    expect(refused.msg).toContain('Enter a valid email address');
    const hook = await api(tester, 'POST', '/im/project/ding/config', {
      projectId,
      configParams: JSON.stringify({ hook: 'ftp://robot' }),
    });
    expect(hook.msg).toBe('The DingTalk webhook must be an http(s) address');
    const wx = await api(tester, 'POST', '/im/project/wechat/config', {
      projectId,
      configParams: JSON.stringify({ corpId: 'ww1' }),
    });
    expect(wx.msg).toBe('Fill in the CorpID, AgentId and secret together, or none of them');
    expect((await api(stranger, 'GET', '/im/config', undefined, { projectId: String(projectId) })).code).toBe(
      403,
    );
  });

  it('never send a chat secret back: they say which are set, and a save without one keeps it', async () => {
    const save = (code: string, params: Json) =>
      api(tester, 'POST', `/im/project/${code}/config`, { projectId, configParams: JSON.stringify(params) });
    const read = async (code: string) =>
      (await api(tester, 'GET', `/im/project/${code}/config`, undefined, { projectId: String(projectId) }))
        .data;
    // Stored sealed (lib/secrets.ts), under the key of the app's data folder.
    const box = new SecretBox(loadSecretKey(t.config).key);
    const stored = async (code: string) =>
      JSON.parse(
        box.open(
          (
            await t.db
              .selectFrom('imProjectConfig')
              .select('configParams')
              .where('projectId', '=', projectId)
              .where('systemCode', '=', code)
              .executeTakeFirstOrThrow()
          ).configParams,
          chatPlatformPlace(projectId, code),
        ),
      );
    expect((await save('ding', { keyword: 'bug', secret: 'SEC-ding', clientSecret: 'APP-ding' })).code).toBe(
      200,
    );
    const shown = await read('ding');
    expect(JSON.stringify(shown)).not.toMatch(/SEC-ding|APP-ding/);
    expect(shown.secretsSet).toEqual(['secret', 'clientSecret']);
    expect(JSON.parse(shown.configParams)).toMatchObject({ keyword: 'bug', secret: '', clientSecret: '' });
    // Saved again from the form without the secrets: both kept; an empty text clears one.
    expect((await save('ding', { keyword: 'defect' })).code).toBe(200);
    expect(await stored('ding')).toMatchObject({
      keyword: 'defect',
      secret: 'SEC-ding',
      clientSecret: 'APP-ding',
    });
    expect((await save('ding', { keyword: 'defect', clientSecret: '' })).code).toBe(200);
    expect((await read('ding')).secretsSet).toEqual(['secret']);
    // The robot hook's token is shown masked; the masked hook saved back keeps the stored one, a
    // masked text that is not the stored hook's is refused.
    const hook = 'https://oapi.dingtalk.com/robot/send?access_token=abcdef123456';
    expect((await save('ding', { keyword: 'defect', hook })).code).toBe(200);
    const masked = JSON.parse((await read('ding')).configParams).hook;
    expect(masked).toBe('https://oapi.dingtalk.com/robot/send?access_token=••••3456');
    expect((await save('ding', { keyword: 'hooked', hook: masked })).code).toBe(200);
    expect(await stored('ding')).toMatchObject({ keyword: 'hooked', hook });
    const forged = await save('ding', { keyword: 'x', hook: masked.replace('3456', '9999') });
    expect(forged.code).toBe(500);
    expect(await stored('ding')).toMatchObject({ keyword: 'hooked', hook });
    // WeChat Work's all-or-none rule counts the stored secret.
    expect((await save('wechat', { corpId: 'ww1', agentId: '1000002', corpSecret: 'WX-SEC' })).code).toBe(
      200,
    );
    expect(JSON.stringify(await read('wechat'))).not.toContain('WX-SEC');
    expect((await save('wechat', { corpId: 'ww2', agentId: '1000003' })).code).toBe(200);
    expect(await stored('wechat')).toEqual({ corpId: 'ww2', agentId: '1000003', corpSecret: 'WX-SEC' });
  });

  it('let a manual notice reach project members only', async () => {
    const refused = await api(tester, 'POST', '/system/notice/send', {
      projectId,
      receiveIds: [stranger.userId],
      title: 'Hello',
      content: 'x',
    });
    expect(refused.msg).toBe(`The user "${stranger.userId}" is not a member of this project`);
    const sent = await api(tester, 'POST', '/system/notice/send', {
      projectId,
      receiveIds: [dev.userId],
      title: 'Release tonight',
      content: '**Freeze** at 18:00',
    });
    expect(sent.code).toBe(200);
    const list = await api(dev, 'GET', '/system/notice/list', undefined, { groupName: 'artificial' });
    expect(list.rows[0]).toMatchObject({
      noticeTitle: 'Release tonight',
      noticeContent: '**Freeze** at 18:00',
    });
  });
});

describe('e-mail and chat', () => {
  it('mail a real SMTP server, sign DingTalk requests, retry a failing receiver and record the failure; the action always succeeds', async () => {
    const smtp = await startSmtpPeer();
    const { mails, port: smtpPort } = smtp;
    const dingHits: { url: string; body: Json }[] = [];
    let failing = true;
    const robot = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        dingHits.push({ url: req.url ?? '', body: JSON.parse(body) });
        const broken = req.url?.startsWith('/broken') && failing;
        res.writeHead(broken ? 500 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
      });
    });
    await new Promise<void>((r) => robot.listen(0, '127.0.0.1', () => r()));
    const robotUrl = `http://127.0.0.1:${(robot.address() as AddressInfo).port}`;
    try {
      const admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
      expect(
        (
          await api(admin, 'PUT', '/system/notice/mail-config', {
            host: '127.0.0.1',
            port: smtpPort,
            secure: false,
            from: 'buglet@example.test',
          })
        ).code,
      ).toBe(200);
      expect((await api(admin, 'GET', '/system/notice/mail-config')).data).toMatchObject({
        hasPassword: false,
      });
      await api(tester, 'POST', '/im/project/ding/config', {
        projectId,
        configParams: JSON.stringify({
          keyword: 'bug',
          hook: `${robotUrl}/robot/send?access_token=abc`,
          secret: 'SEC123',
        }),
      });
      const settings = (await api(dev, 'GET', '/im/config', undefined, { projectId: String(projectId) })).data
        .config;
      settings.platforms.bmail = { switch: true, receiver: 'dev@example.test' };
      settings.platforms.ding = { switch: true, userId: 'ding-dev' };
      await api(dev, 'POST', '/im/config', { projectId, config: settings });

      const defectId = await newDefect([dev.userId]);
      // The notice is composed after the request has answered; wait for both deliveries.
      await until(async () => {
        await t.app.outbox.drain();
        return mails.length === 1 && dingHits.length === 1;
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Pay button dead');
      expect(mails[0]).toContain(`http://buglet.test/#/project/defect?defectId=${defectId}`);
      const hit = dingHits.at(-1) as { url: string; body: Json };
      const url = new URL(hit.url, robotUrl);
      const timestamp = url.searchParams.get('timestamp') as string;
      const expected = createHmac('sha256', 'SEC123').update(`${timestamp}\nSEC123`).digest('base64');
      expect(url.searchParams.get('sign')).toBe(expected);
      expect(Math.abs(Date.now() - Number(timestamp))).toBeLessThan(60_000);
      expect(hit.body.text.content).toMatch(/^【bug】\[/);

      // A receiver that answers 500: tried three times (first try and two retries), then recorded.
      await api(tester, 'POST', '/im/project/ding/config', {
        projectId,
        configParams: JSON.stringify({ hook: `${robotUrl}/broken` }),
      });
      const before = dingHits.length;
      const second = await api(tester, 'POST', '/system/defect', {
        projectId,
        defectType: 'TASK',
        defectName: 'Second',
        defectDescribe: 'x',
        defectLevel: 'low',
        handleBy: [dev.userId],
      });
      expect(second.code).toBe(200);
      for (let i = 0; i < 50; i++) {
        await t.app.outbox.drain();
        const failed = await t.db
          .selectFrom('sysNoticeOutbox')
          .selectAll()
          .where('state', '=', 'failed')
          .execute();
        if (failed.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const failed = await t.db
        .selectFrom('sysNoticeOutbox')
        .selectAll()
        .where('state', '=', 'failed')
        .execute();
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ channel: 'ding', attempts: 3 });
      expect(dingHits.length - before).toBe(3);
      // Kept in words of ours by their message key: each reader reads the failure in their language.
      const robotHost = new URL(robotUrl).host;
      expect(failed[0]?.lastError).toBe(JSON.stringify(['notice.delivery.answered', robotHost, 500]));
      const reasonIn = async (lang: 'zh_CN' | 'en_US') => {
        const res = await t.call({
          method: 'GET',
          url: `/im/config/status?projectId=${projectId}`,
          token: dev.token,
          lang,
        });
        return res.body.data.failures.find((f: Json) => f.channel === 'ding')?.reason;
      };
      expect(await reasonIn('en_US')).toBe(`${robotHost} answered HTTP 500`);
      expect(await reasonIn('zh_CN')).toBe(`${robotHost} 返回了 HTTP 500`);
      failing = false;
    } finally {
      await smtp.close();
      await new Promise<void>((r) => robot.close(() => r()));
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('several instances through Redis', () => {
  it('delivers a notice caused through one instance to a socket on another, and shares presence', async () => {
    const { buildApp } = await import('../../app.ts');
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: `test-${process.pid}-${Date.now()}`,
    };
    const first = await createTestApp(env);
    const second = await buildApp({ config: first.config, db: first.db });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const firstApi = apiAs(first);
      const [lead, worker] = [await first.signedIn(), await first.signedIn()];
      const teamId = await insertTestTeam(first.db, { [lead.userId]: [12], [worker.userId]: [5] });
      const project = await firstApi(lead, 'POST', '/system/project', {
        teamId,
        projectName: 'Two instances',
        members: [{ userId: worker.userId, roleIds: [7] }],
      });
      const frames: Json[] = [];
      const ws = new WebSocket(
        `ws://${secondBase}/ws/websocket/${worker.userId}/message?token=${worker.token}`,
      );
      ws.on('message', (d) => frames.push(JSON.parse(String(d))));
      await new Promise((r) => ws.once('open', r));
      // Presence kept in Redis: the first instance sees the socket held by the second.
      await until(async () => {
        const online = await firstApi(lead, 'GET', '/system/online/users', undefined, {
          projectId: String(project.data.projectId),
        });
        return (online.data as number[]).includes(worker.userId);
      });
      const created = await firstApi(lead, 'POST', '/system/defect', {
        projectId: project.data.projectId,
        defectType: 'BUG',
        defectName: 'Across instances',
        defectDescribe: 'x',
        defectLevel: 'low',
        handleBy: [worker.userId],
      });
      expect(created.code).toBe(200);
      await until(async () =>
        frames.some((f) => f.action === 'notice' && f.data.noticeTitle?.includes('Across instances')),
      );
      ws.close();
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('WeChat Work', () => {
  it('gets a token and sends the text to the member’s account through the API; a refusal reads in the reader’s language', async () => {
    const hits: { url: string; body: Json | null }[] = [];
    let refusing = false;
    const wx = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        hits.push({ url: req.url ?? '', body: body ? JSON.parse(body) : null });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            req.url?.startsWith('/cgi-bin/gettoken')
              ? { errcode: 0, access_token: 'TOKEN1' }
              : refusing
                ? { errcode: 81013, errmsg: 'user & party & tag all invalid' }
                : { errcode: 0 },
          ),
        );
      });
    });
    await new Promise<void>((r) => wx.listen(0, '127.0.0.1', () => r()));
    const app = await createTestApp({
      WECHAT_API_URL: `http://127.0.0.1:${(wx.address() as AddressInfo).port}`,
    });
    try {
      const call = apiAs(app);
      const [lead, worker] = [await app.signedIn(), await app.signedIn()];
      const teamId = await insertTestTeam(app.db, { [lead.userId]: [12], [worker.userId]: [5] });
      const project = await call(lead, 'POST', '/system/project', {
        teamId,
        projectName: 'WeChat',
        members: [{ userId: worker.userId, roleIds: [7] }],
      });
      const pid = project.data.projectId as number;
      expect(
        (
          await call(lead, 'POST', '/im/project/wechat/config', {
            projectId: pid,
            configParams: JSON.stringify({ corpId: 'ww-corp', agentId: '1000002', corpSecret: 'S3' }),
          })
        ).code,
      ).toBe(200);
      const settings = (await call(worker, 'GET', '/im/config', undefined, { projectId: String(pid) })).data
        .config;
      // No id in the project's settings: the one in the personal center is used.
      settings.platforms.wechat = { switch: true, userId: '' };
      await call(worker, 'POST', '/im/config', { projectId: pid, config: settings });
      await app.db
        .updateTable('sysUser')
        .set({ wechatUserId: 'zhangsan' })
        .where('userId', '=', worker.userId)
        .execute();
      await call(lead, 'POST', '/system/notice/send', {
        projectId: pid,
        receiveIds: [worker.userId],
        title: 'Standup moved',
        content: 'At **10:30**',
      });
      await until(async () => {
        await app.app.outbox.drain();
        return hits.length === 2;
      });
      expect(hits[0]?.url).toBe('/cgi-bin/gettoken?corpid=ww-corp&corpsecret=S3');
      expect(hits[1]?.url).toBe('/cgi-bin/message/send?access_token=TOKEN1');
      expect(hits[1]?.body).toMatchObject({
        touser: 'zhangsan',
        msgtype: 'text',
        agentid: 1000002,
        text: { content: 'Standup moved\nAt 10:30' },
      });

      // WeCom refuses the next one: our words by their key, WeCom's own words as they came.
      refusing = true;
      await call(lead, 'POST', '/system/notice/send', {
        projectId: pid,
        receiveIds: [worker.userId],
        title: 'Standup cancelled',
        content: 'x',
      });
      const reasonIn = async (lang: 'zh_CN' | 'en_US') => {
        const res = await app.call({
          method: 'GET',
          url: `/im/config/status?projectId=${pid}`,
          token: worker.token,
          lang,
        });
        return res.body.data.failures.find((f: Json) => f.channel === 'wechat')?.reason as string | undefined;
      };
      await until(async () => {
        await app.app.outbox.drain();
        return (await reasonIn('en_US')) !== undefined;
      });
      expect(await reasonIn('en_US')).toBe('WeCom refused the message: user & party & tag all invalid');
      expect(await reasonIn('zh_CN')).toBe('企业微信拒绝了这条消息：user & party & tag all invalid');
    } finally {
      await app.close();
      await new Promise<void>((r) => wx.close(() => r()));
    }
  });
});

describe('GET /im/config/status', () => {
  it('tells the person which channels are not set up and which deliveries to them failed', async () => {
    const app = await createTestApp();
    try {
      const call = apiAs(app);
      const [lead, worker] = [await app.signedIn(), await app.signedIn()];
      const teamId = await insertTestTeam(app.db, { [lead.userId]: [12], [worker.userId]: [5] });
      const project = await call(lead, 'POST', '/system/project', {
        teamId,
        projectName: 'Unset',
        members: [{ userId: worker.userId, roleIds: [7] }],
      });
      const pid = project.data.projectId as number;
      const query = { projectId: String(pid) };
      const settings = (await call(worker, 'GET', '/im/config', undefined, query)).data.config;
      settings.platforms.bmail = { switch: true, receiver: 'worker@example.test' };
      settings.platforms.ding = { switch: true, userId: 'ding-worker' };
      await call(worker, 'POST', '/im/config', { projectId: pid, config: settings });
      expect((await call(worker, 'GET', '/im/config/status', undefined, query)).data).toEqual({
        channels: { mail: false, ding: false, wechat: false },
        failures: [],
      });

      await call(lead, 'POST', '/system/notice/send', {
        projectId: pid,
        receiveIds: [worker.userId],
        title: 'Release at five',
        content: 'Be there',
      });
      let status: Json = {};
      await until(async () => {
        await app.app.outbox.drain();
        status = (await call(worker, 'GET', '/im/config/status', undefined, query)).data;
        return status.failures.length === 2;
      });
      const reasons = (status.failures as Json[]).map((f) => [f.channel, f.reason, f.isFinal]).sort();
      expect(reasons).toEqual([
        ['ding', "The project has no DingTalk robot; ask the project's administrator", false],
        ['mail', 'No mail server is set up on the platform; ask the system administrator', false],
      ]);
      // Each person sees only their own deliveries.
      expect((await call(lead, 'GET', '/im/config/status', undefined, query)).data.failures).toEqual([]);
      const zh = await app.call({
        method: 'GET',
        url: `/im/config/status?projectId=${pid}`,
        token: worker.token,
      });
      expect(zh.body.data.failures.map((f: Json) => f.reason)).toContain(
        '平台未设置邮件服务器，请联系系统管理员',
      );
      // A failure recorded while the reasons were English sentences still reads in the reader's language.
      await app.db
        .insertInto('sysNoticeOutbox')
        .values({
          channel: 'wechat',
          projectId: pid,
          receiverId: worker.userId,
          payload: '{}',
          state: 'failed',
          attempts: 3,
          nextAttemptAt: 0,
          claimedUntil: 0,
          lastError: 'the project has no WeChat Work app',
          createTime: formatDateTime(),
          sentTime: null,
          webhookId: null,
          responseCode: null,
        })
        .execute();
      const failures = (await call(worker, 'GET', '/im/config/status', undefined, query)).data.failures;
      expect(failures[0]).toMatchObject({
        channel: 'wechat',
        isFinal: true,
        reason: "The project has no WeCom app; ask the project's administrator",
      });
      // So do the other English sentences the outbox wrote before, the platform's words kept.
      await app.db
        .updateTable('sysNoticeOutbox')
        .set({ channel: 'ding', lastError: 'DingTalk refused: keywords not in content' })
        .where('outboxId', '=', failures[0].outboxId)
        .execute();
      const older = await app.call({
        method: 'GET',
        url: `/im/config/status?projectId=${pid}`,
        token: worker.token,
      });
      expect(older.body.data.failures[0].reason).toBe('钉钉拒绝了这条消息：keywords not in content');
    } finally {
      await app.close();
    }
  });
});
