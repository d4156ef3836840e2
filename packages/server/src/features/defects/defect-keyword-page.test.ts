import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import {
  apiAs,
  createTestApp,
  isPostgres,
  type Json,
  type Person,
  type TestApp,
} from '../../../test/test-app.ts';
import { type SortColumn, walkKeywordPage } from './defect-keyword-page.ts';
import { DEFECT_SORT, type DefectFilter, type DefectOrder, listDefects } from './defect-list.repository.ts';
import { indexNewDefects, refreshSearchText } from './defect-search.ts';
import { isLikelyCommon, keywordNarrowing, learnTrigramShares } from './keyword-narrowing.ts';

/**
 * The keyword page read both ways (defect-keyword-page.ts): walking the sort index, and sorting
 * every match. Same rows in the same order, for common and rare keywords, every sort column both
 * ways, first, middle and last pages, with ties and empty plan dates, deleted defects, another
 * project's matches, comments, and text the walk leaves to the index (letters with case outside
 * ASCII) or tests with LIKE (two characters).
 */
let t: TestApp;
let lead: Person;
let projectId: number;
const COUNT = 2400;
const LEVELS = ['urgent', 'height', 'middle', 'low'];
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await createTestApp();
  lead = await t.signedIn();
  const team = await insertTestTeam(t.db, { [lead.userId]: [5] });
  projectId = await insertTestProject(t.db, team, { [lead.userId]: [8] });
  const other = await insertTestProject(t.db, team, { [lead.userId]: [8] });
  const rows = (project: number, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => {
      const i = from + k;
      const word = i % 2 === 0 ? 'checkout' : i % 7 === 0 ? 'Écran' : 'other';
      return {
        projectId: project,
        projectNum: i,
        defectType: i % 3,
        defectName: `Item ${i} ${word}`,
        defectDescribe: i % 5 === 0 ? '登录页面出错' : 'nothing to see',
        defectLevel: LEVELS[i % 4] as string,
        defectState: i % 5,
        // Ties everywhere, and plans left empty, so the id decides many places.
        planStartTime: i % 3 === 0 ? null : `2030-01-${pad(1 + ((i * 37) % 28))} 09:00:00`,
        planEndTime: i % 4 === 1 ? null : `2030-02-${pad(1 + ((i * 11) % 9))} 18:00:00`,
        isDeleted: i % 97 === 0 ? 1 : 0,
        createById: lead.userId,
        createTime: `2030-01-01 00:${pad(Math.floor(i / 3) % 60)}:00`,
        updateTime: `2030-03-01 ${pad((i * 13) % 24)}:00:00`,
      };
    });
  const ids: number[] = [];
  const all = [...rows(projectId, 1, COUNT), ...rows(other, 1, 300)];
  for (let at = 0; at < all.length; at += 300) {
    const inserted = await t.db
      .insertInto('sysDefect')
      .values(all.slice(at, at + 300))
      .returning('defectId')
      .execute();
    ids.push(...inserted.map((r) => r.defectId));
  }
  await indexNewDefects(t.db, ids);
  // A comment with the common word on defects whose title has another.
  for (const defectId of ids.filter((_, k) => k % 150 === 2)) {
    const log = await t.db
      .insertInto('sysDefectLog')
      .values({
        defectId,
        defectLogType: 12,
        defectLogDescribe: 'note',
        receiveBy: '[]',
        createById: lead.userId,
        createTime: '2030-03-02 00:00:00',
      })
      .returning('defectLogId')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sysComment')
      .values({
        commentContent: 'seen again at CHECKOUT',
        moduleType: 'defect_log',
        correlationId: log.defectLogId,
        createById: lead.userId,
        createTime: '2030-03-02 00:00:00',
      })
      .execute();
    await refreshSearchText(t.db, defectId);
  }
  // PostgreSQL: the sort plan looks a keyword up by its rarest word from now on (keyword-narrowing.ts).
  if (isPostgres()) await learnTrigramShares(t.db);
}, 120_000);
afterAll(async () => t.close());

const filter = (keyword: string, more: Partial<DefectFilter> = {}): DefectFilter => ({
  projectId,
  viewerId: lead.userId,
  keyword,
  ...more,
});
const ids = (rows: { defectId: number }[]) => rows.map((r) => r.defectId);
type ListColumn = keyof typeof DEFECT_SORT;
const COLUMNS = Object.keys(DEFECT_SORT) as ListColumn[];

async function compare(
  f: DefectFilter,
  column: ListColumn | 'newest',
  direction: 'asc' | 'desc',
  pages: number[][],
) {
  // No sort chosen: newest first, which the walk reads by id.
  const order: DefectOrder | undefined = column === 'newest' ? undefined : [DEFECT_SORT[column], direction];
  const walkOrder: [SortColumn, 'asc' | 'desc'] =
    column === 'newest' ? ['defectId', 'desc'] : [column, direction];
  for (const [limit, offset] of pages as [number, number][]) {
    const sorted = await listDefects(t.db, f, limit, offset, order, { keywordPlan: 'sort' });
    const walked = await walkKeywordPage(t.db, f, walkOrder, limit, offset, undefined);
    const chosen = await listDefects(t.db, f, limit, offset, order);
    const at = `${f.keyword} by ${column} ${direction}, ${limit} from ${offset}`;
    expect(ids(walked ?? []), at).toEqual(ids(sorted.rows));
    expect(ids(chosen.rows), at).toEqual(ids(sorted.rows));
    expect({ total: chosen.total, capped: chosen.isTotalCapped }, at).toEqual({
      total: sorted.total,
      capped: sorted.isTotalCapped,
    });
  }
  const first = await listDefects(t.db, f, 10, 0, order, { keywordPlan: 'sort' });
  // Every page, past the end too, carries the same total.
  for (const [limit, offset] of pages as [number, number][])
    expect((await listDefects(t.db, f, limit, offset, order)).total).toBe(first.total);
  return first;
}

describe('keyword pages: walking the sort index and sorting the matches agree', () => {
  it('for a common keyword (over the count cap), every column both ways, first, middle and last pages', async () => {
    const f = filter('checkout');
    // On PostgreSQL it is walked while it is counted (the sample finds it in half the titles).
    if (isPostgres()) expect(isLikelyCommon(t.db, 'checkout')).toBe(true);
    await compare(f, 'newest', 'desc', [
      [10, 0],
      [20, 1170],
    ]);
    for (const column of COLUMNS)
      for (const direction of ['asc', 'desc'] as const) {
        const first = await compare(f, column, direction, [
          [10, 0],
          [25, 480],
          [20, 1170],
          [10, 1300],
        ]);
        expect(first.rows).toHaveLength(10);
        expect(first).toMatchObject({ total: 1000, isTotalCapped: true });
      }
  }, 120_000);

  it('for rare keywords, two-character keywords and text only the index can fold', async () => {
    const cases: [string, number][] = [
      ['Item 1234 ', 1],
      // Two characters: LIKE on SQLite, ILIKE on PostgreSQL.
      ['登录', 476],
      // 'Écran' in the titles: the index folds É to é (and PostgreSQL's ILIKE too).
      ['écran', 169],
      ['ITEM 7', 110],
      // In comments only (one in 150 defects; their titles have other words).
      ['seen again', 16],
      ['again at checkout', 16],
    ];
    // On PostgreSQL the sort plan finds "Item 1234 " by "1234" ("item" is in every title).
    if (isPostgres()) expect(keywordNarrowing(t.db, 'Item 1234 ')).toMatchObject({ name: '1234' });
    for (const [keyword, expected] of cases)
      for (const column of [...COLUMNS, 'newest' as const])
        for (const direction of ['asc', 'desc'] as const) {
          const first = await compare(filter(keyword), column, direction, [
            [10, 0],
            [50, 100],
          ]);
          expect(first.total, keyword).toBe(expected);
        }
    const none = await compare(filter('nothing like this'), 'updateTime', 'desc', [[10, 0]]);
    expect(none).toMatchObject({ rows: [], total: 0, isTotalCapped: false });
  }, 120_000);

  it('with the other filters, and through the list route', async () => {
    const f = filter('checkout', { states: [0, 3], defectLevel: 'middle' });
    for (const column of COLUMNS)
      await compare(f, column, 'desc', [
        [10, 0],
        [10, 50],
      ]);
    const api = apiAs(t);
    const res: Json = await api(lead, 'GET', '/system/defect/list', undefined, {
      projectId: String(projectId),
      pageNum: '3',
      pageSize: '10',
      'params[keyword]': 'checkout',
      orderByColumn: 'planStartTime',
      isAsc: 'asc',
    });
    const sorted = await listDefects(t.db, filter('checkout'), 10, 20, [DEFECT_SORT.planStartTime, 'asc'], {
      keywordPlan: 'sort',
    });
    expect(res).toMatchObject({ code: 200, total: 1000, totalCapped: true });
    expect(res.rows.map((r: Json) => r.defectId)).toEqual(ids(sorted.rows));
  }, 120_000);
});

// SQLite only: PostgreSQL keeps no statistics per plain index.
describe.skipIf(isPostgres())('the sort indexes of migration 034 on an analyzed SQLite database', () => {
  it('are analyzed with the table, so lists keep reading the sort index of their column', async () => {
    const { sql } = await import('kysely');
    const { up } = await import('../../db/migrations/034-defect-sort-indexes.ts');
    const plan = async (column: string) =>
      (
        await sql<{ detail: string }>`explain query plan select * from sys_defect
          where project_id = ${projectId} and is_deleted = 0 order by ${sql.raw(column)} desc limit 10`.execute(
          t.db,
        )
      ).rows
        .map((r) => r.detail)
        .join(' | ');
    // As a database analyzed before the migration: statistics for the older indexes only.
    for (const column of ['defect_state', 'defect_level', 'plan_start_time', 'plan_end_time'])
      await sql`drop index ${sql.raw(`sys_defect_sort_${column}_idx`)}`.execute(t.db);
    await sql`analyze sys_defect`.execute(t.db);
    await up(t.db);
    const analyzed = await sql<{
      idx: string;
    }>`select idx from sqlite_stat1 where tbl = 'sys_defect'`.execute(t.db);
    expect(analyzed.rows.map((r) => r.idx)).toEqual(
      expect.arrayContaining(['sys_defect_sort_defect_level_idx']),
    );
    expect(await plan('update_time')).toContain('sys_defect_update_idx');
    expect(await plan('update_time')).not.toContain('TEMP B-TREE');
    expect(await plan('defect_level')).toContain('sys_defect_sort_defect_level_idx');
  });
});
