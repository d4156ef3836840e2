/** A row of a flat list with the rows below it. */
export type TreeOf<T> = T & { children?: TreeOf<T>[] };

/** A tree select's option (antd's `treeData`). */
export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/**
 * A flat list (departments, menus) as a tree, siblings in `compare` order. A row whose parent is
 * not in the list (a filtered list) stands at the top, so nothing goes missing.
 */
export function buildTree<T extends object>(
  rows: readonly T[],
  idOf: (row: T) => number,
  parentOf: (row: T) => number,
  compare: (a: T, b: T) => number,
): TreeOf<T>[] {
  const nodes = new Map<number, TreeOf<T>>(rows.map((row) => [idOf(row), { ...row }]));
  const roots: TreeOf<T>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(parentOf(node));
    if (parent && parent !== node) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  const sort = (list: TreeOf<T>[]): TreeOf<T>[] => {
    list.sort(compare);
    for (const n of list) if (n.children) sort(n.children);
    return list;
  };
  return sort(roots);
}

/** Every id of a tree, for expanding it whole. */
export const treeIds = <T>(nodes: readonly TreeOf<T>[], idOf: (row: T) => number): number[] =>
  nodes.flatMap((n) => [idOf(n), ...treeIds(n.children ?? [], idOf)]);
