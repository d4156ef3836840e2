import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-web-'));
const script = `console.log(${JSON.stringify('buglet '.repeat(400))});\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Buglet</title>');
  const file = path.join(webDir, 'assets', 'app-Ab12Cd34.js');
  // As the web build leaves them (packages/web/compressed-copies.ts).
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  t = await createTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web client files', () => {
  it('go compressed as the browser accepts, from the copies the build made', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('keep hashed assets a year and ask for the page itself anew', async () => {
    expect((await get('/assets/app-Ab12Cd34.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
