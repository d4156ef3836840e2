import { isExternal, type Menu, menu, menuBody, type TreeNode } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  countChildren,
  countGrants,
  deleteMenu,
  findMenu,
  findSiblingByName,
  insertMenu,
  listAllMenus,
  listRoleMenuIds,
  updateMenu,
} from './menus.repository.ts';
import { buildMenuTree, type MenuNode, type MenuRow } from './router-tree.ts';

function toMenu(m: MenuRow): Menu {
  return {
    menuId: m.menuId,
    menuName: m.menuName,
    menuNameI18nKey: m.menuNameI18nKey,
    parentId: m.parentId,
    orderNum: m.orderNum,
    path: m.path,
    component: m.component,
    query: m.query,
    isFrame: m.isFrame,
    isCache: m.isCache,
    menuType: m.menuType,
    visible: m.visible,
    status: m.status,
    perms: m.perms,
    icon: m.icon,
    createTime: m.createTime,
  };
}

function toTreeNodes(nodes: MenuNode[]): TreeNode[] {
  return nodes.map((n) => ({
    id: n.menuId,
    label: n.menuName,
    labelI18nKey: n.menuNameI18nKey,
    ...(n.children.length > 0 ? { children: toTreeNodes(n.children) } : {}),
  }));
}

const idParam = z.object({ menuId: z.coerce.number().int().min(1) });

export function registerMenuRoutes(r: Router): void {
  const { db } = r.deps;

  const checkMenu = async (body: z.infer<typeof menuBody>) => {
    const sibling = await findSiblingByName(db, body.parentId, body.menuName);
    if (sibling && sibling.menuId !== body.menuId) throw new AppError('menu.name.exists', [body.menuName]);
    if (body.isFrame === '0' && !isExternal(body.path ?? ''))
      throw new AppError('menu.external.invalid', [body.menuName]);
    if (body.menuId !== undefined && body.parentId !== 0) {
      // The new parent may not be the menu itself or one of its descendants.
      let cursor: number | undefined = body.parentId;
      while (cursor && cursor !== 0) {
        if (cursor === body.menuId) throw new AppError('menu.parent.self', [body.menuName]);
        cursor = (await findMenu(db, cursor))?.parentId;
      }
    }
  };
  const columns = (body: z.infer<typeof menuBody>) => ({
    menuName: body.menuName,
    menuNameI18nKey: body.menuNameI18nKey ?? null,
    parentId: body.parentId,
    orderNum: body.orderNum,
    path: body.path ?? '',
    component: body.component ?? null,
    query: body.query ?? null,
    isFrame: body.isFrame ?? '1',
    isCache: body.isCache ?? '0',
    menuType: body.menuType,
    visible: body.visible ?? '0',
    status: body.status ?? '0',
    perms: body.perms ?? null,
    icon: body.icon ?? '#',
  });

  r.get('/system/menu/list', {
    guard: perm('system:menu:list'),
    query: z.object({ menuName: z.string().optional(), status: z.enum(['0', '1']).optional() }),
    output: menu,
    handler: async (ctx) => ctx.ok((await listAllMenus(db, ctx.query)).map(toMenu)),
  });

  r.get('/system/menu/treeselect', {
    guard: authenticated,
    handler: async (ctx) => ctx.ok(toTreeNodes(buildMenuTree(await listAllMenus(db)))),
  });

  r.get('/system/menu/roleMenuTreeselect/:roleId', {
    guard: authenticated,
    params: z.object({ roleId: z.coerce.number().int().min(1) }),
    handler: async (ctx) =>
      ctx.ok(undefined, {
        menus: toTreeNodes(buildMenuTree(await listAllMenus(db))),
        checkedKeys: await listRoleMenuIds(db, ctx.params.roleId),
      }),
  });

  r.get('/system/menu/:menuId', {
    guard: perm('system:menu:query'),
    params: idParam,
    output: menu,
    handler: async (ctx) => {
      const found = await findMenu(db, ctx.params.menuId);
      if (!found) throw new AppError('menu.not-found');
      return ctx.ok(toMenu(found));
    },
  });

  r.post('/system/menu', {
    guard: perm('system:menu:add'),
    body: menuBody,
    handler: async (ctx) => {
      const body = { ...ctx.body, menuId: undefined };
      await checkMenu(body);
      const menuId = await insertMenu(db, {
        ...columns(body),
        createBy: ctx.me.userName,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
        remark: null,
      });
      return ctx.ok({ menuId });
    },
  });

  r.put('/system/menu', {
    guard: perm('system:menu:edit'),
    body: menuBody.extend({ menuId: z.number().int().min(1) }),
    handler: async (ctx) => {
      if (!(await findMenu(db, ctx.body.menuId))) throw new AppError('menu.not-found');
      await checkMenu(ctx.body);
      await updateMenu(db, ctx.body.menuId, {
        ...columns(ctx.body),
        updateBy: ctx.me.userName,
        updateTime: formatDateTime(),
      });
      return ctx.ok();
    },
  });

  r.delete('/system/menu/:menuId', {
    guard: perm('system:menu:remove'),
    params: idParam,
    handler: async (ctx) => {
      if (!(await findMenu(db, ctx.params.menuId))) throw new AppError('menu.not-found');
      if ((await countChildren(db, ctx.params.menuId)) > 0) throw new AppError('menu.has-children');
      if ((await countGrants(db, ctx.params.menuId)) > 0) throw new AppError('menu.assigned');
      await deleteMenu(db, ctx.params.menuId);
      return ctx.ok();
    },
  });
}
