import { onlineSession, pageQuery } from '@buglet/contracts';
import { z } from 'zod';
import { deleteSession, listSessions } from '../../access/sessions.repository.ts';
import { perm } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';

export function registerOnlineRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/monitor/online/list', {
    guard: perm('monitor:online:list'),
    query: pageQuery.extend({ ipaddr: z.string().optional(), userName: z.string().optional() }),
    output: onlineSession,
    handler: async (ctx) => {
      const all = await listSessions(db, ctx.query, Date.now());
      const { limit, offset } = pageOf(ctx.query);
      const rows = all
        .slice(offset, offset + limit)
        .map((s) => ({ ...s, deptName: null, loginLocation: null }));
      return ctx.table(rows, all.length);
    },
  });

  // Forced logout: the session row goes, so the token stops working on every instance at once.
  r.delete('/monitor/online/:tokenId', {
    guard: perm('monitor:online:forceLogout'),
    params: z.object({ tokenId: z.string().regex(/^[0-9a-f]{64}$/) }),
    handler: async (ctx) => {
      await deleteSession(db, ctx.params.tokenId);
      return ctx.ok();
    },
  });
}
