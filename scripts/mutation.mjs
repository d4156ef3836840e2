// `npm run test:mutation [group ...]`: runs StrykerJS once per group of scripts/mutation-groups.mjs
// (all groups unless named), then prints the mutation score of every module from the groups' JSON
// reports: detected (killed or timed out) over detected, survived and uncovered. Mutants in code
// that only runs as a module loads are left out by Stryker (ignoreStatic) and not counted.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_GROUPS } from './mutation-groups.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !MUTATION_GROUPS.some((g) => g.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown group ${unknown.join(', ')}; the groups: ${MUTATION_GROUPS.map((g) => g.name).join(', ')}`,
  );
  process.exit(2);
}
const groups = asked.length > 0 ? MUTATION_GROUPS.filter((g) => asked.includes(g.name)) : MUTATION_GROUPS;

let failed = false;
for (const group of groups) {
  console.log(`\n== mutation group ${group.name}`);
  const run = spawnSync('npx', ['stryker', 'run'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group.name },
  });
  if (run.status !== 0) failed = true;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const rows = [];
for (const group of MUTATION_GROUPS) {
  const file = path.join(ROOT, 'reports/mutation', `${group.name}.json`);
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [name, { mutants }] of Object.entries(report.files)) {
    const counted = mutants.filter((m) => COUNTED.has(m.status));
    const detected = counted.filter((m) => DETECTED.has(m.status)).length;
    const survived = counted.length - detected;
    const score = counted.length === 0 ? 100 : (100 * detected) / counted.length;
    rows.push({
      group: group.name,
      module: path.relative(ROOT, path.resolve(ROOT, name)),
      detected,
      survived,
      score,
    });
  }
}
console.log('\n| group | module | detected | survived | score |\n|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.group} | ${r.module} | ${r.detected} | ${r.survived} | ${r.score.toFixed(2)} % |`);
}
process.exit(failed ? 1 : 0);
