import { dept, deptBody, deptListQuery } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { findDept, listDepts, loadDeptTree, toDept } from './depts.repository.ts';
import { createDept, editDept, removeDept } from './depts.service.ts';

const deptIdParam = z.object({ deptId: z.coerce.number().int().min(1) });

/** Departments (`/system/dept/**`, the original's paths and fields). */
export function registerDeptRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/dept/list', {
    guard: perm('system:dept:list'),
    query: deptListQuery,
    output: dept,
    handler: async (ctx) => ctx.ok((await listDepts(db, ctx.query)).map((d) => toDept(d))),
  });

  // The parents an edited department may move under: all but itself and what lies below it.
  r.get('/system/dept/list/exclude/:deptId', {
    guard: perm('system:dept:list'),
    params: deptIdParam,
    output: dept,
    handler: async (ctx) => {
      const tree = await loadDeptTree(db);
      const below = new Set(tree.subtree(ctx.params.deptId));
      return ctx.ok(tree.rows.filter((d) => !below.has(d.deptId)).map((d) => toDept(d)));
    },
  });

  r.get('/system/dept/:deptId', {
    guard: perm('system:dept:query'),
    params: deptIdParam,
    output: dept,
    handler: async (ctx) => {
      const found = await findDept(db, ctx.params.deptId);
      if (!found) throw new AppError('dept.not-found');
      const parent = found.parentId > 0 ? await findDept(db, found.parentId) : undefined;
      return ctx.ok(toDept(found, parent?.deptName ?? null));
    },
  });

  r.post('/system/dept', {
    guard: perm('system:dept:add'),
    body: deptBody,
    handler: async (ctx) => ctx.ok({ deptId: await createDept(db, ctx.body, ctx.me.userName) }),
  });

  r.put('/system/dept', {
    guard: perm('system:dept:edit'),
    body: deptBody.extend({ deptId: z.number().int().min(1) }),
    handler: async (ctx) => {
      await editDept(db, ctx.body, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.delete('/system/dept/:deptId', {
    guard: perm('system:dept:remove'),
    params: deptIdParam,
    handler: async (ctx) => {
      await removeDept(db, ctx.params.deptId, ctx.me.userName);
      return ctx.ok();
    },
  });
}
