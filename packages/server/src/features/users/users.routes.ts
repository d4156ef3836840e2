import {
  changeStatusBody,
  pageQuery,
  resetPasswordBody,
  user,
  userCreateBody,
  userListQuery,
  userUpdateBody,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf, parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import {
  assertChangeInScope,
  assertUserInScope,
  type DataScope,
  dataScopeOf,
  deptsWithin,
} from '../depts/data-scope.ts';
import { DeptTree } from '../depts/dept-tree.ts';
import { loadDeptTree } from '../depts/depts.repository.ts';
import { listPosts, listUserPosts, toPost } from '../posts/posts.repository.ts';
import { listTotpEnabled } from '../totp/totp.repository.ts';
import {
  findUser,
  listPlatformRoles,
  listUsers,
  toRoleSummary,
  toUser,
  toUsersWithDept,
  type UserFilter,
} from './users.repository.ts';
import {
  assignRoles,
  createUser,
  editUser,
  listAssignableRoles,
  removeUsers,
  resetPassword,
  setUserStatus,
} from './users.service.ts';

export const userPageQuery = pageQuery.extend(userListQuery.shape).extend({
  params: z.object({ beginTime: z.string().optional(), endTime: z.string().optional() }).optional(),
});
export const USER_SORT = {
  userName: 'userName',
  createTime: 'createTime',
  userId: 'userId',
  nickName: 'nickName',
} as const;
const idParam = z.object({ userId: z.coerce.number().int().min(1) });

/** The list's filters; a department stands for itself and every department below it. */
export function userFilterOf(q: z.infer<typeof userPageQuery>, tree: DeptTree): UserFilter {
  const { deptId, params, ...rest } = q;
  return { ...rest, ...params, ...(deptId ? { deptIds: tree.subtree(deptId) } : {}) };
}

export function registerUserRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/user/list', {
    guard: perm(
      'system:user:list',
      'system:team:member:invite',
      'system:team:member:create',
      'system:project:member',
    ),
    query: userPageQuery,
    output: user,
    handler: async (ctx) => {
      const { limit, offset } = pageOf(ctx.query);
      const order = orderOf(ctx.query, USER_SORT, ['userId', 'asc']);
      const tree = ctx.query.deptId ? await loadDeptTree(db) : undefined;
      const filter = tree ? userFilterOf(ctx.query, tree) : { ...ctx.query, ...ctx.query.params };
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:user:list');
      const { rows, total } = await listUsers(db, { ...filter, scope }, limit, offset, order);
      const totp = await listTotpEnabled(
        db,
        rows.map((u) => u.userId),
      );
      const withDept = await toUsersWithDept(db, rows);
      return ctx.table(
        withDept.map((u) => ({ ...u, totpEnabled: totp.has(u.userId) })),
        total,
      );
    },
  });

  // The department tree of the user page's filter (a fixed path: never taken for a user id).
  r.get('/system/user/deptTree', {
    guard: perm('system:user:list'),
    handler: async (ctx) => {
      const scope = await dataScopeOf(db, ctx.me.userId, 'system:user:list');
      return ctx.ok(new DeptTree(deptsWithin(scope, (await loadDeptTree(db)).rows)).toTreeSelect());
    },
  });

  /** The user form's choices (the roles within the caller's scope) and, for an edit, the person. */
  const detail = async (scope: DataScope | undefined, userId: number | undefined) => {
    const roles = (await listAssignableRoles(db, scope)).map((x) => toRoleSummary(x));
    const posts = (await listPosts(db, {}, 1000, 0)).rows.map(toPost);
    if (userId === undefined) return { roles, posts };
    const target = await findUser(db, userId);
    if (!target) throw new AppError('user.not-found');
    const held = await listPlatformRoles(db, userId);
    const postIds = (await listUserPosts(db, userId)).map((p) => p.postId);
    const [withDept] = await toUsersWithDept(db, [target]);
    return {
      data: { ...toUser(target, held), dept: withDept?.dept ?? null },
      roles,
      roleIds: held.map((x) => x.roleId),
      posts,
      postIds,
    };
  };
  r.get('/system/user/', {
    guard: perm('system:user:query'),
    handler: async (ctx) =>
      ctx.ok(undefined, await detail(await dataScopeOf(db, ctx.me.userId, 'system:user:query'), undefined)),
  });
  r.get('/system/user/:userId', {
    guard: perm('system:user:query'),
    params: idParam,
    handler: async (ctx) => {
      const scope = await assertUserInScope(db, ctx.me.userId, 'system:user:query', [ctx.params.userId]);
      return ctx.ok(undefined, await detail(scope, ctx.params.userId));
    },
  });

  r.post('/system/user', {
    guard: perm('system:user:add'),
    body: userCreateBody,
    handler: async (ctx) => {
      await assertChangeInScope(db, ctx.me.userId, 'system:user:add', {
        deptId: ctx.body.deptId,
        roleIds: ctx.body.roleIds,
      });
      const userId = await createUser(db, ctx.body, ctx.me.userName);
      return ctx.ok({ userId });
    },
  });

  r.put('/system/user', {
    guard: perm('system:user:edit'),
    body: userUpdateBody,
    handler: async (ctx) => {
      await assertChangeInScope(db, ctx.me.userId, 'system:user:edit', {
        userIds: [ctx.body.userId],
        deptId: ctx.body.deptId,
        ...(ctx.body.roleIds ? { rolesOf: ctx.body.userId, roleIds: ctx.body.roleIds } : {}),
      });
      await editUser(db, ctx.body, ctx.me.userId, ctx.me.userName);
      return ctx.ok();
    },
  });

  r.delete('/system/user/:userIds', {
    guard: perm('system:user:remove'),
    params: z.object({ userIds: z.string() }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.userIds);
      await assertUserInScope(db, ctx.me.userId, 'system:user:remove', ids);
      await removeUsers(db, ids, ctx.me.userId);
      return ctx.ok();
    },
  });

  r.put('/system/user/resetPwd', {
    guard: perm('system:user:resetPwd'),
    body: resetPasswordBody,
    handler: async (ctx) => {
      await assertUserInScope(db, ctx.me.userId, 'system:user:resetPwd', [ctx.body.userId]);
      await resetPassword(db, ctx.body.userId, ctx.body.password, ctx.me.userId);
      return ctx.ok();
    },
  });

  r.put('/system/user/changeStatus', {
    guard: perm('system:user:edit'),
    body: changeStatusBody,
    handler: async (ctx) => {
      await assertUserInScope(db, ctx.me.userId, 'system:user:edit', [ctx.body.userId]);
      await setUserStatus(db, ctx.body.userId, ctx.body.status, ctx.me.userId);
      return ctx.ok();
    },
  });

  r.get('/system/user/authRole/:userId', {
    guard: perm('system:user:query'),
    params: idParam,
    handler: async (ctx) => {
      const scope = await assertUserInScope(db, ctx.me.userId, 'system:user:query', [ctx.params.userId]);
      const target = await findUser(db, ctx.params.userId);
      if (!target) throw new AppError('user.not-found');
      const held = new Set((await listPlatformRoles(db, target.userId)).map((x) => x.roleId));
      const roles = (await listAssignableRoles(db, scope)).map((x) => toRoleSummary(x, held.has(x.roleId)));
      return ctx.ok(undefined, { user: toUser(target), roles });
    },
  });

  r.put('/system/user/authRole', {
    guard: perm('system:user:edit'),
    query: z.object({ userId: z.coerce.number().int().min(1), roleIds: z.string().optional() }),
    handler: async (ctx) => {
      const roleIds = ctx.query.roleIds ? parseIds(ctx.query.roleIds) : [];
      await assertChangeInScope(db, ctx.me.userId, 'system:user:edit', {
        userIds: [ctx.query.userId],
        rolesOf: ctx.query.userId,
        roleIds,
      });
      await assignRoles(db, ctx.query.userId, roleIds, ctx.me.userId);
      return ctx.ok();
    },
  });
}
