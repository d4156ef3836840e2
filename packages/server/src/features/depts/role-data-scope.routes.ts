import { DATA_SCOPE_CUSTOM, ROLE_IDS, roleDataScopeBody } from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { findRole } from '../roles/roles.repository.ts';
import { assertChangeInScope, assertRolesInScope, deptInScope, deptsWithin } from './data-scope.ts';
import { DeptTree } from './dept-tree.ts';
import { loadDeptTree } from './depts.repository.ts';

/**
 * A role's data scope (`PUT /system/role/dataScope`, `GET /system/role/deptTree/{roleId}`), kept
 * as the original keeps it: `sys_role.data_scope` and the chosen departments in `sys_role_dept`.
 * It limits the user administration (data-scope.ts); what a person sees of defects, cases and
 * the rest is decided by team and project membership. A caller limited by a data scope of their
 * own sees and sets only roles and departments within it, and never the scope of a role they hold
 * (which would lift their own limit).
 */
export function registerRoleDataScopeRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/role/deptTree/:roleId', {
    guard: perm('system:role:query'),
    params: z.object({ roleId: z.coerce.number().int().min(1) }),
    handler: async (ctx) => {
      const scope = await assertRolesInScope(db, ctx.me.userId, 'system:role:query', [ctx.params.roleId]);
      const role = await findRole(db, ctx.params.roleId);
      if (!role) throw new AppError('role.not-found');
      const tree = new DeptTree(deptsWithin(scope, (await loadDeptTree(db)).rows));
      const checked = await checkedDepts(db, role.roleId, role.deptCheckStrictly === 1);
      return ctx.ok(undefined, {
        checkedKeys: checked.filter((id) => tree.byId.has(id)),
        depts: tree.toTreeSelect(),
      });
    },
  });

  r.put('/system/role/dataScope', {
    guard: perm('system:role:edit'),
    body: roleDataScopeBody,
    handler: async (ctx) => {
      const body = ctx.body;
      if (body.roleId === ROLE_IDS.admin) throw new AppError('role.admin.cannot-operate');
      const scope = await assertChangeInScope(db, ctx.me.userId, 'system:role:edit', {
        roleIds: [body.roleId],
        changesRole: body.roleId,
      });
      const role = await findRole(db, body.roleId);
      if (!role) throw new AppError('role.not-found');
      const tree = await loadDeptTree(db);
      let deptIds =
        body.dataScope === DATA_SCOPE_CUSTOM
          ? [...new Set(body.deptIds ?? [])].filter((id) => tree.byId.has(id))
          : [];
      if (scope && body.dataScope === DATA_SCOPE_CUSTOM) {
        // The departments this caller cannot see stay chosen as they were; none is added.
        const hidden = (await checkedDepts(db, role.roleId, false)).filter((id) => !deptInScope(scope, id));
        if (deptIds.some((id) => !deptInScope(scope, id) && !hidden.includes(id)))
          throw new AppError('dept.data-scope');
        deptIds = [...new Set([...deptIds, ...hidden])];
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysRole')
          .set({
            dataScope: body.dataScope,
            deptCheckStrictly:
              body.deptCheckStrictly === undefined ? role.deptCheckStrictly : body.deptCheckStrictly ? 1 : 0,
            updateBy: ctx.me.userName,
            updateTime: formatDateTime(),
          })
          .where('roleId', '=', role.roleId)
          .execute();
        await trx.deleteFrom('sysRoleDept').where('roleId', '=', role.roleId).execute();
        if (deptIds.length > 0)
          await trx
            .insertInto('sysRoleDept')
            .values(deptIds.map((deptId) => ({ roleId: role.roleId, deptId })))
            .execute();
      });
      return ctx.ok();
    },
  });
}

/**
 * The departments ticked for the role. With linked ticking (`deptCheckStrictly`) a parent is
 * left out when one of its children is ticked, so the tree shows a half-ticked parent, as the
 * original's query does.
 */
async function checkedDepts(db: Db, roleId: number, isStrict: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('sysRoleDept as rd')
    .innerJoin('sysDept as d', 'd.deptId', 'rd.deptId')
    .select(['d.deptId', 'd.parentId'])
    .where('rd.roleId', '=', roleId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.parentId')
    .orderBy('d.orderNum')
    .execute();
  if (!isStrict) return rows.map((d) => d.deptId);
  const parents = new Set(rows.map((d) => d.parentId));
  return rows.filter((d) => !parents.has(d.deptId)).map((d) => d.deptId);
}
