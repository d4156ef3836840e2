import { DEFECT_STATE_NAMES, DEFECT_TYPES } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { keywordMatches } from './defect-search.ts';
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

/** Scoped in SQL to the project; every filter is a WHERE clause on indexed columns where it can be. */
function filtered(db: Db, f: DefectFilter) {
  let q = db.selectFrom('sysDefect as d').where('d.projectId', '=', f.projectId).where('d.isDeleted', '=', 0);
  if (f.defectType)
    q = q.where('d.defectType', '=', DEFECT_TYPES.indexOf(f.defectType as (typeof DEFECT_TYPES)[number]));
  if (f.states && f.states.length > 0) q = q.where('d.defectState', 'in', f.states);
  if (f.defectLevel) q = q.where('d.defectLevel', '=', f.defectLevel);
  if (f.moduleId !== undefined)
    q = f.moduleId === 0 ? q.where('d.moduleId', 'is', null) : q.where('d.moduleId', '=', f.moduleId);
  if (f.moduleVersion) q = q.where('d.moduleVersion', 'like', `%${f.moduleVersion}%`);
  if (f.defectName) {
    const number = /^#?(\d+)$/.exec(f.defectName.trim());
    const like = `%${f.defectName.trim()}%`;
    q = number
      ? q.where((eb) => eb.or([eb('d.projectNum', '=', Number(number[1])), eb('d.defectName', 'like', like)]))
      : q.where('d.defectName', 'like', like);
  }
  if (f.keyword?.trim()) q = q.where(keywordMatches(db, f.keyword.trim()));
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

export async function listDefects(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: [(typeof DEFECT_SORT)[keyof typeof DEFECT_SORT], 'asc' | 'desc'],
): Promise<{ rows: DefectRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('d')
      .orderBy(order[0], order[1])
      .orderBy('d.defectId', order[1])
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
