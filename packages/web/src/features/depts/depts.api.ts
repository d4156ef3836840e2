import type { AjaxResult, Dept, DeptBody as DeptRequest, TreeSelect } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import { seededText } from '../../lib/i18n.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { buildTree, type TreeOption, treeIds } from '../../lib/tree.ts';

/** What the dialog sends (the status as the dictionary's value). */
export type DeptBody = Omit<DeptRequest, 'status'> & { status?: string };

export interface DeptNode extends Dept {
  children?: DeptNode[];
}

/** A tree select's option (antd's `treeData`). */
export type DeptOption = TreeOption;

export const deptKeys = {
  all: ['depts'] as const,
  list: (query: QueryObject) => ['depts', 'list', query] as const,
  parents: (deptId: number | undefined) => ['depts', 'parents', deptId ?? 'new'] as const,
  detail: (deptId: number) => ['depts', 'detail', deptId] as const,
  /** The tree of the user page's filter and the user dialog (`/system/user/deptTree`). */
  tree: ['depts', 'tree'] as const,
};

export const listDepts = (query: QueryObject) => http.get<AjaxResult<Dept[]>>('/system/dept/list', query);
/** The departments an edited one may move under: all but itself and those below it. */
export const listParentChoices = (deptId: number | undefined) =>
  http.get<AjaxResult<Dept[]>>(
    deptId === undefined ? '/system/dept/list' : `/system/dept/list/exclude/${deptId}`,
  );
export const getDept = (deptId: number) => http.get<AjaxResult<Dept>>(`/system/dept/${deptId}`);
export const addDept = (body: DeptBody) => http.post('/system/dept', body);
export const updateDept = (body: DeptBody) => http.put('/system/dept', body);
export const deleteDept = (deptId: number) => http.delete(`/system/dept/${deptId}`);
export const getDeptTree = () => http.get<AjaxResult<TreeSelect[]>>('/system/user/deptTree');

/** The seeded top department is named in the reader's language until someone renames it. */
export const deptLabel = (name: string) => seededText('dept.name.root', name);

/** The list endpoint is flat; a department whose parent is missing (filtered out) becomes a root. */
export const buildDeptTree = (depts: readonly Dept[]): DeptNode[] =>
  buildTree(
    depts,
    (d) => d.deptId,
    (d) => d.parentId,
    (a, b) => a.orderNum - b.orderNum || a.deptId - b.deptId,
  );

/** Every id of a tree, for expanding it whole. */
export const allDeptIds = (nodes: readonly DeptNode[]): number[] => treeIds(nodes, (d) => d.deptId);

export const toDeptOptions = (nodes: readonly DeptNode[]): DeptOption[] =>
  nodes.map((n) => ({
    value: n.deptId,
    title: deptLabel(n.deptName),
    disabled: n.status === '1',
    ...(n.children?.length ? { children: toDeptOptions(n.children) } : {}),
  }));

export const treeSelectOptions = (nodes: readonly TreeSelect[]): DeptOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: deptLabel(n.label),
    disabled: n.disabled,
    ...(n.children?.length ? { children: treeSelectOptions(n.children) } : {}),
  }));
