import {
  DEFECT_TYPES,
  type DefectAction,
  DefectLogType,
  DefectState,
  type defectCreateBody,
  type defectUpdateBody,
  ResultCode,
  ROLE_IDS,
} from '@buglet/contracts';
import type { z } from 'zod';
import type { ScopedAccess } from '../../access/scope.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { hasPermi } from '../../http/permission.ts';
import type { AppDeps } from '../../http/route.ts';
import type { DefectEvent } from '../../lib/events.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  customFieldsText,
  newDefectValues,
  parseCustomFields,
  settleCustomFields,
  writeValueRows,
} from '../defect-fields/custom-values.ts';
import { enabledFields } from '../defect-fields/defect-fields.repository.ts';
import { assertModuleOf } from '../modules/modules.repository.ts';
import { customFieldChanges, defectChanges } from './defect-changes.ts';
import { indexNewDefects, refreshSearchText } from './defect-search.ts';
import { type Actor, decide, type Refusal } from './defect-workflow.ts';
import {
  allocateNumber,
  findDefectRow,
  handlersOf,
  insertHandlers,
  membersAmong,
  projectPeople,
  replaceHandlers,
} from './defects.repository.ts';

export const EVENT_OF: Record<DefectAction, DefectEvent['type']> = {
  assign: 'assigned',
  repair: 'repaired',
  pass: 'passed',
  reject: 'rejected',
  close: 'closed',
  open: 'reopened',
};

export function actorOf(principal: Principal, access: ScopedAccess): Actor {
  return {
    userId: principal.userId,
    permissions: access.permissions,
    isManager: access.roles.some(
      (r) => r.roleId === ROLE_IDS.projectAdmin || r.roleId === ROLE_IDS.projectCreateBy,
    ),
  };
}

async function assertMembers(deps: AppDeps, projectId: number, userIds: number[]) {
  const members = await membersAmong(deps.db, projectId, userIds);
  const stranger = userIds.find((id) => !members.has(id));
  if (stranger !== undefined) throw new AppError('defect.handler.not-member', [stranger]);
}

/** A linked test case must be one of the defect's own project. */
async function assertCase(deps: AppDeps, projectId: number, caseId: number | null | undefined) {
  if (!caseId) return;
  const row = await deps.db
    .selectFrom('sysCase')
    .select('caseId')
    .where('caseId', '=', caseId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('defect.case.not-found');
}

export async function writeLog(
  deps: AppDeps,
  defectId: number,
  type: DefectLogType,
  actorId: number,
  receiveBy: number[],
  describe: string | null,
  now: string,
) {
  return deps.db
    .insertInto('sysDefectLog')
    .values({
      defectId,
      defectLogType: type,
      defectLogDescribe: describe,
      receiveBy: JSON.stringify(receiveBy),
      createById: actorId,
      createTime: now,
    })
    .returning('defectLogId')
    .executeTakeFirstOrThrow();
}

/** Plan times (yyyy-MM-dd, optionally with HH:mm[:ss]) in full, so they compare as text. */
const fullTime = (value: string) =>
  value.length === 10 ? `${value} 00:00:00` : value.length === 16 ? `${value}:00` : value;

/** The plan ends in order, whoever sets them: the form, and a drag on the personal calendar (same route). */
function assertPlanOrder(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && fullTime(end) < fullTime(start)) throw new AppError('defect.plan.order');
}

/** Creates a defect with its number, handlers, history entry and search text; answers the stored row. */
export async function createDefect(deps: AppDeps, caller: Principal, body: z.infer<typeof defectCreateBody>) {
  assertPlanOrder(body.planStartTime, body.planEndTime);
  await assertMembers(deps, body.projectId, body.handleBy);
  await assertModuleOf(deps.db, body.projectId, body.moduleId);
  await assertCase(deps, body.projectId, body.caseId);
  const values = await newDefectValues(deps.db, body.projectId, body.customFields);
  const now = formatDateTime();
  const created = await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const projectNum = await allocateNumber(trx, body.projectId, 'defect');
    const row = await trx
      .insertInto('sysDefect')
      .values({
        projectId: body.projectId,
        projectNum,
        defectType: DEFECT_TYPES.indexOf(body.defectType),
        defectName: body.defectName,
        defectDescribe: body.defectDescribe || null,
        defectLevel: body.defectLevel,
        defectState: DefectState.PROCESSING,
        moduleId: body.moduleId || null,
        moduleVersion: body.moduleVersion ?? null,
        sponsor: body.sponsor || null,
        imgUrls: body.imgUrls ?? null,
        annexUrls: body.annexUrls ?? null,
        caseId: body.caseId ?? null,
        planStartTime: body.planStartTime ?? null,
        planEndTime: body.planEndTime ?? null,
        lastFixerId: null,
        isDeleted: 0,
        customFields: customFieldsText(values),
        createBy: caller.userName,
        createById: caller.userId,
        createTime: now,
        updateBy: caller.userName,
        updateTime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new defect: nothing to replace, no comments to index yet.
    await insertHandlers(trx, row.defectId, body.handleBy);
    await writeValueRows(trx, body.projectId, [{ defectId: row.defectId, values }], { isNew: true });
    await writeLog(
      tx,
      row.defectId,
      DefectLogType.CREATE,
      caller.userId,
      [...new Set(body.handleBy)],
      null,
      now,
    );
    await indexNewDefects(trx, [row.defectId]);
    return row;
  });
  deps.events.emitDefect({
    type: 'created',
    defectId: created.defectId,
    projectId: body.projectId,
    actorId: caller.userId,
    receivers: body.handleBy,
  });
  return created;
}

/** The creator edits their own defect; anyone else needs the edit permission. */
export async function updateDefect(
  deps: AppDeps,
  caller: Principal,
  access: { permissions: ReadonlySet<string> },
  body: z.infer<typeof defectUpdateBody>,
) {
  const row = await findDefectRow(deps.db, body.defectId);
  if (!row) throw new AppError('project.no-permission', [], ResultCode.forbidden);
  if (row.createById !== caller.userId && !hasPermi(access.permissions, 'system:defect:edit')) {
    throw new AppError('auth.forbidden', [], ResultCode.forbidden);
  }
  // A partial update (one end moved) is judged against the plan it leaves.
  assertPlanOrder(
    body.planStartTime === undefined ? row.planStartTime : body.planStartTime,
    body.planEndTime === undefined ? row.planEndTime : body.planEndTime,
  );
  if (body.handleBy) await assertMembers(deps, row.projectId, body.handleBy);
  await assertModuleOf(deps.db, row.projectId, body.moduleId);
  await assertCase(deps, row.projectId, body.caseId);
  const now = formatDateTime();
  const handlersBefore = (
    await deps.db
      .selectFrom('sysDefectHandler')
      .select('userId')
      .where('defectId', '=', row.defectId)
      .orderBy('position')
      .execute()
  ).map((h) => h.userId);
  // The project's own fields: what is given merged over what the defect has, each checked.
  const fields = body.customFields === undefined ? [] : await enabledFields(deps.db, row.projectId);
  const valuesBefore = parseCustomFields(row.customFields);
  const values =
    body.customFields === undefined ? undefined : settleCustomFields(fields, valuesBefore, body.customFields);
  // The entry's describe: the fields changed, before and after (1.0's UPDATE log).
  const changes = [
    ...(await defectChanges(deps.db, row, handlersBefore, body)),
    ...(values ? customFieldChanges(fields, valuesBefore, values) : []),
  ];
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysDefect')
      .set({
        ...(body.defectType === undefined ? {} : { defectType: DEFECT_TYPES.indexOf(body.defectType) }),
        ...(body.defectName === undefined ? {} : { defectName: body.defectName }),
        ...(body.defectDescribe === undefined ? {} : { defectDescribe: body.defectDescribe || null }),
        ...(body.defectLevel === undefined ? {} : { defectLevel: body.defectLevel }),
        ...(body.moduleId === undefined ? {} : { moduleId: body.moduleId || null }),
        ...(body.moduleVersion === undefined ? {} : { moduleVersion: body.moduleVersion }),
        ...(body.sponsor === undefined ? {} : { sponsor: body.sponsor || null }),
        ...(body.imgUrls === undefined ? {} : { imgUrls: body.imgUrls }),
        ...(body.annexUrls === undefined ? {} : { annexUrls: body.annexUrls }),
        ...(body.planStartTime === undefined ? {} : { planStartTime: body.planStartTime }),
        ...(body.planEndTime === undefined ? {} : { planEndTime: body.planEndTime }),
        ...(body.caseId === undefined ? {} : { caseId: body.caseId }),
        ...(values === undefined ? {} : { customFields: customFieldsText(values) }),
        updateBy: caller.userName,
        updateTime: now,
      })
      .where('defectId', '=', row.defectId)
      .execute();
    if (body.handleBy) await replaceHandlers(trx, row.defectId, body.handleBy);
    if (values) await writeValueRows(trx, row.projectId, [{ defectId: row.defectId, values }]);
    await writeLog(
      { ...deps, db: trx },
      row.defectId,
      DefectLogType.UPDATE,
      caller.userId,
      body.handleBy ?? [],
      JSON.stringify(changes),
      now,
    );
    await refreshSearchText(trx, row.defectId);
  });
  deps.events.emitDefect({
    type: 'updated',
    defectId: row.defectId,
    projectId: row.projectId,
    actorId: caller.userId,
    receivers: [],
  });
}

/**
 * Soft delete, recorded in the history; each defect by its creator or a holder of the remove
 * permission. Every id is checked before anything changes, and all go in one transaction.
 */
export async function deleteDefects(
  deps: AppDeps,
  caller: Principal,
  access: ScopedAccess,
  defectIds: readonly number[],
) {
  const rows = await Promise.all(defectIds.map((id) => findDefectRow(deps.db, id)));
  const mayRemoveAny = hasPermi(access.permissions, 'system:defect:remove');
  for (const row of rows) {
    if (!row || row.projectId !== access.projectId) {
      throw new AppError('project.no-permission', [], ResultCode.forbidden);
    }
    if (row.createById !== caller.userId && !mayRemoveAny) {
      throw new AppError('auth.forbidden', [], ResultCode.forbidden);
    }
  }
  const now = formatDateTime();
  await deps.db.transaction().execute(async (trx) => {
    for (const defectId of new Set(defectIds)) {
      await trx
        .updateTable('sysDefect')
        .set({ isDeleted: 1, updateBy: caller.userName, updateTime: now })
        .where('defectId', '=', defectId)
        .execute();
      await writeLog({ ...deps, db: trx }, defectId, DefectLogType.DELETE, caller.userId, [], null, now);
      await refreshSearchText(trx, defectId);
    }
  });
  for (const defectId of new Set(defectIds)) {
    deps.events.emitDefect({
      type: 'deleted',
      defectId,
      projectId: access.projectId,
      actorId: caller.userId,
      receivers: [],
    });
  }
}

export function refusalError(refusal: Refusal): AppError {
  switch (refusal.kind) {
    case 'forbidden':
      return new AppError('auth.forbidden', [], ResultCode.forbidden);
    case 'state':
      return new AppError('defect.action.wrong-state', [
        { key: `defect.action.${refusal.action}` },
        { key: `defect.state.${refusal.state}` },
      ]);
    case 'not-handler':
      return new AppError('defect.action.not-handler', [{ key: `defect.action.${refusal.action}` }]);
    case 'not-involved':
      return new AppError('defect.action.not-involved', [{ key: `defect.action.${refusal.action}` }]);
    case 'reason-required':
      return new AppError('defect.action.reason-required', [{ key: `defect.action.${refusal.action}` }]);
    case 'receivers-required':
      return new AppError('defect.handler.required');
    case 'not-member':
      return new AppError('defect.handler.not-member', [refusal.userId]);
    case 'reviewer-required':
      return new AppError('defect.reviewer.required');
  }
}

/** One workflow action: rules from defect-workflow.ts, state and history in one transaction. */
export async function actOnDefect(
  deps: AppDeps,
  caller: Principal,
  access: ScopedAccess | Actor,
  defectId: number,
  action: DefectAction,
  request: { receiveBy: number[]; reason: string },
) {
  const row = await findDefectRow(deps.db, defectId);
  if (!row) throw new AppError('project.no-permission', [], ResultCode.forbidden);
  const handleBy = (await handlersOf(deps.db, [defectId])).get(defectId) ?? [];
  const facts = {
    state: row.defectState as DefectState,
    handleBy,
    createById: row.createById,
    lastFixerId: row.lastFixerId,
  };
  const outcome = decide(
    action,
    facts,
    'isManager' in access ? access : actorOf(caller, access),
    await projectPeople(deps.db, row.projectId),
    request,
  );
  if (!outcome.ok) throw refusalError(outcome.refusal);
  const { change } = outcome;
  const now = formatDateTime();
  const logId = await deps.db.transaction().execute(async (trx) => {
    // The state is checked again inside the transaction: a concurrent action cannot slip past.
    const res = await trx
      .updateTable('sysDefect')
      .set({
        defectState: change.state,
        lastFixerId: change.lastFixerId,
        updateBy: caller.userName,
        updateTime: now,
      })
      .where('defectId', '=', defectId)
      .where('defectState', '=', row.defectState)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new AppError('defect.action.conflict');
    await replaceHandlers(trx, defectId, change.handleBy);
    const reason = request.reason.trim() || null;
    const log = await writeLog(
      { ...deps, db: trx },
      defectId,
      change.logType,
      caller.userId,
      change.logReceiveBy,
      reason,
      now,
    );
    return log.defectLogId;
  });
  deps.events.emitDefect({
    type: EVENT_OF[action],
    defectId,
    projectId: row.projectId,
    actorId: caller.userId,
    receivers: change.logReceiveBy.length > 0 ? change.logReceiveBy : change.handleBy,
    reason: request.reason.trim() || null,
  });
  return logId;
}
