import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type Scene, withPostgres, withSqlite } from './defect-seed.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { benchPostgresUrl, login, request, startServer, waitUp } from './server-process.ts';

/** Defects in the bench project: enough open ones for ROUNDS closes of a thousand. */
const DEFECTS = Number(process.env.BULK_DEFECTS ?? 30_000);
const ROUNDS = Number(process.env.BULK_ROUNDS ?? 7);
const BATCH = 1000;
/** Of each thousand, this many are closed already: refused with their reason, the rest closed. */
const REFUSED = 50;

/** Each round's ids: 950 open defects and 50 closed ones, none used by another round. */
async function roundsOf(scene: Scene, pgUrl: string | undefined): Promise<number[][]> {
  const query = `select defect_id, defect_state from sys_defect where project_id = ${scene.seeded.projectId} order by defect_id`;
  let rows: Array<{ defect_id: number; defect_state: number }>;
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    rows = (await client.query(query)).rows;
    await client.end();
  } else {
    const db = new Database(path.join(scene.dataDir, 'buglet.db'), { readonly: true });
    rows = db.prepare(query).all() as typeof rows;
    db.close();
  }
  const open = rows.filter((r) => r.defect_state !== 4).map((r) => r.defect_id);
  const closed = rows.filter((r) => r.defect_state === 4).map((r) => r.defect_id);
  const rounds: number[][] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const ids = [
      ...open.slice(k * (BATCH - REFUSED), (k + 1) * (BATCH - REFUSED)),
      ...closed.slice(k * REFUSED, (k + 1) * REFUSED),
    ];
    if (ids.length !== BATCH) throw new Error(`not enough defects for round ${k + 1}: raise BULK_DEFECTS`);
    rounds.push(ids);
  }
  return rounds;
}

/** Times `POST /system/defect/bulk` closing a thousand defects, round after round. */
async function timeBulkCloses(scene: Scene, pgUrl?: string): Promise<number[]> {
  const rounds = await roundsOf(scene, pgUrl);
  const server = await startServer(scene.env, scene.dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    if (!token) throw new Error('the bench user could not sign in');
    const url = new URL(server.url);
    const times: number[] = [];
    for (const ids of rounds) {
      const body = JSON.stringify({
        projectId: scene.seeded.projectId,
        action: 'close',
        defectIds: ids,
        defectLogDescribe: 'Closed in bulk after the release review',
      });
      const started = performance.now();
      const answer = await request(agent, url, {
        method: 'POST',
        path: '/system/defect/bulk',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      });
      times.push(performance.now() - started);
      const data = JSON.parse(answer).data as { succeeded: number; failed: number } | undefined;
      if (data?.succeeded !== BATCH - REFUSED || data.failed !== REFUSED)
        throw new Error(`unexpected answer: ${answer.slice(0, 300)}`);
    }
    return times;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

const describeTimes = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  return { text: `${median.toFixed(0)} / ${worst.toFixed(0)}`, worst };
};

/**
 * The "bulk close of 1,000 defects, under a second": one request closing a thousand
 * defects of a project of BULK_DEFECTS (950 accepted, 50 already closed and refused with their
 * reason), the whole path over HTTP — session, scope, the workflow's decision per defect, one
 * transaction of state, handlers and history, the answer of a thousand outcomes, and the events
 * (notices) after it. ROUNDS rounds on fresh defects; median and worst.
 */
export async function runDefectBulk(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const lite = describeTimes(await withSqlite(DEFECTS, false, (scene) => timeBulkCloses(scene)));
  out[`bulk close of ${BATCH} (${REFUSED} refused), SQLite: median / worst ms`] = lite.text;
  let worst = lite.worst;
  const pgUrl = benchPostgresUrl();
  if (pgUrl) {
    const post = describeTimes(
      await withPostgres(pgUrl, DEFECTS, false, (scene) => timeBulkCloses(scene, scene.env.DATABASE_URL)),
    );
    out[`bulk close of ${BATCH} (${REFUSED} refused), PostgreSQL: median / worst ms`] = post.text;
    worst = Math.max(worst, post.worst);
  } else out.PostgreSQL = 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)';
  out['target under 1 s'] = worst < 1000 ? 'met' : 'NOT met';
  return out;
}
