import { openCase, openCaseCreateBody, openCaseListQuery, openCaseUpdateBody } from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { apiKey } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { deleteCases } from '../cases/case-bin.ts';
import { type CaseRow, findCaseRow, listCases, toCases } from '../cases/cases.repository.ts';
import { createCases, updateCase } from '../cases/cases.service.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { caseChanged } from '../webhooks/webhooks.service.ts';
import { type ApiCaller, assertWritable } from './api-key.auth.ts';
import { moduleIdOf } from './open-defects.routes.ts';

const caseNumParams = z.object({ caseNum: z.coerce.number().int().min(1) });

/** Cases as the Open API shows them: numbers and deliverable paths, no ids. */
async function toOpenCases(db: Db, rows: CaseRow[]) {
  return (await toCases(db, rows)).map((c) => ({
    caseNum: c.caseNum,
    caseName: c.caseName,
    deliverablePath: c.modulePath,
    caseLevel: c.caseLevel,
    casePreconditions: c.casePreconditions,
    caseExpect: c.caseExpect,
    caseStep: c.caseStep,
    caseState: c.caseState.toUpperCase(),
    remark: c.remark,
    creator: c.createBy,
    createTime: c.createTime,
    updateTime: c.updateTime,
  }));
}

async function caseRowOf(db: Db, api: ApiCaller, caseNum: number): Promise<CaseRow> {
  const row = await db
    .selectFrom('sysCase')
    .selectAll()
    .where('projectId', '=', api.projectId)
    .where('caseNum', '=', caseNum)
    .executeTakeFirst();
  if (!row) throw new AppError('api.case.not-found', [caseNum]);
  return row;
}

/** The 1.0 Open API's test cases (original-backend §13.4), by number and deliverable path. */
export function registerOpenCaseRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/api/case', {
    guard: apiKey('case:list'),
    rateLimit: 'api-key',
    query: openCaseListQuery,
    output: openCase,
    handler: async (ctx) => {
      const q = ctx.query;
      const { limit, offset } = pageOf(q);
      const tree = await loadTree(db, ctx.api.projectId);
      const under = await moduleIdOf(db, ctx.api.projectId, q.deliverablePath);
      const { rows, total } = await listCases(
        db,
        {
          projectId: ctx.api.projectId,
          ...(q.caseNum
            ? { caseName: `#${q.caseNum}` }
            : q.caseName?.trim()
              ? { caseName: q.caseName.trim() }
              : {}),
          ...(under ? { moduleTree: under } : {}),
          ...(q.caseLevel ? { caseLevel: q.caseLevel } : {}),
          ...(q.caseState ? { caseState: q.caseState } : {}),
        },
        tree,
        limit,
        offset,
        ['c.caseNum', 'desc'],
      );
      return ctx.table(await toOpenCases(db, rows), total);
    },
  });

  r.get('/api/case/:caseNum', {
    guard: apiKey('case:query'),
    rateLimit: 'api-key',
    params: caseNumParams,
    output: openCase,
    handler: async (ctx) => {
      const row = await caseRowOf(db, ctx.api, ctx.params.caseNum);
      return ctx.ok((await toOpenCases(db, [row]))[0]);
    },
  });

  r.post('/api/case', {
    guard: apiKey('case:create'),
    rateLimit: 'api-key',
    body: openCaseCreateBody,
    output: openCase,
    handler: async (ctx) => {
      assertWritable(ctx.api);
      const { deliverablePath, ...fields } = ctx.body;
      const moduleId = await moduleIdOf(db, ctx.api.projectId, deliverablePath);
      if (!moduleId) throw new AppError('api.deliverable.path-required');
      const [caseId] = await createCases(db, ctx.me, ctx.api.projectId, [
        { ...fields, moduleId, caseStep: fields.caseStep ?? [] },
      ]);
      await caseChanged(r.deps, ctx.api.projectId, 'created', [caseId as number]);
      const row = await findCaseRow(db, caseId as number);
      return ctx.ok((await toOpenCases(db, row ? [row] : []))[0]);
    },
  });

  r.put('/api/case', {
    guard: apiKey('case:update'),
    rateLimit: 'api-key',
    body: openCaseUpdateBody,
    output: openCase,
    handler: async (ctx) => {
      assertWritable(ctx.api);
      const { caseNum, deliverablePath, ...fields } = ctx.body;
      const row = await caseRowOf(db, ctx.api, caseNum);
      const moduleId = await moduleIdOf(db, ctx.api.projectId, deliverablePath);
      if (moduleId === null) throw new AppError('api.deliverable.path-required');
      await updateCase(db, ctx.api.projectId, ctx.api.userId, {
        caseId: row.caseId,
        ...fields,
        ...(moduleId === undefined ? {} : { moduleId }),
      });
      await caseChanged(r.deps, ctx.api.projectId, 'updated', [row.caseId]);
      return ctx.ok((await toOpenCases(db, [await caseRowOf(db, ctx.api, caseNum)]))[0]);
    },
  });

  r.delete('/api/case/:caseNum', {
    guard: apiKey('case:delete'),
    rateLimit: 'api-key',
    params: caseNumParams,
    handler: async (ctx) => {
      assertWritable(ctx.api);
      const row = await caseRowOf(db, ctx.api, ctx.params.caseNum);
      await caseChanged(r.deps, ctx.api.projectId, 'deleted', [row.caseId]);
      await deleteCases(db, [row.caseId], ctx.me.userId);
      return ctx.ok();
    },
  });
}
