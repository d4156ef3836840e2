import { z } from 'zod';

/** A deliverable's name: one line of a batch, at most this many characters (the column's width). */
export const MODULE_NAME_MAX = 128;
export const MODULE_BATCH_MAX = 200;

export const moduleNode = z.object({
  moduleId: z.number(),
  modulePid: z.number(),
  moduleName: z.string(),
  remark: z.string().nullable(),
  projectId: z.number(),
  /** Names from the root down, joined with '/'. */
  modulePath: z.string(),
  childrenCount: z.number(),
  /** Live defects linked to this node itself (not its descendants). */
  defectCount: z.number(),
  /** Test cases on this node itself. */
  caseCount: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ModuleNode = z.infer<typeof moduleNode>;

export type ModuleNameProblem = { line: number; problem: 'empty' | 'too-long' | 'slash' | 'repeated' };

/**
 * Checks a batch of names, one per line (1-based line numbers): not empty, at most
 * MODULE_NAME_MAX characters, no '/' (it separates a path's names), not repeated in the batch.
 * Blank lines between names are skipped rather than refused, as people paste lists with them.
 */
export function checkModuleNames(lines: readonly string[]): {
  names: { line: number; name: string }[];
  problems: ModuleNameProblem[];
} {
  const names: { line: number; name: string }[] = [];
  const problems: ModuleNameProblem[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, i) => {
    const name = raw.trim();
    const line = i + 1;
    if (!name) return;
    if ([...name].length > MODULE_NAME_MAX) problems.push({ line, problem: 'too-long' });
    else if (name.includes('/')) problems.push({ line, problem: 'slash' });
    else if (seen.has(name)) problems.push({ line, problem: 'repeated' });
    else {
      seen.add(name);
      names.push({ line, name });
    }
  });
  if (names.length === 0 && problems.length === 0) problems.push({ line: 1, problem: 'empty' });
  return { names, problems };
}

const remark = z.string().trim().max(255, { error: 'module.remark.too-long' }).nullable().optional();

export const moduleCreateBody = z.object({
  projectId: z.number().int().min(1),
  modulePid: z.number().int().min(0).default(0),
  moduleName: z.string().max(10_000).optional(),
  /** Several at once, one name per entry (the form's lines). */
  batchModuleNames: z
    .array(z.string().max(10_000))
    .max(MODULE_BATCH_MAX, { error: 'module.batch.too-many' })
    .optional(),
  remark,
});

export const moduleUpdateBody = z.object({
  moduleId: z.number().int().min(1),
  modulePid: z.number().int().min(0).optional(),
  moduleName: z.string().max(10_000).optional(),
  remark,
});

/** A deliverable with the ones below it (1.0's `GET /system/module/tree`). */
export interface ModuleTreeNode {
  moduleId: number;
  modulePid: number;
  moduleName: string;
  modulePath: string;
  children: ModuleTreeNode[];
}
export const moduleTreeNode: z.ZodType<ModuleTreeNode> = z.lazy(() =>
  z.object({
    moduleId: z.number(),
    modulePid: z.number(),
    moduleName: z.string(),
    modulePath: z.string(),
    children: z.array(moduleTreeNode),
  }),
);

/** Every deliverable by its full path (1.0's `GET /system/module/path-list`), in path order. */
export const modulePathEntry = z.object({ moduleId: z.number(), modulePath: z.string() });
