import { DefectLogType } from '@buglet/contracts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import type { AppDeps } from '../../http/route.ts';
import { readImportSheet, rowsRefused } from '../../lib/sheet-import.ts';
import { formatDateTime } from '../../lib/time.ts';
import { customSheetColumns } from '../defect-fields/custom-columns.ts';
import { customFieldsText, writeValueRows } from '../defect-fields/custom-values.ts';
import { enabledFields } from '../defect-fields/defect-fields.repository.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { checkRows, DEFECT_SHEET } from './defect-excel.ts';
import { indexNewDefects } from './defect-search.ts';
import { allocateNumbers } from './defects.repository.ts';

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
  const customFields = await enabledFields(deps.db, projectId);
  const sheet = await readImportSheet(bytes, DEFECT_SHEET, customSheetColumns(customFields));
  const [tree, members] = await Promise.all([loadTree(deps.db, projectId), projectMembers(deps, projectId)]);
  const { rows, problems } = checkRows(sheet, { modulePaths: tree.paths(), members, customFields });
  if (problems.length > 0) throw rowsRefused(lang, 'import.failed', problems);
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
            sponsor: row.sponsor,
            imgUrls: null,
            annexUrls: null,
            caseId: null,
            planStartTime: row.planStartTime,
            planEndTime: row.planEndTime,
            lastFixerId: null,
            isDeleted: 0,
            customFields: customFieldsText(row.customFields),
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
      await writeValueRows(
        trx,
        projectId,
        batch.map((row, i) => ({ defectId: ids[i] as number, values: row.customFields })),
        { isNew: true },
      );
      await indexNewDefects(trx, ids);
    }
  });
  return rows.length;
}
