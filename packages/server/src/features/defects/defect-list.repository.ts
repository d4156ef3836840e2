import { DEFECT_STATE_NAMES, DEFECT_TYPES } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import { ftsPhrase, keywordMatches } from './defect-search.ts';
import type { DefectRow } from './defects.repository.ts';

export interface DefectFilter {
  projectId: number;
  viewerId: number;
  defectType?: string;
  states?: number[];
  defectLevel?: string;
  handleBy?: number[];
  moduleId?: number;
  moduleVersion?: string;
  /** Title words, or a number (`12` or `#12`). */
  defectName?: string;
  /** Words anywhere in the title, description or comments (indexed). */
  keyword?: string;
  isInvolvingMe?: boolean;
  isFollowed?: boolean;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  /** Calendar window: plan start, plan end or last update inside it. */
  calendarFrom?: string;
  calendarTo?: string;
}

export const DEFECT_SORT = {
  updateTime: 'd.updateTime',
  createTime: 'd.createTime',
  projectNum: 'd.projectNum',
  defectLevel: 'd.defectLevel',
  defectState: 'd.defectState',
  planStartTime: 'd.planStartTime',
  planEndTime: 'd.planEndTime',
} as const;

/** Keyword totals above this are answered as "more than" (counting every match of a common word costs more than the page). */
export const KEYWORD_COUNT_CAP = 1000;

/**
 * Scoped in SQL to the project; every filter is a WHERE clause on indexed columns where it can be.
 * A keyword of three characters or more on SQLite drives the query from the FTS5 trigram index
 * (`s`), so the newest matches come straight off the index without collecting the others.
 */
function filtered(db: Db, f: DefectFilter) {
  const phrase = f.keyword?.trim() ? ftsPhrase(db, f.keyword.trim()) : undefined;
  const plain = () => db.selectFrom('sysDefect as d');
  const from = phrase
    ? // Same row shape (d.*); the join only adds the index cursor `s`.
      (db
        .selectFrom('sysDefectSearch as s')
        .innerJoin('sysDefect as d', 'd.defectId', 's.rowid')
        .where(sql<boolean>`s.sys_defect_search match ${phrase}`) as unknown as ReturnType<typeof plain>)
    : plain();
  let q = from.where('d.projectId', '=', f.projectId).where('d.isDeleted', '=', 0);
  if (f.defectType)
    q = q.where('d.defectType', '=', DEFECT_TYPES.indexOf(f.defectType as (typeof DEFECT_TYPES)[number]));
  if (f.states && f.states.length > 0) q = q.where('d.defectState', 'in', f.states);
  if (f.defectLevel) q = q.where('d.defectLevel', '=', f.defectLevel);
  if (f.moduleId !== undefined)
    q = f.moduleId === 0 ? q.where('d.moduleId', 'is', null) : q.where('d.moduleId', '=', f.moduleId);
  if (f.moduleVersion) q = q.where('d.moduleVersion', 'like', `%${f.moduleVersion}%`);
  const name = f.defectName?.trim();
  if (name) {
    // "#12" is a number; "12" a number or words of a title; anything else words of a title.
    const number = /^(#?)(\d+)$/.exec(name);
    const title = ftsPhrase(db, name, 'title');
    const inTitle = title
      ? sql<boolean>`d.defect_id in (select rowid from sys_defect_search where sys_defect_search match ${title})`
      : containsText(db, 'd.defect_name', name);
    if (number?.[1]) q = q.where('d.projectNum', '=', Number(number[2]));
    else if (number) q = q.where((eb) => eb.or([eb('d.projectNum', '=', Number(number[2])), inTitle]));
    else q = q.where(inTitle);
  }
  if (f.keyword?.trim() && !phrase) q = q.where(keywordMatches(db, f.keyword.trim()));
  const handlers = f.handleBy;
  if (handlers && handlers.length > 0) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysDefectHandler as h')
          .select('h.userId')
          .whereRef('h.defectId', '=', 'd.defectId')
          .where('h.userId', 'in', handlers),
      ),
    );
  }
  if (f.isInvolvingMe) {
    const me = f.viewerId;
    q = q.where((eb) =>
      eb.or([
        eb('d.createById', '=', me),
        eb.exists(
          eb
            .selectFrom('sysDefectHandler as h')
            .select('h.userId')
            .whereRef('h.defectId', '=', 'd.defectId')
            .where('h.userId', '=', me),
        ),
      ]),
    );
  }
  if (f.isFollowed) {
    const me = f.viewerId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserDefect as ud')
          .select('ud.userId')
          .whereRef('ud.defectId', '=', 'd.defectId')
          .where('ud.userId', '=', me)
          .where('ud.collect', '=', 1),
      ),
    );
  }
  if (f.createdFrom) q = q.where('d.createTime', '>=', f.createdFrom);
  if (f.createdTo) q = q.where('d.createTime', '<=', endOfDay(f.createdTo));
  if (f.updatedFrom) q = q.where('d.updateTime', '>=', f.updatedFrom);
  if (f.updatedTo) q = q.where('d.updateTime', '<=', endOfDay(f.updatedTo));
  if (f.calendarFrom && f.calendarTo) {
    const from = f.calendarFrom;
    const to = endOfDay(f.calendarTo);
    q = q.where((eb) =>
      eb.or([
        eb.between('d.planStartTime', from, to),
        eb.between('d.planEndTime', from, to),
        eb.between('d.updateTime', from, to),
        // A plan that spans the whole window.
        eb.and([eb('d.planStartTime', '<', from), eb('d.planEndTime', '>', to)]),
      ]),
    );
  }
  return q;
}

const endOfDay = (value: string) => (value.length === 10 ? `${value} 23:59:59` : value);

/**
 * A page and the total. The total of a filter on states alone comes from the tally kept by
 * triggers (migration 009); a keyword's total is counted up to KEYWORD_COUNT_CAP. Without an
 * explicit sort, keyword matches come newest first (straight off the index), everything else
 * by last update.
 */
export async function listDefects(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: [(typeof DEFECT_SORT)[keyof typeof DEFECT_SORT], 'asc' | 'desc'] | undefined,
): Promise<{ rows: DefectRow[]; total: number; isTotalCapped: boolean }> {
  const hasKeyword = Boolean(f.keyword?.trim());
  let page = filtered(db, f).selectAll('d');
  if (order) page = page.orderBy(order[0], order[1]).orderBy('d.defectId', order[1]);
  else if (hasKeyword)
    page = page.orderBy(sql.ref(ftsPhrase(db, f.keyword?.trim() ?? '') ? 's.rowid' : 'd.defect_id'), 'desc');
  else page = page.orderBy('d.updateTime', 'desc').orderBy('d.defectId', 'desc');
  const rows = await page.limit(limit).offset(offset).execute();

  if (hasKeyword) {
    const { n } = await db
      .selectFrom(
        filtered(db, f)
          .select(sql.lit(1).as('one'))
          .limit(KEYWORD_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(n);
    return { rows, total: Math.min(total, KEYWORD_COUNT_CAP), isTotalCapped: total > KEYWORD_COUNT_CAP };
  }
  const tallied = await tallyTotal(db, f);
  if (tallied !== undefined) return { rows, total: tallied, isTotalCapped: false };
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n), isTotalCapped: false };
}

/** The total from the tally, when the filter is the project with states and/or a type and nothing else. */
async function tallyTotal(db: Db, f: DefectFilter): Promise<number | undefined> {
  const { projectId, viewerId: _viewer, states, defectType, ...rest } = f;
  if (Object.values(rest).some((v) => v !== undefined && v !== false && v !== '')) return undefined;
  let q = db
    .selectFrom('sysDefectTally')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql.lit(0)).as('n'))
    .where('projectId', '=', projectId);
  if (states && states.length > 0) q = q.where('defectState', 'in', states);
  if (defectType)
    q = q.where('defectType', '=', DEFECT_TYPES.indexOf(defectType as (typeof DEFECT_TYPES)[number]));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `params[defectStates]=0,3` or `defectState=PROCESSING` (names, as the original binds them). */
export function statesFrom(list: string | undefined, name: string | undefined): number[] | undefined {
  if (list)
    return list
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 4);
  if (name) {
    const byName = DEFECT_STATE_NAMES.indexOf(name as (typeof DEFECT_STATE_NAMES)[number]);
    const state = byName >= 0 ? byName : Number(name);
    return Number.isInteger(state) && state >= 0 && state <= 4 ? [state] : undefined;
  }
  return undefined;
}
