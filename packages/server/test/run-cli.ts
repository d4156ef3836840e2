import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/cli');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A data command (src/cli/<command>.ts) as an operator runs it: a separate process that reads
 * DATA_DIR and DATABASE_URL like the server, from `env` only (not from the test's environment).
 */
export function runCli(
  command: 'backup' | 'restore' | 'rotate-key',
  args: string[],
  env: Record<string, string>,
): Promise<Ran> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, SECRET_KEY: _key, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(CLI_DIR, `${command}.ts`), ...args], {
    env: { ...inherited, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise<Ran>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
