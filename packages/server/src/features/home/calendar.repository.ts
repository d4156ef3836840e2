import {
  ALL_PERMISSION,
  CALENDAR_LIMIT,
  type CalendarDefect,
  type CalendarRange,
  type HomeCalendar,
  SUPER_ADMIN_ID,
} from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { myProjects } from './home.repository.ts';

/*
 * A plan with one end set is a single day there. Both expressions are those of the index
 * `sys_defect_plan_idx` (migration 025), so a project's window is an index range.
 */
const planEnd = sql<string>`coalesce(d.plan_end_time, d.plan_start_time)`;
const planStart = sql<string>`coalesce(d.plan_start_time, d.plan_end_time)`;

const COLUMNS = [
  'd.defectId',
  'd.projectId',
  'd.projectNum',
  'd.defectName',
  'd.defectType',
  'd.defectState',
  'd.defectLevel',
  'd.planStartTime',
  'd.planEndTime',
  'd.createById',
] as const;

interface Window {
  from: string;
  to: string;
}

/**
 * Live defects of the given projects whose plan meets the window (days as yyyy-MM-dd), those
 * the person handles or created when named, earliest first, one more than shown.
 */
function inWindow(
  db: Db,
  projectIds: number[],
  { from, to }: Window,
  person?: { handler?: number; creator?: number },
) {
  let q = db
    .selectFrom('sysDefect as d')
    .select([...COLUMNS, planStart.as('shownFrom')])
    .where('d.projectId', 'in', projectIds)
    .where('d.isDeleted', '=', 0)
    // `from` alone sorts below every time of that day; `to` is extended to its last second.
    .where(planEnd, '>=', from)
    .where(planStart, '<=', `${to} 23:59:59`);
  if (person?.handler !== undefined) {
    const handler = person.handler;
    q = q.where('d.defectId', 'in', (eb) =>
      eb.selectFrom('sysDefectHandler as h').select('h.defectId').where('h.userId', '=', handler),
    );
  }
  if (person?.creator !== undefined) q = q.where('d.createById', '=', person.creator);
  return q
    .orderBy(planStart)
    .orderBy('d.defectId')
    .limit(CALENDAR_LIMIT + 1)
    .execute();
}

/**
 * The caller's calendar: defects they handle or created ('mine'), or every defect of their
 * projects ('projects'), whose plan meets the window. Only projects they may enter now count,
 * so another team's project never shows.
 */
export async function loadCalendar(
  db: Db,
  userId: number,
  range: CalendarRange,
  window: Window,
): Promise<HomeCalendar> {
  const projects = await myProjects(db, userId);
  const ids = projects.map((p) => p.projectId);
  if (ids.length === 0) return { items: [], isTruncated: false };
  // Handled and created are two indexed lookups rather than one OR that no index serves.
  const parts = [
    inWindow(db, ids, window, { handler: userId }),
    inWindow(db, ids, window, { creator: userId }),
  ];
  if (range === 'projects') {
    // Everyone's defects only where the defect list is open to them; their own wherever they are.
    const listed = [...(await projectsGranting(db, userId, ids, 'system:defect:list'))];
    if (listed.length > 0) parts.push(inWindow(db, listed, window));
  }
  const merged = new Map<number, Awaited<ReturnType<typeof inWindow>>[number]>();
  for (const rows of await Promise.all(parts)) for (const row of rows) merged.set(row.defectId, row);
  const sorted = [...merged.values()].sort(
    (a, b) => a.shownFrom.localeCompare(b.shownFrom) || a.defectId - b.defectId,
  );
  const rows = sorted.slice(0, CALENDAR_LIMIT);
  if (rows.length === 0) return { items: [], isTruncated: false };

  const handled = await db
    .selectFrom('sysDefectHandler')
    .select('defectId')
    .where('userId', '=', userId)
    .where(
      'defectId',
      'in',
      rows.map((r) => r.defectId),
    )
    .execute();
  const isHandled = new Set(handled.map((h) => h.defectId));
  const editable = await projectsGranting(
    db,
    userId,
    [...new Set(rows.filter((r) => r.createById !== userId).map((r) => r.projectId))],
    'system:defect:edit',
  );
  const byId = new Map(projects.map((p) => [p.projectId, p]));
  const items = rows.map(
    (r): CalendarDefect => ({
      defectId: r.defectId,
      projectId: r.projectId,
      projectName: byId.get(r.projectId)?.projectName ?? '',
      projectNum: r.projectNum,
      defectName: r.defectName,
      defectType: r.defectType,
      defectState: r.defectState,
      defectLevel: r.defectLevel,
      planStartTime: r.planStartTime,
      planEndTime: r.planEndTime,
      isHandler: isHandled.has(r.defectId),
      isCreator: r.createById === userId,
      isEditable:
        byId.get(r.projectId)?.isArchived !== 1 && (r.createById === userId || editable.has(r.projectId)),
    }),
  );
  return { items, isTruncated: sorted.length > CALENDAR_LIMIT };
}

/**
 * Of the caller's projects, those where a role they hold *in the project* grants the permission
 * through an enabled menu: how a project-scoped route judges them (access/scope.ts), in one query.
 */
async function projectsGranting(db: Db, userId: number, projectIds: number[], permission: string) {
  if (userId === SUPER_ADMIN_ID) return new Set(projectIds);
  if (projectIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUserProjectRole as pr', 'pr.userProjectId', 'up.userProjectId')
    .innerJoin('sysRole as r', 'r.roleId', 'pr.roleId')
    .innerJoin('sysRoleMenu as rm', 'rm.roleId', 'r.roleId')
    .innerJoin('sysMenu as m', 'm.menuId', 'rm.menuId')
    .select('up.projectId')
    .distinct()
    .where('up.userId', '=', userId)
    .where('up.projectId', 'in', projectIds)
    .where('r.delFlag', '=', '0')
    .where('r.status', '=', '0')
    .where('m.status', '=', '0')
    .where('m.perms', 'in', [permission, ALL_PERMISSION])
    .execute();
  return new Set(rows.map((r) => r.projectId));
}
