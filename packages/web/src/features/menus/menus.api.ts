import type { AjaxResult, Menu, TreeNode } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import { translateOr } from '../../lib/i18n.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { buildTree, type TreeOption } from '../../lib/tree.ts';

export type MenuBody = Partial<Omit<Menu, 'createTime'>> &
  Pick<Menu, 'menuName' | 'parentId' | 'orderNum' | 'menuType'>;

export interface MenuNode extends Menu {
  children?: MenuNode[];
}

export const menuKeys = {
  all: ['menus'] as const,
  list: (query: QueryObject) => ['menus', 'list', query] as const,
  tree: ['menus', 'treeselect'] as const,
  detail: (menuId: number) => ['menus', 'detail', menuId] as const,
};

export const listMenus = (query: QueryObject) => http.get<AjaxResult<Menu[]>>('/system/menu/list', query);
export const getMenu = (menuId: number) => http.get<AjaxResult<Menu>>(`/system/menu/${menuId}`);
export const getMenuTree = () => http.get<AjaxResult<TreeNode[]>>('/system/menu/treeselect');
export const addMenu = (body: MenuBody) => http.post('/system/menu', body);
export const updateMenu = (body: MenuBody) => http.put('/system/menu', body);
export const deleteMenu = (menuId: number) => http.delete(`/system/menu/${menuId}`);

/** The list endpoint is flat; rows whose parent is missing (filtered out) become roots. */
export const buildMenuTree = (menus: readonly Menu[]): MenuNode[] =>
  buildTree(
    menus,
    (m) => m.menuId,
    (m) => m.parentId,
    (a, b) => a.orderNum - b.orderNum,
  );

/** The menu tree (`/system/menu/treeselect`) as a tree select's options, names in the reader's language. */
export const menuTreeOptions = (nodes: readonly TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: translateOr(n.labelI18nKey, n.label),
    children: n.children?.length ? menuTreeOptions(n.children) : undefined,
  }));
