import { z } from 'zod';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { loadTree } from '../modules/modules.repository.ts';

/** The most ids one answer holds: a project's cases (a plan takes at most 20,000). */
const IDS_MAX = 50_000;

/**
 * The ids of a deliverable's cases (with those below it) and of a level's cases (the original's
 * 1.0, §13.8): how a plan's case picker takes a whole subtree or level at once without paging
 * through it.
 */
export function registerCaseIdRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/case/module/:moduleId/ids', {
    guard: perm('system:case:list'),
    params: z.object({ moduleId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'module', moduleId: params.moduleId }),
    output: z.number(),
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.scoped.projectId);
      const rows = await db
        .selectFrom('sysCase')
        .select('caseId')
        .where('projectId', '=', ctx.scoped.projectId)
        .where('moduleId', 'in', tree.subtree(ctx.params.moduleId))
        .orderBy('caseNum')
        .limit(IDS_MAX)
        .execute();
      return ctx.ok(rows.map((c) => c.caseId));
    },
  });

  r.get('/system/case/level/:level/ids', {
    guard: perm('system:case:list'),
    params: z.object({ level: z.coerce.number().int().min(1).max(5) }),
    query: z.object({ projectId: z.coerce.number().int().min(1).optional() }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: z.number(),
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysCase')
        .select('caseId')
        .where('projectId', '=', ctx.scoped.projectId)
        .where('caseLevel', '=', ctx.params.level)
        .orderBy('caseNum')
        .limit(IDS_MAX)
        .execute();
      return ctx.ok(rows.map((c) => c.caseId));
    },
  });
}
