import {
  checkModuleNames,
  MODULE_NAME_MAX,
  type ModuleNameProblem,
  type ModuleTreeNode,
  moduleCreateBody,
  moduleNode,
  modulePathEntry,
  moduleTreeNode,
  moduleUpdateBody,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageArg } from '../../http/i18n.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { parseIds } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { column, sendListSheet } from '../../lib/xlsx.ts';
import { caseCounts, defectCounts, loadTree, type ModuleTree, toModuleNode } from './modules.repository.ts';

const moduleParam = z.object({ moduleId: z.coerce.number().int().min(1) });

/** One refusal naming every bad line. */
function namesRefused(problems: ModuleNameProblem[]): AppError {
  const lines: MessageArg[] = problems.map((p) => ({
    key: `module.name.${p.problem}`,
    args: [p.line, MODULE_NAME_MAX],
  }));
  return new AppError('module.name.invalid', [{ join: lines, sep: '; ' }], ResultCode.error, {
    lines: problems,
  });
}

/** The names of a create or rename, checked by the same rule as the form. */
function checkedNames(lines: string[]) {
  const { names, problems } = checkModuleNames(lines);
  if (problems.length > 0) throw namesRefused(problems);
  return names.map((n) => n.name);
}

function checkParent(tree: ModuleTree, parentId: number) {
  if (parentId !== 0 && !tree.byId.has(parentId)) throw new AppError('module.parent.not-found');
}

const moduleListQuery = z.object({
  /** Left out: the caller's current project, as the original reads it from the user config. */
  projectId: z.coerce.number({ error: 'project.no-permission' }).int().min(1).optional(),
  modulePid: z.coerce.number().int().min(0).optional(),
  moduleName: z.string().max(MODULE_NAME_MAX).optional(),
});
const MODULE_COLUMNS = [
  column('modulePath', '交付物路径', 'Path', 40),
  column('moduleName', '交付物名称', 'Name', 24),
  column('remark', '备注', 'Notes', 30),
  column('childrenCount', '下级数', 'Children', 10),
  column('defectCount', '缺陷数', 'Defects', 10),
  column('caseCount', '用例数', 'Cases', 10),
  column('createTime', '创建时间', 'Created'),
];

/** Deliverables: the module tree of a project, to which defects (and later cases) are linked. */
export function registerModuleRoutes(r: Router): void {
  const { db } = r.deps;

  /** The nodes of a project a list (or its export) asks for: children of one parent, names containing a text. */
  const listedNodes = async (projectId: number, q: z.infer<typeof moduleListQuery>) => {
    const [tree, defects, cases] = await Promise.all([
      loadTree(db, projectId),
      defectCounts(db, projectId),
      caseCounts(db, projectId),
    ]);
    const needle = q.moduleName?.trim().toLowerCase();
    const rows = tree.rows.filter(
      (m) =>
        (q.modulePid === undefined || m.modulePid === q.modulePid) &&
        (!needle || m.moduleName.toLowerCase().includes(needle)),
    );
    return rows.map((m) => toModuleNode(tree, m, defects, cases));
  };

  r.get('/system/module/list', {
    guard: perm('system:defect:list', 'system:module:list'),
    query: moduleListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: moduleNode,
    handler: async (ctx) => ctx.ok(await listedNodes(ctx.scoped.projectId, ctx.query)),
  });

  // 1.0's whole tree in one answer, each node with its path and the nodes below it.
  r.get('/system/module/tree', {
    guard: perm('system:defect:list', 'system:module:list'),
    query: moduleListQuery.pick({ projectId: true }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: moduleTreeNode,
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.scoped.projectId);
      const seen = new Set<number>();
      const nodeOf = (m: { moduleId: number; modulePid: number; moduleName: string }): ModuleTreeNode => {
        seen.add(m.moduleId);
        return {
          moduleId: m.moduleId,
          modulePid: m.modulePid,
          moduleName: m.moduleName,
          modulePath: tree.pathOf(m.moduleId),
          // A cycle written outside the application is cut where it closes.
          children: (tree.children.get(m.moduleId) ?? []).filter((c) => !seen.has(c.moduleId)).map(nodeOf),
        };
      };
      return ctx.ok((tree.children.get(0) ?? []).map(nodeOf));
    },
  });

  // 1.0's flat list of every deliverable's full path, sorted by path (pickers and imports).
  r.get('/system/module/path-list', {
    guard: perm('system:defect:list', 'system:module:list'),
    query: moduleListQuery.pick({ projectId: true }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: modulePathEntry,
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.scoped.projectId);
      const entries = tree.rows.map((m) => ({ moduleId: m.moduleId, modulePath: tree.pathOf(m.moduleId) }));
      return ctx.ok(entries.sort((a, b) => a.modulePath.localeCompare(b.modulePath)));
    },
  });

  // The list's nodes with their paths; the project named, or the caller's current one.
  r.post('/system/module/export', {
    guard: authenticated,
    query: moduleListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = await enterProjectWith(db, ctx.me, q.projectId, 'system:module:export');
      const nodes = await listedNodes(projectId, q);
      return sendListSheet(
        ctx.reply,
        ctx.lang,
        ctx.t('excel.module.sheet'),
        MODULE_COLUMNS,
        nodes.map((m) => ({
          modulePath: m.modulePath,
          moduleName: m.moduleName,
          remark: m.remark,
          childrenCount: m.childrenCount,
          defectCount: m.defectCount,
          caseCount: m.caseCount,
          createTime: m.createTime,
        })),
      );
    },
  });

  r.get('/system/module/:moduleId', {
    guard: perm('system:module:query', 'system:defect:list'),
    params: moduleParam,
    scope: ({ params }) => ({ kind: 'module', moduleId: params.moduleId }),
    output: moduleNode,
    handler: async (ctx) => {
      const [tree, defects, cases] = await Promise.all([
        loadTree(db, ctx.scoped.projectId),
        defectCounts(db, ctx.scoped.projectId),
        caseCounts(db, ctx.scoped.projectId),
      ]);
      const row = tree.byId.get(ctx.params.moduleId);
      if (!row) throw new AppError('module.not-found');
      return ctx.ok(toModuleNode(tree, row, defects, cases));
    },
  });

  r.post('/system/module', {
    guard: perm('system:module:add'),
    body: moduleCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: moduleNode,
    handler: async (ctx) => {
      const { projectId, modulePid, remark } = ctx.body;
      // An empty batch beside a name (the original's client sends both) creates that one module.
      const batch = ctx.body.batchModuleNames?.length ? ctx.body.batchModuleNames : undefined;
      const names = checkedNames(batch ?? [ctx.body.moduleName ?? '']);
      const created = await db.transaction().execute(async (trx) => {
        const tree = await loadTree(trx, projectId);
        checkParent(tree, modulePid);
        const taken = names.find((name) => tree.siblingNamed(modulePid, name));
        if (taken) throw new AppError('module.name.exists', [taken]);
        const now = formatDateTime();
        return trx
          .insertInto('sysModule')
          .values(
            names.map((moduleName) => ({
              moduleName,
              modulePid,
              projectId,
              remark: remark ?? null,
              createTime: now,
              updateTime: now,
            })),
          )
          .returningAll()
          .execute();
      });
      const tree = await loadTree(db, projectId);
      return ctx.ok(created.map((m) => toModuleNode(tree, m, new Map())));
    },
  });

  r.put('/system/module', {
    guard: perm('system:module:edit'),
    body: moduleUpdateBody,
    scope: ({ body }) => ({ kind: 'module', moduleId: body.moduleId, isWrite: true }),
    handler: async (ctx) => {
      const { moduleId, modulePid, moduleName, remark } = ctx.body;
      await db.transaction().execute(async (trx) => {
        const tree = await loadTree(trx, ctx.scoped.projectId);
        const row = tree.byId.get(moduleId);
        if (!row) throw new AppError('module.not-found');
        const parentId = modulePid ?? row.modulePid;
        const name = moduleName === undefined ? row.moduleName : (checkedNames([moduleName])[0] as string);
        checkParent(tree, parentId);
        if (tree.subtree(moduleId).includes(parentId)) throw new AppError('module.move.into-own-subtree');
        if (tree.siblingNamed(parentId, name, moduleId)) throw new AppError('module.name.exists', [name]);
        await trx
          .updateTable('sysModule')
          .set({
            moduleName: name,
            modulePid: parentId,
            ...(remark === undefined ? {} : { remark }),
            updateTime: formatDateTime(),
          })
          .where('moduleId', '=', moduleId)
          .execute();
      });
      return ctx.ok();
    },
  });

  r.delete('/system/module/:moduleIds', {
    guard: perm('system:module:remove'),
    params: z.object({ moduleIds: z.string() }),
    query: z.object({ confirm: z.enum(['true', 'false']).optional() }),
    // The first id names the project; every other id must be in the same one (checked below).
    scope: ({ params }) => ({ kind: 'module', moduleId: parseIds(params.moduleIds), isWrite: true }),
    handler: async (ctx) => {
      const ids = parseIds(ctx.params.moduleIds);
      const removed = await db.transaction().execute(async (trx) => {
        const tree = await loadTree(trx, ctx.scoped.projectId);
        const stranger = ids.find((id) => !tree.byId.has(id));
        if (stranger !== undefined) throw new AppError('module.not-found');
        const doomed = [...new Set(ids.flatMap((id) => tree.subtree(id)))];
        const projectId = ctx.scoped.projectId;
        // Scoped by project, so the (project_id, module_id) indexes serve these.
        const defectsOn = trx
          .selectFrom('sysDefect')
          .where('projectId', '=', projectId)
          .where('moduleId', 'in', doomed);
        const casesOn = trx
          .selectFrom('sysCase')
          .where('projectId', '=', projectId)
          .where('moduleId', 'in', doomed);
        const [{ n: linkedDefects }, { n: linkedCases }] = await Promise.all([
          defectsOn
            .where('isDeleted', '=', 0)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
          casesOn.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ]);
        const below = doomed.length - ids.length;
        const linked = Number(linkedDefects);
        const cases = Number(linkedCases);
        if ((below > 0 || linked > 0 || cases > 0) && ctx.query.confirm !== 'true') {
          const first = tree.byId.get(ids[0] as number);
          throw new AppError(
            'module.delete.not-empty',
            [first?.moduleName ?? '', below, linked, cases],
            ResultCode.error,
            {
              needsConfirm: true,
              impact: { modules: doomed.length, descendants: below, defects: linked, cases },
            },
          );
        }
        // Nothing may keep pointing at a node that is gone, deleted defects included. A case
        // cannot live without its deliverable: it goes with it (the confirmation said so), and the
        // defects found with it stay, unlinked from it.
        if (cases > 0) {
          await trx
            .updateTable('sysDefect')
            .set({ caseId: null })
            .where('caseId', 'in', casesOn.select('caseId'))
            .execute();
          await trx
            .deleteFrom('sysCase')
            .where('projectId', '=', projectId)
            .where('moduleId', 'in', doomed)
            .execute();
        }
        await trx
          .updateTable('sysDefect')
          .set({ moduleId: null })
          .where('projectId', '=', projectId)
          .where('moduleId', 'in', doomed)
          .execute();
        await trx.deleteFrom('sysModule').where('moduleId', 'in', doomed).execute();
        return doomed.length;
      });
      return ctx.ok({ removed });
    },
  });
}
