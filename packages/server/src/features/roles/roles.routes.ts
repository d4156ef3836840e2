import { pageQuery, role, roleBody, user } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { column, EXPORT_MAX_ROWS, sendListSheet } from '../../lib/xlsx.ts';
import { assertChangeInScope, assertRolesInScope, dataScopeOf } from '../depts/data-scope.ts';
import { toUser } from '../users/users.repository.ts';
import {
  countRoleHolders,
  findRole,
  findRoleBy,
  listRoles,
  listRoleUsers,
  replaceRoleMenus,
  roleKindOf,
  toRole,
} from './roles.repository.ts';

const ADMIN_ROLE_ID = 1;
const listQuery = pageQuery.extend({
  roleName: z.string().optional(),
  roleKey: z.string().optional(),
  status: z.enum(['0', '1']).optional(),
});
const authUserQuery = pageQuery.extend({
  roleId: z.coerce.number().int().min(1),
  userName: z.string().optional(),
  phoneNumber: z.string().optional(),
});
const bulkQuery = z.object({ roleId: z.coerce.number().int().min(1), userIds: z.string().min(1) });

const ROLE_COLUMNS = [
  column('roleId', '角色编号', 'Role ID', 10),
  column('roleName', '角色名称', 'Role name', 24),
  column('roleKey', '权限字符', 'Role key', 24),
  column('roleSort', '显示顺序', 'Order', 10),
  column('kind', '角色类别', 'Kind', 14),
  column('status', '状态', 'Status', 10),
  column('createTime', '创建时间', 'Created'),
];

/** The caller, when among the people a change names (their own roles may not change under a scope). */
const inList = (ids: readonly number[], callerId: number) => (ids.includes(callerId) ? callerId : undefined);

export function registerRoleRoutes(r: Router): void {
  const { db } = r.deps;

  const assertEditable = (roleId: number) => {
    if (roleId === ADMIN_ROLE_ID) throw new AppError('role.admin.cannot-operate');
  };
  const assertUniqueRole = async (body: z.infer<typeof roleBody>) => {
    const byName = await findRoleBy(db, 'roleName', body.roleName);
    if (byName && byName.roleId !== body.roleId) throw new AppError('role.name.exists', [body.roleName]);
    const byKey = await findRoleBy(db, 'roleKey', body.roleKey);
    if (byKey && byKey.roleId !== body.roleId) throw new AppError('role.key.exists', [body.roleName]);
  };

  r.get('/system/role/list', {
    guard: perm('system:role:list'),
    query: listQuery,
    output: role,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:role:list');
      const { rows, total } = await listRoles(db, { ...ctx.query, scope }, limit, offset);
      return ctx.table(rows.map(toRole), total);
    },
  });

  r.post('/system/role/export', {
    guard: perm('system:role:export'),
    query: listQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:role:export');
      const { rows } = await listRoles(db, { ...q, scope }, EXPORT_MAX_ROWS + 1, 0);
      const words = (zh: string, en: string) => (ctx.lang === 'en_US' ? en : zh);
      const kinds = {
        platform: words('平台角色', 'Platform'),
        team: words('团队角色', 'Team'),
        project: words('项目角色', 'Project'),
      };
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.role.sheet'),
        ROLE_COLUMNS,
        rows.map((x) => ({
          roleId: x.roleId,
          roleName: x.roleName,
          roleKey: x.roleKey,
          roleSort: x.roleSort,
          kind: kinds[roleKindOf(x)],
          status: x.status === '0' ? words('正常', 'Normal') : words('停用', 'Disabled'),
          createTime: x.createTime,
        })),
      );
    },
  });

  r.get('/system/role/optionselect', {
    guard: perm('system:role:query'),
    output: role,
    handler: async (ctx) => {
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:role:query');
      return ctx.ok((await listRoles(db, { scope }, 1000, 0)).rows.map(toRole));
    },
  });

  r.get('/system/role/:roleId', {
    guard: perm('system:role:query'),
    params: z.object({ roleId: z.coerce.number().int().min(1) }),
    output: role,
    handler: async (ctx) => {
      await assertRolesInScope(db, ctx.me.userId, 'system:role:query', [ctx.params.roleId]);
      const found = await findRole(db, ctx.params.roleId);
      if (!found) throw new AppError('role.not-found');
      return ctx.ok(toRole(found));
    },
  });

  r.post('/system/role', {
    guard: perm('system:role:add'),
    body: roleBody,
    handler: async (ctx) => {
      const body = ctx.body;
      await assertUniqueRole({ ...body, roleId: undefined });
      const roleId = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('sysRole')
          .values({
            roleName: body.roleName,
            roleKey: body.roleKey,
            roleSort: body.roleSort,
            dataScope: '1',
            menuCheckStrictly: 1,
            deptCheckStrictly: 1,
            status: body.status ?? '0',
            delFlag: '0',
            isTeamRole: body.isTeamRole ? 1 : 0,
            isProjectRole: body.isProjectRole ? 1 : 0,
            roleNameI18nKey: body.roleNameI18nKey ?? null,
            createBy: ctx.me.userName,
            createTime: formatDateTime(),
            updateBy: null,
            updateTime: null,
            remark: body.remark ?? null,
          })
          .returning('roleId')
          .executeTakeFirstOrThrow();
        await replaceRoleMenus(trx, inserted.roleId, body.menuIds ?? []);
        return inserted.roleId;
      });
      return ctx.ok({ roleId });
    },
  });

  r.put('/system/role', {
    guard: perm('system:role:edit'),
    body: roleBody.extend({ roleId: z.number().int().min(1) }),
    handler: async (ctx) => {
      const body = ctx.body;
      assertEditable(body.roleId);
      await assertChangeInScope(db, ctx.me.userId, 'system:role:edit', {
        roleIds: [body.roleId],
        changesRole: body.roleId,
      });
      if (!(await findRole(db, body.roleId))) throw new AppError('role.not-found');
      await assertUniqueRole(body);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysRole')
          .set({
            roleName: body.roleName,
            roleKey: body.roleKey,
            roleSort: body.roleSort,
            status: body.status ?? '0',
            isTeamRole: body.isTeamRole ? 1 : 0,
            isProjectRole: body.isProjectRole ? 1 : 0,
            roleNameI18nKey: body.roleNameI18nKey ?? null,
            remark: body.remark ?? null,
            updateBy: ctx.me.userName,
            updateTime: formatDateTime(),
          })
          .where('roleId', '=', body.roleId)
          .execute();
        if (body.menuIds) await replaceRoleMenus(trx, body.roleId, body.menuIds);
      });
      return ctx.ok();
    },
  });

  r.put('/system/role/changeStatus', {
    guard: perm('system:role:edit'),
    body: z.object({ roleId: z.number().int().min(1), status: z.enum(['0', '1']) }),
    handler: async (ctx) => {
      assertEditable(ctx.body.roleId);
      await assertChangeInScope(db, ctx.me.userId, 'system:role:edit', {
        roleIds: [ctx.body.roleId],
        changesRole: ctx.body.roleId,
      });
      await db
        .updateTable('sysRole')
        .set({ status: ctx.body.status })
        .where('roleId', '=', ctx.body.roleId)
        .execute();
      return ctx.ok();
    },
  });

  r.delete('/system/role/:roleIds', {
    guard: perm('system:role:remove'),
    params: z.object({ roleIds: z.string() }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.roleIds);
      await assertRolesInScope(db, ctx.me.userId, 'system:role:remove', ids);
      for (const id of ids) {
        assertEditable(id);
        const found = await findRole(db, id);
        if (!found) throw new AppError('role.not-found');
        if ((await countRoleHolders(db, id)) > 0)
          throw new AppError('role.assigned.cannot-delete', [found.roleName]);
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sysRoleMenu').where('roleId', 'in', ids).execute();
        await trx.updateTable('sysRole').set({ delFlag: '2' }).where('roleId', 'in', ids).execute();
      });
      return ctx.ok();
    },
  });

  for (const allocated of [true, false]) {
    r.get(`/system/role/authUser/${allocated ? 'allocatedList' : 'unallocatedList'}`, {
      guard: perm('system:role:list'),
      query: authUserQuery,
      output: user,
      handler: async (ctx) => {
        const { limit, offset } = pageOf(ctx.query);
        const scope = await assertRolesInScope(db, ctx.me.userId, 'system:role:list', [ctx.query.roleId]);
        const target = await findRole(db, ctx.query.roleId);
        if (!target) throw new AppError('role.not-found');
        const { rows, total } = await listRoleUsers(
          db,
          { roleId: target.roleId, kind: roleKindOf(target) },
          allocated,
          ctx.query,
          limit,
          offset,
          scope,
        );
        return ctx.table(
          rows.map((u) => toUser(u)),
          total,
        );
      },
    });
  }

  /** Only platform roles are handed out and taken back here; the others come with a membership. */
  const assertPlatformRole = async (roleId: number) => {
    assertEditable(roleId);
    const target = await findRole(db, roleId);
    if (!target) throw new AppError('role.not-found');
    if (roleKindOf(target) !== 'platform') throw new AppError('role.not-platform', [target.roleName]);
  };
  /** A platform role given to or taken from people: the role and the people within the caller's scope. */
  const assertGrant = async (callerId: number, roleId: number, userIds: number[]) => {
    await assertPlatformRole(roleId);
    await assertChangeInScope(db, callerId, 'system:role:edit', {
      userIds,
      rolesOf: inList(userIds, callerId),
      roleIds: [roleId],
    });
  };
  const unassign = async (callerId: number, roleId: number, userIds: number[]) => {
    await assertGrant(callerId, roleId, userIds);
    await db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
  };
  r.put('/system/role/authUser/cancel', {
    guard: perm('system:role:edit'),
    body: z.object({ roleId: z.number().int().min(1), userId: z.number().int().min(1) }),
    handler: async (ctx) => {
      await unassign(ctx.me.userId, ctx.body.roleId, [ctx.body.userId]);
      return ctx.ok();
    },
  });
  r.put('/system/role/authUser/cancelAll', {
    guard: perm('system:role:edit'),
    query: bulkQuery,
    handler: async (ctx) => {
      await unassign(ctx.me.userId, ctx.query.roleId, parseIds(ctx.query.userIds));
      return ctx.ok();
    },
  });
  r.put('/system/role/authUser/selectAll', {
    guard: perm('system:role:edit'),
    query: bulkQuery,
    handler: async (ctx) => {
      const roleId = ctx.query.roleId;
      const ids = parseIds(ctx.query.userIds);
      await assertGrant(ctx.me.userId, roleId, ids);
      const users = await db
        .selectFrom('sysUser')
        .select('userId')
        .where('userId', 'in', ids)
        .where('delFlag', '=', '0')
        .execute();
      if (users.length > 0) {
        await db
          .insertInto('sysUserRole')
          .values(users.map((u) => ({ userId: u.userId, roleId })))
          .onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing())
          .execute();
      }
      return ctx.ok();
    },
  });
}
