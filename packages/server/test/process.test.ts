import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: undefined, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('refuses to start with a wrong setting and names it', async () => {
    const p = run({ PORT: 'eighty', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-proc-')) });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT: must be a number');
  });

  it('serves, then on SIGTERM finishes and closes the database cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-proc-'));
    const port = await freePort();
    const p = run({ PORT: String(port), DATA_DIR: dataDir });
    let answered = false;
    for (let i = 0; i < 200 && !answered; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answered = await fetch(`http://127.0.0.1:${port}/captchaImage`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(answered).toBe(true);
    // By default only this machine reaches it, and the start says how to open it.
    expect(p.output()).toContain('Only this machine can reach it (HOST=127.0.0.1); set HOST=0.0.0.0');
    const outward = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (outward)
      expect(
        await fetch(`http://${outward}:${port}/captchaImage`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
    const login = await fetch(`http://127.0.0.1:${port}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'cat2bug' }),
    });
    const { token } = (await login.json()) as { code: number; token: string };
    expect(token).toBeTruthy();
    expect(fs.existsSync(path.join(dataDir, 'buglet.db-wal'))).toBe(true);
    // A write answered just before the signal: its operation-log entry still waits in the
    // recorder's batch, which the shutdown must write before the database closes.
    const saved = await fetch(`http://127.0.0.1:${port}/prod-api/system/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        configName: 'Last word',
        configKey: 'proc.last',
        configValue: '1',
        configType: 'N',
      }),
    });
    expect(((await saved.json()) as { code: number }).code).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    expect(p.output()).not.toContain('operation log');
    // A cleanly closed SQLite database folds its write-ahead log back and removes it.
    expect(fs.existsSync(path.join(dataDir, 'buglet.db-wal'))).toBe(false);
    const db = new SQLite(path.join(dataDir, 'buglet.db'), { readonly: true });
    const logged = db
      .prepare(`select count(*) as n from sys_oper_log where oper_url like '%/system/config'`)
      .get();
    db.close();
    expect(logged).toEqual({ n: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
