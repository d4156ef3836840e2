import { dept, deptBody, deptListQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { assertDeptsInScope, dataScopeOf, deptsWithin } from './data-scope.ts';
import { findDept, listDepts, loadDeptTree, toDept } from './depts.repository.ts';
import { createDept, editDept, removeDept } from './depts.service.ts';

const deptIdParam = z.object({ deptId: z.coerce.number().int().min(1) });

/**
 * Departments (`/system/dept/**`, the original's paths and fields). A caller whose roles limit
 * their data scope (data-scope.ts) lists, opens and changes only the departments it covers, and
 * puts new or moved ones only below those.
 */
export function registerDeptRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/dept/list', {
    guard: perm('system:dept:list'),
    query: deptListQuery,
    output: dept,
    handler: async (ctx) => {
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:dept:list');
      return ctx.ok(deptsWithin(scope, await listDepts(db, ctx.query)).map((d) => toDept(d)));
    },
  });

  // The parents an edited department may move under: all but itself and what lies below it.
  r.get('/system/dept/list/exclude/:deptId', {
    guard: perm('system:dept:list'),
    params: deptIdParam,
    output: dept,
    handler: async (ctx) => {
      const tree = await loadDeptTree(db);
      const below = new Set(tree.subtree(ctx.params.deptId));
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:dept:list');
      return ctx.ok(
        deptsWithin(scope, tree.rows)
          .filter((d) => !below.has(d.deptId))
          .map((d) => toDept(d)),
      );
    },
  });

  r.get('/system/dept/:deptId', {
    guard: perm('system:dept:query'),
    params: deptIdParam,
    output: dept,
    handler: async (ctx) => {
      await assertDeptsInScope(db, ctx.me.userId, 'system:dept:query', [ctx.params.deptId]);
      const found = await findDept(db, ctx.params.deptId);
      if (!found) throw new AppError('dept.not-found');
      const parent = found.parentId > 0 ? await findDept(db, found.parentId) : undefined;
      return ctx.ok(toDept(found, parent?.deptName ?? null));
    },
  });

  r.post('/system/dept', {
    guard: perm('system:dept:add'),
    body: deptBody,
    handler: async (ctx) => {
      await assertDeptsInScope(db, ctx.me.userId, 'system:dept:add', [ctx.body.parentId]);
      return ctx.ok({ deptId: await createDept(db, ctx.body, ctx.me.userName) });
    },
  });

  r.put('/system/dept', {
    guard: perm('system:dept:edit'),
    body: deptBody.extend({ deptId: z.number().int().min(1) }),
    handler: async (ctx) => {
      const now = await findDept(db, ctx.body.deptId);
      // Left where it is, its parent is not asked about (a department at the top has none).
      const moved = now && now.parentId !== ctx.body.parentId ? [ctx.body.parentId] : [];
      await assertDeptsInScope(db, ctx.me.userId, 'system:dept:edit', [ctx.body.deptId, ...moved]);
      await editDept(db, ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.delete('/system/dept/:deptId', {
    guard: perm('system:dept:remove'),
    params: deptIdParam,
    handler: async (ctx) => {
      await assertDeptsInScope(db, ctx.me.userId, 'system:dept:remove', [ctx.params.deptId]);
      await removeDept(db, ctx.params.deptId, ctx.me.userName);
      return ctx.ok();
    },
  });
}
