import type { ModuleTreeNode } from '../modules/index.ts';

/**
 * Cases under each deliverable, its own and all below it: what selecting the node lists (the
 * server's `params[modulePid]` takes the whole subtree), so the tree's figures match the list.
 */
export function subtreeCaseCounts(tree: readonly ModuleTreeNode[]): Map<number, number> {
  const totals = new Map<number, number>();
  const visit = (node: ModuleTreeNode): number => {
    const total = (node.children ?? []).reduce((sum, child) => sum + visit(child), node.caseCount);
    totals.set(node.moduleId, total);
    return total;
  };
  for (const root of tree) visit(root);
  return totals;
}
