import {
  CASE_STATES,
  caseCreateBody,
  caseLogEntry,
  caseUpdateBody,
  pageQuery,
  ResultCode,
  testCase,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { caseChanged } from '../webhooks/webhooks.service.ts';
import { deleteCases, registerCaseBinRoutes } from './case-bin.ts';
import { registerCaseIdRoutes } from './case-ids.routes.ts';
import {
  CASE_SORT,
  type CaseFilter,
  findCaseRow,
  listCases,
  neighbourCase,
  toCases,
} from './cases.repository.ts';
import { createCases, updateCase } from './cases.service.ts';

const caseParam = z.object({ caseId: z.coerce.number().int().min(1) });
export const caseListQuery = pageQuery.extend({
  /** Left out (the original's case picker): the caller's current project, from the user config. */
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1).optional(),
  caseName: z.string().max(255).optional(),
  moduleId: z.coerce.number().int().min(0).optional(),
  caseLevel: z.coerce.number().int().min(1).max(5).optional(),
  caseState: z.enum(CASE_STATES).optional(),
  params: z.object({ modulePid: z.coerce.number().int().min(1).optional() }).optional(),
});

/** The list's query (also the export's form) as a repository filter. */
export const caseFilterOf = (q: z.infer<typeof caseListQuery>, projectId: number): CaseFilter => ({
  projectId,
  caseName: q.caseName,
  moduleId: q.moduleId,
  moduleTree: q.params?.modulePid,
  caseLevel: q.caseLevel,
  caseState: q.caseState,
});

/** Test cases: numbered per project, each on a deliverable, with steps, a tested state and its defects' counts. */
export function registerCaseRoutes(r: Router): void {
  const { db } = r.deps;
  registerCaseIdRoutes(r);
  registerCaseBinRoutes(r);

  r.get('/system/case/list', {
    guard: perm('system:case:list'),
    query: caseListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: testCase,
    handler: async (ctx) => {
      const q = ctx.query;
      const { limit, offset } = pageOf(q);
      const projectId = ctx.scoped.projectId;
      const tree = await loadTree(db, projectId);
      const order = orderOf(q, CASE_SORT, ['c.updateTime', 'desc']);
      const { rows, total } = await listCases(db, caseFilterOf(q, projectId), tree, limit, offset, order);
      return ctx.table(await toCases(db, rows, tree), total);
    },
  });

  r.get('/system/case/:caseId', {
    guard: perm('system:case:query', 'system:case:list'),
    params: caseParam,
    scope: ({ params }) => ({ kind: 'case', caseId: params.caseId }),
    output: testCase,
    handler: async (ctx) => {
      const row = await findCaseRow(db, ctx.params.caseId);
      if (!row) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      await r.deps.focus.open('case', row.caseId, row.projectId, ctx.me.userId);
      const [shown] = await toCases(db, [row]);
      return ctx.ok({ ...shown, focusList: await r.deps.focus.lookers('case', row.caseId) });
    },
  });

  // The case before or after one in the list as filtered (§13.8), in case-number order
  // (`isAsc=desc` walks down): nothing past either end.
  for (const direction of ['prev', 'next'] as const)
    r.get(`/system/case/:caseId/${direction}`, {
      guard: perm('system:case:query', 'system:case:list'),
      params: caseParam,
      query: caseListQuery,
      scope: ({ params }) => ({ kind: 'case', caseId: params.caseId }),
      output: testCase,
      handler: async (ctx) => {
        const row = await findCaseRow(db, ctx.params.caseId);
        if (!row) throw new AppError('project.no-permission', [], ResultCode.forbidden);
        const tree = await loadTree(db, row.projectId);
        const next = await neighbourCase(
          db,
          caseFilterOf(ctx.query, row.projectId),
          tree,
          row,
          direction,
          ctx.query.isAsc === 'desc' || ctx.query.isAsc === 'descending',
        );
        return ctx.ok(next ? (await toCases(db, [next], tree))[0] : undefined);
      },
    });

  /** A case's history, newest first: its creation and every change, with who made it. */
  r.get('/system/case/:caseId/history', {
    guard: perm('system:case:query', 'system:case:list'),
    params: caseParam,
    scope: ({ params }) => ({ kind: 'case', caseId: params.caseId }),
    output: caseLogEntry,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysCaseLog as l')
        .leftJoin('sysUser as u', 'u.userId', 'l.createById')
        .select([
          'l.caseLogId',
          'l.action',
          'l.changes',
          'l.createById',
          'l.createTime',
          'u.nickName as createBy',
        ])
        .where('l.caseId', '=', ctx.params.caseId)
        .orderBy('l.caseLogId', 'desc')
        .limit(200)
        .execute();
      return ctx.ok(rows.map((row) => ({ ...row, changes: row.changes ? JSON.parse(row.changes) : [] })));
    },
  });

  r.post('/system/case/close-edit-window', {
    guard: perm('system:case:list'),
    handler: async (ctx) => {
      await r.deps.focus.closeAll(ctx.me.userId);
      return ctx.ok();
    },
  });

  r.post('/system/case', {
    guard: perm('system:case:add'),
    body: caseCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: testCase,
    handler: async (ctx) => {
      const { projectId, ...item } = ctx.body;
      const [caseId] = await createCases(db, ctx.me, projectId, [item]);
      await caseChanged(r.deps, projectId, 'created', [caseId as number]);
      const row = await findCaseRow(db, caseId as number);
      return ctx.ok(row ? (await toCases(db, [row]))[0] : undefined);
    },
  });

  // Several at once (the AI drawer's selection): all checked first, all or nothing.
  r.post('/system/case/batch', {
    guard: perm('system:case:add'),
    body: z.array(caseCreateBody).min(1).max(1000),
    scope: ({ body }) => ({ kind: 'project', projectId: body[0]?.projectId ?? 0, isWrite: true }),
    output: testCase,
    handler: async (ctx) => {
      const projectId = ctx.body[0]?.projectId as number;
      if (ctx.body.some((c) => c.projectId !== projectId)) throw new AppError('case.batch.one-project');
      const ids = await createCases(
        db,
        ctx.me,
        projectId,
        ctx.body.map(({ projectId: _p, ...item }) => item),
      );
      await caseChanged(r.deps, projectId, 'created', ids);
      const rows = await db
        .selectFrom('sysCase')
        .selectAll()
        .where('caseId', 'in', ids)
        .orderBy('caseNum')
        .execute();
      return ctx.ok(await toCases(db, rows));
    },
  });

  r.put('/system/case', {
    guard: perm('system:case:edit'),
    body: caseUpdateBody,
    scope: ({ body }) => ({ kind: 'case', caseId: body.caseId, isWrite: true }),
    handler: async (ctx) => {
      await updateCase(db, ctx.scoped.projectId, ctx.me.userId, ctx.body);
      await caseChanged(r.deps, ctx.scoped.projectId, 'updated', [ctx.body.caseId]);
      return ctx.ok();
    },
  });

  r.delete('/system/case/:caseIds', {
    guard: perm('system:case:remove'),
    params: z.object({ caseIds: z.string() }),
    // The first id names the project; every other id must be in the same one.
    scope: ({ params }) => ({ kind: 'case', caseId: parseIds(params.caseIds), isWrite: true }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.caseIds);
      const rows = await db
        .selectFrom('sysCase')
        .select(['caseId', 'projectId'])
        .where('caseId', 'in', ids)
        .execute();
      if (rows.length !== new Set(ids).size || rows.some((x) => x.projectId !== ctx.scoped.projectId)) {
        throw new AppError('project.no-permission', [], ResultCode.forbidden);
      }
      await caseChanged(r.deps, ctx.scoped.projectId, 'deleted', ids);
      await deleteCases(db, ids, ctx.me.userId);
      return ctx.ok();
    },
  });
}
