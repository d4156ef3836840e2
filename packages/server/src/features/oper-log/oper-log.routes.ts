import { type OperLogQuery, operLog, operLogQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { RouteContext, Router } from '../../http/route.ts';
import { column, EXPORT_MAX_ROWS, type SheetColumn, sendListSheet } from '../../lib/xlsx.ts';
import { decodeLogMessage } from '../login-log/login-log.repository.ts';
import {
  clearOperLogs,
  deleteOperLogs,
  findOperLog,
  listOperLogs,
  type OperLogFilter,
  type OperLogSort,
} from './oper-log.repository.ts';
import { moduleName, moduleOf, modulesNamed } from './oper-log-rules.ts';

const SORT: Record<string, OperLogSort> = {
  operId: 'operId',
  operTime: 'operTime',
  operName: 'operName',
  costTime: 'costTime',
  title: 'title',
  businessType: 'businessType',
  status: 'status',
};

type Stored = NonNullable<Awaited<ReturnType<typeof findOperLog>>>;

/** A stored row as the reader sees it: the module and the location in their language. */
const shown = (lang: Lang, row: Stored) => ({
  ...row,
  title: moduleName(lang, row.title),
  operLocation: decodeLogMessage(lang, row.operLocation),
});

/** The list's filters, the title matched against the modules' names in both languages. */
function filterOf(q: OperLogQuery, modules: readonly string[]): OperLogFilter {
  const types = q.businessTypes ? q.businessTypes.split(',').map(Number) : [];
  if (q.businessType !== undefined) types.push(q.businessType);
  return {
    ...(q.title ? { titles: { modules: modulesNamed(q.title, modules), text: q.title } } : {}),
    operName: q.operName,
    operIp: q.operIp,
    businessTypes: types,
    status: q.status,
    beginTime: q.params?.beginTime,
    endTime: q.params?.endTime,
  };
}

/** Every module a recorded route can belong to, from the route table. */
function modulesOf(ctx: RouteContext<unknown, unknown, unknown>): string[] {
  return [...new Set(ctx.req.server.routeTable.routes.map((route) => moduleOf(route.url)))];
}

/**
 * The operation log (`/monitor/operlog/**`, the original's paths and fields): search, detail,
 * delete, clean, export. What is recorded and how: oper-log.recorder.ts.
 */
export function registerOperLogRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/monitor/operlog/list', {
    guard: perm('monitor:operlog:list'),
    query: operLogQuery,
    output: operLog,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const order = orderOf(ctx.query, SORT, ['operTime', 'desc']);
      const filter = filterOf(ctx.query, modulesOf(ctx));
      const { rows, total } = await listOperLogs(db, filter, limit, offset, order);
      return ctx.table(
        rows.map((row) => shown(ctx.lang, row)),
        total,
      );
    },
  });

  r.post('/monitor/operlog/export', {
    guard: perm('monitor:operlog:export'),
    query: operLogQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const order = orderOf(q, SORT, ['operTime', 'desc']);
      const filter = filterOf(q, modulesOf(ctx));
      const { rows } = await listOperLogs(db, filter, EXPORT_MAX_ROWS + 1, 0, order);
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.operlog.sheet'),
        EXPORT_COLUMNS,
        rows.map((row) => exportRow(ctx.lang, row)),
        `${ctx.t('excel.operlog.export-file')}.xlsx`,
      );
    },
  });

  // Before `/:operIds`, so "clean" is never read as an id.
  r.delete('/monitor/operlog/clean', {
    guard: perm('monitor:operlog:remove'),
    handler: async (ctx) => {
      // What was recorded before the cleaning goes with it, although it may not be written yet.
      await ctx.req.server.operLog.flush();
      await clearOperLogs(db);
      return ctx.ok();
    },
  });

  r.delete('/monitor/operlog/:operIds', {
    guard: perm('monitor:operlog:remove'),
    params: z.object({ operIds: z.string() }),
    handler: async (ctx) => ctx.ok({ removed: await deleteOperLogs(db, parseIds(ctx.params.operIds)) }),
  });

  r.get('/monitor/operlog/:operId', {
    guard: perm('monitor:operlog:query'),
    params: z.object({ operId: z.coerce.number().int().min(1) }),
    output: operLog,
    handler: async (ctx) => {
      const found = await findOperLog(db, ctx.params.operId);
      if (!found) throw new AppError('operlog.not-found');
      return ctx.ok(shown(ctx.lang, found));
    },
  });
}

/** The original's export columns (SysOperLog's @Excel fields). */
const EXPORT_COLUMNS: SheetColumn[] = [
  column('operId', '操作序号', 'ID', 10),
  column('title', '操作模块', 'Module', 18),
  column('businessType', '业务类型', 'Type', 12),
  column('method', '请求方法', 'Method', 36),
  column('requestMethod', '请求方式', 'HTTP method', 12),
  column('operatorType', '操作类别', 'Operator type', 14),
  column('operName', '操作人员', 'Operator', 16),
  column('deptName', '部门名称', 'Department', 16),
  column('operUrl', '请求地址', 'URL', 36),
  column('operIp', '操作地址', 'Address', 18),
  column('operLocation', '操作地点', 'Location', 16),
  column('operParam', '请求参数', 'Parameters', 50),
  column('jsonResult', '返回参数', 'Result', 50),
  column('status', '状态', 'Status', 10),
  column('errorMsg', '错误消息', 'Error', 36),
  column('operTime', '操作时间', 'Time', 20),
  column('costTime', '消耗时间(毫秒)', 'Duration (ms)', 14),
];

function exportRow(lang: Lang, row: Stored) {
  const word = (key: string) => translate(lang, key as MessageKey);
  return {
    ...shown(lang, row),
    businessType: word(`operlog.business-type.${row.businessType}`),
    operatorType: word(`operlog.operator-type.${row.operatorType}`),
    status: word(`operlog.status.${row.status}`),
  };
}
