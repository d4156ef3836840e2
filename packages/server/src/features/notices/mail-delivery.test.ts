import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { type SmtpPeerOptions, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/**
 * Notice mail against a real SMTP server on loopback (smtp-server): what a server that refuses
 * says is what the person reads, a refused sign-in is one, and TLS (STARTTLS or from the first
 * byte) carries the mail.
 */
let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let tester: Person;
let dev: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ NOTICE_RETRY_SECONDS: '0.05,0.05', PUBLIC_URL: 'http://buglet.test' });
  api = apiAs(t);
  [tester, dev] = [await t.signedIn(), await t.signedIn()];
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
  const teamId = await insertTestTeam(t.db, { [tester.userId]: [12], [dev.userId]: [5] });
  const project = await api(tester, 'POST', '/system/project', {
    teamId,
    projectName: 'Mail',
    members: [{ userId: dev.userId, roleIds: [7] }],
  });
  projectId = project.data.projectId;
  // The developer takes their notices by mail too.
  const settings = (await api(dev, 'GET', '/im/config', undefined, { projectId: String(projectId) })).data
    .config;
  settings.platforms.bmail = { switch: true, receiver: 'dev@example.test' };
  expect((await api(dev, 'POST', '/im/config', { projectId, config: settings })).code).toBe(200);
});
afterAll(async () => t.close());

/**
 * A peer started with `peer`, the platform's mail server set to it with `mail`, and a defect
 * assigned to the developer: its mail's outbox row once it was sent or given up (three tries).
 */
async function mailThrough(peer: SmtpPeerOptions, mail: Json) {
  const smtp = await startSmtpPeer(peer);
  try {
    const config = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from: 'buglet@example.test',
      ...mail,
    };
    expect((await api(admin, 'PUT', '/system/notice/mail-config', config)).code).toBe(200);
    const mailRow = () =>
      t.db
        .selectFrom('sysNoticeOutbox')
        .selectAll()
        .where('channel', '=', 'mail')
        .orderBy('outboxId', 'desc')
        .executeTakeFirst();
    const before = (await mailRow())?.outboxId ?? 0;
    const created = await api(tester, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Receipt never arrives',
      defectDescribe: 'Pay, then wait',
      defectLevel: 'middle',
      handleBy: [dev.userId],
    });
    expect(created.code).toBe(200);
    // The notice is composed just after the request, the mail sent by the outbox.
    for (let i = 0; i < 200; i++) {
      await t.app.outbox.drain();
      const row = await mailRow();
      if (row && row.outboxId > before && row.state !== 'pending') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return { row: await mailRow(), mails: smtp.mails, sessions: smtp.sessions };
  } finally {
    await smtp.close();
  }
}

const reasonFor = async (outboxId: number) =>
  (
    await t.call({
      method: 'GET',
      url: `/im/config/status?projectId=${projectId}`,
      token: dev.token,
      lang: 'en_US',
    })
  ).body.data.failures.find((f: Json) => f.outboxId === outboxId)?.reason as string | undefined;

describe('notice mail through a real SMTP server', () => {
  it('keeps the words of a server that refuses the recipient, after its three tries', async () => {
    const { row, mails } = await mailThrough(
      { refuseRecipients: { code: 550, message: 'No such user here' } },
      {},
    );
    expect(row).toMatchObject({ state: 'failed', attempts: 3 });
    expect(row?.lastError).toContain('550 No such user here');
    expect(await reasonFor(row?.outboxId ?? 0)).toContain('550 No such user here');
    expect(mails).toEqual([]);
  });

  it('reports a refused sign-in as such, and signs in with the right password', async () => {
    const login = { user: 'bot', pass: 'right-pass' };
    const refused = await mailThrough({ login }, { user: 'bot', password: 'wrong-pass' });
    expect(refused.row).toMatchObject({ state: 'failed', attempts: 3 });
    expect(refused.row?.lastError).toMatch(/Invalid login: 535 Authentication credentials invalid/);
    expect(refused.mails).toEqual([]);
    const signed = await mailThrough({ login }, { user: 'bot', password: 'right-pass' });
    expect(signed.row).toMatchObject({ state: 'sent', lastError: null });
    expect(signed.sessions).toEqual([{ secure: false, user: 'bot' }]);
    expect(signed.mails[0]).toContain('Receipt never arrives');
  });

  it('mails over STARTTLS and over TLS from the first byte', async () => {
    const upgraded = await mailThrough({ tls: 'starttls' }, { secure: false });
    expect(upgraded.row).toMatchObject({ state: 'sent' });
    expect(upgraded.sessions).toEqual([{ secure: true, user: undefined }]);
    const implicit = await mailThrough({ tls: 'implicit' }, { secure: true });
    expect(implicit.row).toMatchObject({ state: 'sent' });
    expect(implicit.sessions).toEqual([{ secure: true, user: undefined }]);
    expect(implicit.mails[0]).toContain('Receipt never arrives');
  });
});
