import { openDeliverable, openDeliverableCreateBody, openMember, openProject } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { apiKey } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { storeUpload } from '../files/file-store.ts';
import { receiveFile } from '../files/files.routes.ts';
import { caseCounts, defectCounts, loadTree, type ModuleTree } from '../modules/modules.repository.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import { assertWritable } from './api-key.auth.ts';
import { openMembers } from './open-defects.routes.ts';

const splitPath = (path: string) =>
  path
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean);

/** The key's project, its people, its deliverables by path, and uploads (original-backend §13.4). */
export function registerOpenProjectRoutes(r: Router): void {
  const { db, config } = r.deps;

  r.get('/api/project', {
    guard: apiKey('project:info'),
    rateLimit: 'api-key',
    output: openProject,
    handler: async (ctx) => {
      const projectId = ctx.api.projectId;
      const project = await db
        .selectFrom('sysProject as p')
        .innerJoin('sysTeam as t', 't.teamId', 'p.teamId')
        .select(['p.projectName', 'p.projectIntroduce', 'p.projectIcon', 'p.createTime', 't.teamName'])
        .where('p.projectId', '=', projectId)
        .executeTakeFirstOrThrow();
      const count = async (table: 'sysDefect' | 'sysCase') => {
        let q = db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('projectId', '=', projectId);
        if (table === 'sysDefect') q = q.where('isDeleted', '=', 0);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      return ctx.ok({
        ...project,
        defectTotal: await count('sysDefect'),
        caseTotal: await count('sysCase'),
        memberTotal: (await projectMemberIds(db, projectId)).length,
      });
    },
  });

  r.get('/api/member', {
    guard: apiKey('project:members'),
    rateLimit: 'api-key',
    output: openMember,
    handler: async (ctx) => {
      const ids = await projectMemberIds(db, ctx.api.projectId);
      const people = await openMembers(db, ids);
      const rows = ids.flatMap((id) => people.get(id) ?? []);
      return ctx.table(rows, rows.length);
    },
  });

  const deliverables = async (projectId: number, tree: ModuleTree, ids: number[]) => {
    const [defects, cases] = await Promise.all([defectCounts(db, projectId), caseCounts(db, projectId)]);
    return ids.flatMap((id) => {
      const node = tree.byId.get(id);
      if (!node) return [];
      return [
        {
          deliverableName: node.moduleName,
          deliverablePath: tree.pathOf(id),
          remark: node.remark,
          defectCount: defects.get(id) ?? 0,
          caseCount: cases.get(id) ?? 0,
        },
      ];
    });
  };
  const idAt = (tree: ModuleTree, path: string) => {
    const wanted = splitPath(path).join('/');
    if (!wanted) return 0;
    const id = tree.paths().get(wanted);
    if (id === undefined) throw new AppError('api.deliverable.not-found', [wanted]);
    return id;
  };

  r.get('/api/deliverable', {
    guard: apiKey('deliverable:list'),
    rateLimit: 'api-key',
    query: z.object({ parentDeliverablePath: z.string().max(1000).optional() }),
    output: openDeliverable,
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.api.projectId);
      const parent = idAt(tree, ctx.query.parentDeliverablePath ?? '');
      const children = (tree.children.get(parent) ?? []).map((m) => m.moduleId);
      const rows = await deliverables(ctx.api.projectId, tree, children);
      return ctx.table(rows, rows.length);
    },
  });

  r.get('/api/deliverable/tree', {
    guard: apiKey('deliverable:list'),
    rateLimit: 'api-key',
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.api.projectId);
      const flat = new Map(
        (await deliverables(ctx.api.projectId, tree, [...tree.byId.keys()])).map((d) => [
          d.deliverablePath,
          d,
        ]),
      );
      type Node = ReturnType<typeof flat.get> & { children: Node[] };
      const build = (parent: number): Node[] =>
        (tree.children.get(parent) ?? []).flatMap((m) => {
          const node = flat.get(tree.pathOf(m.moduleId));
          return node ? [{ ...node, children: build(m.moduleId) }] : [];
        });
      return ctx.ok(build(0));
    },
  });

  r.get('/api/deliverable/info', {
    guard: apiKey('deliverable:query'),
    rateLimit: 'api-key',
    query: z.object({ deliverablePath: z.string().min(1).max(1000) }),
    output: openDeliverable,
    handler: async (ctx) => {
      const tree = await loadTree(db, ctx.api.projectId);
      const id = idAt(tree, ctx.query.deliverablePath);
      if (id === 0) throw new AppError('api.deliverable.not-found', [ctx.query.deliverablePath]);
      return ctx.ok((await deliverables(ctx.api.projectId, tree, [id]))[0]);
    },
  });

  // Makes the whole path, the parts that are missing; an existing path is answered as it is.
  r.post('/api/deliverable', {
    guard: apiKey('deliverable:create'),
    rateLimit: 'api-key',
    body: openDeliverableCreateBody,
    output: openDeliverable,
    handler: async (ctx) => {
      const projectId = ctx.api.projectId;
      assertWritable(ctx.api);
      const names = splitPath(ctx.body.deliverablePath);
      if (names.length === 0) throw new AppError('api.deliverable.path-required');
      const now = formatDateTime();
      await db.transaction().execute(async (trx) => {
        const tree = await loadTree(trx, projectId);
        let parent = 0;
        for (const [i, name] of names.entries()) {
          const existing = tree.siblingNamed(parent, name);
          if (existing) {
            parent = existing.moduleId;
            continue;
          }
          const row = await trx
            .insertInto('sysModule')
            .values({
              moduleName: name.slice(0, 255),
              modulePid: parent,
              projectId,
              remark: i === names.length - 1 ? (ctx.body.remark ?? null) : null,
              createTime: now,
              updateTime: now,
            })
            .returning('moduleId')
            .executeTakeFirstOrThrow();
          parent = row.moduleId;
        }
      });
      const tree = await loadTree(db, projectId);
      return ctx.ok((await deliverables(projectId, tree, [idAt(tree, names.join('/'))]))[0]);
    },
  });

  r.post('/api/file/upload', {
    guard: apiKey('file:upload'),
    rateLimit: 'api-key',
    upload: { fields: ['file'], kind: 'file' },
    handler: async (ctx) => {
      const stored = await storeUpload(config.uploadDir, 'upload', await receiveFile(ctx.req));
      return ctx.ok({ fileUrl: stored.fileName, fileName: stored.originalFilename });
    },
  });
}
