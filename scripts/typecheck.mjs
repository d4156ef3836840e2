// `npm run typecheck`: every TypeScript project checked, two at a time (the machines have two
// cores; one after another took a minute). Each project's errors print as it ends; any error fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['packages/server', 'bench', 'packages/web', 'e2e', 'packages/contracts'];
const AT_ONCE = 2;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'errors'}\n`);
      if (code !== 0) process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
