import Database from 'better-sqlite3';
import pg from 'pg';
import { type Chain, type Scene, type Step, stateAfter, type Write } from './crash-writers.ts';

/**
 * What the crash-safety test reads after the restart: the database itself (SQLite file or
 * PostgreSQL), to compare the ledger of acknowledged writes with the rows and to check that every
 * derived number (tallies, counters, the search index) still equals what it is derived from.
 */

export interface Reader {
  kind: 'sqlite' | 'postgres';
  rows<T>(text: string, params?: unknown[]): T[] | Promise<T[]>;
  close(): Promise<void>;
}

export function sqliteReader(file: string): Reader {
  const db = new Database(file);
  return {
    kind: 'sqlite',
    rows: <T>(text: string, params: unknown[] = []) => db.prepare(text).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}

export async function postgresReader(url: string): Promise<Reader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    rows: async <T>(text: string, params: unknown[] = []) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    close: () => client.end(),
  };
}

const LOG_TYPE: Record<Exclude<Step, 'comment'>, number> = {
  create: 0,
  assign: 1,
  pass: 3,
  reject: 4,
  repair: 5,
};
const TYPES = ['BUG', 'TASK', 'DEMAND'];

interface DefectRow {
  defect_id: number;
  project_num: number;
  defect_name: string;
  defect_describe: string;
  defect_level: string;
  defect_type: number;
  defect_state: number;
  last_fixer_id: number | null;
}
interface LogRow {
  defect_log_id: number;
  defect_id: number;
  defect_log_type: number;
  defect_log_describe: string | null;
  receive_by: string;
  create_by_id: number;
}
interface CommentRow {
  comment_id: number;
  comment_content: string;
  correlation_id: number;
  create_by_id: number;
}

export interface Findings {
  /** Acknowledged writes missing or changed after the restart. */
  lost: string[];
  /** Anything half-written or inconsistent. */
  problems: string[];
  /** Writes in flight at the kill that the restart shows applied (they are allowed, whole). */
  inflightApplied: number;
  /** The defects the database holds, by chain token. */
  defectOf: Map<string, number>;
  /** Comments present, by chain token. */
  commentOf: Map<string, number>;
}

async function load(r: Reader, projectId: number) {
  const num = (v: unknown) => (v === null ? null : Number(v));
  const defects = (
    await r.rows<DefectRow>(
      `select defect_id, project_num, defect_name, defect_describe, defect_level, defect_type, defect_state,
        last_fixer_id from sys_defect where project_id = ? and is_deleted = 0 order by defect_id`,
      [projectId],
    )
  ).map((d) => ({ ...d, defect_id: Number(d.defect_id), last_fixer_id: num(d.last_fixer_id) }));
  const logs = (
    await r.rows<LogRow>(
      `select l.defect_log_id, l.defect_id, l.defect_log_type, l.defect_log_describe, l.receive_by, l.create_by_id
        from sys_defect_log l join sys_defect d on d.defect_id = l.defect_id
        where d.project_id = ? order by l.defect_log_id`,
      [projectId],
    )
  ).map((l) => ({ ...l, defect_log_id: Number(l.defect_log_id), defect_id: Number(l.defect_id) }));
  const handlers = await r.rows<{ defect_id: number; user_id: number }>(
    `select h.defect_id, h.user_id from sys_defect_handler h join sys_defect d on d.defect_id = h.defect_id
      where d.project_id = ? order by h.defect_id, h.position`,
    [projectId],
  );
  const comments = (
    await r.rows<CommentRow>(
      `select comment_id, comment_content, correlation_id, create_by_id from sys_comment
        where module_type = 'defect_log' order by comment_id`,
    )
  ).map((c) => ({ ...c, comment_id: Number(c.comment_id), correlation_id: Number(c.correlation_id) }));
  const handlersOf = new Map<number, number[]>();
  for (const h of handlers) {
    handlersOf.set(Number(h.defect_id), [...(handlersOf.get(Number(h.defect_id)) ?? []), Number(h.user_id)]);
  }
  return { defects, logs, handlersOf, comments };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** The defect's state, handlers and last fixer as its history says they must be. */
function replay(logs: LogRow[]): { state: number; handlers: number[]; fixer: number | null } | string {
  let now: { state: number; handlers: number[]; fixer: number | null } | undefined;
  for (const log of logs) {
    const receivers = JSON.parse(log.receive_by) as number[];
    const type = Number(log.defect_log_type);
    if (type === LOG_TYPE.create) {
      if (now) return 'a second CREATE entry';
      now = { state: 0, handlers: receivers, fixer: null };
    } else if (!now) return `entry type ${type} before the CREATE entry`;
    else if (type === LOG_TYPE.assign) now = { ...now, handlers: receivers };
    else if (type === LOG_TYPE.repair)
      now = { state: 1, handlers: receivers, fixer: Number(log.create_by_id) };
    else if (type === LOG_TYPE.pass) now = { ...now, state: 4 };
    else if (type === LOG_TYPE.reject) now = { ...now, state: 3, handlers: receivers };
    else return `an entry of type ${type}, which no writer made`;
  }
  return now ?? 'no CREATE entry';
}

/** Every acknowledged write of one chain is there as it was answered. */
function checkAcked(chain: Chain, data: Loaded, lost: string[]) {
  const defect = data.defects.find((d) => d.defect_id === chain.defectId);
  const logs = new Map(data.logs.map((l) => [l.defect_log_id, l]));
  const comments = new Map(data.comments.map((c) => [c.comment_id, c]));
  for (const w of chain.writes.filter((x) => x.outcome === 'acked')) {
    const what = `${chain.token} ${w.step}`;
    if (w.step === 'create') {
      const isSame =
        defect?.project_num === chain.projectNum &&
        defect?.defect_name === chain.defectName &&
        defect?.defect_describe === chain.defectDescribe &&
        defect?.defect_level === chain.defectLevel &&
        TYPES[Number(defect?.defect_type)] === chain.defectType;
      if (!isSame) lost.push(`${what}: defect ${chain.defectId} ${defect ? 'changed' : 'missing'}`);
    } else if (w.step === 'comment') {
      const c = comments.get(w.commentId ?? 0);
      const isSame =
        c?.comment_content === w.text &&
        c?.correlation_id === w.correlationId &&
        c?.create_by_id === w.actorId;
      if (!isSame) lost.push(`${what}: comment ${w.commentId} ${c ? 'changed' : 'missing'}`);
    } else {
      const l = logs.get(w.logId ?? 0);
      const isSame =
        l?.defect_id === chain.defectId &&
        Number(l?.defect_log_type) === LOG_TYPE[w.step] &&
        Number(l?.create_by_id) === w.actorId &&
        (l?.defect_log_describe ?? undefined) === w.text;
      if (!isSame) lost.push(`${what}: history entry ${w.logId} ${l ? 'changed' : 'missing'}`);
    }
  }
}

/**
 * The defect's history holds the acknowledged entries and at most the one write in flight; its
 * state is the last acknowledged step's or, if the write in flight was applied, that one's.
 */
function checkChainState(chain: Chain, defect: DefectRow, data: Loaded, scene: Scene, problems: string[]) {
  const ackedLogs = new Set(chain.writes.flatMap((w) => (w.outcome === 'acked' && w.logId ? [w.logId] : [])));
  const extra = data.logs.filter(
    (l) =>
      l.defect_id === defect.defect_id && !ackedLogs.has(l.defect_log_id) && Number(l.defect_log_type) !== 0,
  );
  const inflight: Write | undefined = chain.writes.find((w) => w.outcome === 'inflight');
  const isInflightAction = inflight && inflight.step !== 'comment' && inflight.step !== 'create';
  if (extra.length > (isInflightAction ? 1 : 0)) {
    problems.push(`${chain.token}: ${extra.length} history entries no acknowledged write made`);
  }
  const done = chain.writes.filter((w) => w.outcome === 'acked' || (w === inflight && extra.length === 1));
  const last = [...done].reverse().find((w) => stateAfter(w.step, scene));
  const expected = stateAfter(last?.step ?? 'create', scene);
  const handlers = data.handlersOf.get(defect.defect_id) ?? [];
  if (defect.defect_state !== expected?.state || handlers.join() !== expected.handlers.join()) {
    problems.push(
      `${chain.token}: state ${defect.defect_state} handlers [${handlers}], expected ${expected?.state} [${expected?.handlers}] after ${last?.step ?? 'create'}`,
    );
  }
}

/** Every defect agrees with its own history; nothing points at a row that is not there. */
function checkRows(data: Loaded, chainOf: Map<string, Chain>, problems: string[]) {
  const chainOfComment = new Map([...chainOf.values()].map((c) => [c.commentToken, c]));
  for (const d of data.defects) {
    const chain = chainOf.get(d.defect_name);
    if (!chain) problems.push(`defect ${d.defect_id} "${d.defect_name}" was written by no writer`);
    const facts = replay(data.logs.filter((l) => l.defect_id === d.defect_id));
    if (typeof facts === 'string') {
      problems.push(`defect ${d.defect_id}: ${facts}`);
      continue;
    }
    const handlers = data.handlersOf.get(d.defect_id) ?? [];
    if (
      facts.state !== d.defect_state ||
      facts.handlers.join() !== handlers.join() ||
      facts.fixer !== d.last_fixer_id
    ) {
      problems.push(
        `defect ${d.defect_id}: row says state ${d.defect_state} [${handlers}] fixer ${d.last_fixer_id}, its history ${facts.state} [${facts.handlers}] fixer ${facts.fixer}`,
      );
    }
  }
  const logDefect = new Map(data.logs.map((l) => [l.defect_log_id, l.defect_id]));
  const live = new Set(data.defects.map((d) => d.defect_id));
  for (const c of data.comments) {
    const defectId = logDefect.get(c.correlation_id);
    if (defectId === undefined || !live.has(defectId)) {
      problems.push(`comment ${c.comment_id} is on history entry ${c.correlation_id}, which is not there`);
      continue;
    }
    const word = /c\w\d{7}x/.exec(c.comment_content)?.[0] ?? '';
    const chain = chainOfComment.get(word);
    const defect = data.defects.find((x) => x.defect_id === defectId);
    if (!chain || defect?.defect_name !== chain.defectName) {
      problems.push(`comment ${c.comment_id} "${c.comment_content}" sits on defect ${defectId}, not its own`);
    }
  }
}

/**
 * Tallies (by type and state, by handler and state), the project's number counter and orphans,
 * against the rows they are derived from.
 */
async function checkDerived(r: Reader, projectId: number, problems: string[]) {
  const tally = await r.rows<{ t: number; s: number; n: number }>(
    'select defect_type as t, defect_state as s, n from sys_defect_tally where project_id = ? and n <> 0',
    [projectId],
  );
  const counted = await r.rows<{ t: number; s: number; n: number }>(
    `select defect_type as t, defect_state as s, count(*) as n from sys_defect
      where project_id = ? and is_deleted = 0 group by defect_type, defect_state`,
    [projectId],
  );
  const key = (rows: { t: number; s: number; n: number }[]) =>
    rows
      .map((x) => `${x.t}/${x.s}=${Number(x.n)}`)
      .sort()
      .join(' ');
  if (key(tally) !== key(counted)) problems.push(`tally ${key(tally)} but the rows count ${key(counted)}`);
  // The handler tally (migration 036): the same, per handler and state.
  const byHandler = await r.rows<{ t: number; s: number; n: number }>(
    'select user_id as t, defect_state as s, n from sys_defect_handler_tally where project_id = ? and n <> 0',
    [projectId],
  );
  const handled = await r.rows<{ t: number; s: number; n: number }>(
    `select h.user_id as t, d.defect_state as s, count(*) as n from sys_defect_handler h
      join sys_defect d on d.defect_id = h.defect_id
      where d.project_id = ? and d.is_deleted = 0 group by h.user_id, d.defect_state`,
    [projectId],
  );
  if (key(byHandler) !== key(handled))
    problems.push(`handler tally ${key(byHandler)} but the rows count ${key(handled)}`);

  const [numbers] = await r.rows<{ n: number; distinct_n: number; top: number | null }>(
    `select count(*) as n, count(distinct project_num) as distinct_n, max(project_num) as top
      from sys_defect where project_id = ?`,
    [projectId],
  );
  const [counter] = await r.rows<{ counter: number }>(
    `select counter from sys_project_counter where project_id = ? and kind = 'defect'`,
    [projectId],
  );
  const n = Number(numbers?.n);
  if (Number(numbers?.distinct_n) !== n)
    problems.push(`defect numbers repeat: ${numbers?.distinct_n} of ${n}`);
  if (Number(counter?.counter ?? 0) !== n || Number(numbers?.top ?? 0) !== n) {
    problems.push(
      `the defect counter is ${counter?.counter}, the highest number ${numbers?.top}, defects ${n}`,
    );
  }
  const orphans = await r.rows<{ what: string; n: number }>(
    `select 'handler' as what, count(*) as n from sys_defect_handler
        where defect_id not in (select defect_id from sys_defect)
      union all select 'history entry', count(*) from sys_defect_log
        where defect_id not in (select defect_id from sys_defect)`,
  );
  for (const o of orphans) if (Number(o.n) > 0) problems.push(`${o.n} ${o.what} rows of no defect`);
}

/** SQLite's FTS5 index: one row per live defect, holding its title, description and comments. */
async function checkSqliteIndex(r: Reader, data: Loaded, chains: Chain[], problems: string[]) {
  const rows = await r.rows<{ rowid: number; title: string; body: string }>(
    'select rowid, title, body from sys_defect_search',
  );
  const [live] = await r.rows<{ n: number }>('select count(*) as n from sys_defect where is_deleted = 0');
  if (rows.length !== Number(live?.n))
    problems.push(`search index rows ${rows.length}, live defects ${live?.n}`);
  const indexed = new Map(rows.map((x) => [Number(x.rowid), x]));
  const logDefect = new Map(data.logs.map((l) => [l.defect_log_id, l.defect_id]));
  for (const d of data.defects) {
    const entry = indexed.get(d.defect_id);
    const texts = [
      d.defect_describe,
      ...data.comments
        .filter((c) => logDefect.get(c.correlation_id) === d.defect_id)
        .map((c) => c.comment_content),
    ];
    if (entry?.title !== d.defect_name || !texts.every((t) => entry.body.includes(t))) {
      problems.push(
        `search index entry of defect ${d.defect_id} does not hold its title, description and comments`,
      );
    }
  }
  for (const chain of chains) {
    const hits = await r.rows<{ rowid: number }>(
      'select rowid from sys_defect_search where sys_defect_search match ?',
      [`"${chain.token}"`],
    );
    const want = data.defects.find((d) => d.defect_name === chain.defectName)?.defect_id;
    if (hits.map((h) => Number(h.rowid)).join() !== (want === undefined ? '' : String(want))) {
      problems.push(
        `index search for ${chain.token} finds [${hits.map((h) => h.rowid)}], expected [${want ?? ''}]`,
      );
    }
  }
  const [check] = await r.rows<{ integrity_check: string }>('pragma integrity_check');
  if (check?.integrity_check !== 'ok') problems.push(`integrity_check: ${check?.integrity_check}`);
}

export async function checkDatabase(r: Reader, scene: Scene, chains: Chain[]): Promise<Findings> {
  const data = await load(r, scene.projectId);
  const lost: string[] = [];
  const problems: string[] = [];
  const chainOf = new Map(chains.map((c) => [c.defectName, c]));
  const defectOf = new Map<string, number>();
  const commentOf = new Map<string, number>();
  let inflightApplied = 0;
  for (const chain of chains) {
    checkAcked(chain, data, lost);
    const defect = data.defects.find((d) => d.defect_name === chain.defectName);
    const inflight = chain.writes.find((w) => w.outcome === 'inflight');
    if (!defect) continue;
    defectOf.set(chain.token, defect.defect_id);
    if (chain.defectId !== undefined && defect.defect_id !== chain.defectId) {
      problems.push(`${chain.token}: found as defect ${defect.defect_id}, answered as ${chain.defectId}`);
    }
    checkChainState(chain, defect, data, scene, problems);
    const comment = data.comments.find((c) => c.comment_content.endsWith(chain.commentToken));
    if (comment) commentOf.set(chain.token, defect.defect_id);
    if (inflight?.step === 'create' || (inflight?.step === 'comment' && comment)) inflightApplied++;
  }
  const extraLogs = data.logs.filter(
    (l) =>
      Number(l.defect_log_type) !== 0 &&
      !chains.some((c) => c.writes.some((w) => w.outcome === 'acked' && w.logId === l.defect_log_id)),
  );
  inflightApplied += extraLogs.length;
  checkRows(data, chainOf, problems);
  await checkDerived(r, scene.projectId, problems);
  if (r.kind === 'sqlite') await checkSqliteIndex(r, data, chains, problems);
  return { lost, problems, inflightApplied, defectOf, commentOf };
}

/** Successful writes (POST) the operation log holds. */
export async function loggedWrites(r: Reader): Promise<number> {
  const [row] = await r.rows<{ n: number }>(
    `select count(*) as n from sys_oper_log where status = 0 and request_method = 'POST'`,
  );
  return Number(row?.n ?? 0);
}
