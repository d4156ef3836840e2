import type { ModuleNode } from '@buglet/contracts';

export interface ModuleTreeNode extends ModuleNode {
  children?: ModuleTreeNode[];
}

/** The parent id of a top-level deliverable. */
export const ROOT_MODULE_ID = 0;

/**
 * The flat list as a tree by moduleId/modulePid, siblings in the server's (creation) order. A row
 * whose parent is not in the list (a filtered list) becomes a root, so nothing goes missing.
 */
export function buildModuleTree(rows: readonly ModuleNode[]): ModuleTreeNode[] {
  const nodes = new Map<number, ModuleTreeNode>(rows.map((m) => [m.moduleId, { ...m }]));
  const roots: ModuleTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.modulePid === ROOT_MODULE_ID ? undefined : nodes.get(node.modulePid);
    if (parent && parent !== node) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

/** Ids of the nodes that have children: what "expand all" opens. */
export function parentIds(tree: readonly ModuleTreeNode[]): number[] {
  return tree.flatMap((node) => (node.children?.length ? [node.moduleId, ...parentIds(node.children)] : []));
}

/** A node and every node below it. */
export function subtreeIds(rows: readonly ModuleNode[], moduleId: number): Set<number> {
  const below = new Map<number, number[]>();
  for (const row of rows) below.set(row.modulePid, [...(below.get(row.modulePid) ?? []), row.moduleId]);
  const out = new Set<number>();
  const stack = [moduleId];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(below.get(id) ?? []));
  }
  return out;
}

export interface ModuleOption {
  value: number;
  title: string;
  /** 'A/B/C', shown once chosen and searched in. */
  path: string;
  disabled?: boolean;
  children?: ModuleOption[];
}

/** Tree-select options; nodes in `disabledIds` are shown but cannot be picked. */
export function moduleOptions(
  tree: readonly ModuleTreeNode[],
  disabledIds: ReadonlySet<number> = new Set(),
): ModuleOption[] {
  return tree.map((node) => ({
    value: node.moduleId,
    title: node.moduleName,
    path: node.modulePath,
    ...(disabledIds.has(node.moduleId) ? { disabled: true } : {}),
    ...(node.children?.length ? { children: moduleOptions(node.children, disabledIds) } : {}),
  }));
}

/**
 * Where a deliverable may go: the root (id 0) and the project's tree, except the node being moved
 * and everything below it (the server refuses a move into its own subtree).
 */
export function parentOptions(
  rows: readonly ModuleNode[],
  rootTitle: string,
  movingId?: number,
): ModuleOption[] {
  const disabled = movingId === undefined ? new Set<number>() : subtreeIds(rows, movingId);
  return [
    {
      value: ROOT_MODULE_ID,
      title: rootTitle,
      path: rootTitle,
      children: moduleOptions(buildModuleTree(rows), disabled),
    },
  ];
}
