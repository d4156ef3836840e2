// Preloaded into the built server by the crash-safety test (node --import), never shipped: the
// server kills itself (SIGKILL) the moment the transaction that wrote its Nth new defect row has
// committed, before it answers. A defect create that commits in one transaction leaves the defect
// whole (row, handlers, history, tallies, search text); one split into two leaves it half written,
// which the test's checks find. Both SQLite (better-sqlite3) and PostgreSQL (pg) are watched.
// Plain JavaScript: Node loads it before the server, without a build step.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const limit = Number(process.env.DIE_AFTER_DEFECT_COMMITS);
if (!(limit > 0)) throw new Error('DIE_AFTER_DEFECT_COMMITS must be a positive number');

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');
const require = createRequire(path.join(serverDir, 'package.json'));
const INSERTS_DEFECT = /^\s*insert\s+into\s+"?sys_defect"?[\s(]/i;
const COMMITS = /^\s*commit\b/i;
const ENDS = /^\s*(commit|rollback)\b/i;
let committed = 0;

/** Called for each statement a connection runs, after it succeeded. */
function watch(conn, sql) {
  if (INSERTS_DEFECT.test(sql)) conn.writesDefect = true;
  if (!ENDS.test(sql)) return;
  const counts = COMMITS.test(sql) && conn.writesDefect;
  conn.writesDefect = false;
  if (counts && ++committed === limit) process.kill(process.pid, 'SIGKILL');
}

// SQLite: one connection; Kysely runs every statement, begin and commit included, as a prepared one.
const Database = require('better-sqlite3');
const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'all', 'get']) {
  const original = Statement[method];
  Statement[method] = function (...args) {
    const result = original.apply(this, args);
    watch(this.database, this.source);
    return result;
  };
}

// PostgreSQL: each pooled client is a connection; the kill waits for the server's answer to COMMIT.
const pg = require('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const sql = typeof config === 'string' ? config : config?.text;
  const result = query.call(this, config, ...rest);
  if (typeof sql !== 'string' || !(result instanceof Promise)) return result;
  return result.then((answer) => {
    watch(this, sql);
    return answer;
  });
};
