import type { AjaxResult, Menu, TreeNode } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

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
export function buildMenuTree(menus: readonly Menu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(menus.map((m) => [m.menuId, { ...m }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum);
    for (const n of list) if (n.children) sort(n.children);
    return list;
  };
  return sort(roots);
}
