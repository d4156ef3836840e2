import { DefectLogType, ResultCode } from '@buglet/contracts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import type { AppDeps } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { headerIndex, readFirstSheet } from '../../lib/xlsx.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { checkRows, defectColumns, missingRequiredColumns } from './defect-excel.ts';
import { indexNewDefects } from './defect-search.ts';
import { allocateNumbers } from './defects.repository.ts';

/** Enough for a real migration from another tracker; a bigger sheet is split by the person. */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows per INSERT: well inside SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 500;

export async function projectMembers(deps: AppDeps, projectId: number) {
  return deps.db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .select(['u.userId', 'u.userName', 'u.nickName'])
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .orderBy('u.nickName')
    .execute();
}

/**
 * All or nothing: every row is checked first and every problem is reported by row; only a clean
 * sheet is written, numbered consecutively, each defect with an IMPORT entry in its history.
 */
export async function importDefects(
  deps: AppDeps,
  caller: Principal,
  projectId: number,
  bytes: Buffer,
  lang: Lang,
): Promise<number> {
  const ws = await readFirstSheet(bytes);
  if (!ws) throw new AppError('import.file.invalid');
  const [tree, members] = await Promise.all([loadTree(deps.db, projectId), projectMembers(deps, projectId)]);
  const columns = headerIndex(ws, defectColumns(lang, { modulePaths: [], memberNames: [] }, false));
  const missing = missingRequiredColumns(columns);
  if (missing.length > 0) throw new AppError('import.header.missing', [{ join: missing, sep: '、' }]);
  if (ws.actualRowCount - 1 > IMPORT_MAX_ROWS) throw new AppError('import.file.too-many', [IMPORT_MAX_ROWS]);

  const { rows, problems } = checkRows(ws, columns, { modulePaths: tree.paths(), members });
  if (problems.length > 0) {
    const lines = problems.map((p) => ({
      rowNum: p.rowNum,
      messages: p.messages.map((m) => translate(lang, m.key, m.args)),
    }));
    throw new AppError(
      'import.failed',
      [problems.length, { join: lines.flatMap((l) => l.messages) }],
      ResultCode.error,
      { data: { rows: lines } },
    );
  }
  if (rows.length === 0) throw new AppError('import.file.empty');

  const now = formatDateTime();
  await deps.db.transaction().execute(async (trx) => {
    const first = await allocateNumbers(trx, projectId, 'defect', rows.length);
    for (let at = 0; at < rows.length; at += BATCH) {
      const batch = rows.slice(at, at + BATCH);
      const created = await trx
        .insertInto('sysDefect')
        .values(
          batch.map((row, i) => ({
            projectId,
            projectNum: first + at + i,
            defectType: row.defectType,
            defectName: row.defectName,
            defectDescribe: row.defectDescribe,
            defectLevel: row.defectLevel,
            defectState: row.defectState,
            moduleId: row.moduleId,
            moduleVersion: row.moduleVersion,
            imgUrls: null,
            annexUrls: null,
            caseId: null,
            planStartTime: row.planStartTime,
            planEndTime: row.planEndTime,
            lastFixerId: null,
            isDeleted: 0,
            createBy: caller.userName,
            createById: caller.userId,
            createTime: now,
            updateBy: caller.userName,
            updateTime: now,
          })),
        )
        .returning(['defectId', 'projectNum'])
        .execute();
      // RETURNING order is not promised; the number ties each id to its row.
      const idOf = new Map(created.map((c) => [c.projectNum, c.defectId]));
      const ids = batch.map((_, i) => idOf.get(first + at + i) as number);
      const handlerRows = batch.flatMap((row, i) =>
        row.handleBy.map((userId, position) => ({ defectId: ids[i] as number, userId, position })),
      );
      for (let h = 0; h < handlerRows.length; h += BATCH) {
        await trx
          .insertInto('sysDefectHandler')
          .values(handlerRows.slice(h, h + BATCH))
          .execute();
      }
      await trx
        .insertInto('sysDefectLog')
        .values(
          batch.map((row, i) => ({
            defectId: ids[i] as number,
            defectLogType: DefectLogType.IMPORT,
            defectLogDescribe: null,
            receiveBy: JSON.stringify(row.handleBy),
            createById: caller.userId,
            createTime: now,
          })),
        )
        .execute();
      await indexNewDefects(trx, ids);
    }
  });
  return rows.length;
}
