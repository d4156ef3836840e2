import { LIMITS } from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { orderOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type RowProblem, readImportSheet, rowsImported, rowsRefused } from '../../lib/sheet-import.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, sendWorkbook } from '../../lib/xlsx.ts';
import { passwordProblem } from '../configs/password-policy.ts';
import { initialPassword } from '../configs/platform-settings.ts';
import { dataScopeOf, deptInScope, peopleOutside } from '../depts/data-scope.ts';
import { loadDeptTree } from '../depts/depts.repository.ts';
import { receiveFile } from '../files/files.routes.ts';
import { checkUserRows, type ImportUser, USER_SHEET, userColumns, userRow } from './user-excel.ts';
import { importUsers, loadImportContext } from './user-import.service.ts';
import { listUsers, toUsersWithDept } from './users.repository.ts';
import { USER_SORT, userFilterOf, userPageQuery } from './users.routes.ts';

const importQuery = z.object({ updateSupport: z.enum(['true', 'false', '1', '0']).optional() });

/** The original's user Excel: the filtered list exported, the template, the all-or-nothing import. */
export function registerUserExcelRoutes(r: Router): void {
  const { db } = r.deps;

  r.post('/system/user/export', {
    guard: perm('system:user:export'),
    query: userPageQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const tree = await loadDeptTree(db);
      const order = orderOf(q, USER_SORT, ['userId', 'asc']);
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:user:export');
      const { rows } = await listUsers(
        db,
        { ...userFilterOf(q, tree), scope },
        EXPORT_MAX_ROWS + 1,
        0,
        order,
      );
      if (rows.length > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const users = await toUsersWithDept(db, rows);
      const wb = await buildWorkbook(
        ctx.t('excel.user.sheet'),
        userColumns(ctx.lang, [...tree.paths().keys()].sort(), true),
        users.map((u) => userRow(u, u.deptId ? tree.pathOf(u.deptId) : '', ctx.lang)),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.user.export-file')}.xlsx`);
    },
  });

  r.post('/system/user/importTemplate', {
    guard: authenticated,
    handler: async (ctx) => {
      const tree = await loadDeptTree(db);
      const wb = await buildWorkbook(
        ctx.t('excel.user.sheet'),
        userColumns(ctx.lang, [...tree.paths().keys()].sort(), false),
        [],
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.user.template-file')}.xlsx`);
    },
  });

  r.post('/system/user/importData', {
    rateLimit: 'upload',
    upload: { fields: ['file'], kind: 'spreadsheet' },
    guard: perm('system:user:import'),
    query: importQuery,
    handler: async (ctx) => {
      const isUpdateSupported = ctx.query.updateSupport === 'true' || ctx.query.updateSupport === '1';
      const file = await receiveFile(ctx.req);
      const sheet = await readImportSheet(await file.toBuffer(), USER_SHEET);
      if (sheet.length === 0) throw new AppError('import.file.empty');

      const tree = await loadDeptTree(db);
      const context = await loadImportContext(db, sheet, tree, {
        isUpdateSupported,
        callerId: ctx.me.userId,
      });
      const { rows, problems } = checkUserRows(sheet, context);
      problems.push(...(await rowsOutOfScope(db, ctx.me.userId, rows)));
      if (problems.length > 0) throw rowsRefused(ctx.lang, 'import.user.failed', problems);
      // New people get the configured initial password, as the original's import intends.
      let hash = '';
      if (rows.some((row) => row.userId === undefined)) {
        const password = await initialPassword(r.deps);
        if (!password || password.length < LIMITS.password.min || password.length > LIMITS.password.max)
          throw new AppError('import.user.no-init-password');
        const problem = await passwordProblem(db, password);
        if (problem) throw new AppError('import.user.init-password-policy', [problem]);
        hash = await hashPassword(password);
      }
      const { added, updated } = await importUsers(db, rows, hash, ctx.me.userName);
      return rowsImported(ctx.t('import.user.success', added, updated), {
        count: added + updated,
        added,
        updated,
      });
    },
  });
}

/**
 * Rows the caller's data scope does not cover (the original's import checks each person and
 * department): an existing person outside it, or a department outside it.
 */
async function rowsOutOfScope(db: Db, callerId: number, rows: readonly ImportUser[]): Promise<RowProblem[]> {
  const scope = await dataScopeOf(db, callerId, 'system:user:import');
  if (!scope) return [];
  const outside = await peopleOutside(
    db,
    scope,
    rows.flatMap((row) => (row.userId === undefined ? [] : [row.userId])),
  );
  return rows.flatMap((row) =>
    (row.userId !== undefined && outside.has(row.userId)) ||
    (row.deptId !== undefined && !deptInScope(scope, row.deptId))
      ? [
          {
            rowNum: row.rowNum,
            messages: [{ key: 'import.user.data-scope' as const, args: [row.rowNum, row.userName] }],
          },
        ]
      : [],
  );
}
