import { loginLog, pageQuery } from '@buglet/contracts';
import { z } from 'zod';
import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { column, EXPORT_MAX_ROWS, type SheetColumn, sendListSheet } from '../../lib/xlsx.ts';
import { unlockAccount } from '../session/login-guard.ts';
import { clearLoginLogs, decodeLogMessage, deleteLoginLogs, listLoginLogs } from './login-log.repository.ts';

const listQuery = pageQuery.extend({
  ipaddr: z.string().optional(),
  userName: z.string().optional(),
  status: z.enum(['0', '1']).optional(),
  params: z.object({ beginTime: z.string().optional(), endTime: z.string().optional() }).optional(),
});
const SORT = { loginTime: 'loginTime', userName: 'userName', status: 'status', infoId: 'infoId' } as const;

type Stored = Awaited<ReturnType<typeof listLoginLogs>>['rows'][number];

/** Messages are stored as keys and read in the reader's language. */
const shown = (lang: Lang, row: Stored) => ({
  ...row,
  msg: decodeLogMessage(lang, row.msg),
  loginLocation: decodeLogMessage(lang, row.loginLocation),
});

export function registerLoginLogRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/monitor/logininfor/list', {
    guard: perm('monitor:logininfor:list'),
    query: listQuery,
    output: loginLog,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const order = orderOf(ctx.query, SORT, ['infoId', 'desc']);
      const { rows, total } = await listLoginLogs(
        db,
        { ...ctx.query, ...ctx.query.params },
        limit,
        offset,
        order,
      );
      return ctx.table(
        rows.map((row) => shown(ctx.lang, row)),
        total,
      );
    },
  });

  r.post('/monitor/logininfor/export', {
    guard: perm('monitor:logininfor:export'),
    query: listQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const order = orderOf(q, SORT, ['infoId', 'desc']);
      const { rows } = await listLoginLogs(db, { ...q, ...q.params }, EXPORT_MAX_ROWS + 1, 0, order);
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.logininfor.sheet'),
        EXPORT_COLUMNS,
        rows.map((row) => ({
          ...shown(ctx.lang, row),
          status: translate(ctx.lang, `logininfor.status.${row.status}` as MessageKey),
        })),
        `${ctx.t('excel.logininfor.export-file')}.xlsx`,
      );
    },
  });

  r.delete('/monitor/logininfor/clean', {
    guard: perm('monitor:logininfor:remove'),
    handler: async (ctx) => {
      await clearLoginLogs(db);
      return ctx.ok();
    },
  });

  r.get('/monitor/logininfor/unlock/:userName', {
    guard: perm('monitor:logininfor:unlock'),
    params: z.object({ userName: z.string().min(1).max(50) }),
    handler: async (ctx) => {
      await unlockAccount(db, ctx.params.userName);
      return ctx.ok();
    },
  });

  r.delete('/monitor/logininfor/:infoIds', {
    guard: perm('monitor:logininfor:remove'),
    params: z.object({ infoIds: z.string() }),
    handler: async (ctx) => {
      await deleteLoginLogs(db, parseIds(ctx.params.infoIds));
      return ctx.ok();
    },
  });
}

/** The original's export columns (SysLogininfor's @Excel fields). */
const EXPORT_COLUMNS: SheetColumn[] = [
  column('infoId', '序号', 'ID', 10),
  column('userName', '用户账号', 'Account', 18),
  column('status', '登录状态', 'Status', 10),
  column('ipaddr', '登录地址', 'Address', 18),
  column('loginLocation', '登录地点', 'Location', 16),
  column('browser', '浏览器', 'Browser', 16),
  column('os', '操作系统', 'OS', 16),
  column('msg', '提示消息', 'Message', 40),
  column('loginTime', '访问时间', 'Time', 20),
];
