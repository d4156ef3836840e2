import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TOTP } from '@buglet/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTestTeam, SMTP_SETTINGS } from '../../test/factories.ts';
import { type HttpPeer, startHttpPeer } from '../../test/http-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../test/outbound.ts';
import { runCli } from '../../test/run-cli.ts';
import { apiAs, createTestApp, isPostgres, type Json, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listStoredCredentials } from '../db/sealed-places.ts';
import {
  openInAnyForm,
  openStoredSecrets,
  opensInAnyForm,
  SecretKeyMismatch,
} from '../features/secrets/stored-secrets.ts';
import { codeAt } from '../features/totp/totp-codes.ts';
import { loadSecretKey, ROTATED_KEY_FILE, SECRET_KEY_FILE, SecretBox } from '../lib/secrets.ts';
import { CliError } from './data-archive.ts';
import { rotateSecretKey } from './key-rotation.ts';

/*
 * `npm run rotate-secret-key`: every sealed credential sealed again under a new key while the
 * server is stopped, the new key in place only once the database is sealed with it.
 */

let t: TestApp | undefined;
let peer: HttpPeer | undefined;
let restarted: FastifyInstance | undefined;
afterEach(async () => {
  await restarted?.close();
  await t?.close();
  await peer?.close();
  [t, peer, restarted] = [undefined, undefined, undefined];
});

/** An app on a database another process can open: a file in DATA_DIR, or a PostgreSQL database. */
async function appWithCredentials(env: Record<string, string> = {}) {
  t = await createTestApp({
    SCHEDULER_ENABLED: 'false',
    ...(isPostgres() ? {} : { DATABASE_URL: '' }),
    ...env,
  });
  peer = await startHttpPeer();
  await allowOutbound(t.db, LOOPBACK_RANGES);
  const api = apiAs(t);
  const admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
  const lead = await t.signedIn();
  const projectId = (
    await api(lead, 'POST', '/system/project', {
      teamId: await insertTestTeam(t.db, { [lead.userId]: [12] }),
      projectName: 'Sealed',
      members: [],
    })
  ).data.projectId as number;
  const totp = (await api(lead, 'POST', '/system/user/profile/totp')).data.secret as string;
  await api(lead, 'POST', '/system/user/profile/totp/confirm', { code: codeAt(totp, Date.now()) });
  const webhookId = (
    await api(lead, 'POST', '/system/webhook', {
      projectId,
      webhookUrl: `${peer.url}/hook`,
      secret: 'hook secret',
      events: [],
    })
  ).data.webhookId as number;
  const ding = await api(lead, 'POST', '/im/project/ding/config', {
    projectId,
    configParams: JSON.stringify({ hook: `${peer.url}/robot?access_token=ROBOT-TOKEN` }),
  });
  const mail = SMTP_SETTINGS;
  const smtp = await api(admin, 'PUT', '/system/notice/mail-config', mail);
  const apiKey = (await api(lead, 'POST', '/system/api', { projectId, apiName: 'kept' })).data
    .apiKey as string;
  expect([ding.code, smtp.code]).toEqual([200, 200]);
  // The server stops; the database stays.
  await t.app.close();
  return { t, lead, admin, projectId, totp, webhookId, apiKey };
}

/** Every stored credential as stored, and as `box` opens it. */
async function storedAs(box: SecretBox) {
  const stored = await listStoredCredentials((t as TestApp).db);
  return stored.map((c) => ({ place: c.place, value: c.value, text: openInAnyForm(box, c.value, c.place) }));
}

const keyFileOf = (app: TestApp) => path.join(app.config.dataDir, SECRET_KEY_FILE);
const rotatedFileOf = (app: TestApp) => path.join(app.config.dataDir, ROTATED_KEY_FILE);

describe('npm run rotate-secret-key', () => {
  it('seals everything again with a new key file; the old key opens nothing, the restarted server uses them all', async () => {
    const seeded = await appWithCredentials();
    const oldKey = fs.readFileSync(keyFileOf(seeded.t));
    const oldBox = new SecretBox(loadSecretKey(seeded.t.config).key);
    const before = await storedAs(oldBox);
    // Two-factor, webhook, robot, SMTP, the API key shown, the key check.
    expect(before.map((c) => c.place.table).sort()).toEqual([
      'im_project_config',
      'sys_kv',
      'sys_kv',
      'sys_kv',
      'sys_project_webhook',
      'sys_user_totp',
    ]);

    const ran = await runCli('rotate-key', [], {
      DATA_DIR: seeded.t.config.dataDir,
      DATABASE_URL: seeded.t.config.database.kind === 'postgres' ? seeded.t.config.database.url : '',
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      `Sealed 6 stored values (credentials and the key check) again with a new key, now in ${keyFileOf(seeded.t)}.`,
    );

    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(oldKey)).toBe(false);
    expect(fs.statSync(keyFileOf(seeded.t)).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(rotatedFileOf(seeded.t))).toBe(false);
    const newBox = new SecretBox(loadSecretKey(seeded.t.config).key);
    const after = await storedAs(newBox);
    expect(after.map(({ place, text }) => ({ place, text }))).toEqual(
      before.map(({ place, text }) => ({ place, text })),
    );
    for (const [i, c] of after.entries()) {
      expect(c.value).toMatch(/^enc2:/);
      expect(c.value).not.toBe(before[i]?.value);
      expect(opensInAnyForm(oldBox, c.value, c.place)).toBe(false);
    }

    // The server starts with the new key, and each credential still does its work.
    restarted = await buildApp({ config: seeded.t.config, db: seeded.t.db });
    const call = async (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: Json) =>
      (
        await (restarted as FastifyInstance).inject({
          method,
          url,
          headers: { language: 'en_US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(payload ? { payload } : {}),
        })
      ).json() as Json;
    const password = await call(undefined, 'POST', '/login', {
      username: seeded.lead.userName,
      password: seeded.lead.password,
    });
    const signedIn = await call(undefined, 'POST', '/login/totp', {
      ticket: password.ticket,
      code: codeAt(seeded.totp, Date.now() + TOTP.periodSeconds * 1000),
    });
    expect(signedIn.code).toBe(200);
    const ping = await call(seeded.lead.token, 'POST', `/system/webhook/${seeded.webhookId}/test`);
    expect(ping.data).toMatchObject({ state: 'sent', responseCode: 200 });
    const hit = (peer as HttpPeer).received.at(-1);
    expect(hit?.headers['x-buglet-signature-256']).toBe(
      `sha256=${createHmac('sha256', 'hook secret')
        .update(hit?.body ?? '')
        .digest('hex')}`,
    );
    await restarted.outbox.enqueue(seeded.projectId, seeded.lead.userId, {
      channel: 'ding',
      userId: '',
      title: 'Defect',
      text: 'after the rotation',
      markdown: 'after the rotation',
      link: '',
    });
    await restarted.outbox.drain();
    expect((peer as HttpPeer).received.at(-1)?.url).toBe('/robot?access_token=ROBOT-TOKEN');
    expect((await call(seeded.admin.token, 'GET', '/system/notice/mail-config')).data).toMatchObject({
      host: 'smtp.example.com',
      hasPassword: true,
    });
    const keys = await call(seeded.lead.token, 'GET', `/system/api/list?projectId=${seeded.projectId}`);
    expect(keys.rows[0].apiId).toBe(seeded.apiKey);
  });

  it('interrupted before its commit, leaves the database and secret.key as they were', async () => {
    const seeded = await appWithCredentials();
    const oldKey = fs.readFileSync(keyFileOf(seeded.t));
    const before = await listStoredCredentials(seeded.t.db);
    const crash = new Error('power cut');
    await expect(
      rotateSecretKey(seeded.t.config, undefined, {
        resealed: (n) => {
          if (n === 3) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await listStoredCredentials(seeded.t.db)).toEqual(before);
    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(oldKey)).toBe(true);
    expect(fs.existsSync(rotatedFileOf(seeded.t))).toBe(false);
    await expect(openStoredSecrets(seeded.t.config, seeded.t.db)).resolves.toBeInstanceOf(SecretBox);

    // A new key file left by a crash before the commit opens nothing: the next run replaces it.
    fs.writeFileSync(rotatedFileOf(seeded.t), `${Buffer.alloc(32, 9).toString('base64')}\n`);
    await expect(rotateSecretKey(seeded.t.config, undefined)).resolves.toMatchObject({ outcome: 'rotated' });
    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(oldKey)).toBe(false);
    await expect(openStoredSecrets(seeded.t.config, seeded.t.db)).resolves.toBeInstanceOf(SecretBox);
  });

  it('interrupted after its commit, keeps the new key beside the old: the start says so, the next run finishes', async () => {
    const seeded = await appWithCredentials();
    const oldKey = fs.readFileSync(keyFileOf(seeded.t));
    const crash = new Error('power cut');
    await expect(
      rotateSecretKey(seeded.t.config, undefined, {
        committed: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(oldKey)).toBe(true);
    const newKey = fs.readFileSync(rotatedFileOf(seeded.t));
    await expect(openStoredSecrets(seeded.t.config, seeded.t.db)).rejects.toThrow(
      new SecretKeyMismatch(
        `A key rotation stopped after it had sealed the database's stored credentials with the new key, ${rotatedFileOf(seeded.t)}, before putting it in place of ${keyFileOf(seeded.t)}: run npm run rotate-secret-key again to finish it.`,
      ),
    );
    await expect(rotateSecretKey(seeded.t.config, undefined)).resolves.toEqual({
      outcome: 'finished',
      keyFile: keyFileOf(seeded.t),
    });
    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(newKey)).toBe(true);
    expect(fs.existsSync(rotatedFileOf(seeded.t))).toBe(false);
    const box = await openStoredSecrets(seeded.t.config, seeded.t.db);
    for (const c of await listStoredCredentials(seeded.t.db)) expect(box.opens(c.value, c.place)).toBe(true);
  });

  it('refuses, changing nothing, while a credential does not open where it is (moved from another row)', async () => {
    const seeded = await appWithCredentials();
    const totp = await seeded.t.db.selectFrom('sysUserTotp').select('secret').executeTakeFirstOrThrow();
    await seeded.t.db
      .updateTable('sysProjectWebhook')
      .set({ secret: totp.secret })
      .where('webhookId', '=', seeded.webhookId)
      .execute();
    const oldKey = fs.readFileSync(keyFileOf(seeded.t));
    const before = await listStoredCredentials(seeded.t.db);
    await expect(rotateSecretKey(seeded.t.config, undefined)).rejects.toThrow(
      new CliError(
        `A stored credential does not open with the current key (sealed for another row, or changed): sys_project_webhook/secret/${seeded.webhookId}. Nothing was changed. Set it again in Buglet (a two-factor secret: reset by an administrator), then rotate the key.`,
      ),
    );
    expect(await listStoredCredentials(seeded.t.db)).toEqual(before);
    expect(fs.readFileSync(keyFileOf(seeded.t)).equals(oldKey)).toBe(true);
    expect(fs.existsSync(rotatedFileOf(seeded.t))).toBe(false);
  });

  it('with SECRET_KEY, takes NEW_SECRET_KEY and leaves setting SECRET_KEY to the operator', async () => {
    const [oldText, newText] = ['o'.repeat(40), 'n'.repeat(40)];
    const seeded = await appWithCredentials({ SECRET_KEY: oldText });
    const config = seeded.t.config;
    await expect(rotateSecretKey(config, undefined)).rejects.toThrow(
      'SECRET_KEY gives the key: set NEW_SECRET_KEY to the new one (32 characters or more) for this command.',
    );
    await expect(rotateSecretKey(config, newText)).resolves.toEqual({ outcome: 'rotated', resealed: 6 });
    expect(fs.existsSync(keyFileOf(seeded.t))).toBe(false);
    await expect(openStoredSecrets(config, seeded.t.db)).rejects.toThrow(SecretKeyMismatch);
    const withNew = loadConfig({ DATA_DIR: config.dataDir, SECRET_KEY: newText });
    const box = await openStoredSecrets(withNew, seeded.t.db);
    for (const c of await listStoredCredentials(seeded.t.db)) expect(box.opens(c.value, c.place)).toBe(true);
    // Run again (the operator has not yet set SECRET_KEY): nothing to do but that.
    await expect(rotateSecretKey(config, newText)).resolves.toEqual({ outcome: 'already' });
  });
});
