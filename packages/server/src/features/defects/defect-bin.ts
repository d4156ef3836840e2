import { DefectLogType, ResultCode } from '@buglet/contracts';
import { registerItemKind, type ScopedAccess } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { Principal } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { hasPermi } from '../../http/permission.ts';
import { formatDateTime } from '../../lib/time.ts';
import { refreshSearchText } from './defect-search.ts';
import { writeLog } from './defects.service.ts';

declare module '../../access/scope.ts' {
  interface ItemKinds {
    /** A defect in the recycle bin (deleted): only restoring reaches it. */
    deletedDefect: number;
  }
}

/** The projects of deleted defects, one per defect found in the bin. */
async function findDeletedDefectProjectIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysDefect')
    .select('projectId')
    .where('defectId', 'in', [...ids])
    .where('isDeleted', '=', 1)
    .execute();
  return rows.map((r) => r.projectId);
}

registerItemKind('deletedDefect', findDeletedDefectProjectIds);

/** A page of a project's recycle bin: its deleted defects, the last deleted first. */
export async function listDeletedDefects(
  db: Db,
  projectId: number,
  defectName: string | undefined,
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('sysDefect as d').where('d.projectId', '=', projectId).where('d.isDeleted', '=', 1);
  const name = defectName?.trim();
  if (name) q = q.where(containsText(db, 'd.defect_name', name));
  const [rows, count] = await Promise.all([
    q
      .selectAll('d')
      .orderBy('d.updateTime', 'desc')
      .orderBy('d.defectId', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Defects back from the recycle bin (1.0's restore, §13.3): as the delete, the one holding the
 * remove permission may restore any, anyone else only the defects they created; each gets a
 * RESTORE entry in its history and is searchable again.
 */
export async function restoreDefects(
  deps: AppDeps,
  caller: Principal,
  access: ScopedAccess,
  defectIds: readonly number[],
): Promise<void> {
  const rows = await deps.db
    .selectFrom('sysDefect')
    .select(['defectId', 'projectId', 'createById', 'isDeleted'])
    .where('defectId', 'in', [...defectIds])
    .execute();
  const mayRestoreAny = hasPermi(access.permissions, 'system:defect:remove');
  for (const row of rows) {
    if (row.projectId !== access.projectId || row.isDeleted !== 1)
      throw new AppError('project.no-permission', [], ResultCode.forbidden);
    if (row.createById !== caller.userId && !mayRestoreAny)
      throw new AppError('auth.forbidden', [], ResultCode.forbidden);
  }
  const now = formatDateTime();
  await deps.db.transaction().execute(async (trx) => {
    for (const { defectId } of rows) {
      await trx
        .updateTable('sysDefect')
        .set({ isDeleted: 0, updateBy: caller.userName, updateTime: now })
        .where('defectId', '=', defectId)
        .execute();
      await writeLog({ ...deps, db: trx }, defectId, DefectLogType.RESTORE, caller.userId, [], null, now);
      await refreshSearchText(trx, defectId);
    }
  });
  for (const { defectId } of rows)
    deps.events.emitDefect({
      type: 'updated',
      defectId,
      projectId: access.projectId,
      actorId: caller.userId,
      receivers: [],
    });
}

/** Defects in the bin since before `before`: deleted for good, with their history and comments. */
export async function purgeDeletedDefects(db: Db, before: string): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = (
      await db
        .selectFrom('sysDefect')
        .select('defectId')
        .where('isDeleted', '=', 1)
        .where('updateTime', '<', before)
        .limit(500)
        .execute()
    ).map((d) => d.defectId);
    if (batch.length === 0) return purged;
    await db.transaction().execute(async (trx) => {
      // Comments hang on history entries by id only; pushes and plan items name the defect.
      const logs = trx.selectFrom('sysDefectLog').select('defectLogId').where('defectId', 'in', batch);
      await trx
        .deleteFrom('sysComment')
        .where('moduleType', '=', 'defect_log')
        .where('correlationId', 'in', logs)
        .execute();
      await trx.deleteFrom('sysDefectPush').where('defectId', 'in', batch).execute();
      await trx.deleteFrom('sysPlanItemDefect').where('defectId', 'in', batch).execute();
      // Handlers, history, stars and shares go with the row (foreign keys, on delete cascade).
      await trx.deleteFrom('sysDefect').where('defectId', 'in', batch).execute();
    });
    purged += batch.length;
  }
}
