import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated } from '../../http/permission.ts';
import { orderOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { readImportSheet, rowsImported, rowsRefused } from '../../lib/sheet-import.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, sendWorkbook, shapeInChunks } from '../../lib/xlsx.ts';
import { receiveFile } from '../files/files.routes.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { caseChanged } from '../webhooks/webhooks.service.ts';
import { CASE_SHEET, caseColumns, caseRow, checkCaseRows } from './case-excel.ts';
import { CASE_SORT, listCases, toCases } from './cases.repository.ts';
import { caseFilterOf, caseListQuery } from './cases.routes.ts';
import { createCases } from './cases.service.ts';

const projectQuery = z.object({ projectId: z.coerce.number().int().min(1).optional() });

/** Excel for cases: the template (deliverable paths and levels as drop-downs), the all-or-nothing import, the export. */
export function registerCaseExcelRoutes(r: Router): void {
  const { db } = r.deps;
  r.post('/system/case/importTemplate', {
    guard: authenticated,
    query: projectQuery,
    handler: async (ctx) => {
      const projectId = await enterProjectWith(db, ctx.me, ctx.query.projectId, 'system:case:import');
      const paths = [...(await loadTree(db, projectId)).paths().keys()].sort();
      const wb = await buildWorkbook(ctx.t('excel.case.sheet'), caseColumns(paths, false), [], ctx.lang);
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.case.template-file')}.xlsx`);
    },
  });

  r.post('/system/case/importData', {
    rateLimit: 'upload',
    upload: { fields: ['file'], kind: 'spreadsheet' },
    guard: authenticated,
    query: projectQuery,
    handler: async (ctx) => {
      const projectId = await enterProjectWith(db, ctx.me, ctx.query.projectId, 'system:case:import');
      const file = await receiveFile(ctx.req);
      const sheet = await readImportSheet(await file.toBuffer(), CASE_SHEET);
      const { rows, problems } = checkCaseRows(sheet, (await loadTree(db, projectId)).paths());
      if (problems.length > 0) throw rowsRefused(ctx.lang, 'import.case.failed', problems);
      if (rows.length === 0) throw new AppError('import.file.empty');
      const ids = await createCases(
        db,
        ctx.me,
        projectId,
        rows.map(({ rowNum: _r, ...c }) => c),
      );
      // Made from a sheet or one by one, the project's webhooks hear of them alike.
      await caseChanged(r.deps, projectId, 'created', ids);
      return rowsImported(ctx.t('import.case.success', rows.length), { count: rows.length });
    },
  });

  r.post('/system/case/export', {
    guard: authenticated,
    query: caseListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = await enterProjectWith(db, ctx.me, q.projectId, 'system:case:export');
      const tree = await loadTree(db, projectId);
      const order = orderOf(q, CASE_SORT, ['c.caseNum', 'asc']);
      const { rows } = await listCases(db, caseFilterOf(q, projectId), tree, EXPORT_MAX_ROWS + 1, 0, order);
      if (rows.length > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const cases = await shapeInChunks(rows, (chunk) => toCases(db, chunk, tree));
      const wb = await buildWorkbook(
        ctx.t('excel.case.sheet'),
        caseColumns([...tree.paths().keys()].sort(), true),
        cases.map(caseRow),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.case.export-file')}.xlsx`);
    },
  });
}
