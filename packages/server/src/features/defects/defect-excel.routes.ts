import { customColumnKey, DEFECT_TYPES, type DefectType } from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated } from '../../http/permission.ts';
import { orderOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { rowsImported } from '../../lib/sheet-import.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, sendWorkbook, shapeInChunks } from '../../lib/xlsx.ts';
import { customSheetColumns, exportCell } from '../defect-fields/custom-columns.ts';
import { enabledFields } from '../defect-fields/defect-fields.repository.ts';
import { receiveFile } from '../files/files.routes.ts';
import { loadTree } from '../modules/modules.repository.ts';
import {
  defectColumns,
  levelLabel,
  memberNames,
  pickColumns,
  stateLabel,
  typeLabel,
} from './defect-excel.ts';
import { importDefects, projectMembers } from './defect-import.service.ts';
import { DEFECT_SORT, listDefects } from './defect-list.repository.ts';
import { toDefects } from './defects.repository.ts';
import { defectFilterOf, defectListQuery } from './defects.routes.ts';

const projectQuery = z.object({
  projectId: z.coerce.number().int().min(1).optional(),
  /** The list's visible columns: the template follows them (pickColumns). */
  columns: z.string().max(4000).optional(),
});

/** The drop-down lists of a sheet (and the tree, member names and own fields they come from). */
async function sheetLists(r: Router, projectId: number) {
  const [tree, members, fields] = await Promise.all([
    loadTree(r.deps.db, projectId),
    projectMembers(r.deps, projectId),
    enabledFields(r.deps.db, projectId),
  ]);
  const names = memberNames(members);
  return {
    modulePaths: [...tree.paths().keys()].sort(),
    memberNames: members.map((m) => names.get(m.userId) as string),
    names,
    tree,
    fields,
  };
}

/** Excel: the import template with its drop-downs, the all-or-nothing import, and the export of a filtered list. */
export function registerDefectExcelRoutes(r: Router): void {
  const { db } = r.deps;

  r.post('/system/defect/importTemplate', {
    guard: authenticated,
    query: projectQuery,
    handler: async (ctx) => {
      const projectId = await enterProjectWith(db, ctx.me, ctx.query.projectId, 'system:defect:add');
      const lists = await sheetLists(r, projectId);
      const wb = await buildWorkbook(
        ctx.t('excel.defect.sheet'),
        pickColumns(
          [...defectColumns(ctx.lang, lists, false), ...customSheetColumns(lists.fields)],
          ctx.query.columns,
        ),
        [],
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.defect.template-file')}.xlsx`);
    },
  });

  r.post('/system/defect/import', {
    rateLimit: 'upload',
    upload: { fields: ['file'], kind: 'spreadsheet' },
    guard: authenticated,
    query: projectQuery,
    handler: async (ctx) => {
      const projectId = await enterProjectWith(db, ctx.me, ctx.query.projectId, 'system:defect:add');
      const file = await receiveFile(ctx.req);
      const bytes = await file.toBuffer();
      const count = await importDefects(r.deps, ctx.me, projectId, bytes, ctx.lang);
      return rowsImported(ctx.t('import.success', count), { count });
    },
  });

  r.post('/system/defect/export', {
    guard: authenticated,
    query: defectListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = await enterProjectWith(db, ctx.me, q.projectId, 'system:defect:export');
      const filter = await defectFilterOf(db, q, projectId, ctx.me.userId);
      const order = q.orderByColumn ? orderOf(q, DEFECT_SORT, ['d.updateTime', 'desc']) : undefined;
      const { rows } = await listDefects(db, filter, EXPORT_MAX_ROWS + 1, 0, order);
      if (rows.length > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const [defects, lists] = await Promise.all([
        shapeInChunks(rows, (chunk) => toDefects(db, chunk, ctx.me.userId)),
        sheetLists(r, projectId),
      ]);
      const { tree } = lists;
      const lang = ctx.lang;
      const data = defects.map((d) => ({
        projectNum: d.projectNum,
        defectType: typeLabel(lang, DEFECT_TYPES.indexOf(d.defectType as DefectType)),
        defectName: d.defectName,
        defectLevel: levelLabel(lang, d.defectLevel),
        defectState: stateLabel(lang, d.defectState),
        modulePath: d.moduleId ? tree.pathOf(d.moduleId) : '',
        moduleVersion: d.moduleVersion,
        sponsor: d.sponsor ?? '',
        handleBy: d.handleBy.map((id) => lists.names.get(id) ?? String(id)).join('/'),
        planStartTime: d.planStartTime,
        planEndTime: d.planEndTime,
        defectDescribe: d.defectDescribe,
        createBy: d.createBy,
        createTime: d.createTime,
        updateTime: d.updateTime,
        ...Object.fromEntries(
          lists.fields.map((f) => [customColumnKey(f.fieldKey), exportCell(f, d.customFields?.[f.fieldKey])]),
        ),
      }));
      const wb = await buildWorkbook(
        ctx.t('excel.defect.sheet'),
        pickColumns([...defectColumns(lang, lists, true), ...customSheetColumns(lists.fields)], q.columns),
        data,
        lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.defect.export-file')}.xlsx`);
    },
  });
}
