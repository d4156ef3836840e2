import { createHmac } from 'node:crypto';
import { TOTP } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { type HttpPeer, startHttpPeer } from '../../../test/http-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { codeAt } from '../totp/totp-codes.ts';

/*
 * Someone who can write to the database but has no key copies a sealed credential from the row it
 * was sealed for into another one (another webhook, person, project or API key). The server must
 * not use it there: each feature refuses it where it would be used, and the rightful row still works.
 */

const UNREADABLE =
  'A stored credential (a secret, token or password) cannot be opened: it was saved for another record, or changed. Enter it again; two-factor sign-in is turned off by an administrator and set up again.';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let lead: Person;
let other: Person;
let projectA: number;
let projectB: number;
/** A receiver on loopback for webhooks and DingTalk robots. */
let peer: HttpPeer;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ NOTICE_RETRY_SECONDS: '0.05' });
  api = apiAs(t);
  [lead, other] = [await t.signedIn(), await t.signedIn()];
  const teamA = await insertTestTeam(t.db, { [lead.userId]: [12] });
  const teamB = await insertTestTeam(t.db, { [other.userId]: [12] });
  const project = async (who: Person, teamId: number, projectName: string) =>
    (await api(who, 'POST', '/system/project', { teamId, projectName, members: [] })).data
      .projectId as number;
  projectA = await project(lead, teamA, 'Alpha');
  projectB = await project(other, teamB, 'Beta');
  peer = await startHttpPeer();
  base = peer.url;
  await allowOutbound(t.db, LOOPBACK_RANGES);
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

describe('a sealed credential copied into another row', () => {
  it('webhook: the other webhook signs nothing with it, its test and its deliveries fail', async () => {
    const made = async (secret: string) => {
      const res = await api(lead, 'POST', '/system/webhook', {
        projectId: projectA,
        webhookUrl: `${base}/hook`,
        secret,
        events: ['defect.created'],
      });
      expect(res.code).toBe(200);
      return res.data.webhookId as number;
    };
    const [first, second] = [await made('first secret'), await made('second secret')];
    const secretOf = async (webhookId: number) =>
      (
        await t.db
          .selectFrom('sysProjectWebhook')
          .select('secret')
          .where('webhookId', '=', webhookId)
          .executeTakeFirstOrThrow()
      ).secret;
    await t.db
      .updateTable('sysProjectWebhook')
      .set({ secret: await secretOf(first) })
      .where('webhookId', '=', second)
      .execute();

    const before = peer.received.length;
    const ping = await api(lead, 'POST', `/system/webhook/${second}/test`);
    expect(ping.data).toMatchObject({ state: 'failed', responseCode: null, lastError: UNREADABLE });
    // Queued deliveries fail the same way, in the delivery log.
    await t.app.outbox.enqueue(projectA, 0, {
      channel: 'webhook',
      webhookId: second,
      event: 'defect.created',
      body: '{"event":"defect.created"}',
    });
    await t.app.outbox.drain();
    const log = await api(lead, 'GET', `/system/webhook/${second}/deliveries`);
    expect(log.rows.map((d: Json) => d.lastError)).toEqual([UNREADABLE, UNREADABLE]);
    expect(peer.received.length).toBe(before);

    // Its own webhook still signs with it.
    const own = await api(lead, 'POST', `/system/webhook/${first}/test`);
    expect(own.data).toMatchObject({ state: 'sent', responseCode: 200 });
    const last = peer.received.at(-1);
    expect(last?.headers['x-buglet-signature-256']).toBe(
      `sha256=${createHmac('sha256', 'first secret')
        .update(last?.body ?? '')
        .digest('hex')}`,
    );
  });

  it('two-factor: another person’s secret makes no code for this one; their own sign-in is unchanged', async () => {
    const enrol = async (who: Person) => {
      const started = await api(who, 'POST', '/system/user/profile/totp');
      const secret = started.data.secret as string;
      const confirmed = await api(who, 'POST', '/system/user/profile/totp/confirm', {
        code: codeAt(secret, Date.now()),
      });
      expect(confirmed.code).toBe(200);
      return { secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
    };
    const [victim, taker] = [await t.signedIn(), await t.signedIn()];
    const victimTotp = await enrol(victim);
    const takerTotp = await enrol(taker);
    const stored = await t.db
      .selectFrom('sysUserTotp')
      .select('secret')
      .where('userId', '=', victim.userId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sysUserTotp').set(stored).where('userId', '=', taker.userId).execute();

    const signIn = async (who: Person, code: string) => {
      const first = await t.call({
        method: 'POST',
        url: '/login',
        lang: 'en_US',
        payload: { username: who.userName, password: who.password },
      });
      expect(first.body).toMatchObject({ code: 200, twoFactor: true });
      return (
        await t.call({
          method: 'POST',
          url: '/login/totp',
          lang: 'en_US',
          payload: { ticket: first.body.ticket, code },
        })
      ).body;
    };
    const next = (secret: string) => codeAt(secret, Date.now() + TOTP.periodSeconds * 1000);
    // Neither the victim's codes nor the taker's own open the moved secret.
    expect(await signIn(taker, next(victimTotp.secret))).toEqual({ code: 500, msg: UNREADABLE });
    expect(await signIn(taker, next(takerTotp.secret))).toEqual({ code: 500, msg: UNREADABLE });
    // A recovery code still lets the taker's rightful owner in (to have it reset).
    const recovered = await signIn(taker, takerTotp.recoveryCodes[0] ?? '');
    expect(recovered.code).toBe(200);
    const victimIn = await signIn(victim, next(victimTotp.secret));
    expect(victimIn.code).toBe(200);
  });

  it('chat robot: another project’s robot settings send nothing and read as not set up', async () => {
    const save = (who: Person, projectId: number, token: string) =>
      api(who, 'POST', '/im/project/ding/config', {
        projectId,
        configParams: JSON.stringify({
          hook: `${base}/robot/send?access_token=${token}`,
          secret: `SEC-${token}`,
        }),
      });
    expect((await save(lead, projectA, 'TOKEN-A')).code).toBe(200);
    expect((await save(other, projectB, 'TOKEN-B')).code).toBe(200);
    const paramsOf = async (projectId: number) =>
      (
        await t.db
          .selectFrom('imProjectConfig')
          .select('configParams')
          .where('projectId', '=', projectId)
          .where('systemCode', '=', 'ding')
          .executeTakeFirstOrThrow()
      ).configParams;
    await t.db
      .updateTable('imProjectConfig')
      .set({ configParams: await paramsOf(projectA) })
      .where('projectId', '=', projectB)
      .where('systemCode', '=', 'ding')
      .execute();

    const before = peer.received.length;
    await t.app.outbox.enqueue(projectB, other.userId, {
      channel: 'ding',
      userId: '',
      title: 'Defect',
      text: 'A defect for Beta',
      markdown: 'A defect for Beta',
      link: '',
    });
    await t.app.outbox.drain();
    expect(peer.received.slice(before).map((r) => r.url)).toEqual([]);
    const failure = await t.db
      .selectFrom('sysNoticeOutbox')
      .select('lastError')
      .where('projectId', '=', projectB)
      .where('channel', '=', 'ding')
      .executeTakeFirstOrThrow();
    expect(failure.lastError).toBe('secret.unreadable');
    const status = await api(other, 'GET', '/im/config/status', undefined, { projectId: String(projectB) });
    expect(status.data.channels.ding).toBe(false);
    const shown = await api(other, 'GET', '/im/project/ding/config', undefined, {
      projectId: String(projectB),
    });
    expect(shown).toEqual({ code: 500, msg: UNREADABLE });

    // Entered again, it works; project A's own settings never stopped working.
    expect((await save(other, projectB, 'TOKEN-B2')).code).toBe(200);
    await t.app.outbox.enqueue(projectA, lead.userId, {
      channel: 'ding',
      userId: '',
      title: 'Defect',
      text: 'A defect for Alpha',
      markdown: 'A defect for Alpha',
      link: '',
    });
    await t.app.outbox.drain();
    // (Beta's failed delivery may be retried meanwhile: with Beta's own settings now.)
    const toA = peer.received
      .slice(before)
      .filter((r) => new URL(r.url, base).searchParams.get('access_token') === 'TOKEN-A');
    expect(toA.map((r) => JSON.parse(r.body).text.content)).toEqual(['A defect for Alpha']);
  });

  it('Open API key: a key kept to be shown, copied under another project’s key, is not shown there', async () => {
    const made = await api(lead, 'POST', '/system/api', { projectId: projectA, apiName: 'A key' });
    const theirs = await api(other, 'POST', '/system/api', { projectId: projectB, apiName: 'B key' });
    const secretKey = made.data.apiKey as string;
    const kept = async (apiId: string) =>
      (
        await t.db
          .selectFrom('sysKv')
          .select('v')
          .where('k', '=', `api-key-shown:${apiId.slice(0, 18)}`)
          .executeTakeFirstOrThrow()
      ).v;
    await t.db
      .updateTable('sysKv')
      .set({ v: await kept(made.data.apiId) })
      .where('k', '=', `api-key-shown:${String(theirs.data.apiId).slice(0, 18)}`)
      .execute();
    const listB = await api(other, 'GET', '/system/api/list', undefined, { projectId: String(projectB) });
    expect(JSON.stringify(listB)).not.toContain(secretKey);
    expect(listB.rows[0]).toMatchObject({
      apiId: String(theirs.data.apiId).slice(0, 18),
      keyShownUntil: null,
    });
    const listA = await api(lead, 'GET', '/system/api/list', undefined, { projectId: String(projectA) });
    expect(listA.rows[0]).toMatchObject({ apiId: secretKey });
  });
});
