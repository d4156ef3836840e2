import type { AjaxResult, Role, TableData, TreeNode, User } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export interface RoleBody {
  roleId?: number;
  roleName: string;
  roleNameI18nKey?: string | null;
  roleKey: string;
  roleSort: number;
  status?: string;
  isTeamRole?: boolean;
  isProjectRole?: boolean;
  remark?: string | null;
  menuIds?: number[];
}

export interface RoleMenuTree extends AjaxResult {
  menus: TreeNode[];
  checkedKeys: number[];
}

export const roleKeys = {
  all: ['roles'] as const,
  list: (query: QueryObject) => ['roles', 'list', query] as const,
  detail: (roleId: number) => ['roles', 'detail', roleId] as const,
  menuTree: (roleId?: number) => ['roles', 'menu-tree', roleId ?? 'new'] as const,
  allocated: (query: QueryObject) => ['roles', 'allocated', query] as const,
  unallocated: (query: QueryObject) => ['roles', 'unallocated', query] as const,
};

export const listRoles = (query: QueryObject) => http.get<TableData<Role>>('/system/role/list', query);
export const getRole = (roleId: number) => http.get<AjaxResult<Role>>(`/system/role/${roleId}`);
export const addRole = (body: RoleBody) => http.post('/system/role', body);
export const updateRole = (body: RoleBody) => http.put('/system/role', body);
export const deleteRoles = (ids: readonly number[]) => http.delete(`/system/role/${ids.join(',')}`);
export const changeRoleStatus = (roleId: number, status: string) =>
  http.put('/system/role/changeStatus', { roleId, status });

/** The whole menu tree for a new role, or the tree plus the role's checked menus. */
export async function getRoleMenuTree(
  roleId?: number,
): Promise<{ menus: TreeNode[]; checkedKeys: number[] }> {
  if (roleId === undefined) {
    const res = await http.get<AjaxResult<TreeNode[]>>('/system/menu/treeselect');
    return { menus: res.data ?? [], checkedKeys: [] };
  }
  const res = await http.get<RoleMenuTree>(`/system/menu/roleMenuTreeselect/${roleId}`);
  return { menus: res.menus ?? [], checkedKeys: res.checkedKeys ?? [] };
}

export const listAllocatedUsers = (query: QueryObject) =>
  http.get<TableData<User>>('/system/role/authUser/allocatedList', query);
export const listUnallocatedUsers = (query: QueryObject) =>
  http.get<TableData<User>>('/system/role/authUser/unallocatedList', query);
export const assignUsers = (roleId: number, userIds: readonly number[]) =>
  http.put('/system/role/authUser/selectAll', undefined, { roleId, userIds: userIds.join(',') });
export const cancelUser = (roleId: number, userId: number) =>
  http.put('/system/role/authUser/cancel', { userId, roleId });
export const cancelUsers = (roleId: number, userIds: readonly number[]) =>
  http.put('/system/role/authUser/cancelAll', undefined, { roleId, userIds: userIds.join(',') });
