import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-web-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Buglet</title>');
  t = await createTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('serve the web client, the API and the share page with a policy that runs no inline script and forbids framing', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/version',
      '/system/defect/1/shard/00000000000000000000000000000000',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
