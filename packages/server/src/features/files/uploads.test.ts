import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, multipartParts } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * What the original's clients upload: several files at once (POST /common/uploads, field `files`)
 * and canvases or cropped images as a Blob, whose file name is "blob", without an extension.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signedIn()).token;
});
afterAll(async () => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

function storedFiles(): string[] {
  const root = t.config.uploadDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}
const send = (url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  t.call({ method: 'POST', url, token, lang: 'en_US', ...body });

describe('POST /common/uploads', () => {
  it('stores every file and answers the comma-joined fields of the original', async () => {
    const res = await send(
      '/common/uploads',
      multipartParts([
        { field: 'files', filename: 'a.png', content: PNG },
        { field: 'files', filename: 'notes.txt', content: 'hello' },
      ]),
    );
    expect(res.body.code).toBe(200);
    const fileNames = String(res.body.fileNames).split(',');
    expect(fileNames).toHaveLength(2);
    expect(fileNames[0]).toMatch(/^\/profile\/upload\/.+\/a_\d{14}A[0-9a-f]{8}\.png$/);
    expect(res.body.originalFilenames).toBe('a.png,notes.txt');
    expect(String(res.body.urls).split(',')).toEqual(fileNames.map((f) => `http://localhost:80${f}`));
    expect(String(res.body.newFileNames).split(',')).toEqual(fileNames.map((f) => f.split('/').pop()));
    for (const f of fileNames) expect((await t.app.inject({ method: 'GET', url: f })).statusCode).toBe(200);
  });

  it('keeps none when one file is refused, and names the problem', async () => {
    const before = storedFiles();
    const res = await send(
      '/common/uploads',
      multipartParts([
        { field: 'files', filename: 'good.png', content: PNG },
        { field: 'files', filename: 'tool.exe', content: 'MZ' },
      ]),
    );
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('This file type is not allowed');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses more files than one upload may carry, and an upload without files', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({
      field: 'files',
      filename: `p${i}.png`,
      content: PNG,
    }));
    const before = storedFiles();
    const res = await send('/common/uploads', multipartParts(six));
    expect(res.body).toMatchObject({ code: 500, msg: 'At most 5 files can be uploaded at once' });
    expect(storedFiles()).toEqual(before);
    const none = await send('/common/uploads', multipartParts([{ field: 'remark', content: 'x' }]));
    expect(none.body.msg).toBe('Choose a file to upload');
    expect((await t.call({ method: 'POST', url: '/common/uploads', lang: 'en_US' })).body.code).toBe(401);
  });
});

describe('a Blob named "blob"', () => {
  it('is taken as the image its bytes are, as an avatar and as an upload', async () => {
    const avatar = await send('/system/user/profile/avatar', multipart('avatarfile', 'blob', PNG));
    expect(avatar.body.code).toBe(200);
    expect(avatar.body.imgUrl).toMatch(/\/blob_\d{14}A[0-9a-f]{8}\.png$/);
    const shot = await send('/common/upload', multipart('file', 'blob', JPEG));
    expect(shot.body).toMatchObject({ code: 200, fileExtension: 'jpg', originalFilename: 'blob' });
  });

  it('is refused when its bytes are no allowed type (and as an avatar, when they are no image)', async () => {
    const before = storedFiles();
    const exe = await send('/common/upload', multipart('file', 'blob', Buffer.from('MZ\u0090\u0000')));
    expect(exe.body.msg).toContain('This file type is not allowed');
    const pdf = await send(
      '/system/user/profile/avatar',
      multipart('avatarfile', 'blob', Buffer.from('%PDF-1.7\n')),
    );
    expect(pdf.body.msg).toBe('This file type is not allowed; allowed: png, jpg, jpeg');
    expect(storedFiles()).toEqual(before);
  });
});
