import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONFIG_KEYS } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { allowOutbound, LOOPBACK_RANGES, refusedText } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { up as seedAllowList } from '../../db/migrations/016-outbound-allow-ranges.ts';
import { up as describeAllowList } from '../../db/migrations/041-outbound-remark.ts';

/** The outbound guard where a project sets an address: AI server and DingTalk hook, at save and at call time. */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let dev: Person;
let projectId: number;

beforeAll(async () => {
  // No allow-list: the guard as a fresh installation has it.
  t = await createTestApp({ NOTICE_RETRY_SECONDS: '0.05' });
  api = apiAs(t);
  [lead, dev] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12], [dev.userId]: [5] });
  const res = await api(lead, 'POST', '/system/project', {
    teamId,
    projectName: 'Guarded',
    members: [{ userId: dev.userId, roleIds: [7] }],
  });
  projectId = res.data.projectId;
});
afterAll(async () => t.close());

const setAi = (aiUrl: string) => api(lead, 'PUT', '/system/ai/config', { projectId, aiUrl });
const aiUrlSaved = async () =>
  (await api(lead, 'GET', '/system/ai/config', undefined, { projectId: String(projectId) })).data.aiUrl;
const setHook = (hook: string) =>
  api(lead, 'POST', '/im/project/ding/config', { projectId, configParams: JSON.stringify({ hook }) });

describe('the allow-list record', () => {
  it('is seeded empty, and a range that is none is refused when saved', async () => {
    const admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
    const found = await api(admin, 'GET', '/system/config/list', undefined, {
      configKey: CONFIG_KEYS.outboundAllowRanges,
    });
    expect(found.rows).toHaveLength(1);
    const row = found.rows[0] as Json;
    expect(row).toMatchObject({ configValue: '', configType: 'Y' });
    const save = (configValue: string) =>
      api(admin, 'PUT', '/system/config', { ...row, configValue, remark: row.remark ?? undefined });
    expect((await save('10.0.0.0/8, intranet, 10.0.0.0/33')).msg).toBe(
      'Not an address range (CIDR such as 10.0.0.0/8 or fd00::/8): intranet, 10.0.0.0/33',
    );
    expect((await save('10.0.0.0/8,fd00::/8')).code).toBe(200);
    expect((await save('')).code).toBe(200);
  });

  it('is added to a database seeded before it, once', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('sysConfig')
          .select('configId')
          .where('configKey', '=', CONFIG_KEYS.outboundAllowRanges)
          .execute()
      ).length;
    await t.db.deleteFrom('sysConfig').where('configKey', '=', CONFIG_KEYS.outboundAllowRanges).execute();
    await seedAllowList(t.db as never);
    await seedAllowList(t.db as never);
    expect(await count()).toBe(1);
  });

  it('names every caller it lets through and the entry for this machine; an older remark is brought up to date', async () => {
    const remark = async () =>
      (
        await t.db
          .selectFrom('sysConfig')
          .select('remark')
          .where('configKey', '=', CONFIG_KEYS.outboundAllowRanges)
          .executeTakeFirstOrThrow()
      ).remark;
    const now = await remark();
    expect(now).toContain('浏览器工具');
    expect(now).toContain('127.0.0.1/32');
    const set = (text: string) =>
      t.db
        .updateTable('sysConfig')
        .set({ remark: text })
        .where('configKey', '=', CONFIG_KEYS.outboundAllowRanges)
        .execute();
    await set(
      "以 ',' 分隔的网段（如 10.0.0.0/8、fd00::/8），项目的 AI 服务器和聊天机器人可访问这些内网、回环或链路本地地址",
    );
    await describeAllowList(t.db as never);
    expect(await remark()).toBe(now);
    // A remark the administrator wrote stays.
    await set('ours');
    await describeAllowList(t.db as never);
    expect(await remark()).toBe('ours');
    await set(now ?? '');
  });
});

describe('a project’s AI server', () => {
  it('is refused at save time when it is loopback, private or link-local, in both languages', async () => {
    expect((await setAi('http://127.0.0.1:1/')).msg).toBe(refusedText('http://127.0.0.1:1'));
    expect((await setAi('http://169.254.169.254/')).msg).toBe(refusedText('http://169.254.169.254'));
    expect((await setAi('http://localhost:11434')).msg).toBe(refusedText('http://localhost:11434'));
    expect((await setAi('http://2130706433:11434')).msg).toBe(refusedText('http://127.0.0.1:11434'));
    expect((await setAi('http://10.0.0.1:11434')).msg).toBe(refusedText('http://10.0.0.1:11434'));
    const zh = await t.call({
      method: 'PUT',
      url: '/system/ai/config',
      token: lead.token,
      payload: { projectId, aiUrl: 'http://169.254.169.254/' },
    });
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({
      code: 500,
      msg: '不允许访问地址 http://169.254.169.254：它指向内网、本机回环或链路本地网络。管理员可在“参数设置”中把 169.254.169.254/32 加入 sys.outbound.allowRanges（外部调用-允许的内网地址段）来允许它',
    });
    expect(await aiUrlSaved()).toBeNull();
  });

  it('is saved when public, or when its name does not resolve yet (the call checks again)', async () => {
    expect((await setAi('http://203.0.113.10:11434')).code).toBe(200);
    expect((await setAi('https://ollama.example.invalid')).code).toBe(200);
    expect(await aiUrlSaved()).toBe('https://ollama.example.invalid');
    await setAi('');
  });

  it('is refused at call time once its range is no longer allowed, for a list, a download and a generation', async () => {
    // A literal address (refused before any request) and a name (refused in the socket's lookup).
    for (const aiUrl of ['http://127.0.0.1:1', 'http://localhost:1']) {
      await allowOutbound(t.db, LOOPBACK_RANGES);
      expect((await setAi(aiUrl)).code).toBe(200);
      await allowOutbound(t.db, '');
      const answers = [
        await api(lead, 'GET', '/system/ai/list', undefined, { projectId: String(projectId) }),
        await api(lead, 'POST', '/system/ai/model', { projectId, name: 'phi3' }),
        await api(lead, 'POST', '/ai/case/list', { projectId, prompt: 'Test the cart' }),
      ];
      for (const answer of answers) expect(answer).toMatchObject({ code: 500, msg: refusedText(aiUrl) });
    }
    await setAi('');
  });
});

describe('a project’s DingTalk hook', () => {
  it('is refused at save time without repeating its token, and a public one is saved', async () => {
    expect((await setHook('http://127.0.0.1:1/robot/send?access_token=abc')).msg).toBe(
      refusedText('http://127.0.0.1:1'),
    );
    expect((await setHook('http://169.254.169.254/latest/meta-data/')).msg).toBe(
      refusedText('http://169.254.169.254'),
    );
    expect((await setHook('http://[fd00:ec2::254]/')).msg).toBe(refusedText('http://[fd00:ec2::254]'));
    expect((await setHook('https://oapi.dingtalk.com/robot/send?access_token=abc')).code).toBe(200);
  });

  it('refused at call time ends as a failed delivery with the reason, and the robot is never reached', async () => {
    let connections = 0;
    const robot = http.createServer((_req, res) => res.end('{"errcode":0}'));
    robot.on('connection', () => {
      connections++;
    });
    await new Promise<void>((r) => robot.listen(0, '127.0.0.1', () => r()));
    const origin = `http://127.0.0.1:${(robot.address() as AddressInfo).port}`;
    try {
      await allowOutbound(t.db, LOOPBACK_RANGES);
      expect((await setHook(`${origin}/robot/send?access_token=abc`)).code).toBe(200);
      await allowOutbound(t.db, '');
      const settings = (await api(dev, 'GET', '/im/config', undefined, { projectId: String(projectId) })).data
        .config;
      settings.platforms.ding = { switch: true, userId: 'ding-dev' };
      expect((await api(dev, 'POST', '/im/config', { projectId, config: settings })).code).toBe(200);
      const sent = await api(lead, 'POST', '/system/notice/send', {
        projectId,
        receiveIds: [dev.userId],
        title: 'Standup moved',
        content: 'At 10:30',
      });
      expect(sent.code).toBe(200);
      const failed = () =>
        t.db
          .selectFrom('sysNoticeOutbox')
          .selectAll()
          .where('channel', '=', 'ding')
          .where('state', '=', 'failed')
          .execute();
      await until(async () => {
        await t.app.outbox.drain();
        return (await failed()).length === 1;
      });
      expect((await failed())[0]).toMatchObject({ attempts: 2 });
      // Kept as the refusal's message key: the person reads it in their language.
      const status = await api(dev, 'GET', '/im/config/status', undefined, { projectId: String(projectId) });
      expect(status.data.failures[0]).toMatchObject({ channel: 'ding', reason: refusedText(origin) });
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((r) => robot.close(() => r()));
    }
  });
});
