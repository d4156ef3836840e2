import type { ModuleNode } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ModuleTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type ModuleRow = Selectable<ModuleTable>;

/**
 * A project's whole deliverable tree, held in memory for the call: trees are hundreds of nodes,
 * so paths, descendants and cycle checks are cheaper here than as recursive SQL on two dialects.
 */
export class ModuleTree {
  readonly byId: Map<number, ModuleRow>;
  readonly children = new Map<number, ModuleRow[]>();

  constructor(readonly rows: ModuleRow[]) {
    this.byId = new Map(rows.map((r) => [r.moduleId, r]));
    for (const r of rows) this.children.set(r.modulePid, [...(this.children.get(r.modulePid) ?? []), r]);
  }

  /** Names from the root down, joined with '/'; a cycle or a lost parent ends the walk. */
  pathOf(moduleId: number): string {
    const names: string[] = [];
    const seen = new Set<number>();
    for (
      let node = this.byId.get(moduleId);
      node && !seen.has(node.moduleId);
      node = this.byId.get(node.modulePid)
    ) {
      seen.add(node.moduleId);
      names.unshift(node.moduleName);
    }
    return names.join('/');
  }

  /** The node and everything under it. */
  subtree(moduleId: number): number[] {
    const out: number[] = [];
    const stack = [moduleId];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.includes(id)) continue;
      out.push(id);
      for (const child of this.children.get(id) ?? []) stack.push(child.moduleId);
    }
    return out;
  }

  siblingNamed(parentId: number, name: string, except?: number): ModuleRow | undefined {
    return (this.children.get(parentId) ?? []).find((r) => r.moduleName === name && r.moduleId !== except);
  }

  /** Every full path → id, for resolving imported paths. */
  paths(): Map<string, number> {
    return new Map(this.rows.map((r) => [this.pathOf(r.moduleId), r.moduleId]));
  }
}

export async function loadTree(db: Db, projectId: number): Promise<ModuleTree> {
  const rows = await db
    .selectFrom('sysModule')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('moduleId')
    .execute();
  return new ModuleTree(rows);
}

/** Live defects linked to each node of a project (the node itself, not its descendants). */
export async function defectCounts(db: Db, projectId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sysDefect')
    .select(['moduleId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('projectId', '=', projectId)
    .where('isDeleted', '=', 0)
    .where('moduleId', 'is not', null)
    .groupBy('moduleId')
    .execute();
  return new Map(rows.map((r) => [r.moduleId as number, Number(r.n)]));
}

/** Test cases on each node of a project (the node itself). */
export async function caseCounts(db: Db, projectId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sysCase')
    .select(['moduleId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('projectId', '=', projectId)
    .where('moduleId', 'is not', null)
    .groupBy('moduleId')
    .execute();
  return new Map(rows.map((r) => [r.moduleId as number, Number(r.n)]));
}

export function toModuleNode(
  tree: ModuleTree,
  row: ModuleRow,
  defects: Map<number, number>,
  cases: Map<number, number> = new Map(),
): ModuleNode {
  return {
    ...row,
    modulePath: tree.pathOf(row.moduleId),
    childrenCount: tree.children.get(row.moduleId)?.length ?? 0,
    defectCount: defects.get(row.moduleId) ?? 0,
    caseCount: cases.get(row.moduleId) ?? 0,
  };
}

/** A deliverable named by a defect or a case must be a node of that item's own project. */
export async function assertModuleOf(
  db: Db,
  projectId: number,
  moduleId: number | null | undefined,
): Promise<void> {
  if (!moduleId) return;
  const row = await db
    .selectFrom('sysModule')
    .select('moduleId')
    .where('moduleId', '=', moduleId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('module.not-found');
}
