import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer, waitUp } from '../../bench/server-process.ts';

/**
 * Two server processes on loopback sharing one database (the SQLite file, in WAL mode) and one
 * Redis: a notice caused through the first reaches a socket connected to the second. Runs when
 * TEST_REDIS_URL is set (`.ci/run` sets it).
 */
const REDIS = process.env.TEST_REDIS_URL;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(REDIS)('two server processes through Redis', () => {
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    const env = {
      REDIS_URL: REDIS as string,
      REDIS_PREFIX: `e2e-${process.pid}-${Date.now()}`,
      CAPTCHA_ENABLED: 'false',
      ADMIN_PASSWORD: 'admin-e2e1',
    };
    first = await startServer(env);
    await waitUp(first.url);
    second = await startServer(env, first.dataDir);
    await waitUp(second.url);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  async function api(base: string, token: string, method: string, route: string, body?: unknown) {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        language: 'en_US',
        ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as {
      code: number;
      msg: string;
      token?: string;
      data?: Record<string, unknown>;
    };
    if (json.code !== 200) throw new Error(`${method} ${route}: ${json.msg}`);
    return json;
  }

  it('delivers a notice sent through the first process to a socket on the second', async () => {
    const admin = (await api(first.url, '', 'POST', '/login', { username: 'admin', password: 'admin-e2e1' }))
      .token as string;
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
    const icon = (await api(first.url, admin, 'POST', '/common/upload', form)) as unknown as {
      fileName: string;
    };
    const team = await api(first.url, admin, 'POST', '/system/team', {
      teamName: 'Twin Team',
      teamIcon: icon.fileName,
    });
    const teamId = team.data?.teamId as number;
    const member = await api(first.url, admin, 'POST', `/system/team/${teamId}/member`, {
      userName: 'twinworker',
      nickName: 'Twin Worker',
      password: 'secret12',
      phoneNumber: '13900001111',
      email: 'twin@example.com',
      roleIds: [5],
    });
    const workerId = Number(member.data?.userId ?? (member as unknown as { userId: number }).userId);
    const project = await api(first.url, admin, 'POST', '/system/project', {
      teamId,
      projectName: 'Twin Project',
      members: [{ userId: workerId, roleIds: [7] }],
    });
    const projectId = project.data?.projectId as number;
    // The worker signs in through the second process and keeps a socket there.
    const worker = (
      await api(second.url, '', 'POST', '/login', { username: 'twinworker', password: 'secret12' })
    ).token as string;
    const frames: { action: string; data: Record<string, unknown> }[] = [];
    const ws = new WebSocket(
      `${second.url.replace(/^http/, 'ws')}/ws/websocket/${workerId}/message?token=${worker}`,
    );
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      // Presence crosses processes: the first sees the socket held by the second.
      for (let i = 0; ; i++) {
        const online = await api(first.url, admin, 'GET', `/system/online/users?projectId=${projectId}`);
        if ((online.data as unknown as number[]).includes(workerId)) break;
        if (i > 100) throw new Error('the first process never saw the worker online');
        await new Promise((r) => setTimeout(r, 50));
      }
      await api(first.url, admin, 'POST', '/system/notice/send', {
        projectId,
        receiveIds: [workerId],
        title: 'Across processes',
        content: 'Sent through the first, read on the second',
      });
      // How soon is the budget's ('notice across two processes through Redis'); here, that it comes.
      for (let i = 0; !frames.some((f) => f.action === 'notice'); i++) {
        if (i > 2000) throw new Error('no notice reached the socket on the second process within 20 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      const notice = frames.find((f) => f.action === 'notice');
      expect(notice?.data).toMatchObject({ noticeTitle: 'Across processes', isRead: false });
    } finally {
      ws.close();
    }
  });
});
