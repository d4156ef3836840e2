import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { runCli } from '../../test/run-cli.ts';
import { createTestApp, isPostgres, type Json, type Person, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { kvPlace } from '../db/sealed-places.ts';
import { loadSecretKey, SecretBox } from '../lib/secrets.ts';
import { restoreBackup } from './restore-archive.ts';

/*
 * `npm run backup` and `npm run restore` as an operator runs them: the commands are separate
 * processes reading DATA_DIR like the server; the data is made and read back through real apps.
 */

const sqliteApp = (dataDir: string) =>
  // An empty DATABASE_URL counts as unset: the embedded database in DATA_DIR, as `npm start` has it.
  createTestApp({ DATA_DIR: dataDir, DATABASE_URL: '', SCHEDULER_ENABLED: 'false' });

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const DEFECTS = 300;

// The archive holds the embedded SQLite database; on PostgreSQL the commands refuse (tested below).
describe.runIf(!isPostgres())('backup and restore of the embedded database', () => {
  let work: string;
  let source: TestApp;
  let tester: Person;
  let projectId = 0;
  let archive = '';
  const image = Buffer.concat([PNG_HEAD, randomBytes(200_000)]);
  let imageUrl = '';

  const as = (
    t: TestApp,
    method: 'GET' | 'POST',
    url: string,
    payload?: Json,
    query?: Record<string, string>,
  ) =>
    t
      .call({
        method,
        url,
        token: tester.token,
        lang: 'en_US',
        ...(payload ? { payload } : {}),
        ...(query ? { query } : {}),
      })
      .then((r) => r.body);

  const createDefect = async (name: string) => {
    const created = await as(source, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: name,
      defectDescribe: `Steps for ${name}\n\n![screen](${imageUrl})`,
      defectLevel: 'middle',
      handleBy: [tester.userId],
    });
    expect(created.code).toBe(200);
    const defectId = created.data.defectId as number;
    const { defectLogId } = await source.db
      .selectFrom('sysDefectLog')
      .select('defectLogId')
      .where('defectId', '=', defectId)
      .orderBy('defectLogId')
      .executeTakeFirstOrThrow();
    const comment = await as(source, 'POST', '/system/comment', {
      correlationId: defectLogId,
      commentContent: `Seen on ${name}`,
    });
    expect(comment.code).toBe(200);
    return defectId;
  };

  /** What a person sees: the project's defects, one defect, its comments, the uploaded file. */
  const answers = async (t: TestApp, defectId: number) => {
    const list = await as(t, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      pageSize: '1000',
    });
    const { focusList: _looking, ...view } = (await as(t, 'GET', `/system/defect/${defectId}`)).data as Json;
    const comments = await as(t, 'GET', '/system/comment/list', undefined, { defectId: String(defectId) });
    const file = await t.app.inject({ method: 'GET', url: imageUrl });
    return { list, view, comments, file };
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-archive-'));
    source = await sqliteApp(path.join(work, 'source'));
    tester = await source.signedIn();
    const teamId = await insertTestTeam(source.db, { [tester.userId]: [5] });
    projectId = await insertTestProject(source.db, teamId, { [tester.userId]: [8] });
    const uploaded = await source.call({
      method: 'POST',
      url: '/common/upload',
      token: tester.token,
      ...multipart('file', 'screen.png', image),
    });
    expect(uploaded.body.code).toBe(200);
    imageUrl = uploaded.body.fileName as string;
    for (let i = 1; i <= DEFECTS; i += 1) await createDefect(`Defect ${i}`);
    // A credential stored sealed (lib/secrets.ts): the archive must carry the key that opens it.
    const mail = {
      host: 'smtp.example.com',
      port: 25,
      secure: false,
      user: 'bot',
      password: 'SMTP-pass',
      from: 'b@example.com',
    };
    const saved = await source.call({
      method: 'PUT',
      url: '/system/notice/mail-config',
      token: await source.login(),
      payload: mail,
    });
    expect(saved.body.code).toBe(200);
  });

  afterAll(async () => {
    await source?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('archives a running server while it writes, and a restored folder answers the same', async () => {
    const firstId = (
      await source.db.selectFrom('sysDefect').select('defectId').orderBy('defectId').executeTakeFirstOrThrow()
    ).defectId;
    const before = await answers(source, firstId);
    expect(before.list.total).toBe(DEFECTS);
    expect(before.comments.total).toBe(1);
    expect(before.file.rawPayload.equals(image)).toBe(true);

    // The backup runs in its own process while this one goes on writing defects and comments.
    archive = path.join(work, 'buglet.tar.gz');
    const backup = runCli('backup', ['--out', archive], { DATA_DIR: path.join(work, 'source') });
    let isBackupDone = false;
    void backup.then(() => {
      isBackupDone = true;
    });
    let written = 0;
    while (!isBackupDone) {
      await createDefect(`Written during the backup ${written}`);
      written += 1;
    }
    const ran = await backup;
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Backed up .+source to .+buglet\.tar\.gz \(.+\) in \d+\.\d s:/);
    expect(ran.stdout).toContain('uploads   195 KB in 1 file');
    expect(ran.stdout).toContain('key       secret.key');
    // It holds the database and its key: readable by its owner only.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(written).toBeGreaterThan(0);

    const target = path.join(work, 'restored');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`database  ${path.join(target, 'buglet.db')}`);

    // The restored folder's key opens the restored credentials (the app's start checks it too).
    expect(fs.statSync(path.join(target, 'secret.key')).mode & 0o777).toBe(0o600);
    const restored = await sqliteApp(target);
    try {
      const sealedMail = await restored.db
        .selectFrom('sysKv')
        .select('v')
        .where('k', '=', 'notice.mail-config')
        .executeTakeFirstOrThrow();
      expect(sealedMail.v).not.toContain('SMTP-pass');
      expect(
        JSON.parse(
          new SecretBox(loadSecretKey(restored.config).key).open(sealedMail.v, kvPlace('notice.mail-config')),
        ),
      ).toMatchObject({
        password: 'SMTP-pass',
      });
      const after = await answers(restored, firstId);
      // The copy is the database of one moment: everything from before, and of the defects written
      // meanwhile a whole prefix, each with its comment (defect, history and comment together).
      const extra = after.list.total - DEFECTS;
      expect(extra).toBeGreaterThanOrEqual(0);
      expect(extra).toBeLessThanOrEqual(written);
      const byId = (rows: Json[]) => [...rows].sort((a, b) => a.defectId - b.defectId);
      expect(byId(after.list.rows).slice(0, DEFECTS)).toEqual(byId(before.list.rows));
      const names = byId(after.list.rows)
        .slice(DEFECTS)
        .map((d) => d.defectName);
      expect(names).toEqual(Array.from({ length: extra }, (_, i) => `Written during the backup ${i}`));
      const commentCount = await restored.db
        .selectFrom('sysComment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      // The last defect's comment is a request of its own: it may have come after the copy.
      expect(Number(commentCount.n)).toBeGreaterThanOrEqual(after.list.total - 1);
      expect(Number(commentCount.n)).toBeLessThanOrEqual(after.list.total);
      expect(after.view).toEqual(before.view);
      expect(after.comments).toEqual(before.comments);
      expect(after.file.statusCode).toBe(200);
      expect(after.file.rawPayload.equals(image)).toBe(true);
      // The restored folder works on: the next defect gets the next number.
      const next = await as(restored, 'POST', '/system/defect', {
        projectId,
        defectType: 'BUG',
        defectName: 'After the restore',
        defectDescribe: 'd',
        defectLevel: 'low',
        handleBy: [tester.userId],
      });
      expect(next.code).toBe(200);
    } finally {
      await restored.close();
    }
  }, 120_000);

  /** The command's own function, in this process: the refusals below need no process each. */
  const restoreInto = (dataDir: string, file: string, force = false) =>
    restoreBackup(loadConfig({ DATA_DIR: dataDir }), file, { force });
  const isEmpty = (dir: string) =>
    !fs.existsSync(dir) || fs.readdirSync(dir, { recursive: true }).length === 0;

  it('refuses a data folder that already holds a database or uploads, unless --force', async () => {
    const target = path.join(work, 'restored');
    const database = path.join(target, 'buglet.db');
    const held = fs.readFileSync(database);
    const refused = await runCli('restore', [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `The data folder ${target} is not empty: it already holds a database (${database}), a secret key (${path.join(target, 'secret.key')}) and uploaded files (1 in ${path.join(target, 'uploads')}).\n` +
        'Restore into an empty data folder (set DATA_DIR to a new folder), or add --force to replace them (stop the server first).\n',
    );
    expect(fs.readFileSync(database).equals(held)).toBe(true);

    const onlyUploads = path.join(work, 'only-uploads');
    fs.mkdirSync(path.join(onlyUploads, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(onlyUploads, 'uploads', 'left.txt'), 'left behind');
    await expect(restoreInto(onlyUploads, archive)).rejects.toThrow(
      `it already holds uploaded files (1 in ${path.join(onlyUploads, 'uploads')})`,
    );
    const forced = await restoreInto(onlyUploads, archive, true);
    expect(forced.manifest.uploads.files).toBe(1);
    expect(fs.existsSync(path.join(onlyUploads, 'uploads', 'left.txt'))).toBe(false);
    const restoredImage = path.join(onlyUploads, 'uploads', imageUrl.replace('/profile/', ''));
    expect(fs.readFileSync(restoredImage).equals(image)).toBe(true);
  }, 60_000);

  it('refuses another kind of file, and a damaged or cut archive, leaving the folder empty', async () => {
    const notes = path.join(work, 'notes.txt');
    fs.writeFileSync(notes, 'not an archive at all\n');
    const ran = await runCli('restore', [notes], { DATA_DIR: path.join(work, 'into-notes') });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe(
      `${notes} is not a Buglet backup archive, or it is damaged: it is not a .tar.gz archive.\n`,
    );
    expect(isEmpty(path.join(work, 'into-notes'))).toBe(true);

    const bytes = fs.readFileSync(archive);
    const middle = Math.floor(bytes.length / 2);
    const damaged = Buffer.from(bytes).fill(0x55, middle, middle + 64);
    // gzip ends with the CRC-32 of what it holds.
    const badSum = Buffer.from(bytes);
    badSum.writeUInt32LE((badSum.readUInt32LE(bytes.length - 8) ^ 0xffff) >>> 0, bytes.length - 8);
    const cases: Array<[string, Buffer, RegExp]> = [
      // Which check trips first depends on where the damage falls: any of them names the file.
      ['damaged.tar.gz', damaged, /damaged\.tar\.gz is not a Buglet backup archive, or it is damaged: \S/],
      [
        'sum.tar.gz',
        badSum,
        /sum\.tar\.gz .* or it is damaged: its compressed data is damaged \(zlib: incorrect data check\)\.$/,
      ],
      ['cut.tar.gz', bytes.subarray(0, middle), /cut\.tar\.gz .* or it is damaged: it is cut short \(/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(work, name);
      fs.writeFileSync(file, content);
      const target = path.join(work, `into-${name}`);
      await expect(restoreInto(target, file)).rejects.toThrow(message);
      expect(isEmpty(target)).toBe(true);
    }
  }, 60_000);

  it('refuses an archive that is not a Buglet backup or whose contents differ from its manifest', async () => {
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const repack = async (name: string, entries: string[], change: () => void = () => {}) => {
      change();
      const file = path.join(work, name);
      await tar.c({ gzip: true, file, cwd: unpacked }, entries);
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
      return file;
    };
    const all = ['manifest.json', 'buglet.db', 'secret.key', 'uploads'];
    const other = await repack('other.tar.gz', ['buglet.db', 'manifest.json']);
    const newer = await repack('newer.tar.gz', all, () =>
      fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, formatVersion: 9 })),
    );
    const future = await repack('future.tar.gz', all, () =>
      fs.writeFileSync(
        manifestFile,
        JSON.stringify({
          ...manifest,
          appVersion: '9.0.0',
          database: { ...manifest.database, migration: '999-future' },
        }),
      ),
    );
    const extra = await repack('extra.tar.gz', all, () =>
      fs.writeFileSync(path.join(unpacked, 'uploads', 'extra.txt'), 'not in the manifest'),
    );
    fs.rmSync(path.join(unpacked, 'uploads', 'extra.txt'));
    const otherKey = await repack('other-key.tar.gz', all, () =>
      fs.writeFileSync(path.join(unpacked, 'secret.key'), `${randomBytes(32).toString('base64')}\n`),
    );
    const changed = await repack('changed.tar.gz', all, () => {
      const db = new SQLite(path.join(unpacked, 'buglet.db'));
      db.prepare("update sys_defect set defect_name = 'Changed' where defect_id = 1").run();
      db.close();
    });

    const damaged = `is not a Buglet backup archive, or it is damaged:`;
    const cases: Array<[string, string]> = [
      [other, `${other} ${damaged} it does not start with manifest.json.`],
      [newer, `${newer} was made by a newer Buglet (archive format 9): restore it with that version.`],
      [
        future,
        `${future} holds a database at schema migration 999-future, which this version of Buglet does not know: restore it with Buglet 9.0.0 or newer.`,
      ],
      // Whichever file comes first past the declared size is named.
      [extra, `${extra} ${damaged} uploads/`],
      [changed, `${changed} ${damaged} its buglet.db differs from the one its manifest.json describes.`],
      [
        otherKey,
        `${otherKey} ${damaged} its secret.key is missing or differs from the one its manifest.json describes.`,
      ],
      [path.join(work, 'missing.tar.gz'), `There is no file ${path.join(work, 'missing.tar.gz')}.`],
    ];
    for (const [file, message] of cases) {
      const target = path.join(work, `into-${path.basename(file)}`);
      await expect(restoreInto(target, file)).rejects.toThrow(message);
      expect(isEmpty(target)).toBe(true);
    }
  }, 60_000);

  it('refuses to back up without a database or over an existing file', async () => {
    const empty = path.join(work, 'no-database');
    const none = await runCli('backup', ['--out', path.join(work, 'none.tar.gz')], { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`There is no database at ${path.join(empty, 'buglet.db')}`);
    const over = await runCli('backup', ['--out', archive], { DATA_DIR: path.join(work, 'source') });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`${archive} already exists: name a new file with --out.`);
    // Run with another key than the server's (SECRET_KEY set here only): refused, nothing written.
    const otherKey = path.join(work, 'wrong-key.tar.gz');
    const wrongKey = await runCli('backup', ['--out', otherKey], {
      DATA_DIR: path.join(work, 'source'),
      SECRET_KEY: 'z'.repeat(40),
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain(
      "SECRET_KEY is not the key the database's stored credentials are sealed with: run the backup with the server's settings",
    );
    expect(fs.existsSync(otherKey)).toBe(false);
    expect(fs.readdirSync(work).filter((n) => n.endsWith('.partial'))).toEqual([]);
  }, 60_000);
});

describe.runIf(isPostgres())('backup and restore with PostgreSQL configured', () => {
  const env = () => ({ DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATA_DIR: os.tmpdir() });

  it('refuse and point at pg_dump and pg_restore in the README', async () => {
    const out = path.join(os.tmpdir(), `buglet-pg-${process.pid}.tar.gz`);
    const backup = await runCli('backup', ['--out', out], env());
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('The database is PostgreSQL (DATABASE_URL is set)');
    expect(backup.stderr).toContain('pg_dump -Fc');
    expect(backup.stderr).toContain('the "Backup and restore" section of README.md');
    expect(fs.existsSync(out)).toBe(false);
    const restore = await runCli('restore', [out], env());
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('Restore PostgreSQL with pg_restore');
  }, 60_000);
});
