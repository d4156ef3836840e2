import { performance } from 'node:perf_hooks';
import { DEFAULT_DEFECTS, type Scene, withPostgres, withSqlite } from './defect-seed.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { benchPostgresUrl, login, startServer, waitUp } from './server-process.ts';

/**
 * One project with DEFECTS defects (default 1,000,000): the list (page of 10, filtered by state,
 * sorted by update time), the keyword search (newest first, and sorted by every column the list
 * offers, both ways, for a common, a middling and a rare keyword), the statistics and one
 * defect's page, on SQLite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on
 * PostgreSQL, with the PostgreSQL/SQLite ratio of the medians. Rows are generated inside the
 * database with set-based SQL, so filling takes seconds, not hours.
 *
 * BENCH_KEEP=1 keeps the filled database between runs (a folder under the system's temporary
 * folder, a schema `bench_defects_<N>` on PostgreSQL) and reuses it; BENCH_DB=sqlite or
 * BENCH_DB=postgres runs one side only; RUNS and SORT_RUNS set the timed requests per figure.
 */
const DEFECTS = DEFAULT_DEFECTS;
const RUNS = Number(process.env.RUNS ?? 200);
const SORT_RUNS = Number(process.env.SORT_RUNS ?? 40);
const WARM = 10;
export const SORT_COLUMNS = [
  'updateTime',
  'createTime',
  'projectNum',
  'defectLevel',
  'defectState',
  'planStartTime',
  'planEndTime',
] as const;

export interface Timing {
  median: number;
  p99: number;
  total: number;
  isCapped: boolean;
}

export async function measure(url: string, token: string, route: string, runs = RUNS): Promise<Timing> {
  const times: number[] = [];
  let total = 0;
  let isCapped = false;
  for (let i = 0; i < runs + WARM; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code: number; total?: number; totalCapped?: boolean; msg: string };
    if (body.code !== 200) throw new Error(`${route}: ${body.msg}`);
    if (i >= WARM) times.push(performance.now() - t0);
    total = body.total ?? 0;
    isCapped = body.totalCapped === true;
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    p99: times[Math.floor(times.length * 0.99)] ?? 0,
    total,
    isCapped,
  };
}
export const listRoute = (projectId: number, query: string) =>
  `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10${query}`;
export const keywordQuery = (keyword: string) => `&params%5Bkeyword%5D=${encodeURIComponent(keyword)}`;
export const sortQuery = (column: string, direction: 'asc' | 'desc') =>
  `&orderByColumn=${column}&isAsc=${direction}`;

/** Keywords by how many defects they match: one in eight (plus comments), about one in a thousand, one. */
export function benchKeywords(count: number) {
  return {
    common: 'checkout',
    middling: `Defect ${String(count).slice(0, 3)}`,
    rare: `Defect ${Math.floor(count * 0.4) + 7} in`,
  };
}

/** Every figure of one database: label -> timing. */
async function timeScene(scene: Scene, withSorts: boolean): Promise<Map<string, Timing>> {
  const server = await startServer(scene.env, scene.dataDir);
  const figures = new Map<string, Timing>();
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    if (!token) throw new Error('bench user could not log in');
    const { projectId, someDefectId } = scene.seeded;
    const time = async (label: string, route: string, runs = RUNS) => {
      figures.set(label, await measure(server.url, token, route, runs));
    };
    const words = benchKeywords(DEFECTS);
    await time(
      'list, state Pending, by update time',
      listRoute(projectId, `&params%5BdefectStates%5D=0${sortQuery('updateTime', 'desc')}`),
    );
    await time(`keyword '${words.common}', newest first`, listRoute(projectId, keywordQuery(words.common)));
    await time(
      `keyword '${words.common}', by update time`,
      listRoute(projectId, keywordQuery(words.common) + sortQuery('updateTime', 'desc')),
    );
    await time(`keyword '报表页面', newest first`, listRoute(projectId, keywordQuery('报表页面')));
    await time(`keyword '${words.rare}', newest first`, listRoute(projectId, keywordQuery(words.rare)));
    await time('statistics by state', `/system/defect/statistic/state/${projectId}`);
    await time('statistics by member', `/system/defect/statistic/member/${projectId}`);
    await time('defect view', `/system/defect/${someDefectId}`);
    if (withSorts) {
      for (const column of SORT_COLUMNS)
        await time(`list, by ${column} desc`, listRoute(projectId, sortQuery(column, 'desc')), SORT_RUNS);
      for (const word of [words.common, words.middling, words.rare])
        for (const column of SORT_COLUMNS)
          for (const direction of ['desc', 'asc'] as const)
            await time(
              `keyword '${word}', by ${column} ${direction}`,
              listRoute(projectId, keywordQuery(word) + sortQuery(column, direction)),
              SORT_RUNS,
            );
    }
    return figures;
  } finally {
    await server.stop();
  }
}

const keep = () => process.env.BENCH_KEEP === '1';
const fmt = (t: Timing | undefined) => (t ? `${t.median.toFixed(1)} / ${t.p99.toFixed(1)}` : '-');

export async function runDefectList(): Promise<Record<string, string>> {
  const only = process.env.BENCH_DB;
  const pgUrl = only === 'sqlite' ? undefined : benchPostgresUrl();
  const out: Record<string, string> = {};
  let lite: Map<string, Timing> | undefined;
  let post: Map<string, Timing> | undefined;
  if (only !== 'postgres')
    lite = await withSqlite(DEFECTS, keep(), async (scene) => {
      if (scene.fillSeconds !== undefined)
        out[`SQLite: fill ${DEFECTS.toLocaleString('en')} defects (s)`] = scene.fillSeconds.toFixed(1);
      return timeScene(scene, true);
    });
  if (pgUrl)
    post = await withPostgres(pgUrl, DEFECTS, keep(), async (scene) => {
      if (scene.fillSeconds !== undefined)
        out[`PostgreSQL: fill ${DEFECTS.toLocaleString('en')} defects (s)`] = scene.fillSeconds.toFixed(1);
      return timeScene(scene, true);
    });
  else out.PostgreSQL = 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)';
  const labels = [...(lite ?? post ?? new Map<string, Timing>()).keys()];
  for (const label of labels) {
    const a = lite?.get(label);
    const b = post?.get(label);
    const shown = a ?? b;
    const count = shown && shown.total > 0 ? ` (${shown.total}${shown.isCapped ? '+' : ''})` : '';
    const ratio = a && b ? `  ×${(b.median / a.median).toFixed(2)}` : '';
    out[`${label}${count}: median / p99 ms`] = `SQLite ${fmt(a)}  PG ${fmt(b)}${ratio}`;
  }
  return out;
}

export interface DefectReadFigures {
  /** Page of 10, state Pending, by update time. */
  list: number;
  /** A common keyword, sorted by update time. */
  keywordByUpdate: number;
  /** A rare keyword, newest first. */
  keywordRare: number;
  /** The state statistics panel. */
  statistics: number;
  /** One defect's page. */
  view: number;
}

/**
 * The p50 (ms) of the defect reads for a budget: a project of `defects` defects on SQLite, or on
 * the PostgreSQL of `database` (a postgres:// URL; a fresh schema, dropped afterwards unless kept).
 */
export async function measureDefectReads(options: {
  defects: number;
  database?: string;
  runs?: number;
  keep?: boolean;
}): Promise<DefectReadFigures> {
  const runs = options.runs ?? 100;
  const time = async (scene: Scene): Promise<DefectReadFigures> => {
    const server = await startServer(scene.env, scene.dataDir);
    try {
      await waitUp(server.url);
      const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
      if (!token) throw new Error('bench user could not log in');
      const { projectId, someDefectId } = scene.seeded;
      const words = benchKeywords(options.defects);
      const p50 = async (route: string) => (await measure(server.url, token, route, runs)).median;
      return {
        list: await p50(
          listRoute(projectId, `&params%5BdefectStates%5D=0${sortQuery('updateTime', 'desc')}`),
        ),
        keywordByUpdate: await p50(
          listRoute(projectId, keywordQuery(words.common) + sortQuery('updateTime', 'desc')),
        ),
        keywordRare: await p50(listRoute(projectId, keywordQuery(words.rare))),
        statistics: await p50(`/system/defect/statistic/state/${projectId}`),
        view: await p50(`/system/defect/${someDefectId}`),
      };
    } finally {
      await server.stop();
    }
  };
  const isPostgres = options.database?.startsWith('postgres') === true;
  return isPostgres && options.database
    ? withPostgres(options.database, options.defects, options.keep === true, time)
    : withSqlite(options.defects, options.keep === true, time);
}
