import type { TreeSelect } from '@buglet/contracts';

/** What the tree needs of a department row. */
export interface DeptNode {
  deptId: number;
  parentId: number;
  deptName: string;
  orderNum: number;
  status: string;
}

const byOrder = (a: DeptNode, b: DeptNode) => a.orderNum - b.orderNum || a.deptId - b.deptId;

/**
 * The live departments, held in memory for the call: an organisation has tens or hundreds of
 * them, so subtrees, paths and cycle checks are cheaper here than recursive SQL on two dialects.
 */
export class DeptTree<T extends DeptNode = DeptNode> {
  readonly byId: Map<number, T>;
  readonly children = new Map<number, T[]>();

  constructor(readonly rows: readonly T[]) {
    this.byId = new Map(rows.map((r) => [r.deptId, r]));
    for (const r of [...rows].sort(byOrder))
      this.children.set(r.parentId, [...(this.children.get(r.parentId) ?? []), r]);
  }

  /** The department and every one below it. */
  subtree(deptId: number): number[] {
    const out = new Set<number>();
    const stack = [deptId];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.has(id)) continue;
      out.add(id);
      for (const child of this.children.get(id) ?? []) stack.push(child.deptId);
    }
    return [...out];
  }

  /** True when `candidate` is the department itself or lies below it: moving there would close a cycle. */
  isWithin(deptId: number, candidate: number): boolean {
    return this.subtree(deptId).includes(candidate);
  }

  /** The ids from the top down to the department's parent, starting with 0: the original's `ancestors`. */
  ancestorsOf(parentId: number): string {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (
      let node = this.byId.get(parentId);
      node && !seen.has(node.deptId);
      node = this.byId.get(node.parentId)
    ) {
      seen.add(node.deptId);
      ids.unshift(node.deptId);
    }
    return ['0', ...ids].join(',');
  }

  /** Names from the top down, joined with '/'. */
  pathOf(deptId: number): string {
    const names: string[] = [];
    const seen = new Set<number>();
    for (
      let node = this.byId.get(deptId);
      node && !seen.has(node.deptId);
      node = this.byId.get(node.parentId)
    ) {
      seen.add(node.deptId);
      names.unshift(node.deptName);
    }
    return names.join('/');
  }

  /** Every department's path → its id (imports name departments by path). */
  paths(): Map<string, number> {
    return new Map(this.rows.map((r) => [this.pathOf(r.deptId), r.deptId]));
  }

  /** Enabled departments directly or indirectly below this one. */
  hasEnabledBelow(deptId: number): boolean {
    return this.subtree(deptId).some((id) => id !== deptId && this.byId.get(id)?.status === '0');
  }

  siblingNamed(parentId: number, name: string, except?: number): T | undefined {
    return (this.children.get(parentId) ?? []).find((r) => r.deptName === name && r.deptId !== except);
  }

  /**
   * The tree selects' nodes (the original's `TreeSelect`), siblings in order; a department whose
   * parent is not among the rows (a filtered list) stands at the top.
   */
  toTreeSelect(): TreeSelect[] {
    // A damaged row (its own ancestor) is shown once, never walked round in circles.
    const seen = new Set<number>();
    const build = (node: T): TreeSelect => {
      seen.add(node.deptId);
      const kids = (this.children.get(node.deptId) ?? []).filter((c) => !seen.has(c.deptId)).map(build);
      return {
        id: node.deptId,
        label: node.deptName,
        disabled: node.status === '1',
        ...(kids.length > 0 ? { children: kids } : {}),
      };
    };
    return [...this.rows]
      .filter((r) => !this.byId.has(r.parentId) || r.parentId === r.deptId)
      .sort(byOrder)
      .map(build);
  }
}
