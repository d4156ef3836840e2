import { CASE_STATES, type CaseState, type CaseStep, type TestCase } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { CaseTable } from '../../db/schema.ts';
import { loadTree, type ModuleTree } from '../modules/modules.repository.ts';
import { creatorsOf } from '../users/creators.ts';

export type CaseRow = Selectable<CaseTable>;

export interface CaseFilter {
  projectId: number;
  /** Title words, or a number (`12` or `#12`). */
  caseName?: string;
  moduleId?: number;
  /** A deliverable and everything under it. */
  moduleTree?: number;
  caseLevel?: number;
  caseState?: CaseState;
}

export const CASE_SORT = {
  updateTime: 'c.updateTime',
  caseNum: 'c.caseNum',
  caseLevel: 'c.caseLevel',
  caseName: 'c.caseName',
} as const;

function filtered(db: Db, f: CaseFilter, tree: ModuleTree) {
  let q = db.selectFrom('sysCase as c').where('c.projectId', '=', f.projectId);
  if (f.moduleId !== undefined)
    q = f.moduleId === 0 ? q.where('c.moduleId', 'is', null) : q.where('c.moduleId', '=', f.moduleId);
  if (f.moduleTree) q = q.where('c.moduleId', 'in', tree.subtree(f.moduleTree));
  if (f.caseLevel) q = q.where('c.caseLevel', '=', f.caseLevel);
  if (f.caseState) q = q.where('c.caseState', '=', f.caseState);
  const name = f.caseName?.trim();
  if (name) {
    // Up to nine digits is a number (a longer run of digits is words of a title).
    const number = /^(#?)(\d{1,9})$/.exec(name);
    const inTitle = containsText(db, 'c.case_name', name);
    if (number?.[1]) q = q.where('c.caseNum', '=', Number(number[2]));
    else if (number) q = q.where((eb) => eb.or([eb('c.caseNum', '=', Number(number[2])), inTitle]));
    else q = q.where(inTitle);
  }
  return q;
}

/** A page and the total; `tree` is the project's deliverable tree (for a subtree filter). */
export async function listCases(
  db: Db,
  f: CaseFilter,
  tree: ModuleTree,
  limit: number,
  offset: number,
  order: [(typeof CASE_SORT)[keyof typeof CASE_SORT], 'asc' | 'desc'],
): Promise<{ rows: CaseRow[]; total: number }> {
  const q = filtered(db, f, tree);
  const [rows, count] = await Promise.all([
    q
      .selectAll('c')
      .orderBy(order[0], order[1])
      .orderBy('c.caseId', order[1])
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The case before or after one in case-number order (ascending unless told otherwise) among the
 * cases the list's filters leave: one indexed step, however many cases.
 */
export async function neighbourCase(
  db: Db,
  f: CaseFilter,
  tree: ModuleTree,
  from: { caseNum: number },
  direction: 'prev' | 'next',
  isDescending: boolean,
): Promise<CaseRow | undefined> {
  const forward = (direction === 'next') !== isDescending;
  return filtered(db, f, tree)
    .selectAll('c')
    .where('c.caseNum', forward ? '>' : '<', from.caseNum)
    .orderBy('c.caseNum', forward ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
}

export const findCaseRow = (db: Db, caseId: number) =>
  db.selectFrom('sysCase').selectAll().where('caseId', '=', caseId).executeTakeFirst();

export const parseCaseSteps = (text: string): CaseStep[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value)
      ? value.map((s: { stepDescribe?: unknown; stepExpect?: unknown }) => ({
          stepDescribe: String(s?.stepDescribe ?? ''),
          stepExpect: String(s?.stepExpect ?? ''),
        }))
      : [];
  } catch {
    return [];
  }
};

/** Rows to wire shape, with deliverable names and paths and the linked defects' counts by state. */
export async function toCases(db: Db, rows: CaseRow[], tree?: ModuleTree): Promise<TestCase[]> {
  if (rows.length === 0) return [];
  const projectId = rows[0]?.projectId as number;
  const [shownTree, creators, counts] = await Promise.all([
    tree ?? loadTree(db, projectId),
    creatorsOf(
      db,
      rows.map((r) => r.createById),
    ),
    db
      .selectFrom('sysDefect')
      .select(['caseId', 'defectState', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'caseId',
        'in',
        rows.map((r) => r.caseId),
      )
      .where('isDeleted', '=', 0)
      .groupBy(['caseId', 'defectState'])
      .execute(),
  ]);
  const count = (caseId: number, states: number[]) =>
    counts
      .filter((c) => c.caseId === caseId && states.includes(c.defectState))
      .reduce((n, c) => n + Number(c.n), 0);
  return rows.map((r) => {
    const node = r.moduleId ? shownTree.byId.get(r.moduleId) : undefined;
    return {
      caseId: r.caseId,
      projectId: r.projectId,
      caseNum: r.caseNum,
      caseName: r.caseName,
      moduleId: r.moduleId,
      moduleName: node?.moduleName ?? null,
      modulePath: node ? shownTree.pathOf(node.moduleId) : null,
      caseLevel: r.caseLevel,
      casePreconditions: r.casePreconditions,
      caseExpect: r.caseExpect,
      caseStep: parseCaseSteps(r.caseStep),
      caseState: (CASE_STATES as readonly string[]).includes(r.caseState)
        ? (r.caseState as CaseState)
        : 'untested',
      remark: r.remark,
      imgUrls: r.imgUrls,
      annexUrls: r.annexUrls,
      caseData: r.caseData,
      caseKey: r.caseKey,
      createBy: r.createBy,
      creator: (r.createById !== null && creators.get(r.createById)) || null,
      createTime: r.createTime,
      updateTime: r.updateTime,
      defectProcessingCount: count(r.caseId, [0]),
      defectAuditCount: count(r.caseId, [1]),
      defectRejectedCount: count(r.caseId, [3]),
      defectCloseCount: count(r.caseId, [2, 4]),
    };
  });
}
