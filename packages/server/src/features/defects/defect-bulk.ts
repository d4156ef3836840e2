import {
  type DefectAction,
  type DefectLevel,
  DefectLogType,
  type DefectState,
  type defectBulkBody,
} from '@buglet/contracts';
import type { z } from 'zod';
import type { ScopedAccess } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { hasPermi } from '../../http/permission.ts';
import type { DefectEvent } from '../../lib/events.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertModuleOf, loadTree } from '../modules/modules.repository.ts';
import { type DefectEdit, defectChanges } from './defect-changes.ts';
import { refreshSearchTexts } from './defect-search.ts';
import { decide, type Transition } from './defect-workflow.ts';
import { type DefectRow, handlersOf, projectPeople } from './defects.repository.ts';
import { actorOf, EVENT_OF, refusalError } from './defects.service.ts';

type BulkBody = z.infer<typeof defectBulkBody>;

/** What became of one defect: done, or the error that refused it (translated by the route). */
export interface BulkOutcome {
  defectId: number;
  projectNum: number | null;
  error: AppError | null;
}

/** A history entry to write, and the event that tells everyone else. */
interface Written {
  defectId: number;
  logType: DefectLogType;
  receiveBy: number[];
  describe: string | null;
  event: DefectEvent['type'];
  receivers: number[];
}

/** Many rows per statement, under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500;

/**
 * One change to many defects of one project in one request (the list's selection, the grid's
 * fill-down): every defect judged by the rules its single change meets (the workflow, the edit
 * and delete permissions, the recycle bin), the accepted ones changed together in one transaction
 * with one history entry each, the refused ones left as they were and named with their reason.
 */
export async function bulkChangeDefects(
  deps: AppDeps,
  caller: Principal,
  access: ScopedAccess,
  body: BulkBody,
): Promise<BulkOutcome[]> {
  const ids = [...new Set(body.defectIds)];
  const found = await deps.db
    .selectFrom('sysDefect')
    .selectAll()
    .where('defectId', 'in', ids)
    .where('projectId', '=', access.projectId)
    .execute();
  const rowOf = new Map(found.map((r) => [r.defectId, r]));
  const outcomes = new Map<number, BulkOutcome>();
  const refuse = (defectId: number, error: AppError) =>
    outcomes.set(defectId, { defectId, projectNum: rowOf.get(defectId)?.projectNum ?? null, error });
  const rows: DefectRow[] = [];
  for (const id of ids) {
    const row = rowOf.get(id);
    if (!row) refuse(id, new AppError('defect.bulk.not-found', [id]));
    // The recycle bin is only left by restoring; nothing else changes a deleted defect.
    else if ((row.isDeleted === 1) !== (body.action === 'restore'))
      refuse(id, new AppError(row.isDeleted === 1 ? 'defect.deleted' : 'defect.bulk.not-deleted'));
    else rows.push(row);
  }
  const now = formatDateTime();
  const plan = await planOf({ deps, caller, access, body, rows, refuse });
  const done = await deps.db.transaction().execute(async (trx) => {
    const changed = await plan.apply(trx, now);
    await writeLogs(
      trx,
      plan.written.filter((w) => changed.has(w.defectId)),
      caller.userId,
      now,
    );
    if (plan.searchChanges) await refreshSearchTexts(trx, [...changed]);
    return changed;
  });
  for (const w of plan.written) {
    if (!done.has(w.defectId)) {
      refuse(w.defectId, new AppError('defect.action.conflict'));
      continue;
    }
    outcomes.set(w.defectId, {
      defectId: w.defectId,
      projectNum: rowOf.get(w.defectId)?.projectNum ?? null,
      error: null,
    });
    deps.events.emitDefect({
      type: w.event,
      defectId: w.defectId,
      projectId: access.projectId,
      actorId: caller.userId,
      receivers: w.receivers,
      ...(w.event === 'updated' || w.event === 'deleted' ? {} : { reason: w.describe }),
    });
  }
  for (const row of rows)
    if (!outcomes.has(row.defectId))
      outcomes.set(row.defectId, { defectId: row.defectId, projectNum: row.projectNum, error: null });
  return ids.map((id) => outcomes.get(id) as BulkOutcome);
}

interface Plan {
  written: Written[];
  /** Whether the changed defects' search text must be written again (deleted ones are not searched). */
  searchChanges: boolean;
  /** Writes the change; answers the defects it changed (a concurrent change may have taken some). */
  apply(trx: Db, now: string): Promise<Set<number>>;
}

/** What each kind of bulk change starts from. */
interface PlanInput {
  deps: AppDeps;
  caller: Principal;
  access: ScopedAccess;
  body: BulkBody;
  /** The defects left after the checks every action makes (in the project, in or out of the bin). */
  rows: DefectRow[];
  refuse: (defectId: number, error: AppError) => void;
}

async function planOf(input: PlanInput): Promise<Plan> {
  switch (input.body.action) {
    case 'assign':
    case 'close':
      return workflowPlan(input);
    case 'delete':
    case 'restore':
      return binPlan(input);
    default:
      return editPlan(input);
  }
}

/** assign and close: the workflow decides each defect as it decides a single action. */
async function workflowPlan({ deps, caller, access, body, rows, refuse }: PlanInput): Promise<Plan> {
  const action = body.action as DefectAction;
  const [handlers, people] = await Promise.all([
    handlersOf(
      deps.db,
      rows.map((r) => r.defectId),
    ),
    projectPeople(deps.db, access.projectId),
  ]);
  const actor = actorOf(caller, access);
  const request = { receiveBy: body.handleBy ?? [], reason: body.defectLogDescribe ?? '' };
  const reason = request.reason.trim() || null;
  const accepted: Array<{ row: DefectRow; change: Transition }> = [];
  for (const row of rows) {
    const handleBy = handlers.get(row.defectId) ?? [];
    const outcome = decide(
      action,
      {
        state: row.defectState as DefectState,
        handleBy,
        createById: row.createById,
        lastFixerId: row.lastFixerId,
      },
      actor,
      people,
      request,
    );
    if (outcome.ok) accepted.push({ row, change: outcome.change });
    else refuse(row.defectId, refusalError(outcome.refusal));
  }
  return {
    searchChanges: false,
    written: accepted.map(({ row, change }) => ({
      defectId: row.defectId,
      logType: change.logType,
      receiveBy: change.logReceiveBy,
      describe: reason,
      event: EVENT_OF[action],
      receivers: change.logReceiveBy.length > 0 ? change.logReceiveBy : change.handleBy,
    })),
    async apply(trx, now) {
      // One statement per (state before, state after, fixer): the state is checked again in it, so
      // a concurrent action cannot slip past, and the defects it no longer finds are not changed.
      const groups = new Map<string, { from: number; change: Transition; ids: number[] }>();
      for (const { row, change } of accepted) {
        const key = `${row.defectState}|${change.state}|${change.lastFixerId}`;
        const group = groups.get(key) ?? { from: row.defectState, change, ids: [] };
        group.ids.push(row.defectId);
        groups.set(key, group);
      }
      const changed = new Set<number>();
      for (const { from, change, ids } of groups.values()) {
        const updated = await trx
          .updateTable('sysDefect')
          .set({
            defectState: change.state,
            lastFixerId: change.lastFixerId,
            updateBy: caller.userName,
            updateTime: now,
          })
          .where('defectId', 'in', ids)
          .where('defectState', '=', from)
          .where('isDeleted', '=', 0)
          .returning('defectId')
          .execute();
        for (const u of updated) changed.add(u.defectId);
      }
      const handlerRows = accepted
        .filter(({ row }) => changed.has(row.defectId))
        .flatMap(({ row, change }) =>
          [...new Set(change.handleBy)].map((userId, position) => ({
            defectId: row.defectId,
            userId,
            position,
          })),
        );
      if (changed.size > 0)
        await trx
          .deleteFrom('sysDefectHandler')
          .where('defectId', 'in', [...changed])
          .execute();
      for (let at = 0; at < handlerRows.length; at += ROWS_PER_INSERT)
        await trx
          .insertInto('sysDefectHandler')
          .values(handlerRows.slice(at, at + ROWS_PER_INSERT))
          .execute();
      return changed;
    },
  };
}

/** delete and restore: the creator, or whoever holds the remove permission, as for one defect. */
function binPlan({ caller, access, body, rows, refuse }: PlanInput): Plan {
  const action = body.action as 'delete' | 'restore';
  const mayAny = hasPermi(access.permissions, 'system:defect:remove');
  const accepted = rows.filter((row) => {
    if (row.createById === caller.userId || mayAny) return true;
    refuse(row.defectId, new AppError('defect.bulk.not-own', [{ key: `defect.bulk.action.${action}` }]));
    return false;
  });
  const deleting = action === 'delete';
  return {
    searchChanges: true,
    written: accepted.map((row) => ({
      defectId: row.defectId,
      logType: deleting ? DefectLogType.DELETE : DefectLogType.RESTORE,
      receiveBy: [],
      describe: null,
      event: deleting ? 'deleted' : 'updated',
      receivers: [],
    })),
    async apply(trx, now) {
      if (accepted.length === 0) return new Set();
      const updated = await trx
        .updateTable('sysDefect')
        .set({ isDeleted: deleting ? 1 : 0, updateBy: caller.userName, updateTime: now })
        .where(
          'defectId',
          'in',
          accepted.map((r) => r.defectId),
        )
        .where('isDeleted', '=', deleting ? 0 : 1)
        .returning('defectId')
        .execute();
      return new Set(updated.map((u) => u.defectId));
    },
  };
}

/** level, version and deliverable: an edit, by the creator or a holder of the edit permission. */
async function editPlan({ deps, caller, access, body, rows, refuse }: PlanInput): Promise<Plan> {
  const edit: Pick<DefectEdit, 'defectLevel' | 'moduleVersion' | 'moduleId'> =
    body.action === 'level'
      ? { defectLevel: body.defectLevel as DefectLevel }
      : body.action === 'version'
        ? { moduleVersion: body.moduleVersion || null }
        : { moduleId: body.moduleId || null };
  if (body.action === 'module') await assertModuleOf(deps.db, access.projectId, body.moduleId);
  const mayEditAny = hasPermi(access.permissions, 'system:defect:edit');
  const accepted = rows.filter((row) => {
    if (row.createById === caller.userId || mayEditAny) return true;
    refuse(row.defectId, new AppError('defect.bulk.not-own', [{ key: 'defect.bulk.action.edit' }]));
    return false;
  });
  const tree = body.action === 'module' ? await loadTree(deps.db, access.projectId) : undefined;
  const written: Written[] = [];
  for (const row of accepted) {
    const changes = await defectChanges(deps.db, row, [], edit, tree);
    // Already so: nothing to write, and nothing refused.
    if (changes.length === 0) continue;
    written.push({
      defectId: row.defectId,
      logType: DefectLogType.UPDATE,
      receiveBy: [],
      describe: JSON.stringify(changes),
      event: 'updated',
      receivers: [],
    });
  }
  return {
    searchChanges: false,
    written,
    async apply(trx, now) {
      if (written.length === 0) return new Set();
      const updated = await trx
        .updateTable('sysDefect')
        .set({ ...edit, updateBy: caller.userName, updateTime: now })
        .where(
          'defectId',
          'in',
          written.map((w) => w.defectId),
        )
        .where('isDeleted', '=', 0)
        .returning('defectId')
        .execute();
      return new Set(updated.map((u) => u.defectId));
    },
  };
}

async function writeLogs(trx: Db, written: Written[], actorId: number, now: string) {
  const values = written.map((w) => ({
    defectId: w.defectId,
    defectLogType: w.logType,
    defectLogDescribe: w.describe,
    receiveBy: JSON.stringify(w.receiveBy),
    createById: actorId,
    createTime: now,
  }));
  for (let at = 0; at < values.length; at += ROWS_PER_INSERT)
    await trx
      .insertInto('sysDefectLog')
      .values(values.slice(at, at + ROWS_PER_INSERT))
      .execute();
}
