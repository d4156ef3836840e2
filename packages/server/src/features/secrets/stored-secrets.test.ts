import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, SMTP_SETTINGS } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';
import { sealUnbound } from '../../../test/unbound-seal.ts';
import { loadConfig } from '../../config.ts';
import {
  chatPlatformPlace,
  kvPlace,
  MAIL_CONFIG_KEY,
  totpSecretPlace,
  webhookSecretPlace,
} from '../../db/sealed-places.ts';
import {
  isSealed,
  loadSecretKey,
  SECRET_KEY_FILE,
  type SealedPlace,
  SealedValueRefused,
  SecretBox,
} from '../../lib/secrets.ts';
import { codeAt } from '../totp/totp-codes.ts';
import { bindStoredCredentials, openStoredSecrets, SecretKeyMismatch } from './stored-secrets.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let lead: Person;
let projectId: number;
/** The box the app seals with: the key of its data folder. */
let box: SecretBox;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
  lead = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [6] });
  box = new SecretBox(loadSecretKey(t.config).key);
});
afterAll(async () => t.close());

describe('a secret box', () => {
  const key = Buffer.alloc(32, 7);
  const here: SealedPlace = { table: 'sys_project_webhook', column: 'secret', row: 12 };

  it('opens what it sealed where it sealed it; the same text sealed twice reads differently', () => {
    const sealed = new SecretBox(key).seal('robot token 令牌', here);
    expect(sealed).toMatch(/^enc2:/);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('robot');
    expect(new SecretBox(key).open(sealed, here)).toBe('robot token 令牌');
    expect(new SecretBox(key).seal('robot token 令牌', here)).not.toBe(sealed);
  });

  it('refuses it in another row, column or table, saying where it was asked for', () => {
    const sealed = new SecretBox(key).seal('secret', here);
    for (const elsewhere of [
      { ...here, row: 13 },
      { ...here, row: '12/x' },
      { ...here, column: 'webhook_url' },
      { ...here, table: 'sys_user_totp' },
    ]) {
      expect(new SecretBox(key).opens(sealed, elsewhere)).toBe(false);
    }
    expect(() => new SecretBox(key).open(sealed, { ...here, row: 13 })).toThrow(
      new SealedValueRefused(
        { ...here, row: 13 },
        'does not open there: it was sealed for another row, column or table, or changed. Set that credential again.',
      ),
    );
    expect(() => new SecretBox(key).open(sealed, { ...here, row: 13 })).toThrow(
      'The credential stored at sys_project_webhook/secret/13 does not open there',
    );
  });

  it('refuses a changed byte, another key, and the older forms (clear, unbound) it leaves to the start', () => {
    const sealed = new SecretBox(key).seal('secret', here);
    const body = sealed.slice('enc2:'.length);
    const changed = `enc2:${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    expect(() => new SecretBox(key).open(changed, here)).toThrow(SealedValueRefused);
    expect(new SecretBox(Buffer.alloc(32, 8)).opens(sealed, here)).toBe(false);
    expect(() => new SecretBox(key).open('plain old value', here)).toThrow('is not sealed');
    const unbound = sealUnbound(key, 'old secret');
    expect(() => new SecretBox(key).open(unbound, here)).toThrow('is sealed without its place (enc1:)');
    expect(new SecretBox(key).openUnbound(unbound)).toBe('old secret');
    // The older form's body under the newer prefix: the place is missing from its tag.
    expect(new SecretBox(key).opens(`enc2:${unbound.slice('enc1:'.length)}`, here)).toBe(false);
    // A tag cut to four bytes (GCM would accept it) is refused, as is a value too short for one.
    const raw = Buffer.from(body, 'base64url');
    expect(new SecretBox(key).opens(`enc2:${raw.subarray(0, 16).toString('base64url')}`, here)).toBe(false);
    expect(new SecretBox(key).opens('enc2:AAAA', here)).toBe(false);
  });

  it('takes SECRET_KEY, else makes a key file only the server’s user reads', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-key-'));
    try {
      const made = loadSecretKey({ secretKey: undefined, dataDir: dir });
      expect(made.source).toBe('file');
      expect(fs.statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(loadSecretKey({ secretKey: undefined, dataDir: dir }).key.equals(made.key)).toBe(true);
      const given = loadSecretKey({ secretKey: 'x'.repeat(32), dataDir: dir });
      expect(given.source).toBe('environment');
      expect(given.key.equals(made.key)).toBe(false);
      expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow('SECRET_KEY: must be at least 32 characters');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stored credentials', () => {
  it('are sealed where the server keeps them, and still work', async () => {
    // Two-factor: the stored secret is not the one the app showed, and the app's code is taken.
    const enrolment = (await api(admin, 'POST', '/system/user/profile/totp')).data;
    const totp = await t.db
      .selectFrom('sysUserTotp')
      .selectAll()
      .where('userId', '=', 1)
      .executeTakeFirstOrThrow();
    expect(isSealed(totp.secret)).toBe(true);
    expect(box.open(totp.secret, totpSecretPlace(1))).toBe(enrolment.secret);
    const confirmed = await api(admin, 'POST', '/system/user/profile/totp/confirm', {
      code: codeAt(enrolment.secret, Date.now()),
    });
    expect(confirmed.code).toBe(200);

    // A chat robot's hook token and secrets, and the SMTP password.
    const hook = 'https://oapi.dingtalk.com/robot/send?access_token=TOKEN-123';
    const saved = await api(lead, 'POST', '/im/project/ding/config', {
      projectId,
      configParams: JSON.stringify({ hook, secret: 'SEC-ding', clientSecret: 'APP-ding' }),
    });
    expect(saved.code).toBe(200);
    const ding = await t.db
      .selectFrom('imProjectConfig')
      .select('configParams')
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(ding.configParams).not.toMatch(/TOKEN-123|SEC-ding|APP-ding/);
    expect(JSON.parse(box.open(ding.configParams, chatPlatformPlace(projectId, 'ding')))).toMatchObject({
      hook,
      secret: 'SEC-ding',
    });
    const mail = {
      host: 'smtp.example.com',
      port: 25,
      secure: false,
      user: 'bot',
      password: 'SMTP-pass',
      from: 'b@example.com',
    };
    expect((await api(admin, 'PUT', '/system/notice/mail-config', mail)).code).toBe(200);
    const kv = await t.db
      .selectFrom('sysKv')
      .select('v')
      .where('k', '=', 'notice.mail-config')
      .executeTakeFirstOrThrow();
    expect(isSealed(kv.v)).toBe(true);
    expect(JSON.parse(box.open(kv.v, kvPlace(MAIL_CONFIG_KEY)))).toMatchObject({
      host: 'smtp.example.com',
      password: 'SMTP-pass',
    });
    // Nor does the operation log keep them (the chat settings come as a JSON text inside the body).
    await t.app.operLog.flush();
    const logged = await t.db.selectFrom('sysOperLog').select('operParam').execute();
    expect(JSON.stringify(logged)).not.toMatch(/TOKEN-123|SEC-ding|APP-ding|SMTP-pass/);
    const chat = logged.find((l) => l.operParam?.includes('configParams'));
    expect(JSON.parse(JSON.parse(chat?.operParam ?? '{}').configParams)).toMatchObject({
      hook: '******',
      secret: '******',
    });
    expect((await api(admin, 'GET', '/system/notice/mail-config')).data).toMatchObject({
      host: 'smtp.example.com',
      hasPassword: true,
    });
  });

  it('stored in the clear before are sealed at start, once', async () => {
    const now = '2026-01-01 00:00:00';
    const { webhookId } = await t.db
      .insertInto('sysProjectWebhook')
      .values({
        projectId,
        webhookUrl: 'https://example.com/h',
        secret: 'old-hook-secret',
        events: null,
        enabled: 1,
        remark: null,
        createById: 1,
        createTime: now,
      })
      .returning('webhookId')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('imProjectConfig')
      .set({ configParams: JSON.stringify({ hook: '', secret: 'old-ding' }) })
      .where('projectId', '=', projectId)
      .execute();
    await t.db
      .updateTable('sysKv')
      .set({ v: JSON.stringify({ host: 'old', password: 'old-pass' }) })
      .where('k', '=', 'notice.mail-config')
      .execute();

    expect(await bindStoredCredentials(t.db, box)).toEqual({ bound: 3, unopened: [] });
    expect(await bindStoredCredentials(t.db, box)).toEqual({ bound: 0, unopened: [] });
    const hook = await t.db
      .selectFrom('sysProjectWebhook')
      .select('secret')
      .where('webhookId', '=', webhookId)
      .executeTakeFirstOrThrow();
    expect(box.open(hook.secret ?? '', webhookSecretPlace(webhookId))).toBe('old-hook-secret');
    const kv = await t.db
      .selectFrom('sysKv')
      .select('v')
      .where('k', '=', 'notice.mail-config')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(box.open(kv.v, kvPlace(MAIL_CONFIG_KEY)))).toEqual({
      host: 'old',
      password: 'old-pass',
    });
    expect(
      (await api(lead, 'GET', '/im/project/ding/config', undefined, { projectId: String(projectId) })).data
        .secretsSet,
    ).toEqual(['secret']);
  });

  it('sealed by an earlier version without their place (enc1:) are bound to it at start, and still work', async () => {
    const old = await createTestApp();
    try {
      const key = loadSecretKey(old.config).key;
      const oldApi = apiAs(old);
      const person = await old.signedIn();
      const oldAdmin = { ...admin, token: await old.login() };
      const enrolment = (await oldApi(person, 'POST', '/system/user/profile/totp')).data;
      await oldApi(person, 'POST', '/system/user/profile/totp/confirm', {
        code: codeAt(enrolment.secret, Date.now()),
      });
      const mail = SMTP_SETTINGS;
      // What the earlier version stored: the same texts, sealed without their place.
      await old.db
        .updateTable('sysUserTotp')
        .set({ secret: sealUnbound(key, enrolment.secret) })
        .where('userId', '=', person.userId)
        .execute();
      await old.db
        .updateTable('sysKv')
        .set({ v: sealUnbound(key, 'buglet') })
        .where('k', '=', 'secrets.key-check')
        .execute();
      await old.db
        .insertInto('sysKv')
        .values({
          k: MAIL_CONFIG_KEY,
          v: sealUnbound(key, JSON.stringify(mail)),
          expireAt: Date.now() + 3_600_000,
        })
        .execute();
      const stored = async () => [
        (
          await old.db
            .selectFrom('sysUserTotp')
            .select('secret')
            .where('userId', '=', person.userId)
            .executeTakeFirstOrThrow()
        ).secret,
        ...(
          await old.db
            .selectFrom('sysKv')
            .select('v')
            .where('k', 'in', [MAIL_CONFIG_KEY, 'secrets.key-check'])
            .orderBy('k')
            .execute()
        ).map((r) => r.v),
      ];
      expect((await stored()).map((v) => v.slice(0, 5))).toEqual(['enc1:', 'enc1:', 'enc1:']);
      // Before the start binds them, the features refuse them (a value of an earlier version
      // could have been copied anywhere).
      expect((await oldApi(oldAdmin, 'GET', '/system/notice/mail-config')).msg).toMatch(/cannot be opened/);

      // The start: another key is still refused by the older key check; this one binds them all.
      await expect(
        openStoredSecrets(loadConfig({ DATA_DIR: old.config.dataDir, SECRET_KEY: 'z'.repeat(40) }), old.db),
      ).rejects.toThrow(SecretKeyMismatch);
      await openStoredSecrets(old.config, old.db);
      expect((await stored()).map((v) => v.slice(0, 5))).toEqual(['enc2:', 'enc2:', 'enc2:']);
      const box = new SecretBox(key);
      expect(box.open((await stored())[0] ?? '', totpSecretPlace(person.userId))).toBe(enrolment.secret);
      expect((await oldApi(oldAdmin, 'GET', '/system/notice/mail-config')).data).toMatchObject({
        host: 'smtp.example.com',
        hasPassword: true,
      });
      const login = await old.call({
        method: 'POST',
        url: '/login',
        payload: { username: person.userName, password: person.password },
      });
      const signedIn = await old.call({
        method: 'POST',
        url: '/login/totp',
        payload: { ticket: login.body.ticket, code: codeAt(enrolment.secret, Date.now() + 30_000) },
      });
      expect(signedIn.body.code).toBe(200);
    } finally {
      await old.close();
    }
  });

  it('stop the start under another key than they were sealed with, saying which key to put back', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-other-key-'));
    try {
      const otherFolder = loadConfig({ DATA_DIR: elsewhere });
      const refused = openStoredSecrets(otherFolder, t.db);
      await expect(refused).rejects.toThrow(SecretKeyMismatch);
      await expect(refused).rejects.toThrow(
        `${elsewhere}/secret.key is not the key this database’s stored credentials (4 now) are sealed with: restore the secret.key`,
      );
      await expect(
        openStoredSecrets(loadConfig({ DATA_DIR: elsewhere, SECRET_KEY: 'y'.repeat(40) }), t.db),
      ).rejects.toThrow(
        'SECRET_KEY is not the key this database’s stored credentials (4 now) are sealed with: set the one',
      );
      // The right key opens them.
      await expect(openStoredSecrets(t.config, t.db)).resolves.toBeInstanceOf(SecretBox);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('with FORGET_SEALED_SECRETS, erase only what the new key cannot open, and take the new key', async () => {
    const fresh = await createTestApp();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-new-key-'));
    try {
      const moved = loadConfig({ DATA_DIR: elsewhere });
      // Another key is refused even while nothing is sealed: instances must share one key.
      await expect(openStoredSecrets(moved, fresh.db)).rejects.toThrow('stored credentials (0 now)');

      const newBox = new SecretBox(loadSecretKey(moved).key);
      const hook = async (secret: (webhookId: number) => string) => {
        const row = await fresh.db
          .insertInto('sysProjectWebhook')
          .values({
            projectId: 1,
            webhookUrl: 'https://example.com/h',
            secret: null,
            events: null,
            enabled: 1,
            remark: null,
            createById: 1,
            createTime: '2026-01-01 00:00:00',
          })
          .returning('webhookId')
          .executeTakeFirstOrThrow();
        await fresh.db
          .updateTable('sysProjectWebhook')
          .set({ secret: secret(row.webhookId) })
          .where('webhookId', '=', row.webhookId)
          .execute();
        return row;
      };
      const oldOne = await hook(() => 'sealed under the lost key');
      await openStoredSecrets(fresh.config, fresh.db); // seals it under the first key
      const newOne = await hook((id) => newBox.seal('sealed under the new key', webhookSecretPlace(id)));
      const warnings: object[] = [];
      await openStoredSecrets(loadConfig({ DATA_DIR: elsewhere, FORGET_SEALED_SECRETS: 'true' }), fresh.db, {
        warn: (o) => warnings.push(o),
      });
      expect(warnings).toEqual([{ erased: 1 }]);
      const secretOf = async (webhookId: number) =>
        (
          await fresh.db
            .selectFrom('sysProjectWebhook')
            .select('secret')
            .where('webhookId', '=', webhookId)
            .executeTakeFirstOrThrow()
        ).secret;
      expect(await secretOf(oldOne.webhookId)).toBeNull();
      expect(
        newBox.open((await secretOf(newOne.webhookId)) ?? '', webhookSecretPlace(newOne.webhookId)),
      ).toBe('sealed under the new key');
      // The database is now the new key's; the first key is refused.
      await expect(openStoredSecrets(moved, fresh.db)).resolves.toBeInstanceOf(SecretBox);
      await expect(openStoredSecrets(fresh.config, fresh.db)).rejects.toThrow(SecretKeyMismatch);
    } finally {
      await fresh.close();
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
