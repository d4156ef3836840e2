import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer, waitUp } from '../../bench/server-process.ts';
import { apiClient } from '../api.ts';
import { checkDatabase, loggedWrites, postgresReader, type Reader, sqliteReader } from '../crash-checks.ts';
import { type Chain, type Scene, startWriters, type Write } from '../crash-writers.ts';

/**
 * Crash safety: the built server under 100 concurrent writers is killed with SIGKILL mid-stream
 * and started again on the same data: once from outside, wherever the writes happen to be, and
 * once from inside, the moment a new defect's transaction has committed and before the answer
 * (`e2e/die-after-commit.mjs`, preloaded), so a create whose steps were split over two
 * transactions would be caught half written. Every acknowledged write must be there as answered;
 * writes in flight may be missing but never half there; tallies, the defect counter and the
 * keyword search must still equal the rows. Then a graceful stop (SIGTERM) under the same load:
 * what was answered stays, and the operation log holds every answered write. SQLite always,
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const WRITERS = 100;
/** The kill from outside comes after this many acknowledged writes of its round. */
const KILL_AFTER = Number(process.env.CRASH_KILL_AFTER ?? 150);
/** The kill from inside comes right after this many new defects of its round have committed. */
const DIE_AFTER_DEFECTS = 150;
const DIES_AFTER_COMMIT = {
  NODE_OPTIONS: `--import ${path.resolve(import.meta.dirname, '../die-after-commit.mjs')}`,
  DIE_AFTER_DEFECT_COMMITS: String(DIE_AFTER_DEFECTS),
};
const STOP_AFTER = 100;
/** Words of writes that never made it, searched to find nothing. */
const ABSENT_SAMPLE = 20;
const ENV = { SCHEDULER_ENABLED: 'false', SIGN_IN_RATE_PER_MINUTE: '1000' };

async function seedScene(baseUrl: string): Promise<Scene> {
  const { api, apiLogin, seedTeamProject } = apiClient(baseUrl);
  const password = 'crash-pass1';
  const person = (name: string, phone: string) => ({
    userName: name,
    nickName: name,
    password,
    phoneNumber: phone,
  });
  const seeded = await seedTeamProject({
    lead: { username: 'crashlead', password, phoneNumber: '13900140000', nickName: 'Crash Lead' },
    tester: person('crashtester', '13900140001'),
    developer: person('crashdev', '13900140002'),
    teamName: 'Crash Team',
    projectName: 'Crash Project',
  });
  const me = (await api(seeded.lead, 'GET', '/getInfo')) as { user?: { userId: number } };
  return {
    projectId: seeded.projectId,
    lead: { token: seeded.lead, userId: me.user?.userId ?? 0 },
    tester: { token: await apiLogin('crashtester', password), userId: seeded.testerId },
    developer: { token: await apiLogin('crashdev', password), userId: seeded.developerId },
  };
}

async function until(isDone: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!isDone()) {
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A graceful stop has this long: past it, the process is killed and the test fails. */
const STOP_WAIT_MS = 20_000;

async function stopWith(server: RunningServer, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const gone = new Promise<boolean>((resolve) => server.child.once('exit', () => resolve(true)));
  server.child.kill(signal);
  const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_WAIT_MS).unref());
  if (await Promise.race([gone, late])) return;
  server.child.kill('SIGKILL');
  await gone;
  throw new Error(`the server did not stop within ${STOP_WAIT_MS} ms of ${signal}`);
}

const count = (writes: Write[], outcome: Write['outcome']) =>
  writes.filter((w) => w.outcome === outcome).length;

/** A round against a server set to kill itself: writers until it has; answers what was written. */
async function roundUntilItDies(server: RunningServer, scene: Scene, tag: string) {
  const started = Date.now();
  const gone = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  const writers = startWriters(server.url, scene, WRITERS, tag, true);
  await Promise.race([
    gone,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the server never killed itself')), 25_000)),
  ]);
  writers.markStopping();
  await writers.stop();
  expect(server.child.signalCode).toBe('SIGKILL');
  return {
    chains: writers.chains,
    writes: writers.chains.flatMap((c) => c.writes),
    ms: Date.now() - started,
  };
}

/** One round: writers until `after` acknowledgements, then the signal; answers what was written. */
async function round(
  server: RunningServer,
  scene: Scene,
  tag: string,
  after: number,
  signal: 'SIGKILL' | 'SIGTERM',
) {
  const started = Date.now();
  const writers = startWriters(server.url, scene, WRITERS, tag);
  await until(() => writers.acked() >= after, 25_000);
  writers.markStopping();
  await stopWith(server, signal);
  const ms = Date.now() - started;
  await writers.stop();
  return { chains: writers.chains, writes: writers.chains.flatMap((c) => c.writes), ms };
}

/**
 * Through the running server: a keyword search for the word of every defect and comment there
 * finds exactly its defect; the words of some writes that never made it find nothing.
 */
async function searchMismatches(baseUrl: string, scene: Scene, chains: Chain[], found: Map<string, number>) {
  const wrong: string[] = [];
  const words = chains.flatMap((c) => [
    { word: c.token, want: found.get(c.token) },
    { word: c.commentToken, want: found.get(`comment:${c.token}`) },
  ]);
  const absent = words.filter((q) => q.want === undefined);
  const queries = [
    ...words.filter((q) => q.want !== undefined),
    ...absent.filter((_, i) => i % Math.ceil(absent.length / ABSENT_SAMPLE) === 0),
  ];
  async function search({ word, want }: { word: string; want: number | undefined }) {
    const query = `projectId=${scene.projectId}&pageNum=1&pageSize=10&params%5Bkeyword%5D=${word}`;
    const res = await fetch(`${baseUrl}/prod-api/system/defect/list?${query}`, {
      headers: { authorization: `Bearer ${scene.lead.token}` },
    });
    const body = (await res.json()) as { code: number; total: number; rows: { defectId: number }[] };
    const ids = (body.rows ?? []).map((r) => r.defectId);
    if (body.code !== 200 || ids.join() !== String(want ?? '') || body.total !== ids.length) {
      wrong.push(`${word}: code ${body.code}, total ${body.total}, [${ids}], expected [${want ?? ''}]`);
    }
  }
  for (let i = 0; i < queries.length; i += 16) await Promise.all(queries.slice(i, i + 16).map(search));
  return { wrong, searched: queries.length };
}

async function crashRun(label: string, env: Record<string, string>, open: (dir: string) => Promise<Reader>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-crash-'));
  const start = async (more: Record<string, string> = {}) => {
    const server = await startServer({ ...ENV, ...env, ...more }, dataDir);
    await waitUp(server.url);
    return server;
  };
  let server = await start();
  try {
    const began = Date.now();
    const scene = await seedScene(server.url);
    const seededMs = Date.now() - began;
    const chains: Chain[] = [];
    const rounds: string[] = [];
    const kills = [
      { tag: '1', how: 'from outside', next: DIES_AFTER_COMMIT },
      { tag: '2', how: 'after a defect commit', next: {} },
    ];
    const diedAfterCommit: Chain[] = [];
    for (const kill of kills) {
      const done =
        kill.tag === '1'
          ? await round(server, scene, kill.tag, KILL_AFTER, 'SIGKILL')
          : await roundUntilItDies(server, scene, kill.tag);
      chains.push(...done.chains);
      if (kill.tag === '2') diedAfterCommit.push(...done.chains);
      // Before the kill every write must be answered with success: a refusal is a failure here.
      const refused = done.writes.filter((w) => w.outcome === 'refused');
      expect(refused.map((w) => `${w.step}: ${w.msg}`)).toEqual([]);
      const restartedAt = Date.now();
      server = await start(kill.next);
      rounds.push(
        `${kill.how}: ${count(done.writes, 'acked')} acked/${count(done.writes, 'inflight')} in flight ` +
          `in ${done.ms} ms, up again in ${Date.now() - restartedAt} ms`,
      );
    }
    // Read beside the running server (SQLite in WAL mode lets a second connection in).
    const checkedAt = Date.now();
    let reader = await open(dataDir);
    const killed = await checkDatabase(reader, scene, chains).finally(() => reader.close());
    const found = new Map(killed.defectOf);
    for (const [token, id] of killed.commentOf) found.set(`comment:${token}`, id);
    const searches = await searchMismatches(server.url, scene, chains, found);
    const checkMs = Date.now() - checkedAt;
    const writes = chains.flatMap((c) => c.writes);
    console.log(
      `[crash ${label}] ${WRITERS} writers, ${kills.length} kills (${rounds.join('; ')}): ` +
        `${count(writes, 'acked')} writes acknowledged before a kill, ${killed.lost.length} lost after it, ` +
        `${count(writes, 'inflight')} in flight not acknowledged (${killed.inflightApplied} of them applied whole); ` +
        `set up in ${seededMs} ms, checked with ${searches.searched} searches in ${checkMs} ms`,
    );
    expect(killed.lost).toEqual([]);
    expect(killed.problems).toEqual([]);
    expect(searches.wrong).toEqual([]);
    // The kill from inside landed after a create had committed: that defect is there, unanswered.
    const committedUnanswered = diedAfterCommit.filter(
      (c) => c.writes[0]?.outcome === 'inflight' && killed.defectOf.has(c.token),
    );
    expect(committedUnanswered.length).toBeGreaterThan(0);

    // A graceful stop finishes what it has begun and writes the operation log it still holds.
    reader = await open(dataDir);
    const loggedBefore = await loggedWrites(reader).finally(() => reader.close());
    const stopped = await round(server, scene, 'g', STOP_AFTER, 'SIGTERM');
    chains.push(...stopped.chains);
    const refusals = stopped.writes.filter((w) => w.outcome === 'refused' && !w.msg?.startsWith('503 '));
    expect(refusals.map((w) => `${w.step}: ${w.msg}`)).toEqual([]);
    reader = await open(dataDir);
    const afterStop = await checkDatabase(reader, scene, chains);
    const logged = (await loggedWrites(reader).finally(() => reader.close())) - loggedBefore;
    console.log(
      `[crash ${label}] graceful stop: ${count(stopped.writes, 'acked')} acknowledged, ` +
        `${afterStop.lost.length} lost, ${logged} in the operation log, ` +
        `${count(stopped.writes, 'refused')} refused while closing, ${count(stopped.writes, 'inflight')} unanswered`,
    );
    expect(afterStop.lost).toEqual([]);
    expect(afterStop.problems).toEqual([]);
    expect(logged).toBe(count(stopped.writes, 'acked'));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the test server, dropped afterwards. */
async function inFreshDatabase(baseUrl: string, run: (url: string) => Promise<void>) {
  const name = `crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// No second go: a write lost once is lost.
describe('crash safety: SIGKILL under 100 concurrent writers', { retry: 0 }, () => {
  it('keeps every acknowledged write and a consistent database on SQLite', async () => {
    await crashRun('sqlite', {}, async (dir) => sqliteReader(path.join(dir, 'buglet.db')));
  }, 120_000);

  it.runIf(PG_URL)(
    'keeps every acknowledged write and a consistent database on PostgreSQL',
    async () => {
      await inFreshDatabase(PG_URL as string, (url) =>
        crashRun('postgres', { DATABASE_URL: url }, () => postgresReader(url)),
      );
    },
    120_000,
  );
});
