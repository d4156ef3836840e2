import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { type HttpPeer, startHttpPeer } from '../../../test/http-peer.ts';
import { multipart } from '../../../test/multipart.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/** What the webhook receiver on loopback was sent; it answers with the statuses it is told. */
let peer: HttpPeer;
const answers: number[] = [];
const received = () =>
  peer.received.map((r) => ({
    event: String(r.headers['x-buglet-event']),
    delivery: String(r.headers['x-buglet-delivery'] ?? ''),
    signature: String(r.headers['x-buglet-signature-256'] ?? ''),
    body: r.body,
  }));

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let stranger: Person;
let projectId: number;
let hookUrl = '';
const SECRET = 'a long shared secret';

beforeAll(async () => {
  t = await createTestApp({ NOTICE_RETRY_SECONDS: '0.05,0.05' });
  api = apiAs(t);
  [lead, stranger] = [await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
  await insertTestTeam(t.db, { [stranger.userId]: [12] });
  projectId = (await api(lead, 'POST', '/system/project', { teamId, projectName: 'Hooked', members: [] }))
    .data.projectId;
  peer = await startHttpPeer(() => ({ status: answers.shift() ?? 200, body: 'ok' }));
  hookUrl = `${peer.url}/hook`;
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

describe('outgoing webhooks', () => {
  it('refuses the server’s own loopback unless the administrator allows it', async () => {
    const refused = await api(lead, 'POST', '/system/webhook', { projectId, webhookUrl: hookUrl });
    expect(refused.msg).toMatch(/not allowed: it points to a private, loopback or link-local network/);
    expect((await api(lead, 'POST', '/system/webhook', { projectId, webhookUrl: 'ftp://x' })).msg).toMatch(
      /http:\/\/ or https:\/\//,
    );
    await allowOutbound(t.db, LOOPBACK_RANGES);
  });

  it('sends a signed ping on "send test" and logs its answer', async () => {
    const made = await api(lead, 'POST', '/system/webhook', {
      projectId,
      webhookUrl: hookUrl,
      secret: SECRET,
      events: ['defect.created', 'defect.state_changed'],
    });
    expect(made.data).toMatchObject({ secretSet: true, events: ['defect.created', 'defect.state_changed'] });
    expect(JSON.stringify(made)).not.toContain(SECRET);
    // Stored sealed (lib/secrets.ts); the deliveries below are still signed with it.
    const stored = await t.db
      .selectFrom('sysProjectWebhook')
      .select('secret')
      .where('webhookId', '=', made.data.webhookId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^enc2:/);
    expect(stored.secret).not.toContain(SECRET);
    const ping = await api(lead, 'POST', `/system/webhook/${made.data.webhookId}/test`);
    expect(ping.data).toMatchObject({ event: 'ping', state: 'sent', responseCode: 200 });
    const last = received().at(-1) as ReturnType<typeof received>[number];
    expect(last.event).toBe('ping');
    expect(last.signature).toBe(sign(last.body));
    expect(last.delivery).toBe(String(ping.data.deliveryId));
  });

  it('says why a test failed in the caller’s language, the receiver’s status in words of ours', async () => {
    const made = await api(lead, 'POST', '/system/webhook', { projectId, webhookUrl: hookUrl, events: [] });
    const ping = async (lang: 'zh_CN' | 'en_US') => {
      answers.push(501);
      const res = await t.call({
        method: 'POST',
        url: `/system/webhook/${made.data.webhookId}/test`,
        token: lead.token,
        lang,
      });
      return res.body.data;
    };
    expect(await ping('zh_CN')).toMatchObject({
      state: 'failed',
      responseCode: 501,
      lastError: '接收方返回了 HTTP 501，不是 2xx',
    });
    expect((await ping('en_US')).lastError).toBe('The receiver answered HTTP 501, not 2xx');
    // The log keeps the reason by its message key: each reader reads both tests in their language.
    const logIn = async (lang: 'zh_CN' | 'en_US') => {
      const res = await t.call({
        method: 'GET',
        url: `/system/webhook/${made.data.webhookId}/deliveries`,
        token: lead.token,
        lang,
      });
      return res.body.rows.map((d: Json) => d.lastError);
    };
    expect(await logIn('en_US')).toEqual([
      'The receiver answered HTTP 501, not 2xx',
      'The receiver answered HTTP 501, not 2xx',
    ]);
    expect(await logIn('zh_CN')).toEqual([
      '接收方返回了 HTTP 501，不是 2xx',
      '接收方返回了 HTTP 501，不是 2xx',
    ]);
    await api(lead, 'DELETE', `/system/webhook/${made.data.webhookId}`);
  });

  it('delivers defect events signed, retrying a failed answer, with a delivery log', async () => {
    peer.received.length = 0;
    answers.push(503);
    const defect = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Hooked defect',
      defectDescribe: 'x',
      defectLevel: 'middle',
      handleBy: [lead.userId],
    });
    const closed = await api(lead, 'POST', `/system/defect/${defect.data.defectId}/close`, {
      defectLogDescribe: 'done',
    });
    expect(closed.code).toBe(200);
    // An update is not one of the chosen events: not sent.
    await api(lead, 'PUT', '/system/defect', { defectId: defect.data.defectId, defectName: 'Renamed' });
    await expect.poll(() => received().filter((r) => r.event !== 'ping').length, { timeout: 5000 }).toBe(3);
    await t.app.outbox.drain();
    const events = received().map((r) => r.event);
    // The first answer was 503: the creation came twice, the second time accepted.
    expect(events.sort()).toEqual(['defect.created', 'defect.created', 'defect.state_changed']);
    for (const r of received()) expect(r.signature).toBe(sign(r.body));
    const created = JSON.parse(received().find((r) => r.event === 'defect.created')?.body ?? '{}');
    expect(created).toMatchObject({
      event: 'defect.created',
      project: { projectName: 'Hooked' },
      defect: { defectName: 'Hooked defect', defectState: 'PROCESSING', defectNum: 1 },
      actor: { memberAccount: lead.userName },
    });
    const hooks = await api(lead, 'GET', '/system/webhook/list', undefined, { projectId: String(projectId) });
    const log = await api(lead, 'GET', `/system/webhook/${hooks.rows[0].webhookId}/deliveries`);
    const createdRow = log.rows.find((d: Json) => d.event === 'defect.created');
    expect(createdRow).toMatchObject({ state: 'sent', attempts: 2, responseCode: 200 });
  });

  it('tells a webhook that wants it of test cases made and deleted', async () => {
    await api(lead, 'POST', '/system/webhook', { projectId, webhookUrl: hookUrl, events: ['case.changed'] });
    peer.received.length = 0;
    const moduleId = (await api(lead, 'POST', '/system/module', { projectId, moduleName: 'Cart' })).data[0]
      ?.moduleId;
    const made = await api(lead, 'POST', '/system/case', {
      projectId,
      moduleId,
      caseName: 'Empty cart shows a hint',
      caseLevel: 3,
      caseExpect: 'A hint shows',
    });
    await api(lead, 'DELETE', `/system/case/${made.data.caseId}`);
    await expect
      .poll(() => received().filter((r) => r.event === 'case.changed').length, { timeout: 5000 })
      .toBe(2);
    const [first, second] = received()
      .filter((r) => r.event === 'case.changed')
      .map((r) => JSON.parse(r.body));
    expect(first).toMatchObject({
      action: 'created',
      cases: [{ caseNum: 1, caseName: 'Empty cart shows a hint' }],
    });
    expect(second).toMatchObject({ action: 'deleted', cases: [{ caseNum: 1 }] });

    // Cases imported from a sheet are made too, a thousand at most a delivery.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用例');
    ws.addRow(['用例名称(必填)', '模块', '用例级别', '前置条件', '预期(必填)', '步骤']);
    for (let i = 1; i <= 1001; i++) ws.addRow([`Coupon rule ${i}`, 'Cart', '2', '', 'Applied', '']);
    const imported = await t.call({
      method: 'POST',
      url: `/system/case/importData?projectId=${projectId}`,
      token: lead.token,
      ...multipart('file', 'cases.xlsx', Buffer.from(await wb.xlsx.writeBuffer())),
    });
    expect(imported.body).toMatchObject({ code: 200, data: { count: 1001 } });
    await expect
      .poll(() => received().filter((r) => r.event === 'case.changed').length, { timeout: 5000 })
      .toBe(4);
    // Deliveries may arrive in either order.
    const [rest, many] = received()
      .filter((r) => r.event === 'case.changed')
      .slice(2)
      .map((r) => JSON.parse(r.body) as { action: string; cases: { caseNum: number; caseName: string }[] })
      .sort((a, b) => a.cases.length - b.cases.length);
    expect(many?.action).toBe('created');
    expect(many?.cases).toHaveLength(1000);
    expect(many?.cases[0]).toMatchObject({ caseNum: 2, caseName: 'Coupon rule 1' });
    expect(rest).toMatchObject({
      action: 'created',
      cases: [{ caseNum: 1002, caseName: 'Coupon rule 1001' }],
    });
  });

  it('keeps another team out of a project’s webhooks', async () => {
    const hooks = await api(lead, 'GET', '/system/webhook/list', undefined, { projectId: String(projectId) });
    const id = hooks.rows[0].webhookId;
    for (const [method, url, body] of [
      ['GET', `/system/webhook/${id}/deliveries`],
      ['POST', `/system/webhook/${id}/test`],
      ['PUT', '/system/webhook', { webhookId: id, webhookUrl: 'https://evil.example/x' }],
      ['DELETE', `/system/webhook/${id}`],
    ] as const)
      expect((await api(stranger, method, url, body as Json | undefined)).code).toBe(403);
    const list = await api(stranger, 'GET', '/system/webhook/list', undefined, {
      projectId: String(projectId),
    });
    expect(list.code).toBe(403);
  });
});
