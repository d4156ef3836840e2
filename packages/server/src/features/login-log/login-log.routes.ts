import { loginLog, pageQuery } from '@buglet/contracts';
import { z } from 'zod';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { unlockAccount } from '../session/login-guard.ts';
import { clearLoginLogs, decodeLogMessage, deleteLoginLogs, listLoginLogs } from './login-log.repository.ts';

const listQuery = pageQuery.extend({
  ipaddr: z.string().optional(),
  userName: z.string().optional(),
  status: z.enum(['0', '1']).optional(),
  params: z.object({ beginTime: z.string().optional(), endTime: z.string().optional() }).optional(),
});
const SORT = { loginTime: 'loginTime', userName: 'userName', status: 'status', infoId: 'infoId' } as const;

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
      // Messages are stored as keys and read in the reader's language.
      const shown = rows.map((row) => ({
        ...row,
        msg: decodeLogMessage(ctx.lang, row.msg),
        loginLocation: decodeLogMessage(ctx.lang, row.loginLocation),
      }));
      return ctx.table(shown, total);
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
