import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const upload = (filename: string, content: Buffer, field = 'file', url = '/common/upload') =>
  t.call({ method: 'POST', url, token, lang: 'en_US', ...multipart(field, filename, content) });

/** Every regular file under the upload root, to prove refusals leave nothing behind. */
function storedFiles(): string[] {
  const root = t.config.uploadDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

describe('uploads', () => {
  it('stores a real PNG under a generated name and serves it publicly', async () => {
    const res = await upload('screen shot.png', PNG);
    expect(res.body.code).toBe(200);
    expect(res.body.fileName).toMatch(
      /^\/profile\/upload\/\d{4}\/\d{2}\/\d{2}\/screen_shot_\d{14}A[0-9a-f]{8}\.png$/,
    );
    expect(res.body).toMatchObject({ originalFilename: 'screen shot.png', fileExtension: 'png' });
    expect(res.body.url).toBe(`http://localhost:80${res.body.fileName}`);
    const served = await t.app.inject({ method: 'GET', url: `/prod-api${res.body.fileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  });

  it('accepts documents whose content matches: txt, docx, pdf', async () => {
    expect((await upload('notes.txt', Buffer.from('hello 世界\n'))).body.code).toBe(200);
    expect((await upload('spec.docx', Buffer.from('PK\u0003\u0004rest-of-zip'))).body.code).toBe(200);
    expect((await upload('plan.pdf', Buffer.from('%PDF-1.7\n'))).body.code).toBe(200);
  });

  it('refuses an executable renamed to .png and leaves no file', async () => {
    const before = storedFiles();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const res = await upload('innocent.png', exe);
    expect(res.body).toEqual({
      code: 500,
      msg: 'The file content does not match its extension png; refused',
    });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an 8 MB image and leaves no file', async () => {
    const before = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]);
    const res = await upload('huge.png', big);
    expect(res.body).toEqual({ code: 500, msg: 'Images cannot be larger than 5 MB' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 30 MB and types outside the list', async () => {
    const before = storedFiles();
    const tooBig = await upload(
      'big.pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(31 * 1024 * 1024)]),
    );
    expect(tooBig.body).toEqual({ code: 500, msg: 'Files cannot be larger than 30 MB' });
    const exe = await upload('tool.exe', Buffer.from('MZ'));
    expect(exe.body.msg).toBe(
      'This file type is not allowed; allowed: png, jpg, jpeg, doc, docx, xls, xlsx, ppt, pptx, txt, md, pdf, zip',
    );
    const svg = await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(svg.body.code).toBe(500);
    expect(storedFiles()).toEqual(before);
  });

  it('needs a session and the file field', async () => {
    const anon = await t.call({ method: 'POST', url: '/common/upload', ...multipart('file', 'a.png', PNG) });
    expect(anon.body.code).toBe(401);
    const wrongField = await upload('a.png', PNG, 'other');
    expect(wrongField.body).toEqual({ code: 500, msg: 'Choose a file to upload' });
    const notMultipart = await t.call({
      method: 'POST',
      url: '/common/upload',
      token,
      payload: {},
      lang: 'en_US',
    });
    expect(notMultipart.body.msg).toBe('Choose a file to upload');
  });

  it('stores a pasted screenshot and records it as a temp file', async () => {
    const fileBody = `data:image/png;base64,${PNG.toString('base64')}`;
    const res = await t.call({
      method: 'POST',
      url: '/common/upload/screen-shot',
      token,
      payload: { fileBody, srcUrl: 'http://x' },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ fileType: 1, srcUrl: 'http://x' });
    const row = await t.db
      .selectFrom('sysTempFile')
      .selectAll()
      .where('fileId', '=', res.body.data.fileId)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(t.config.uploadDir, row.fileUrl.replace('/profile/', '')))).toBe(true);
    const fake = await t.call({
      method: 'POST',
      url: '/common/upload/screen-shot',
      token,
      payload: { fileBody: 'data:image/png;base64,TVo=' },
      lang: 'en_US',
    });
    expect(fake.body.msg).toBe('The file content does not match its extension png; refused');
  });
});

describe('downloads', () => {
  it('downloads a prepared file with its name and may delete it afterwards', async () => {
    const dir = path.join(t.config.uploadDir, 'download');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'abc_report.txt'), 'data');
    const res = await t.app.inject({
      method: 'GET',
      url: '/common/download?fileName=abc_report.txt&delete=true',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.body).toBe('data');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^\d+report\.txt$/);
    expect(fs.existsSync(path.join(dir, 'abc_report.txt'))).toBe(false);
  });

  it('refuses names that climb out of the folder and leaves everything in place', async () => {
    const secret = path.join(t.config.dataDir, 'secret.txt');
    fs.writeFileSync(secret, 'top secret');
    for (const fileName of ['../secret.txt', '..%2Fsecret.txt', '../../etc/passwd', 'a/../../secret.txt']) {
      const res = await t.call({
        method: 'GET',
        url: `/common/download?fileName=${fileName}&delete=true`,
        token,
        lang: 'en_US',
      });
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toMatch(/^Invalid file name; download refused/);
    }
    const resource = await t.call({
      method: 'GET',
      url: '/common/download/resource?resource=/profile/../secret.txt',
      token,
    });
    expect(resource.body.code).toBe(500);
    expect(fs.readFileSync(secret, 'utf8')).toBe('top secret');
  });

  it('downloads an uploaded resource by its public path', async () => {
    const up = await upload('hello.txt', Buffer.from('hello'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/common/download/resource?resource=${encodeURIComponent(up.body.fileName)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.body).toBe('hello');
    expect(res.headers['content-disposition']).toContain('attachment');
  });
});
